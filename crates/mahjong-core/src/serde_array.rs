//! Serde for the fixed arrays longer than serde's derive takes (32): written as a sequence,
//! read back with its length checked. Only behind the `serde` feature.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Writes the array as a sequence.
pub(crate) fn serialize<S: Serializer, T: Serialize, const N: usize>(
    array: &[T; N],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(array.iter())
}

/// Reads a sequence of exactly `N` items.
pub(crate) fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>, const N: usize>(
    deserializer: D,
) -> Result<[T; N], D::Error> {
    let items = Vec::<T>::deserialize(deserializer)?;
    let len = items.len();
    items
        .try_into()
        .map_err(|_| serde::de::Error::invalid_length(len, &"an array of the crate's fixed length"))
}

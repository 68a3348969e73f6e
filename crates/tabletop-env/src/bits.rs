//! Bit sets written as rows of `u8` flags, eight entries per table lookup: the card planes
//! and masks of the environments whose state is kept as bits.

/// `SPREAD[b]` holds bit `i` of `b` in byte `i` (little-endian), as 0 or 1.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// Writes `out[i] = 1` when bit `i` of `words` is set (bit `i % 64` of word `i / 64`), else
/// 0, for every entry of `out`; bits past the words read as 0.
pub(crate) fn write_bits(out: &mut [u8], words: &[u64]) {
    let byte = |k: usize| words.get(k / 8).map_or(0, |w| (w >> (8 * (k % 8))) as u8);
    let spread = |k: usize| SPREAD[usize::from(byte(k))].to_le_bytes();
    let mut chunks = out.chunks_exact_mut(8);
    let mut k = 0;
    for chunk in chunks.by_ref() {
        chunk.copy_from_slice(&spread(k));
        k += 1;
    }
    for (cell, &flag) in chunks.into_remainder().iter_mut().zip(&spread(k)) {
        *cell = flag;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every length up to three words, against the bit-by-bit definition.
    #[test]
    fn each_entry_is_its_bit() {
        let words = [0x8000_0000_0000_0001, 0x0123_4567_89ab_cdef, u64::MAX >> 3];
        for len in 0..=200 {
            let mut out = vec![7u8; len];
            write_bits(&mut out, &words);
            for (i, &o) in out.iter().enumerate() {
                let bit = words.get(i / 64).map_or(0, |w| w >> (i % 64) & 1);
                assert_eq!(u64::from(o), bit, "entry {i} of {len}");
            }
        }
    }
}

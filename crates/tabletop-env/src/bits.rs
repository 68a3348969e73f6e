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

/// Writes `row[i] = 1` when bit `i` of `bits` is set, else 0, for a row of a length known
/// when compiling (at most 64 entries: past 64 every entry is 0), eight entries per lookup
/// with no bounds checks left.
pub(crate) fn write_row<const N: usize>(row: &mut [u8; N], bits: u64) {
    if bits == 0 {
        // Many planes are empty at most decisions: a few wide stores instead of lookups.
        *row = [0; N];
        return;
    }
    let (chunks, tail) = row.as_chunks_mut::<8>();
    let mut rest = bits;
    for chunk in chunks {
        *chunk = SPREAD[(rest & 0xFF) as usize].to_le_bytes();
        rest >>= 8;
    }
    let spread = SPREAD[(rest & 0xFF) as usize].to_le_bytes();
    tail.copy_from_slice(&spread[..tail.len()]);
}

/// [`write_row`] for each row and its bits, in order (rows or bits past the shorter are left).
/// Not inlined: a caller's fixed count of rows would be unrolled into more registers than
/// the machine has, and the spills cost more than the loop.
#[inline(never)]
pub(crate) fn write_rows<const N: usize>(rows: &mut [[u8; N]], bits: &[u64]) {
    for (row, &b) in rows.iter_mut().zip(bits) {
        write_row(row, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of 50 and 64 entries, against the bit-by-bit definition.
    #[test]
    fn each_row_entry_is_its_bit() {
        for bits in [
            0,
            u64::MAX,
            0x0123_4567_89ab_cdef,
            1 << 49,
            0x8000_0000_0000_0001,
        ] {
            let mut row = [7u8; 50];
            write_row(&mut row, bits);
            for (i, &o) in row.iter().enumerate() {
                assert_eq!(u64::from(o), bits >> i & 1, "entry {i} of {bits:#x}");
            }
            let mut row = [7u8; 64];
            write_row(&mut row, bits);
            for (i, &o) in row.iter().enumerate() {
                assert_eq!(u64::from(o), bits >> i & 1, "entry {i} of {bits:#x}");
            }
        }
    }

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

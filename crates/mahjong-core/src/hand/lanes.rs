//! Byte-parallel counting: up to eight counts (each `0..=4`) in the bytes of a word, asked
//! at once which are held, paired, or held exactly so many times, without a `popcnt`
//! instruction (the baseline x86-64 target has none).

/// The low bit of each byte.
pub(crate) const LANES: u64 = 0x0101_0101_0101_0101;

/// Bytes of counts (each `0..=4`) as lanes of a word: which are at least 1, at least 2,
/// exactly 1, 2, 3, 4, as one bit per byte.
#[derive(Clone, Copy)]
pub(crate) struct Lanes(pub(crate) u64);

impl Lanes {
    /// Up to eight counts, little-endian.
    #[inline(always)]
    pub(crate) fn of(counts: &[u8]) -> Lanes {
        let mut bytes = [0u8; 8];
        bytes[..counts.len()].copy_from_slice(counts);
        Lanes(u64::from_le_bytes(bytes))
    }
    /// The lanes of the counts of at least 1.
    #[inline(always)]
    pub(crate) fn held(self) -> u64 {
        (self.0 | self.0 >> 1 | self.0 >> 2) & LANES
    }
    /// The lanes of the counts of at least 2.
    #[inline(always)]
    pub(crate) fn pairs(self) -> u64 {
        (self.0 >> 1 | self.0 >> 2) & LANES
    }
    /// The lanes of the counts of exactly `count` (`1..=4`).
    #[inline(always)]
    pub(crate) fn exactly(self, count: u8) -> u64 {
        let (b0, b1, b2) = (self.0 & LANES, self.0 >> 1 & LANES, self.0 >> 2 & LANES);
        match count {
            1 => b0 & !b1,
            2 => b1 & !b0,
            3 => b0 & b1,
            _ => b2,
        }
    }
    /// The sum of the bytes (at most 255).
    #[inline(always)]
    pub(crate) fn sum(self) -> usize {
        (self.0.wrapping_mul(LANES) >> 56) as usize
    }
}

/// The number of lanes set (one bit per byte), without a `popcnt` instruction.
#[inline(always)]
pub(crate) fn lanes(bits: u64) -> usize {
    Lanes(bits).sum()
}

/// The number of bits set among the low 8 of `bits`, from a table: `count_ones` without
/// a `popcnt` instruction costs a dozen instructions.
#[inline(always)]
pub(crate) fn count8(bits: u64) -> u32 {
    u32::from(COUNT8[(bits & 0xff) as usize])
}

/// The number of bits set in each byte value.
const COUNT8: [u8; 256] = {
    let mut table = [0; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    table
};

/// The low bit of each byte, as bits 0..8.
#[inline(always)]
pub(crate) fn gather(bits: u64) -> u64 {
    bits.wrapping_mul(0x0102_0408_1020_4080) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_read_each_count() {
        let counts = Lanes::of(&[0, 1, 2, 3, 4, 2, 0]);
        assert_eq!(gather(counts.held()), 0b011_1110);
        assert_eq!(gather(counts.pairs()), 0b011_1100);
        assert_eq!(gather(counts.exactly(1)), 0b000_0010);
        assert_eq!(gather(counts.exactly(2)), 0b010_0100);
        assert_eq!(gather(counts.exactly(3)), 0b000_1000);
        assert_eq!(gather(counts.exactly(4)), 0b001_0000);
        assert_eq!(counts.sum(), 12);
        assert_eq!(lanes(counts.pairs()), 4);
        assert_eq!((count8(0), count8(0b1011_0001), count8(0x1ff)), (0, 4, 8));
    }
}

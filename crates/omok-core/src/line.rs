//! The shape of one line through a point, from a lookup table ([spec](crate::spec) section 2).
//!
//! A line is the ten points within five steps of a point `p` along one direction, seen by
//! one colour: each is empty, own, or blocked (an opponent stone or the edge of the board).
//! With a stone of that colour on `p` itself, everything the rules ask of the line (five,
//! overline, fours, the points that make a straight four) is known from those ten cells, so
//! it is computed once for all 3^10 lines and looked up: the table is built on first use,
//! behind a `LazyLock`, in about 20 ms (release build, measured on a loaded 2-core machine),
//! and takes 236 KiB. The foul verdict reads only a byte of each shape ([`FoulBits`]), from
//! a second table of 58 KiB built from the first, small enough to stay in the first-level
//! cache while the foul maps look up about forty lines a move.

use std::sync::LazyLock;

/// What a cell of a line holds, from the point of view of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub(crate) enum Cell {
    Empty = 0,
    Own = 1,
    Blocked = 2,
}

/// Steps from `p` of the ten cells, in the order of their base-3 digits (lowest first).
pub(crate) const OFFSETS: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// Steps from `p` of the points that may turn a three into a straight four, one bit each.
pub(crate) const THREE_OFFSETS: [isize; 6] = [-3, -2, -1, 1, 2, 3];

/// The shape of a line through `p`, once a stone of the line's colour is on `p`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Shape(u32);

impl Shape {
    const FIVE: u32 = 1;
    const OVERLINE: u32 = 1 << 1;
    const FOURS_SHIFT: u32 = 2;
    const WINS_EXACT_SHIFT: u32 = 4;
    const WINS_ANY_SHIFT: u32 = 6;
    const THREES_SHIFT: u32 = 8;
    const STRAIGHT_FOUR: u32 = 1 << 14;
    const WINDOW_SHIFT: u32 = 16;

    /// The run through `p` is exactly five.
    pub(crate) fn is_five(self) -> bool {
        self.0 & Self::FIVE != 0
    }

    /// The run through `p` is six or more.
    pub(crate) fn is_overline(self) -> bool {
        self.0 & Self::OVERLINE != 0
    }

    /// How many fours through `p` the line holds, counting two fours on one line twice and
    /// a straight four once: distinct sets of four stones (`p` among them) that one more
    /// stone turns into an exact five. 0 to 2.
    pub(crate) fn fours(self) -> u32 {
        (self.0 >> Self::FOURS_SHIFT) & 3
    }

    /// How many empty points would, with a stone, join the run through `p` into a five:
    /// exactly five when `exact`, five or more otherwise. 0 to 2 (a point not next to the run
    /// does not count, even where the run is already five or longer).
    pub(crate) fn winning_points(self, exact: bool) -> u32 {
        let shift = if exact {
            Self::WINS_EXACT_SHIFT
        } else {
            Self::WINS_ANY_SHIFT
        };
        (self.0 >> shift) & 3
    }

    /// The points (bits over [`THREE_OFFSETS`]) where one more stone makes a straight four
    /// through `p`: four in a row, `p` among them, both ends empty and each completing an
    /// exact five. Non-zero means the line is a three through `p`, if one of those points is
    /// itself legal.
    pub(crate) fn three_points(self) -> u32 {
        (self.0 >> Self::THREES_SHIFT) & 0x3f
    }

    /// The run through `p` is a straight four: exactly four, both ends empty, each end
    /// completing an exact five.
    pub(crate) fn is_straight_four(self) -> bool {
        self.0 & Self::STRAIGHT_FOUR != 0
    }

    /// The most own stones in a window of five points around `p` with nothing blocked in it
    /// (1 to 5), or 0 if every such window is blocked: how much room the line has to grow.
    pub(crate) fn window(self) -> u32 {
        (self.0 >> Self::WINDOW_SHIFT) & 7
    }
}

/// The shape of every line, indexed by its cells at [`OFFSETS`] read as base-3 digits, the
/// first offset lowest (the digit of a cell is its [`Cell`] value).
static SHAPES: LazyLock<Box<[Shape]>> = LazyLock::new(|| {
    (0..3usize.pow(10))
        .map(|i| Line::decode(i).shape())
        .collect()
});

/// The shape of the line with index `index` (below 3^10).
#[inline]
pub(crate) fn shape(index: usize) -> Shape {
    SHAPES[index]
}

/// What a line gives the foul verdict of its point, packed in one byte ([`FoulBits`]): the
/// same index as [`SHAPES`], a quarter of its size (58 KiB), so that the foul maps, which
/// look up about forty lines per move, read a table that stays in the first-level cache.
static FOUL_BITS: LazyLock<Box<[FoulBits]>> =
    LazyLock::new(|| SHAPES.iter().map(|&s| FoulBits::of(s)).collect());

/// The foul bits of the line with index `index` (below 3^10).
#[inline]
pub(crate) fn foul_bits(index: usize) -> FoulBits {
    FOUL_BITS[index]
}

/// The whole table of foul bits, indexed as [`foul_bits`]: for loops that look up many lines
/// (one check that the table is built, instead of one per look-up).
#[inline]
pub(crate) fn foul_table() -> &'static [FoulBits] {
    &FOUL_BITS
}

/// Builds the tables on first use; later calls cost nothing. Benches call it to keep the
/// one-off build out of their timings.
pub(crate) fn warm_up() {
    LazyLock::force(&SHAPES);
    LazyLock::force(&FOUL_BITS);
}

/// The base-3 value of five 2-bit [`Cell`] digits (the first lowest), for each of the 1024
/// ten-bit words.
const BASE3: [u8; 1024] = {
    let mut table = [0u8; 1024];
    let mut word = 0;
    while word < 1024 {
        let (mut value, mut j) = (0, 5);
        while j > 0 {
            j -= 1;
            value = value * 3 + ((word >> (2 * j)) & 3);
        }
        table[word] = value as u8;
        word += 1;
    }
    table
};

/// The index in the shape tables of the line through the cell at position `at` (5 to 15) of
/// a [`crate::board::Board::segment`]: its five cells before and five after, as base-3
/// digits in [`OFFSETS`] order.
#[inline]
pub(crate) fn segment_code(segment: u64, at: u32) -> usize {
    let half = |from: u32| usize::from(BASE3[((segment >> (2 * from)) & 0x3ff) as usize]);
    half(at - 5) + 243 * half(at + 1)
}

/// The part of a line's [`Shape`] that the foul verdict reads, in one byte: bit 0 the line
/// may be a three (it has straight-four points), bits 1 and 2 its count of fours (0 to 2),
/// bit 3 a five, bit 4 an overline. The bytes of a point's four lines side by side in a
/// `u32` ([`FoulBits::join`]) give the verdict's counts with a mask and a population count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct FoulBits(pub(crate) u8);

impl FoulBits {
    /// Bit of a possible three, in each byte of four joined lines.
    pub(crate) const THREES: u32 = 0x0101_0101;
    /// Bit of one four (a line with two fours sets [`FoulBits::FOURS_TWO`] instead).
    pub(crate) const FOURS_ONE: u32 = 0x0202_0202;
    /// Bit of two fours on one line.
    pub(crate) const FOURS_TWO: u32 = 0x0404_0404;
    /// Bit of a five.
    pub(crate) const FIVES: u32 = 0x0808_0808;
    /// Bit of an overline.
    pub(crate) const OVERLINES: u32 = 0x1010_1010;

    /// The foul bits of `shape`.
    pub(crate) fn of(shape: Shape) -> FoulBits {
        let bits = u8::from(shape.three_points() != 0)
            | (shape.fours() as u8) << 1
            | u8::from(shape.is_five()) << 3
            | u8::from(shape.is_overline()) << 4;
        FoulBits(bits)
    }

    /// The foul bits of four lines (one per direction, in [`crate::board::DIRECTIONS`]
    /// order), one byte each, the first lowest.
    pub(crate) fn join(lines: [FoulBits; 4]) -> u32 {
        u32::from_le_bytes(lines.map(|l| l.0))
    }
}

/// A decoded line, `p` at position [`Line::CENTRE`], for building the table: the simple,
/// obviously correct definitions, run once per line.
struct Line([Cell; 11]);

impl Line {
    const CENTRE: isize = 5;

    fn decode(mut index: usize) -> Line {
        let mut cells = [Cell::Own; 11];
        for offset in OFFSETS {
            cells[(Self::CENTRE + offset) as usize] = match index % 3 {
                0 => Cell::Empty,
                1 => Cell::Own,
                _ => Cell::Blocked,
            };
            index /= 3;
        }
        Line(cells)
    }

    /// The cell at `i`; beyond the ten known cells the line counts as blocked.
    fn at(&self, i: isize) -> Cell {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.0.get(i).copied())
            .unwrap_or(Cell::Blocked)
    }

    /// The first and last position of the run of own stones through `i`.
    fn run(&self, i: isize) -> (isize, isize) {
        let (mut lo, mut hi) = (i, i);
        while self.at(lo - 1) == Cell::Own {
            lo -= 1;
        }
        while self.at(hi + 1) == Cell::Own {
            hi += 1;
        }
        (lo, hi)
    }

    fn run_len(&self, i: isize) -> isize {
        let (lo, hi) = self.run(i);
        hi - lo + 1
    }

    fn with_own(&self, i: isize) -> Line {
        let mut line = Line(self.0);
        line.0[i as usize] = Cell::Own;
        line
    }

    fn empties(&self, range: std::ops::RangeInclusive<isize>) -> impl Iterator<Item = isize> {
        range.filter(|&i| self.at(i) == Cell::Empty)
    }

    /// Distinct four-stone sets through the centre completed to an exact five by one empty
    /// point of their five-point window.
    fn fours(&self) -> u32 {
        let mut seen = [0u16; 5];
        let mut count = 0;
        for start in Self::CENTRE - 4..=Self::CENTRE {
            let window = start..start + 5;
            let own = window.clone().filter(|&i| self.at(i) == Cell::Own);
            let stones = own.clone().fold(0u16, |mask, i| mask | 1 << i);
            let empty = window
                .clone()
                .filter(|&i| self.at(i) == Cell::Empty)
                .count();
            let exact = self.at(start - 1) != Cell::Own && self.at(start + 5) != Cell::Own;
            if own.count() == 4 && empty == 1 && exact && !seen[..count].contains(&stones) {
                seen[count] = stones;
                count += 1;
            }
        }
        count as u32
    }

    /// The empty points that, with a stone, join the run through the centre into a five
    /// (exactly five when `exact`). Only the first empty point on each side of the run can
    /// join it, so there are at most two, even where the run is already five or longer.
    fn winning_points(&self, exact: bool) -> u32 {
        self.empties(Self::CENTRE - 4..=Self::CENTRE + 4)
            .filter(|&q| {
                let joined = self.with_own(q);
                let (lo, hi) = joined.run(Self::CENTRE);
                let len = hi - lo + 1;
                (lo..=hi).contains(&q) && if exact { len == 5 } else { len >= 5 }
            })
            .count() as u32
    }

    /// Whether the run through the centre is a straight four, and holds `q`.
    fn is_straight_four_with(&self, q: isize) -> bool {
        let (lo, hi) = self.run(Self::CENTRE);
        hi - lo == 3
            && (lo..=hi).contains(&q)
            && self.at(lo - 1) == Cell::Empty
            && self.at(hi + 1) == Cell::Empty
            && self.at(lo - 2) != Cell::Own
            && self.at(hi + 2) != Cell::Own
    }

    fn three_points(&self) -> u32 {
        THREE_OFFSETS
            .iter()
            .enumerate()
            .filter(|&(_, &offset)| {
                let q = Self::CENTRE + offset;
                self.at(q) == Cell::Empty && self.with_own(q).is_straight_four_with(q)
            })
            .fold(0, |mask, (bit, _)| mask | 1 << bit)
    }

    fn window(&self) -> u32 {
        (Self::CENTRE - 4..=Self::CENTRE)
            .filter(|&start| (start..start + 5).all(|i| self.at(i) != Cell::Blocked))
            .map(|start| {
                (start..start + 5)
                    .filter(|&i| self.at(i) == Cell::Own)
                    .count()
            })
            .max()
            .unwrap_or(0) as u32
    }

    fn shape(&self) -> Shape {
        let len = self.run_len(Self::CENTRE);
        let mut bits = 0;
        if len == 5 {
            bits |= Shape::FIVE;
        }
        if len >= 6 {
            bits |= Shape::OVERLINE;
        }
        if self.is_straight_four_with(Self::CENTRE) {
            bits |= Shape::STRAIGHT_FOUR;
        }
        bits |= self.fours() << Shape::FOURS_SHIFT;
        bits |= self.winning_points(true) << Shape::WINS_EXACT_SHIFT;
        bits |= self.winning_points(false) << Shape::WINS_ANY_SHIFT;
        bits |= self.three_points() << Shape::THREES_SHIFT;
        bits |= self.window() << Shape::WINDOW_SHIFT;
        Shape(bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of a line written as text around the centre `@`: `x` own, `o` blocked,
    /// `.` empty; cells not written are empty.
    fn shape_of(text: &str) -> Shape {
        let centre = text.find('@').unwrap() as isize;
        let cell = |offset: isize| match text.as_bytes().get((centre + offset) as usize) {
            Some(b'x') => Cell::Own,
            Some(b'o') => Cell::Blocked,
            _ => Cell::Empty,
        };
        let cells = OFFSETS.map(|offset| {
            if centre + offset < 0 {
                Cell::Empty
            } else {
                cell(offset)
            }
        });
        shape(
            cells
                .iter()
                .rev()
                .fold(0, |index, &cell| index * 3 + cell as usize),
        )
    }

    #[test]
    fn fives_and_overlines() {
        assert!(shape_of("xx@xx").is_five());
        assert!(!shape_of("xx@xx").is_overline());
        assert!(shape_of("xx@xxx").is_overline());
        assert!(!shape_of("x.x@xx").is_five());
    }

    #[test]
    fn fours_count_distinct_stone_sets() {
        assert_eq!(shape_of(".x@xx.").fours(), 1, "a straight four is one four");
        assert!(shape_of(".x@xx.").is_straight_four());
        assert_eq!(shape_of("ox@xx.").fours(), 1);
        assert!(!shape_of("ox@xx.").is_straight_four());
        assert_eq!(shape_of("x.x@x.x").fours(), 2, "two fours on one line");
        assert_eq!(shape_of("xx.@x.xx").fours(), 2);
        assert_eq!(shape_of("xxx.@.xxx").fours(), 2);
        assert_eq!(
            shape_of("xx.@x.xxx").fours(),
            1,
            "the right one would be six"
        );
        assert_eq!(shape_of("x.x@xxo").fours(), 0, "completing it makes six");
        assert_eq!(shape_of("x.x@xxo").winning_points(false), 1);
        assert_eq!(shape_of("x.x@xxo").winning_points(true), 0);
    }

    #[test]
    fn threes_know_their_straight_four_points() {
        // Bits over THREE_OFFSETS = [-3, -2, -1, 1, 2, 3].
        assert_eq!(shape_of("..x@x..").three_points(), 0b01_0010);
        assert_eq!(shape_of("..x@.x..").three_points(), 0b00_1000);
        assert_eq!(shape_of(".ox@x..").three_points(), 0);
        assert_eq!(
            shape_of("x.x@x..").three_points(),
            0,
            "the left end would be six"
        );
        assert_eq!(shape_of("..@x...").three_points(), 0);
    }

    /// Every field of every packed shape reads back what the definitions compute: no count
    /// overflows into its neighbour (issue 10.1: a run of five or more once overflowed the
    /// count of winning points into the three points).
    #[test]
    fn every_shape_field_reads_back_its_definition() {
        for index in 0..3usize.pow(10) {
            let line = Line::decode(index);
            let shape = shape(index);
            let len = line.run_len(Line::CENTRE);
            let fields = (
                shape.is_five(),
                shape.is_overline(),
                shape.fours(),
                shape.winning_points(true),
                shape.winning_points(false),
                shape.three_points(),
                shape.is_straight_four(),
                shape.window(),
            );
            let expected = (
                len == 5,
                len >= 6,
                line.fours(),
                line.winning_points(true),
                line.winning_points(false),
                line.three_points(),
                line.is_straight_four_with(Line::CENTRE),
                line.window(),
            );
            assert_eq!(fields, expected, "line {index}");
            assert!(
                line.fours() <= 2 && line.winning_points(false) <= 2,
                "line {index}"
            );
        }
    }

    /// A segment's windows give the same index as the line read cell by cell.
    #[test]
    fn segment_windows_are_line_codes() {
        use crate::board::{Board, DIRECTIONS, index};
        use crate::point::Point;
        use crate::stone::Stone;
        let mut board = Board::default();
        for (k, text) in ["h8", "i8", "a1", "o15", "j9", "g7", "c8", "m8"]
            .iter()
            .enumerate()
        {
            let stone = [Stone::Black, Stone::White][k % 3 % 2];
            board.set(text.parse().unwrap(), Some(stone)).unwrap();
        }
        for p in board.points().collect::<Vec<Point>>() {
            for d in DIRECTIONS {
                for stone in [Stone::Black, Stone::White] {
                    let segment = board.segment(index(p), d, stone);
                    for k in -5..=5 {
                        let (x, y) = match d {
                            1 => (i32::from(p.x) + k, i32::from(p.y)),
                            36 => (i32::from(p.x), i32::from(p.y) + k),
                            37 => (i32::from(p.x) + k, i32::from(p.y) + k),
                            _ => (i32::from(p.x) - k, i32::from(p.y) + k),
                        };
                        if !(0..15).contains(&x) || !(0..15).contains(&y) {
                            continue;
                        }
                        let q = index(Point::new(x as u8, y as u8));
                        assert_eq!(crate::board::step(index(p), d, k as isize), q);
                        assert_eq!(
                            segment_code(segment, (10 + k) as u32),
                            usize::from(board.line_code(q, d, stone)),
                            "{p} {d} {k}"
                        );
                    }
                }
            }
        }
    }

    /// Every line's foul byte holds its shape's three, fours, five and overline.
    #[test]
    fn every_foul_byte_reads_back_its_shape() {
        for index in 0..3usize.pow(10) {
            let (bits, s) = (u32::from(foul_bits(index).0), shape(index));
            let read = (
                bits & 1 != 0,
                bits >> 1 & 3,
                bits >> 3 & 1 != 0,
                bits >> 4 != 0,
            );
            let expected = (
                s.three_points() != 0,
                s.fours(),
                s.is_five(),
                s.is_overline(),
            );
            assert_eq!(read, expected, "line {index}");
        }
    }

    #[test]
    fn a_run_of_five_or_more_has_no_three_and_only_adjacent_winning_points() {
        assert_eq!(shape_of("....xx@xxx....").three_points(), 0);
        assert_eq!(shape_of("....xx@xxx....").winning_points(false), 2);
        assert_eq!(shape_of("....xx@xxx....").winning_points(true), 0);
        assert_eq!(shape_of("....x@xxx....").winning_points(true), 0);
        assert_eq!(shape_of("....x@xxx....").winning_points(false), 2);
        assert_eq!(shape_of("o.x.x@xxx.x.o").three_points(), 0);
    }

    #[test]
    fn window_measures_room_to_grow() {
        assert_eq!(shape_of("o@o").window(), 0);
        assert_eq!(shape_of("....@....").window(), 1);
        assert_eq!(shape_of("ox@x.o").window(), 0);
        assert_eq!(shape_of("..x@x.o").window(), 3);
    }
}

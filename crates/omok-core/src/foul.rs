//! Forbidden points: the renju fouls of black and the Korean omok double-three
//! ([spec](crate::spec) section 3).
//!
//! A point is classified from the shapes of its four lines ([`crate::line`]). Only a
//! possible double-three needs more: each three counts only if one of its straight-four
//! points is itself legal, so that point is classified in turn, with the move on the board.
//! Each level of that recursion adds a stone, so it ends.

use crate::board::{Board, DIRECTIONS, index, point_of, step};
use crate::line::{self, FoulBits, Shape, THREE_OFFSETS};
use crate::point::Point;
use crate::rule::{Foul, Rule};
use crate::stone::Stone;

/// What a move on an empty point is, for a colour that has fouls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Class {
    /// It makes an exact five: it wins, whatever else it makes.
    Five,
    /// It is forbidden.
    Foul(Foul),
    /// Anything else: a legal move that does not win.
    Plain,
}

impl Class {
    /// Whether the move is forbidden.
    pub(crate) fn is_foul(self) -> bool {
        matches!(self, Class::Foul(_))
    }
}

/// A classification from the lines alone, or the lines that must still be checked for
/// threes.
pub(crate) enum Verdict {
    Settled(Class),
    /// Two or more lines may be threes; `otherwise` is the class if fewer than two are.
    Threes {
        shapes: [Shape; 4],
        otherwise: Class,
    },
}

impl Board {
    /// The foul that `stone` would commit on the empty point `p` under `rule`, or `None` if
    /// the move is legal ([spec](crate::spec) section 3).
    ///
    /// `Renju` forbids black a double-four (two fours on one line count twice), a
    /// double-three (a three counts only if a point completing it to a straight four is
    /// itself legal and makes no five: checked recursively) and an overline; `Omok` forbids a
    /// double-three to both colours (a straight-four point that makes a five elsewhere still
    /// counts). A move that makes an exact five is never a foul. When several fouls apply,
    /// the first of double-four, double-three, overline is named.
    ///
    /// `None` as well for colours and rules without fouls, and for a point that is off the
    /// board or not empty.
    pub fn foul(&self, p: Point, stone: Stone, rule: Rule) -> Option<Foul> {
        if !rule.has_fouls(stone) || !self.contains(p) || self.get(p).is_some() {
            return None;
        }
        let i = index(p);
        let class = match self.verdict(i, stone, rule) {
            Verdict::Settled(class) => class,
            Verdict::Threes { shapes, otherwise } => {
                self.clone()
                    .count_threes(i, stone, rule, (shapes, otherwise), (0, &mut 0))
            }
        };
        match class {
            Class::Foul(foul) => Some(foul),
            Class::Five | Class::Plain => None,
        }
    }

    /// Every empty point that is forbidden to `stone` under `rule`, with its foul, row by row
    /// from the top (empty when the rule gives that colour no fouls).
    pub fn fouls(&self, stone: Stone, rule: Rule) -> Vec<(Point, Foul)> {
        if !rule.has_fouls(stone) {
            return Vec::new();
        }
        // One scratch board serves every point: classifying a point restores what it changes.
        let mut scratch = self.clone();
        self.empty_points()
            .filter_map(|p| match scratch.classify(index(p), stone, rule) {
                Class::Foul(foul) => Some((p, foul)),
                Class::Five | Class::Plain => None,
            })
            .collect()
    }

    /// Whether `stone` may not play the empty cell `i`; the board is restored after.
    pub(crate) fn is_forbidden_at(&mut self, i: usize, stone: Stone, rule: Rule) -> bool {
        rule.has_fouls(stone) && matches!(self.classify(i, stone, rule), Class::Foul(_))
    }

    /// The classification of the empty cell `i` from its four lines, when they settle it.
    pub(crate) fn verdict(&self, i: usize, stone: Stone, rule: Rule) -> Verdict {
        let codes = DIRECTIONS.map(|d| usize::from(self.line_code(i, d, stone)));
        let lines = FoulBits::join(codes.map(line::foul_bits));
        match settled_class(lines, rule) {
            Some(class) => Verdict::Settled(class),
            // Only now the three points: from the shape table, four more look-ups.
            None => Verdict::Threes {
                shapes: codes.map(line::shape),
                otherwise: without_threes(lines, rule),
            },
        }
    }

    /// Classifies the empty cell `i` on this board, which it may change and restore.
    fn classify(&mut self, i: usize, stone: Stone, rule: Rule) -> Class {
        self.classify_nested(i, stone, rule, (0, &mut 0))
    }

    /// Classifies the empty cell `i` from the board alone (restored after), with the most
    /// moves its three checks tried at once (see [`Board::count_threes`]).
    pub(crate) fn classify_with_depth(
        &mut self,
        i: usize,
        stone: Stone,
        rule: Rule,
    ) -> (Class, u16) {
        let mut deepest = 0;
        let class = self.classify_nested(i, stone, rule, (0, &mut deepest));
        (class, deepest)
    }

    /// [`Board::classify`] with `level` moves already tried (see [`Board::count_threes`]).
    fn classify_nested(
        &mut self,
        i: usize,
        stone: Stone,
        rule: Rule,
        nesting: (u16, &mut u16),
    ) -> Class {
        match self.verdict(i, stone, rule) {
            Verdict::Settled(class) => class,
            Verdict::Threes { shapes, otherwise } => {
                self.count_threes(i, stone, rule, (shapes, otherwise), nesting)
            }
        }
    }

    /// With `stone` on `i`, counts the lines whose three is real, and stops at two; `shapes`
    /// and `otherwise` are the verdict's. `nesting` is `(level, deepest)`: `level` moves are
    /// already tried on the board (0 when `i` is the point asked about), and `deepest` is
    /// raised to the most moves tried at once. The classification of a point reads only the
    /// cells within `5 + 3 * deepest` steps of it: each tried move is at most 3 steps from
    /// the one before, and a verdict reads 5 steps around its point.
    fn count_threes(
        &mut self,
        i: usize,
        stone: Stone,
        rule: Rule,
        (shapes, otherwise): ([Shape; 4], Class),
        (level, deepest): (u16, &mut u16),
    ) -> Class {
        let level = level.saturating_add(1);
        *deepest = (*deepest).max(level);
        self.poke(i, Some(stone));
        let mut left = shapes.iter().filter(|s| s.three_points() != 0).count();
        let mut threes = 0;
        for (shape, d) in shapes.into_iter().zip(DIRECTIONS) {
            if shape.three_points() == 0 {
                continue;
            }
            left -= 1;
            if self.is_real_three(i, d, shape.three_points(), stone, rule, (level, deepest)) {
                threes += 1;
            }
            if threes >= 2 || threes + left < 2 {
                break;
            }
        }
        self.poke(i, None);
        if threes >= 2 {
            Class::Foul(Foul::DoubleThree)
        } else {
            otherwise
        }
    }

    /// Whether one of the straight-four points `points` (bits over [`THREE_OFFSETS`]) of the
    /// line through `i` along `d` is legal for `stone`.
    fn is_real_three(
        &mut self,
        i: usize,
        d: isize,
        points: u32,
        stone: Stone,
        rule: Rule,
        (level, deepest): (u16, &mut u16),
    ) -> bool {
        THREE_OFFSETS.iter().enumerate().any(|(bit, &k)| {
            points & 1 << bit != 0 && {
                let q = step(i, d, k);
                debug_assert!(self.is_empty_cell(q), "{:?}", point_of(q));
                match (rule, self.classify_nested(q, stone, rule, (level, deepest))) {
                    (Rule::Renju, class) => class == Class::Plain,
                    (_, class) => class != Class::Foul(Foul::DoubleThree),
                }
            }
        })
    }
}

/// The classification of a move from its four lines' joined [`FoulBits`], or `None` when
/// two or more lines may be threes and the board must be read further.
#[inline]
pub(crate) fn settled_class(lines: u32, rule: Rule) -> Option<Class> {
    if lines & FoulBits::FIVES != 0 {
        return Some(Class::Five);
    }
    let double_four = lines & FoulBits::FOURS_TWO != 0 || two_or_more(lines & FoulBits::FOURS_ONE);
    if rule == Rule::Renju && double_four {
        return Some(Class::Foul(Foul::DoubleFour));
    }
    if two_or_more(lines & FoulBits::THREES) {
        return None;
    }
    Some(without_threes(lines, rule))
}

/// Whether `bits` has two or more bits set (without a population count, which the baseline
/// x86-64 target computes in a dozen instructions).
#[inline]
fn two_or_more(bits: u32) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// The class of a move that makes no five and no double-four, unless it is a double-three.
fn without_threes(lines: u32, rule: Rule) -> Class {
    if rule == Rule::Renju && lines & FoulBits::OVERLINES != 0 {
        Class::Foul(Foul::Overline)
    } else {
        Class::Plain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 15x15 board from rows of text, top row first: `X` black, `O` white, `.` empty.
    fn board(rows: &[&str]) -> Board {
        let mut board = Board::default();
        for (y, row) in rows.iter().enumerate() {
            for (x, c) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
                let stone = match c {
                    'X' => Some(Stone::Black),
                    'O' => Some(Stone::White),
                    _ => None,
                };
                board.set(Point::new(x as u8, y as u8), stone).unwrap();
            }
        }
        board
    }

    fn black_renju(board: &Board, p: &str) -> Option<Foul> {
        board.foul(p.parse().unwrap(), Stone::Black, Rule::Renju)
    }

    #[test]
    fn a_plain_double_three() {
        // h8 makes .XX?. across and down.
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            ".....XX........",
        ]);
        assert_eq!(black_renju(&b, "h8"), Some(Foul::DoubleThree));
        assert_eq!(
            b.foul("h8".parse().unwrap(), Stone::White, Rule::Renju),
            None
        );
        assert_eq!(
            b.foul("h8".parse().unwrap(), Stone::Black, Rule::Omok),
            Some(Foul::DoubleThree)
        );
        assert_eq!(
            b.foul("h8".parse().unwrap(), Stone::Black, Rule::Freestyle),
            None
        );
    }

    #[test]
    fn a_blocked_three_is_no_three() {
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            ".......O.......",
            ".......X.......",
            ".......X.......",
            ".....XX........",
            ".......O.......",
        ]);
        assert_eq!(black_renju(&b, "h8"), None);
    }

    #[test]
    fn four_three_is_legal_and_double_four_is_not() {
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            "....XXX........",
        ]);
        assert_eq!(black_renju(&b, "h8"), None, "four-three");
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "....XXX........",
        ]);
        assert_eq!(black_renju(&b, "h8"), Some(Foul::DoubleFour));
        assert_eq!(
            b.foul("h8".parse().unwrap(), Stone::Black, Rule::Omok),
            None
        );
    }

    #[test]
    fn double_fours_on_one_line() {
        // X.X?X.X, XX.?X.XX and XXX.?.XXX, each completed at ?, on row 14.
        for (row, x) in [
            ("...X.XX..X.....", 7),
            ("..XX.X..XX.....", 6),
            (".XXX...XXX.....", 5),
        ] {
            let b = board(&["...............", row]);
            let p = Point::new(x, 1);
            assert_eq!(
                b.foul(p, Stone::Black, Rule::Renju),
                Some(Foul::DoubleFour),
                "{row}"
            );
            assert_eq!(b.foul(p, Stone::Black, Rule::Omok), None, "{row}");
        }
        // Near the edge, one of the two fours would be six: a single four is legal.
        let b = board(&["...............", "X.X.X..X.X....."]);
        assert_eq!(b.foul(Point::new(5, 1), Stone::Black, Rule::Renju), None);
    }

    #[test]
    fn overlines_and_the_five_that_beats_them() {
        let row = "..XXX.XX.......";
        let b = board(&["...............", row]);
        assert_eq!(black_renju(&b, "f14"), Some(Foul::Overline));
        assert!(!b.is_win("f14".parse().unwrap(), Stone::Black, Rule::Renju));
        assert!(!b.is_win("f14".parse().unwrap(), Stone::White, Rule::Freestyle));
        assert_eq!(
            b.foul("f14".parse().unwrap(), Stone::Black, Rule::Omok),
            None
        );
        // With f13..f10 below it, f14 also makes an exact five: a five wins.
        let col = ".....X.........";
        let b = board(&["...............", row, col, col, col, col]);
        assert_eq!(black_renju(&b, "f14"), None);
        assert!(b.is_win("f14".parse().unwrap(), Stone::Black, Rule::Renju));
    }

    #[test]
    fn an_exact_five_beats_a_double_four() {
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            ".......X.......",
            "...XXXX........",
        ]);
        assert_eq!(black_renju(&b, "h8"), None);
        assert!(b.is_win("h8".parse().unwrap(), Stone::Black, Rule::Renju));
    }

    /// A 15x15 board from lists of points in renju notation.
    fn stones(black: &str, white: &str) -> Board {
        let mut board = Board::default();
        for (list, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for p in list.split_whitespace() {
                board.set(p.parse().unwrap(), Some(stone)).unwrap();
            }
        }
        board
    }

    #[test]
    fn a_three_whose_straight_four_point_is_a_double_four_is_no_three() {
        // h8 makes the diagonal three f10 g9 h8 and the row three f8 g8 h8. The row can become
        // a straight four only at i8 (d8 blocks e8), and i8 would then be a double-four with
        // i9 i10 i11: so the row is no three, and h8 is legal.
        let b = stones("f8 g8 i9 i10 i11 f10 g9", "d8");
        assert_eq!(
            black_renju(&b, "i8"),
            None,
            "before h8, i8 is only a four-three"
        );
        assert_eq!(black_renju(&b, "h8"), None);
        // Without i11, i8 is a four-three, so the row is a real three: double-three.
        let b = stones("f8 g8 i9 i10 f10 g9", "d8");
        assert_eq!(black_renju(&b, "h8"), Some(Foul::DoubleThree));
    }

    #[test]
    fn a_three_whose_straight_four_point_is_a_double_three_is_no_three() {
        // As above, but i8 (after h8) would be a four and two threes (i9 i10 down, j9 k10 on
        // the diagonal): a double-three, so again the row is no three and h8 is legal.
        let b = stones("f8 g8 i9 i10 j9 k10 f10 g9", "d8");
        assert_eq!(black_renju(&b, "h8"), None);
        // Block one of i8's threes and i8 is a legal four-three: h8 is a double-three.
        let b = stones("f8 g8 i9 i10 j9 k10 f10 g9", "d8 l11 h7");
        assert_eq!(black_renju(&b, "h8"), Some(Foul::DoubleThree));
        // Under omok the same shapes give the same answers for white.
        let w = stones("d8", "f8 g8 i9 i10 j9 k10 f10 g9");
        assert_eq!(
            w.foul("h8".parse().unwrap(), Stone::White, Rule::Omok),
            None
        );
    }

    #[test]
    fn the_edge_blocks_a_three() {
        // c13 makes the column three c12 c11, and a13 b13 c13 against the left edge, which
        // cannot become a straight four: legal.
        let b = stones("a13 b13 c12 c11", "");
        assert_eq!(black_renju(&b, "c13"), None);
        // One point further from the edge the row is a three: double-three.
        let b = stones("b13 c13 d12 d11", "");
        assert_eq!(black_renju(&b, "d13"), Some(Foul::DoubleThree));
        // Fours against the edge still count: at the corner a15, b15 c15 d15 along the top
        // row and a14 a13 a12 down the edge column make a double-four.
        let b = stones("b15 c15 d15 a14 a13 a12", "");
        assert_eq!(black_renju(&b, "a15"), Some(Foul::DoubleFour));
    }

    #[test]
    fn fouls_lists_every_forbidden_point() {
        let b = board(&[
            "...............",
            "...............",
            "...............",
            "...............",
            "...............",
            ".......X.......",
            ".......X.......",
            ".....XX........",
        ]);
        let fouls = b.fouls(Stone::Black, Rule::Renju);
        assert!(fouls.contains(&("h8".parse().unwrap(), Foul::DoubleThree)));
        assert!(
            fouls
                .iter()
                .all(|&(p, f)| b.foul(p, Stone::Black, Rule::Renju) == Some(f))
        );
        assert!(b.fouls(Stone::White, Rule::Renju).is_empty());
    }
}

//! The board: stones on points, wins and the lines through a point ([spec](crate::spec)
//! sections 1 and 2).

use std::fmt;

use thiserror::Error;

use crate::game::MoveError;
use crate::line::{self, Cell, Shape};
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;

/// The side length of the default board.
pub const DEFAULT_SIZE: u8 = 15;
/// The smallest board side length.
pub const MIN_SIZE: u8 = 5;
/// The largest board side length (one column per letter `a..z`).
pub const MAX_SIZE: u8 = 26;

/// Cells of edge around the largest board, so that reading five points away from any point
/// of the board never leaves the array.
const PAD: usize = 5;
/// Cells per row of the array, whatever the board size.
pub(crate) const STRIDE: usize = MAX_SIZE as usize + 2 * PAD;
/// Cells in the array.
pub(crate) const CELLS: usize = STRIDE * STRIDE;
/// Array steps of the four directions: horizontal, vertical, and the two diagonals.
pub(crate) const DIRECTIONS: [isize; 4] =
    [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// The base-3 digit of each cell code (empty, black, white, edge) in a line of black, then
/// of white: the [`Cell`] values.
const DIGITS: [[u8; 4]; 2] = [
    [
        Cell::Empty as u8,
        Cell::Own as u8,
        Cell::Blocked as u8,
        Cell::Blocked as u8,
    ],
    [
        Cell::Empty as u8,
        Cell::Blocked as u8,
        Cell::Own as u8,
        Cell::Blocked as u8,
    ],
];

/// A board side length outside `5..=26`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("a board is from {MIN_SIZE}x{MIN_SIZE} to {MAX_SIZE}x{MAX_SIZE}, not {0}x{0}")]
pub struct SizeError(pub u8);

/// A square board of stones, from 5x5 to 26x26 (15x15 by default), with no notion of turns:
/// put any stone anywhere with [`Board::set`], then ask whether a move wins or is a foul.
///
/// Points are [`Point`]s: `x` from the left, `y` from the top, both 0-based. The board
/// allocates nothing: it is one fixed array of cells with a margin of edge around it, so that
/// every question about a point reads only the lines through it and costs the same on any
/// board size.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Board {
    size: u8,
    stones: u16,
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    cells: [u8; CELLS],
}

impl Board {
    /// An empty `size` x `size` board.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is from 5 to 26.
    pub fn new(size: u8) -> Result<Board, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        let mut cells = [EDGE; CELLS];
        for y in 0..size {
            let row = index(Point::new(0, y));
            cells[row..row + usize::from(size)].fill(EMPTY);
        }
        Ok(Board {
            size,
            stones: 0,
            cells,
        })
    }

    /// The side length.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// How many stones are on the board.
    pub fn stone_count(&self) -> usize {
        usize::from(self.stones)
    }

    /// Whether every point holds a stone.
    pub fn is_full(&self) -> bool {
        self.stone_count() == usize::from(self.size) * usize::from(self.size)
    }

    /// Whether `p` lies on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.is_on(self.size)
    }

    /// The stone on `p`; `None` for an empty point and for any point off the board.
    pub fn get(&self, p: Point) -> Option<Stone> {
        if self.contains(p) {
            stone_of(self.cells[index(p)])
        } else {
            None
        }
    }

    /// Puts `stone` on `p`, or clears `p` with `None`, whatever was there; returns what was
    /// there before.
    ///
    /// # Errors
    /// [`MoveError::OffBoard`] if `p` is not on the board; the board is unchanged.
    pub fn set(&mut self, p: Point, stone: Option<Stone>) -> Result<Option<Stone>, MoveError> {
        if !self.contains(p) {
            return Err(MoveError::OffBoard {
                point: p,
                size: self.size,
            });
        }
        let before = self.get(p);
        self.stones = self.stones + u16::from(stone.is_some()) - u16::from(before.is_some());
        self.cells[index(p)] = stone.map_or(EMPTY, code);
        Ok(before)
    }

    /// Every point of the board, row by row from the top, left to right.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).map(move |x| Point::new(x, y)))
    }

    /// Every empty point, row by row from the top, left to right.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.points().filter(|&p| self.cells[index(p)] == EMPTY)
    }

    /// Whether `stone` played on the empty point `p` wins under `rule`: it makes exactly five
    /// in a row, or five or more where the rule lets an overline win ([spec](crate::spec)
    /// section 3). Only the four lines through `p` are read. `false` if `p` is off the board
    /// or not empty. A winning move wins even where it is also a foul.
    pub fn is_win(&self, p: Point, stone: Stone, rule: Rule) -> bool {
        self.winning_direction(p, stone, rule).is_some()
    }

    /// The stones of the run that `stone` on the empty point `p` would win with (five, or
    /// more under a rule where an overline wins), `p` among them, from left to right (top to
    /// bottom for a vertical line); `None` if the move does not win.
    pub fn winning_line(&self, p: Point, stone: Stone, rule: Rule) -> Option<Vec<Point>> {
        let direction = self.winning_direction(p, stone, rule)?;
        let c = code(stone);
        let i = index(p);
        let back = (1..)
            .take_while(|&k| self.cells[step(i, direction, -k)] == c)
            .count();
        let len = self.run_len(i, direction, c);
        let mut line: Vec<Point> = (0..len)
            .map(|k| point_of(step(i, direction, k as isize - back as isize)))
            .collect();
        line.sort_unstable();
        Some(line)
    }

    fn winning_direction(&self, p: Point, stone: Stone, rule: Rule) -> Option<isize> {
        if !self.contains(p) {
            return None;
        }
        self.winning_direction_at(index(p), stone, rule)
    }

    /// The direction along which `stone` on the empty cell `i` wins, if any.
    fn winning_direction_at(&self, i: usize, stone: Stone, rule: Rule) -> Option<isize> {
        if self.cells[i] != EMPTY {
            return None;
        }
        let c = code(stone);
        let exact = rule.exact_five(stone);
        DIRECTIONS.into_iter().find(|&d| {
            let len = self.run_len(i, d, c);
            len == 5 || (len > 5 && !exact)
        })
    }

    /// The length of the run of `c` through `i` along `d`, counting `i` as holding `c`.
    #[inline]
    fn run_len(&self, i: usize, d: isize, c: u8) -> usize {
        let ahead = (1..)
            .take_while(|&k| self.cells[step(i, d, k)] == c)
            .count();
        let back = (1..)
            .take_while(|&k| self.cells[step(i, d, -k)] == c)
            .count();
        1 + ahead + back
    }

    /// The shape of the line through the cell `i` along `d` for `stone`, as if `stone` were
    /// on `i`.
    #[inline]
    pub(crate) fn shape(&self, i: usize, d: isize, stone: Stone) -> Shape {
        line::shape(usize::from(self.line_code(i, d, stone)))
    }

    /// The index of the line through the cell `i` along `d` for `stone` in the shape table:
    /// its cells at [`line::OFFSETS`] as base-3 digits, read as two halves of five cells
    /// each, so that the two multiply-add chains run side by side.
    #[inline]
    pub(crate) fn line_code(&self, i: usize, d: isize, stone: Stone) -> u16 {
        let digits = &DIGITS[stone as usize];
        let digit = |k: isize| u16::from(digits[usize::from(self.cells[step(i, d, k)] & 3)]);
        let half = |ks: [isize; 5]| ks.iter().rev().fold(0, |index, &k| index * 3 + digit(k));
        half([-5, -4, -3, -2, -1]) + 243 * half([1, 2, 3, 4, 5])
    }

    /// The cells within ten steps of the cell `i` along `d`, for `stone`, as 2-bit [`Cell`]
    /// digits, the cell ten steps back lowest (bits 0 and 1) and `i` itself at bits 20 and 21;
    /// cells beyond the array are blocked. The lines of the points within five steps of `i`
    /// along `d` are windows of it ([`line::segment_code`]): one read of the board serves the
    /// eleven of them.
    #[inline]
    pub(crate) fn segment(&self, i: usize, d: isize, stone: Stone) -> u64 {
        let digits = &DIGITS[stone as usize];
        let pack = |segment: u64, cell: u8| segment << 2 | u64::from(digits[usize::from(cell & 3)]);
        let (first, last) = (step(i, d, -10), step(i, d, 10));
        match self.cells.get(first..=last) {
            // Away from the array's border (almost always): one slice, read with its step.
            Some(cells) if d > 0 => cells
                .iter()
                .step_by(d.unsigned_abs())
                .rev()
                .fold(0, |s, &c| pack(s, c)),
            _ => (-10..=10).rev().fold(0, |segment, k| {
                pack(
                    segment,
                    self.cells.get(step(i, d, k)).copied().unwrap_or(EDGE),
                )
            }),
        }
    }

    /// The shapes of the four lines through the cell `i` for `stone`.
    #[inline]
    pub(crate) fn shapes(&self, i: usize, stone: Stone) -> [Shape; 4] {
        DIRECTIONS.map(|d| self.shape(i, d, stone))
    }

    /// Whether the cell `i` is empty (the edge is not).
    pub(crate) fn is_empty_cell(&self, i: usize) -> bool {
        self.cells[i] == EMPTY
    }

    /// Puts `stone` on the empty cell `i`, or clears it, without counting: for trying a move
    /// and taking it back at once.
    pub(crate) fn poke(&mut self, i: usize, stone: Option<Stone>) {
        self.cells[i] = stone.map_or(EMPTY, code);
    }
}

impl Default for Board {
    /// An empty 15x15 board.
    fn default() -> Board {
        Board::new(DEFAULT_SIZE).unwrap_or_else(|_| unreachable!("15 is a valid size"))
    }
}

/// The array cell of a point of the board.
#[inline]
pub(crate) fn index(p: Point) -> usize {
    (usize::from(p.y) + PAD) * STRIDE + usize::from(p.x) + PAD
}

/// The point of an array cell of the board.
pub(crate) fn point_of(i: usize) -> Point {
    Point::new((i % STRIDE - PAD) as u8, (i / STRIDE - PAD) as u8)
}

/// The cell `k` steps from `i` along `d`; `k` is at most five either way.
#[inline]
pub(crate) fn step(i: usize, d: isize, k: isize) -> usize {
    i.wrapping_add_signed(d * k)
}

fn code(stone: Stone) -> u8 {
    match stone {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

/// A board read back from a snapshot's fields (feature `serde`): `Err` says what is wrong
/// (a size off 5 to 26, a cell that is not empty, black or white, an edge cell changed, a
/// stone count that is not the stones').
#[cfg(feature = "serde")]
pub(crate) fn checked_board(size: u8, stones: u16, cells: &[u8; CELLS]) -> Result<Board, String> {
    let mut board = Board::new(size).map_err(|e| e.to_string())?;
    for p in board.points() {
        let cell = cells[index(p)];
        match (cell, stone_of(cell)) {
            (EMPTY, _) => {}
            (_, Some(stone)) => {
                board.set(p, Some(stone)).map_err(|e| e.to_string())?;
            }
            (_, None) => {
                return Err(format!(
                    "the cell of {} holds {cell}, not 0 (empty), 1 (black) or 2 (white)",
                    p.notation(size)
                ));
            }
        }
    }
    if board.cells != *cells {
        return Err(format!(
            "a cell off the {size}x{size} board is not the edge ({EDGE})"
        ));
    }
    if board.stones != stones {
        let on_board = board.stones;
        return Err(format!("{stones} stones counted, {on_board} on the board"));
    }
    Ok(board)
}

fn stone_of(cell: u8) -> Option<Stone> {
    match cell {
        BLACK => Some(Stone::Black),
        WHITE => Some(Stone::White),
        _ => None,
    }
}

impl Board {
    /// Draws the board with `marked` (if any) between brackets, and the empty points of
    /// `forbidden` as `!`.
    pub(crate) fn draw(
        &self,
        f: &mut fmt::Formatter<'_>,
        marked: Option<Point>,
        forbidden: &[Point],
    ) -> fmt::Result {
        let size = self.size;
        let letters = || (0..size).map(|x| format!(" {}", (b'a' + x) as char));
        writeln!(f, "   {}", letters().collect::<String>())?;
        for y in 0..size {
            let row = size - y;
            write!(f, "{row:>2} ")?;
            for x in 0..size {
                let p = Point::new(x, y);
                let symbol = match self.get(p) {
                    Some(stone) => stone.symbol(),
                    None if forbidden.contains(&p) => '!',
                    None => '.',
                };
                let left = if Some(p) == marked {
                    '['
                } else if x > 0 && Some(Point::new(x - 1, y)) == marked {
                    ']'
                } else {
                    ' '
                };
                write!(f, "{left}{symbol}")?;
            }
            let right = if marked == Some(Point::new(size - 1, y)) {
                ']'
            } else {
                ' '
            };
            writeln!(f, "{right}{row}")?;
        }
        write!(f, "   {}", letters().collect::<String>())
    }
}

impl fmt::Display for Board {
    /// The board as text: `X` black, `O` white, `.` empty, column letters above and below,
    /// row numbers (from the bottom) left and right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.draw(f, None, &[])
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {}x{}:", self.size, self.size)?;
        self.draw(f, None, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with(black: &[&str], white: &[&str]) -> Board {
        let mut board = Board::default();
        for (points, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for p in points {
                board.set(p.parse().unwrap(), Some(stone)).unwrap();
            }
        }
        board
    }

    #[test]
    fn sizes_outside_5_to_26_are_refused() {
        assert_eq!(Board::new(4), Err(SizeError(4)));
        assert_eq!(Board::new(27), Err(SizeError(27)));
        assert_eq!(Board::new(26).unwrap().points().count(), 676);
        assert_eq!(Board::new(5).unwrap().empty_points().count(), 25);
    }

    #[test]
    fn set_and_get_count_stones_and_refuse_the_outside() {
        let mut board = Board::new(5).unwrap();
        let p = Point::new(4, 4);
        assert_eq!(board.set(p, Some(Stone::White)), Ok(None));
        assert_eq!(board.set(p, Some(Stone::Black)), Ok(Some(Stone::White)));
        assert_eq!(board.stone_count(), 1);
        assert_eq!(board.get(p), Some(Stone::Black));
        assert_eq!(board.get(Point::new(5, 0)), None);
        let before = board.clone();
        assert!(matches!(
            board.set(Point::new(5, 0), Some(Stone::Black)),
            Err(MoveError::OffBoard { .. })
        ));
        assert_eq!(board, before);
        assert_eq!(board.set(p, None), Ok(Some(Stone::Black)));
        assert_eq!(board.stone_count(), 0);
    }

    #[test]
    fn wins_depend_on_the_rule() {
        let board = board_with(&["d8", "e8", "f8", "g8", "j8"], &[]);
        let h8: Point = "h8".parse().unwrap();
        let i8: Point = "i8".parse().unwrap();
        for rule in Rule::ALL {
            assert!(board.is_win(h8, Stone::Black, rule), "{rule}: five");
            assert!(!board.is_win(h8, Stone::White, rule));
        }
        assert!(!board.is_win(i8, Stone::Black, Rule::Freestyle));
        let six = board_with(&["c8", "d8", "e8", "f8", "g8"], &[]);
        assert!(six.is_win(h8, Stone::Black, Rule::Freestyle));
        assert!(!six.is_win(h8, Stone::Black, Rule::Standard));
        assert!(!six.is_win(h8, Stone::Black, Rule::Renju));
        assert!(six.is_win("b8".parse().unwrap(), Stone::Black, Rule::Freestyle));
        let six_white = board_with(&[], &["c8", "d8", "e8", "f8", "g8"]);
        assert!(six_white.is_win(h8, Stone::White, Rule::Renju));
        assert!(!six_white.is_win(h8, Stone::White, Rule::Omok));
    }

    #[test]
    fn edges_end_lines() {
        let board = board_with(&["a15", "b14", "c13", "d12"], &[]);
        assert!(board.is_win("e11".parse().unwrap(), Stone::Black, Rule::Standard));
        let line = board.winning_line("e11".parse().unwrap(), Stone::Black, Rule::Standard);
        let names: Vec<String> = line.unwrap().iter().map(Point::to_string).collect();
        assert_eq!(names, ["a15", "b14", "c13", "d12", "e11"]);
        let corner = board_with(&["o1", "o2", "o3", "o4"], &[]);
        assert!(corner.is_win("o5".parse().unwrap(), Stone::Black, Rule::Renju));
        assert!(!corner.is_win("o5".parse().unwrap(), Stone::White, Rule::Renju));
        assert!(
            !corner.is_win("o1".parse().unwrap(), Stone::Black, Rule::Renju),
            "occupied"
        );
    }

    #[test]
    fn display_marks_a_point() {
        let board = board_with(&["a15"], &["b15"]);
        let text = board.to_string();
        assert!(text.starts_with("    a b c"));
        assert!(text.lines().nth(1).unwrap().starts_with("15  X O . "));
        struct Marked<'a>(&'a Board);
        impl fmt::Display for Marked<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.draw(f, Some(Point::new(1, 0)), &[Point::new(2, 0)])
            }
        }
        assert!(
            Marked(&board)
                .to_string()
                .lines()
                .nth(1)
                .unwrap()
                .starts_with("15  X[O]! . ")
        );
    }
}

//! [`FoulMap`]: the points forbidden to one colour, kept up to date move by move instead of
//! classifying the whole board again ([spec](crate::spec) section 3).
//!
//! Whether an empty point `q` is forbidden is read first from the four lines through it,
//! the cells within five steps of `q` ([`crate::line`]). When those lines settle it (a five,
//! a double-four, an overline, or fewer than two possible threes), nothing else matters: a
//! stone put on or taken from a point `p` can change that answer only if `p` lies on one of
//! `q`'s lines within five steps, which is the same as `q` lying on one of `p`'s. Only the
//! points with two or more possible threes read further (each three's straight-four points
//! are classified in turn, with `q` played, and so on): they are few, and the map keeps them
//! in a list with how far from them their last classification read (5 steps, and 3 more for
//! each move it tried at once), and classifies them again after a change within that
//! distance. So after a change at `p` the map classifies the empty points of `p`'s four lines
//! and the listed points near enough, and gives the same answer as [`Board::fouls`] on the
//! whole board.

use crate::board::{Board, DIRECTIONS, index, point_of, step};
use crate::foul::settled_class;
use crate::line::{self, FoulBits};
use crate::point::Point;
use crate::rule::Rule;
use crate::stone::Stone;

/// The points forbidden to one colour under one rule, row-major (`y * size + x`, `x` from
/// the left, `y` from the top), kept up to date with [`FoulMap::update`] after each change of
/// the board.
///
/// ```
/// use omok_core::{FoulMap, Game, Point, Rule, Stone};
///
/// let mut game = Game::new(Rule::Renju);
/// let mut fouls = FoulMap::new(game.board(), Stone::Black, Rule::Renju);
/// for text in ["h8", "a1", "i8", "a2", "g9", "a3", "g7", "a4"] {
///     let p: Point = text.parse()?;
///     game.play(p)?;
///     fouls.update(game.board(), p);
/// }
/// assert!(fouls.is_forbidden("g8".parse()?), "g8 is black's double-three");
/// assert_eq!(fouls.count(), game.board().fouls(Stone::Black, Rule::Renju).len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FoulMap {
    stone: Stone,
    rule: Rule,
    size: u8,
    /// 1 at each forbidden point, row-major.
    forbidden: Vec<u8>,
    /// The [`FoulBits`] of the four lines through each empty point for the map's colour, one
    /// byte per direction ([`FoulBits::join`]; 0 at a stone), row-major: a change at `p`
    /// changes one line of each point of `p`'s lines, read again alone. Empty when the rule
    /// gives the colour no fouls, as are the lists below.
    lines: Vec<u32>,
    /// Per point (row-major): its last classification read beyond its own lines.
    deep: Vec<bool>,
    /// Per point whose flag in `deep` is set: how far (in steps along both axes) from it its
    /// last classification read; a change farther away cannot change it.
    reach: Vec<u16>,
    /// The points whose flag in `deep` is set: their array cells of the board, row-major
    /// slots and points.
    deep_cells: Vec<(usize, usize, Point)>,
    /// A copy of the board for the classifications that try moves (they restore it), only
    /// for a colour with fouls: copied at [`FoulMap::reset`], then kept equal by setting the
    /// changed point at each update (not a copy of the whole board each time).
    scratch: Option<Box<Board>>,
}

impl FoulMap {
    /// The points of `board` forbidden to `stone` under `rule` (none when the rule gives that
    /// colour no fouls).
    pub fn new(board: &Board, stone: Stone, rule: Rule) -> FoulMap {
        let mut map = FoulMap {
            stone,
            rule,
            size: board.size(),
            forbidden: Vec::new(),
            lines: Vec::new(),
            deep: Vec::new(),
            reach: Vec::new(),
            deep_cells: Vec::new(),
            scratch: None,
        };
        map.reset(board);
        map
    }

    /// Classifies every point of `board` anew (of any size), keeping the map's colour and
    /// rule and, when the size is the same, its memory.
    pub fn reset(&mut self, board: &Board) {
        let cells = usize::from(board.size()).pow(2);
        self.size = board.size();
        self.forbidden.clear();
        self.forbidden.resize(cells, 0);
        if !self.rule.has_fouls(self.stone) {
            // Nothing to keep: the map stays all 0, and small.
            return;
        }
        self.lines.clear();
        self.lines.resize(cells, 0);
        self.deep.clear();
        self.deep.resize(cells, false);
        self.reach.clear();
        self.reach.resize(cells, 0);
        self.deep_cells.clear();
        self.deep_cells.reserve(cells);
        match &mut self.scratch {
            Some(scratch) => (**scratch).clone_from(board),
            None => self.scratch = Some(Box::new(board.clone())),
        }
        if board.stone_count() == 0 {
            // No line of an empty board has a three, a four or a five: all 0, as cleared.
            return;
        }
        for p in board.points() {
            let q = index(p);
            if board.is_empty_cell(q) {
                self.lines[slot(q, self.size)] = FoulBits::join(
                    DIRECTIONS
                        .map(|d| line::foul_bits(usize::from(board.line_code(q, d, self.stone)))),
                );
            }
            self.classify(board, q);
        }
    }

    /// The colour whose fouls these are.
    pub fn stone(&self) -> Stone {
        self.stone
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Brings the map up to date after the point `p` of `board` changed (a stone put on it or
    /// taken from it, as [`crate::Game::play`] and [`crate::Game::undo`] do). `board` must be
    /// the map's board with only `p` changed since the last call; a board of another size, or
    /// `p` off the board, leaves the map as it is.
    pub fn update(&mut self, board: &Board, p: Point) {
        if !self.rule.has_fouls(self.stone) || board.size() != self.size || !board.contains(p) {
            return;
        }
        if let Some(scratch) = &mut self.scratch {
            let _ = scratch.set(p, board.get(p));
            // A board that is not the map's gives a wrong map (see `classify_slot`), but the
            // copy follows it again when the counts tell.
            if scratch.stone_count() != board.stone_count() {
                (**scratch).clone_from(board);
            }
        }
        let centre = index(p);
        let size = isize::from(self.size);
        let centre_slot = slot(centre, self.size);
        let centre_empty = board.is_empty_cell(centre);
        self.lines[centre_slot] = 0;
        let table = line::foul_table();
        for (line, (d, slot_step)) in DIRECTIONS
            .into_iter()
            .zip([1, size, size + 1, size - 1])
            .enumerate()
        {
            // The lines of `p` and of the points within five steps of it along `d`, all
            // windows of one read of the board.
            let segment = board.segment(centre, d, self.stone);
            let shift = 8 * line;
            for k in -5..=5isize {
                let q = step(centre, d, k);
                // A stone's lines are not kept: they are read again when it is taken away.
                if !board.is_empty_cell(q) {
                    continue;
                }
                let bits = table[line::segment_code(segment, (10 + k) as u32)];
                let s = centre_slot.wrapping_add_signed(k * slot_step);
                self.lines[s] = self.lines[s] & !(0xff << shift) | u32::from(bits.0) << shift;
                if k != 0 {
                    self.classify_slot(board, q, s);
                }
            }
        }
        if centre_empty {
            self.classify_slot(board, centre, centre_slot);
        } else {
            self.forbidden[centre_slot] = 0;
            self.deep[centre_slot] = false;
        }
        let mut i = 0;
        while let Some(&(q, s, at)) = self.deep_cells.get(i) {
            // The points of `p`'s lines were classified above, with the board as it is now.
            if distance(at, p) <= self.reach[s] && !on_lines_within_five(at, p) {
                self.classify(board, q);
            }
            i += 1;
        }
        let deep = &self.deep;
        self.deep_cells.retain(|&(_, s, _)| deep[s]);
    }

    /// Whether `p` is forbidden (`false` off the board).
    pub fn is_forbidden(&self, p: Point) -> bool {
        p.is_on(self.size)
            && self.forbidden[usize::from(p.y) * usize::from(self.size) + usize::from(p.x)] != 0
    }

    /// The number of forbidden points.
    pub fn count(&self) -> usize {
        self.forbidden.iter().filter(|&&f| f != 0).count()
    }

    /// 1 at each forbidden point and 0 elsewhere, row-major (`size * size` entries): the
    /// plane an observation tensor copies.
    pub fn as_slice(&self) -> &[u8] {
        &self.forbidden
    }

    /// Classifies the array cell `q` of `board` again (a stone there is not forbidden).
    fn classify(&mut self, board: &Board, q: usize) {
        let s = slot(q, self.size);
        if board.is_empty_cell(q) {
            self.classify_slot(board, q, s);
        } else {
            self.forbidden[s] = 0;
            self.deep[s] = false;
        }
    }

    /// Classifies the empty array cell `q` of `board`, at the row-major slot `s`, again.
    fn classify_slot(&mut self, board: &Board, q: usize, s: usize) {
        let (forbidden, deep) = match settled_class(self.lines[s], self.rule) {
            Some(class) => (class.is_foul(), false),
            // The three check reads the board itself (not the kept lines), so a board that
            // is not the map's gives a wrong map, never a broken check.
            None => {
                let scratch = self.scratch.get_or_insert_with(|| Box::new(board.clone()));
                let (class, deepest) = scratch.classify_with_depth(q, self.stone, self.rule);
                self.reach[s] = deepest.saturating_mul(3).saturating_add(5);
                (class.is_foul(), deepest > 0)
            }
        };
        self.forbidden[s] = u8::from(forbidden);
        if deep && !self.deep[s] {
            self.deep_cells.push((q, s, point_of(q)));
        }
        self.deep[s] = deep;
    }
}

impl std::fmt::Debug for FoulMap {
    /// The colour, the rule and the forbidden points in renju notation (the kept lines are
    /// the board's, and left out).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = self.size;
        let forbidden: Vec<String> = (0..size)
            .flat_map(|y| (0..size).map(move |x| Point::new(x, y)))
            .filter(|&p| self.is_forbidden(p))
            .map(|p| p.notation(size).to_string())
            .collect();
        f.debug_struct("FoulMap")
            .field("stone", &self.stone)
            .field("rule", &self.rule)
            .field("size", &size)
            .field("forbidden", &forbidden)
            .finish()
    }
}

impl PartialEq for FoulMap {
    /// Two maps are equal when they are for the same colour, rule and size and hold the same
    /// forbidden points (and the same line shapes and points to classify again).
    fn eq(&self, other: &FoulMap) -> bool {
        (self.stone, self.rule, self.size) == (other.stone, other.rule, other.size)
            && self.forbidden == other.forbidden
            && self.lines == other.lines
            && self.deep == other.deep
    }
}

impl Eq for FoulMap {}

/// The steps between two points along the axis where they are farthest apart.
fn distance(a: Point, b: Point) -> u16 {
    a.x.abs_diff(b.x).max(a.y.abs_diff(b.y)).into()
}

/// Whether `a` lies on one of `b`'s four lines within five steps of it (or is `b`).
fn on_lines_within_five(a: Point, b: Point) -> bool {
    let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= 5
}

/// The row-major index of the array cell `q` of a `size` board.
fn slot(q: usize, size: u8) -> usize {
    let p = point_of(q);
    usize::from(p.y) * usize::from(size) + usize::from(p.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{MAX_SIZE, MIN_SIZE};

    /// [`FoulMap::reset`] of an empty board only clears the lines: right because no line of
    /// an empty board, of any size, for either colour, has a three, a four or a five.
    #[test]
    fn no_line_of_an_empty_board_has_foul_bits() {
        for size in MIN_SIZE..=MAX_SIZE {
            let board = Board::new(size).unwrap();
            for p in board.points() {
                for d in DIRECTIONS {
                    for stone in [Stone::Black, Stone::White] {
                        let code = board.line_code(index(p), d, stone);
                        assert_eq!(
                            line::foul_bits(usize::from(code)),
                            FoulBits(0),
                            "{size} {p}"
                        );
                    }
                }
            }
        }
    }

    /// A colour the rule gives no fouls keeps only its all-0 plane: no lines, lists or
    /// scratch board (a batch of environments holds two maps each).
    #[test]
    fn a_colour_without_fouls_keeps_only_its_plane() {
        let mut board = Board::default();
        board.set(Point::new(7, 7), Some(Stone::Black)).unwrap();
        for (stone, rule) in [
            (Stone::White, Rule::Renju),
            (Stone::Black, Rule::Freestyle),
            (Stone::White, Rule::Standard),
        ] {
            let mut map = FoulMap::new(&board, stone, rule);
            map.update(&board, Point::new(7, 7));
            assert_eq!(map.as_slice(), &[0; 225][..]);
            assert!(map.lines.is_empty() && map.deep.is_empty() && map.reach.is_empty());
            assert!(map.scratch.is_none() && map.deep_cells.capacity() == 0);
        }
        let renju = FoulMap::new(&board, Stone::Black, Rule::Renju);
        assert_eq!(renju.lines.len(), 225);
    }

    #[test]
    fn the_points_on_a_points_lines() {
        let b = Point::new(7, 7);
        let on = |x, y| on_lines_within_five(Point::new(x, y), b);
        assert!(on(7, 7) && on(2, 7) && on(12, 12) && on(12, 2) && on(7, 12));
        assert!(!on(1, 7) && !on(8, 9) && !on(13, 13) && !on(9, 6));
    }
}

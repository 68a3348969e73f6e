//! Pattern evaluation: what a stone on a point builds, from the shapes of its four lines.
//! Shared by the threat-aware bot (one move deep) and the searching bot (its move order and
//! its leaves).

use crate::board::Board;
use crate::line::Shape;
use crate::rule::Rule;
use crate::stone::Stone;

/// The value of the empty cell `i` for `me` to play: what it builds, plus most of what it
/// takes from the opponent.
pub(crate) fn score(board: &Board, i: usize, me: Stone, rule: Rule) -> u32 {
    let them = me.opponent();
    score_shapes(&board.shapes(i, me), &board.shapes(i, them), me, rule)
}

/// [`score`] from the shapes of the point's lines for `me` and for the opponent.
pub(crate) fn score_shapes(mine: &[Shape; 4], theirs: &[Shape; 4], me: Stone, rule: Rule) -> u32 {
    potential(mine, rule.exact_five(me)) + defence(theirs, rule.exact_five(me.opponent()))
}

/// What a stone builds on a point whose lines have `shapes` (with `exact` fives).
pub(crate) fn potential(shapes: &[Shape; 4], exact: bool) -> u32 {
    Threats::of(shapes, exact).value(&ATTACK)
}

/// What a stone takes from the opponent whose lines through the point have `shapes`.
fn defence(shapes: &[Shape; 4], exact: bool) -> u32 {
    Threats::of(shapes, exact).value(&DEFENCE) * 4 / 5
}

/// Values of an open four (or two fours), a four-three and a double-three of one's own...
const ATTACK: [u32; 3] = [50_000, 20_000, 8_000];
/// ... and of the opponent's, taken away: below one's own four-three, so that a four-three
/// is played before an open three is blocked, but above one's own double-three.
const DEFENCE: [u32; 3] = [15_000, 6_000, 3_000];

/// The threats a stone on a point makes, counted over its four lines.
struct Threats {
    /// Lines that become a straight four or hold two fours.
    open_fours: u32,
    /// Lines that become a four (one point away from five).
    fours: u32,
    /// Lines that become a three.
    threes: u32,
    /// Room to grow, summed over the lines.
    room: u32,
}

impl Threats {
    fn of(shapes: &[Shape; 4], exact: bool) -> Threats {
        let mut threats = Threats {
            open_fours: 0,
            fours: 0,
            threes: 0,
            room: 0,
        };
        for shape in shapes {
            let wins = shape.winning_points(exact);
            if shape.is_straight_four() || wins >= 2 {
                threats.open_fours += 1;
            } else if wins == 1 {
                threats.fours += 1;
            } else if shape.three_points() != 0 {
                threats.threes += 1;
            }
            threats.room += [0, 1, 6, 30, 150, 150][shape.window() as usize];
        }
        threats
    }

    /// The value, given the values of the three deciding combinations: an open four (or two
    /// fours), a four-three, a double-three.
    fn value(&self, combos: &[u32; 3]) -> u32 {
        let base = self.fours * 1_500 + self.threes * 600 + self.room;
        if self.open_fours > 0 || self.fours >= 2 {
            combos[0] + base
        } else if self.fours == 1 && self.threes >= 1 {
            combos[1] + base
        } else if self.threes >= 2 {
            combos[2] + base
        } else {
            base
        }
    }
}

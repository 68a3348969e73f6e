//! State transitions over [`crate::hand`]: one hand of the full game of spec section 4
//! (`kyoku`) and the match of hands around it (`hanchan`), with what they share (rules,
//! seats, the wall's sizes); and the classroom game of section 3 in its own module
//! (`classroom`). Bots in [`crate::bot`] read the views only.

use std::fmt;

pub mod classroom;
pub(crate) mod hanchan;
pub(crate) mod kyoku;
pub(crate) mod rules;
pub(crate) mod seat;
pub(crate) mod wall;

/// Writes an exhaustive draw with its tenpai seats (indices, in seat order), as every event
/// and outcome shows it: `ryuukyoku, no one tenpai`, `ryuukyoku, tenpai: seat 1`,
/// `ryuukyoku, tenpai: seats 1 3`.
pub(crate) fn write_ryuukyoku(f: &mut fmt::Formatter<'_>, tenpai: &[usize]) -> fmt::Result {
    match tenpai {
        [] => f.write_str("ryuukyoku, no one tenpai"),
        [seat] => write!(f, "ryuukyoku, tenpai: seat {seat}"),
        seats => {
            f.write_str("ryuukyoku, tenpai: seats")?;
            seats.iter().try_for_each(|seat| write!(f, " {seat}"))
        }
    }
}

//! State transitions over [`crate::hand`]: the classroom game of spec section 3 (wall, rules,
//! actions, events, views, outcomes, seats) and one hand of the full game of section 4
//! (`kyoku`) and the match of hands around it (`hanchan`). Bots in [`crate::bot`] read the
//! views only.

pub(crate) mod action;
pub(crate) mod classroom;
pub(crate) mod event;
pub(crate) mod hanchan;
pub(crate) mod kyoku;
pub(crate) mod outcome;
pub(crate) mod rules;
pub(crate) mod seat;
pub(crate) mod view;
pub(crate) mod wall;

#![doc = include_str!("../README.md")]

/// The rules this crate implements, section by section: the spec that the docs cite as
/// "section N" (a copy of the project's Matgo rules, with section 12 for Go-Stop among three,
/// `RULES.md`).
#[doc = include_str!("../RULES.md")]
pub mod spec {}

#[cfg(feature = "serde")]
mod serde_array;
#[cfg(feature = "serde")]
mod serde_checked;

mod action;
pub mod bot;
mod card;
mod card_set;
mod deal;
mod event;
mod game;
mod gostop;
mod match_play;
mod names;
mod player;
mod rules;
mod score;
mod seat;
pub mod settle;
mod turn;
mod view;
mod words;

pub use action::{Action, ActionList, Decision, LegalSet, ParseActionError};
pub use card::{Card, Dan, GukjinUse, Kind, ParseCardError};
pub use card_set::{CardSet, Iter, ParseCardSetError};
pub use deal::{Deal, DealError, Deck, FLOOR_SIZE, HAND_SIZE};
pub use event::{Event, InstantReason, Outcome};
pub use game::{ActionError, Game, Table, Tally};
pub use gostop::{
    Dokbak, GoStop, GoStopMatch, GoStopRules, GoStopSettlement, GwangSale, LoserShare, Meong, Sale,
    SalePayers, SeatChoice, SeatView, Seating, SeatingError, Sitting, TableError, TableSettlement,
};
pub use match_play::{Match, MatchError};
pub use names::Names;
pub use player::{Player, PlayerIndexError};
pub use rules::{
    BonusCards, BothChongtong, FloorFour, GoBonus, GukjinChoice, InstantPayout, ParseRulesError,
    PiSteal, Rules, TwoCardBomb,
};
pub use score::Score;
pub use seat::{Seat, SeatError, SeatIndex};
pub use settle::{Baks, PlayerSummary, Settlement};
pub use view::View;

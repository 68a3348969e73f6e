//! One mjai line: its `type` and fields, as the original mjai server and Mortal's libriichi
//! write them.

use serde::{Deserialize, Serialize};

use crate::mjai::tile::MjaiTile;

/// Points of the four seats, by seat index.
pub type Scores = [i32; 4];

/// One line of an mjai log (JSON with a `type` field). Seats (`actor`, `target`, `oya`,
/// `id`) are seat indices 0..=3; points are game points. Fields in `Option` are written
/// only when known and, when reading a log, checked only when present (other tools leave
/// some out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum MjaiEvent {
    /// The match starts. `id`: the seat the log is written for (a per-seat log).
    StartGame {
        /// The seat the log is written for; absent in a full log.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u8>,
        /// The players' names, by seat.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        names: Option<[String; 4]>,
    },
    /// A hand starts: the round wind (`bakaze`, `E S W N`), the hand number in the round
    /// (`kyoku`, 1..=4), honba, riichi sticks on the table (`kyotaku`), the dealer (`oya`),
    /// the first dora indicator, the points and the 13 dealt tiles of each seat (`?` for
    /// tiles the reader may not see).
    StartKyoku {
        /// The round wind.
        bakaze: MjaiTile,
        /// The dealer's position in the round, 1..=4 (East 1 is 1).
        kyoku: u8,
        /// Honba counters.
        honba: u32,
        /// Riichi sticks on the table.
        kyotaku: u32,
        /// The dealer's seat.
        oya: u8,
        /// The first dora indicator.
        dora_marker: MjaiTile,
        /// Each seat's points.
        scores: Scores,
        /// Each seat's 13 dealt tiles.
        tehais: [Vec<MjaiTile>; 4],
    },
    /// `actor` draws `pai` (from the live wall, or the replacement tile after a kan).
    Tsumo {
        /// The drawer.
        actor: u8,
        /// The tile (`?` for another seat's draw in a per-seat log).
        pai: MjaiTile,
    },
    /// `actor` discards `pai`; `tsumogiri` when it is the tile just drawn.
    Dahai {
        /// The discarder.
        actor: u8,
        /// The tile.
        pai: MjaiTile,
        /// Whether it is the tile just drawn.
        tsumogiri: bool,
    },
    /// `actor` calls `target`'s discard `pai` into a sequence with `consumed` (2 tiles).
    Chi {
        /// The caller.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The two tiles of the caller's hand.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` calls `target`'s discard `pai` into a triplet with `consumed` (2 tiles).
    Pon {
        /// The caller.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The two tiles of the caller's hand.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` calls `target`'s discard `pai` onto three of its own (open kan, daiminkan).
    Daiminkan {
        /// The caller.
        actor: u8,
        /// The discarder.
        target: u8,
        /// The called tile.
        pai: MjaiTile,
        /// The three tiles of the caller's hand.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` adds `pai` to its pon of `consumed` (added kan, kakan).
    Kakan {
        /// The seat.
        actor: u8,
        /// The added tile.
        pai: MjaiTile,
        /// The three tiles of the pon.
        consumed: Vec<MjaiTile>,
    },
    /// `actor` declares four concealed copies (closed kan, ankan).
    Ankan {
        /// The seat.
        actor: u8,
        /// The four tiles.
        consumed: Vec<MjaiTile>,
    },
    /// A new dora indicator is turned over (after a kan).
    Dora {
        /// The indicator.
        dora_marker: MjaiTile,
    },
    /// `actor` declares riichi; its discard follows.
    Reach {
        /// The seat.
        actor: u8,
    },
    /// `actor`'s riichi discard passed without ron: its 1,000-point stick is on the table.
    ReachAccepted {
        /// The seat.
        actor: u8,
        /// The point changes (-1,000 for `actor`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<Scores>,
        /// Each seat's points after.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Scores>,
    },
    /// `actor` wins on `pai` from `target` (`target == actor` for tsumo). A double ron
    /// writes two lines, the seat nearer the discarder first (it takes the riichi sticks).
    Hora {
        /// The winner.
        actor: u8,
        /// The discarder, or the winner for a tsumo.
        target: u8,
        /// The winning tile.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pai: Option<MjaiTile>,
        /// The ura-dora indicators (riichi only; empty otherwise). Mortal's name for it,
        /// `ura_markers`, is read too.
        #[serde(
            default,
            alias = "ura_markers",
            skip_serializing_if = "Option::is_none"
        )]
        uradora_markers: Option<Vec<MjaiTile>>,
        /// The yaku with their han, by mjai's names (`reach`, `menzenchin_tsumoho`,
        /// `sangenpai`...), then `dora`, `akadora`, `uradora` when counted.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        yakus: Option<Vec<(String, u32)>>,
        /// The fu (0 for a yakuman hand).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fu: Option<u32>,
        /// The han, dora included (13 per yakuman).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fan: Option<u32>,
        /// The hand's value without honba and riichi sticks.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hora_points: Option<u32>,
        /// The point changes of this win (honba, sticks and pao included).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<Scores>,
        /// Each seat's points after this win.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Scores>,
    },
    /// The hand ends without a win: `reason` `fanpai` (exhaustive draw), `nagashimangan`,
    /// `kyushukyuhai` (with `actor`), `sufonrenta`, `suchareach`, `sukaikan` or `sanchaho`.
    Ryukyoku {
        /// The seat that declared kyuushu kyuuhai.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        actor: Option<u8>,
        /// Why.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
        /// Which seats were tenpai (exhaustive draw only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tenpais: Option<[bool; 4]>,
        /// The point changes (tenpai payments, nagashi mangan).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        deltas: Option<Scores>,
        /// Each seat's points after.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Scores>,
    },
    /// The hand is over.
    EndKyoku,
    /// The match is over.
    EndGame {
        /// The final points (leftover riichi sticks to the first place).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Scores>,
    },
}

impl MjaiEvent {
    /// The line's `type` word (`start_kyoku`, `dahai`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            MjaiEvent::StartGame { .. } => "start_game",
            MjaiEvent::StartKyoku { .. } => "start_kyoku",
            MjaiEvent::Tsumo { .. } => "tsumo",
            MjaiEvent::Dahai { .. } => "dahai",
            MjaiEvent::Chi { .. } => "chi",
            MjaiEvent::Pon { .. } => "pon",
            MjaiEvent::Daiminkan { .. } => "daiminkan",
            MjaiEvent::Kakan { .. } => "kakan",
            MjaiEvent::Ankan { .. } => "ankan",
            MjaiEvent::Dora { .. } => "dora",
            MjaiEvent::Reach { .. } => "reach",
            MjaiEvent::ReachAccepted { .. } => "reach_accepted",
            MjaiEvent::Hora { .. } => "hora",
            MjaiEvent::Ryukyoku { .. } => "ryukyoku",
            MjaiEvent::EndKyoku => "end_kyoku",
            MjaiEvent::EndGame { .. } => "end_game",
        }
    }

    /// The `type` words of every line, in the order above.
    pub const KINDS: [&'static str; 16] = [
        "start_game",
        "start_kyoku",
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "dora",
        "reach",
        "reach_accepted",
        "hora",
        "ryukyoku",
        "end_kyoku",
        "end_game",
    ];

    /// The acting seat (`actor`), when the line has one.
    pub fn actor(&self) -> Option<u8> {
        match *self {
            MjaiEvent::Tsumo { actor, .. }
            | MjaiEvent::Dahai { actor, .. }
            | MjaiEvent::Chi { actor, .. }
            | MjaiEvent::Pon { actor, .. }
            | MjaiEvent::Daiminkan { actor, .. }
            | MjaiEvent::Kakan { actor, .. }
            | MjaiEvent::Ankan { actor, .. }
            | MjaiEvent::Reach { actor }
            | MjaiEvent::ReachAccepted { actor, .. }
            | MjaiEvent::Hora { actor, .. } => Some(actor),
            MjaiEvent::Ryukyoku { actor, .. } => actor,
            _ => None,
        }
    }

    /// The JSON line (no newline). Writing an `MjaiEvent` to JSON cannot fail: its fields
    /// are strings, numbers, booleans and lists.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

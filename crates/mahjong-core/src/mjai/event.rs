//! One mjai line: its `type` and fields, as the original mjai server and Mortal's libriichi
//! write them.

use std::fmt;
use std::str::FromStr;

use crate::mjai::error::MjaiError;
use crate::mjai::json::{FieldError, ObjectReader, ObjectWriter};
use crate::mjai::parse::parse_line;
use crate::mjai::tile::MjaiTile;

/// Points of the four seats, by seat index.
pub type Scores = [i32; 4];

/// One line of an mjai log (JSON with a `type` field). Seats (`actor`, `target`, `oya`,
/// `id`) are seat indices 0..=3; points are game points. Fields in `Option` are written
/// only when known and, when reading a log, checked only when present (other tools leave
/// some out).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MjaiEvent {
    /// The match starts. `id`: the seat the log is written for (a per-seat log).
    StartGame {
        /// The seat the log is written for; absent in a full log.
        id: Option<u8>,
        /// The players' names, by seat.
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
    /// `actor` declares a North aside (kita, three-player riichi), as the three-player
    /// forks of Mortal's libriichi write it (`{"type":"nukidora","actor":0,"pai":"N"}`);
    /// RiichiEnv writes the same line with the type `kita`, which is read too. Its
    /// replacement draw follows as a `tsumo`.
    Nukidora {
        /// The seat.
        actor: u8,
        /// The tile, always North.
        pai: MjaiTile,
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
        deltas: Option<Scores>,
        /// Each seat's points after.
        scores: Option<Scores>,
    },
    /// `actor` wins on `pai` from `target` (`target == actor` for tsumo). A double ron
    /// writes two lines, the seat nearer the discarder first (it takes the riichi sticks, and
    /// under Tenhou's rules the honba).
    Hora {
        /// The winner.
        actor: u8,
        /// The discarder, or the winner for a tsumo.
        target: u8,
        /// The winning tile.
        pai: Option<MjaiTile>,
        /// The ura-dora indicators (riichi only; empty otherwise). Mortal's name for the
        /// field, `ura_markers`, is read too.
        uradora_markers: Option<Vec<MjaiTile>>,
        /// The yaku with their han, by mjai's names (`reach`, `menzenchin_tsumoho`,
        /// `sangenpai`...), then `dora`, `akadora`, `uradora` when counted.
        yakus: Option<Vec<(String, u32)>>,
        /// The fu (0 for a yakuman hand).
        fu: Option<u32>,
        /// The han, dora included (13 per yakuman).
        fan: Option<u32>,
        /// The hand's value without honba and riichi sticks.
        hora_points: Option<u32>,
        /// The point changes of this win (honba, sticks and pao included).
        deltas: Option<Scores>,
        /// Each seat's points after this win.
        scores: Option<Scores>,
    },
    /// The hand ends without a win: `reason` `fanpai` (exhaustive draw), `nagashimangan`,
    /// `kyushukyuhai` (with `actor`), `sufonrenta`, `suchareach`, `sukaikan` or `sanchaho`.
    Ryukyoku {
        /// The seat that declared kyuushu kyuuhai.
        actor: Option<u8>,
        /// Why.
        reason: Option<String>,
        /// Which seats were tenpai (exhaustive draw only).
        tenpais: Option<[bool; 4]>,
        /// The point changes (tenpai payments, nagashi mangan).
        deltas: Option<Scores>,
        /// Each seat's points after.
        scores: Option<Scores>,
    },
    /// The hand is over.
    EndKyoku,
    /// The match is over.
    EndGame {
        /// The final points (leftover riichi sticks to the first place).
        scores: Option<Scores>,
    },
}

impl fmt::Display for MjaiEvent {
    /// The JSON line, as [`MjaiEvent::to_json`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_json())
    }
}

impl FromStr for MjaiEvent {
    type Err = MjaiError;

    /// Reads one JSON line (its errors say line 1).
    ///
    /// # Errors
    /// As [`parse_log`](crate::mjai::parse_log).
    fn from_str(text: &str) -> Result<MjaiEvent, MjaiError> {
        parse_line(1, text)
    }
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
            MjaiEvent::Nukidora { .. } => "nukidora",
            MjaiEvent::ReachAccepted { .. } => "reach_accepted",
            MjaiEvent::Hora { .. } => "hora",
            MjaiEvent::Ryukyoku { .. } => "ryukyoku",
            MjaiEvent::EndKyoku => "end_kyoku",
            MjaiEvent::EndGame { .. } => "end_game",
        }
    }

    /// The `type` words of every line, in the order above.
    pub const KINDS: [&'static str; 17] = [
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
        "nukidora",
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
            | MjaiEvent::Nukidora { actor, .. }
            | MjaiEvent::ReachAccepted { actor, .. }
            | MjaiEvent::Hora { actor, .. } => Some(actor),
            MjaiEvent::Ryukyoku { actor, .. } => actor,
            _ => None,
        }
    }

    /// The JSON line (no newline), fields in the order above, `type` first; `Option`
    /// fields only when present.
    pub fn to_json(&self) -> String {
        let line = ObjectWriter::new(self.kind());
        match self {
            MjaiEvent::StartGame { id, names } => line.optional("id", id).optional("names", names),
            MjaiEvent::StartKyoku {
                bakaze,
                kyoku,
                honba,
                kyotaku,
                oya,
                dora_marker,
                scores,
                tehais,
            } => line
                .field("bakaze", bakaze)
                .field("kyoku", kyoku)
                .field("honba", honba)
                .field("kyotaku", kyotaku)
                .field("oya", oya)
                .field("dora_marker", dora_marker)
                .field("scores", scores)
                .field("tehais", tehais),
            MjaiEvent::Tsumo { actor, pai } => line.field("actor", actor).field("pai", pai),
            MjaiEvent::Dahai {
                actor,
                pai,
                tsumogiri,
            } => line
                .field("actor", actor)
                .field("pai", pai)
                .field("tsumogiri", tsumogiri),
            MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            }
            | MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            }
            | MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            } => line
                .field("actor", actor)
                .field("target", target)
                .field("pai", pai)
                .field("consumed", consumed),
            MjaiEvent::Kakan {
                actor,
                pai,
                consumed,
            } => line
                .field("actor", actor)
                .field("pai", pai)
                .field("consumed", consumed),
            MjaiEvent::Ankan { actor, consumed } => {
                line.field("actor", actor).field("consumed", consumed)
            }
            MjaiEvent::Dora { dora_marker } => line.field("dora_marker", dora_marker),
            MjaiEvent::Reach { actor } => line.field("actor", actor),
            MjaiEvent::Nukidora { actor, pai } => line.field("actor", actor).field("pai", pai),
            MjaiEvent::ReachAccepted {
                actor,
                deltas,
                scores,
            } => line
                .field("actor", actor)
                .optional("deltas", deltas)
                .optional("scores", scores),
            MjaiEvent::Hora {
                actor,
                target,
                pai,
                uradora_markers,
                yakus,
                fu,
                fan,
                hora_points,
                deltas,
                scores,
            } => line
                .field("actor", actor)
                .field("target", target)
                .optional("pai", pai)
                .optional("uradora_markers", uradora_markers)
                .optional("yakus", yakus)
                .optional("fu", fu)
                .optional("fan", fan)
                .optional("hora_points", hora_points)
                .optional("deltas", deltas)
                .optional("scores", scores),
            MjaiEvent::Ryukyoku {
                actor,
                reason,
                tenpais,
                deltas,
                scores,
            } => line
                .optional("actor", actor)
                .optional("reason", reason)
                .optional("tenpais", tenpais)
                .optional("deltas", deltas)
                .optional("scores", scores),
            MjaiEvent::EndKyoku => line,
            MjaiEvent::EndGame { scores } => line.optional("scores", scores),
        }
        .finish()
    }

    /// Whether this is the `start_kyoku` of a three-player hand: tiles shown to seats 0 to
    /// 2 and none to seat 3 (its `tehais` empty or all `?`), as three-player logs write it.
    pub fn deals_three_seats(&self) -> bool {
        matches!(self, MjaiEvent::StartKyoku { tehais, .. } if three_dealt(tehais))
    }

    /// The line of a call of a discard: `chi` or `pon` for that `kind`, `daiminkan` for any
    /// other; `actor` calls `pai` from `target`'s discard with `consumed` from its hand.
    /// Record readers build their calls with it.
    pub fn call(
        kind: &str,
        actor: u8,
        target: u8,
        pai: MjaiTile,
        consumed: Vec<MjaiTile>,
    ) -> MjaiEvent {
        match kind {
            "chi" => MjaiEvent::Chi {
                actor,
                target,
                pai,
                consumed,
            },
            "pon" => MjaiEvent::Pon {
                actor,
                target,
                pai,
                consumed,
            },
            _ => MjaiEvent::Daiminkan {
                actor,
                target,
                pai,
                consumed,
            },
        }
    }

    /// The line of type `kind` (one of [`MjaiEvent::KINDS`]) with the fields of `line`.
    pub(super) fn read(kind: &str, line: &ObjectReader<'_>) -> Result<MjaiEvent, FieldError> {
        let tiles = |name: &str| line.get::<Vec<MjaiTile>>(name);
        Ok(match kind {
            "start_game" => MjaiEvent::StartGame {
                id: line.optional("id")?,
                names: line.optional("names")?,
            },
            "start_kyoku" => MjaiEvent::StartKyoku {
                bakaze: line.get("bakaze")?,
                kyoku: line.get("kyoku")?,
                honba: line.get("honba")?,
                kyotaku: line.get("kyotaku")?,
                oya: line.get("oya")?,
                dora_marker: line.get("dora_marker")?,
                scores: line.get("scores")?,
                tehais: line.get("tehais")?,
            },
            "tsumo" => MjaiEvent::Tsumo {
                actor: line.get("actor")?,
                pai: line.get("pai")?,
            },
            "dahai" => MjaiEvent::Dahai {
                actor: line.get("actor")?,
                pai: line.get("pai")?,
                tsumogiri: line.get("tsumogiri")?,
            },
            "chi" | "pon" | "daiminkan" => {
                let (actor, target) = (line.get("actor")?, line.get("target")?);
                let (pai, consumed) = (line.get("pai")?, tiles("consumed")?);
                MjaiEvent::call(kind, actor, target, pai, consumed)
            }
            "kakan" => MjaiEvent::Kakan {
                actor: line.get("actor")?,
                pai: line.get("pai")?,
                consumed: tiles("consumed")?,
            },
            "ankan" => MjaiEvent::Ankan {
                actor: line.get("actor")?,
                consumed: tiles("consumed")?,
            },
            "dora" => MjaiEvent::Dora {
                dora_marker: line.get("dora_marker")?,
            },
            "reach" => MjaiEvent::Reach {
                actor: line.get("actor")?,
            },
            "nukidora" | "kita" => MjaiEvent::Nukidora {
                actor: line.get("actor")?,
                pai: line.optional("pai")?.unwrap_or(MjaiTile::Known(
                    crate::score::TileCopy::plain(crate::hand::tile::NORTH),
                )),
            },
            "reach_accepted" => MjaiEvent::ReachAccepted {
                actor: line.get("actor")?,
                deltas: line.optional("deltas")?,
                scores: line.optional("scores")?,
            },
            "hora" => MjaiEvent::Hora {
                actor: line.get("actor")?,
                target: line.get("target")?,
                pai: line.optional("pai")?,
                uradora_markers: match line.optional("uradora_markers")? {
                    Some(markers) => Some(markers),
                    None => line.optional("ura_markers")?,
                },
                yakus: line.optional("yakus")?,
                fu: line.optional("fu")?,
                fan: line.optional("fan")?,
                hora_points: line.optional("hora_points")?,
                deltas: line.optional("deltas")?,
                scores: line.optional("scores")?,
            },
            "ryukyoku" => MjaiEvent::Ryukyoku {
                actor: line.optional("actor")?,
                reason: line.optional("reason")?,
                tenpais: line.optional("tenpais")?,
                deltas: line.optional("deltas")?,
                scores: line.optional("scores")?,
            },
            "end_kyoku" => MjaiEvent::EndKyoku,
            _ => MjaiEvent::EndGame {
                scores: line.optional("scores")?,
            },
        })
    }
}

/// Whether a tile is shown in `hand` (a seat's log hides the others' as `?`).
pub(super) fn shows_tiles(hand: &[MjaiTile]) -> bool {
    hand.iter().any(|tile| *tile != MjaiTile::Hidden)
}

/// Whether `tehais` deal seats 0 to 2 and not seat 3.
pub(super) fn three_dealt(tehais: &[Vec<MjaiTile>; 4]) -> bool {
    tehais[..3].iter().all(|hand| shows_tiles(hand)) && !shows_tiles(&tehais[3])
}

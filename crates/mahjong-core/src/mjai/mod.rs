//! mjai logs (cargo feature `mjai`): the JSON-lines protocol riichi bots, reviewers and log
//! tools speak (the original mjai server's, which Mortal's libriichi and mjai.app read).
//!
//! [`MjaiWriter`] writes any hand of the full game (spec section 4) as mjai lines, a full
//! log or the log one seat may see; [`parse_log`] reads lines; [`replay_hands`] plays a log
//! again and checks that the game writes every line the same; [`logged_hands`] gives each
//! replayed hand's table, wall and actions, for those who drive their own game with a log.
//!
//! [`MjaiBot`] plays one seat over mjai (told its view, it answers with action lines);
//! [`referee`] plays matches between mjai bots, in-process or as programs, with mjai.app's
//! time limit and penalties. Tenhou's formats (XML and tenhou.net/6 JSON) are read and
//! written by the `mahjong-records` crate, through the names [`yaku_name`] and
//! [`abort_reason`] give.
//!
//! # The mapping
//!
//! | Game | mjai line |
//! |---|---|
//! | the match starts | `{"type":"start_game"}` (`"id":seat` in a seat's log; `names` when given, [`MjaiWriter::named`]) |
//! | a hand is dealt ([`KyokuStart`](crate::KyokuStart), wall) | `start_kyoku`: `bakaze` (round wind `E S W N`), `kyoku` (dealer's seat + 1), `honba`, `kyotaku` (riichi sticks), `oya` (dealer), `dora_marker`, `scores`, `tehais` (13 per seat, in index order; `?` for others in a seat's log) |
//! | [`KyokuEvent::Draw`](crate::KyokuEvent::Draw) (live or replacement tile) | `tsumo`: `actor`, `pai` (`?` for another seat) |
//! | `Riichi` | `reach`: `actor` (its `dahai` follows) |
//! | `Discard` | `dahai`: `actor`, `pai`, `tsumogiri` |
//! | `Meld` chi, pon, open kan | `chi` / `pon` / `daiminkan`: `actor`, `target` (discarder), `pai` (called), `consumed` (from the hand) |
//! | `Meld` added kan | `kakan`: `actor`, `pai` (added), `consumed` (the pon's three) |
//! | `Meld` closed kan | `ankan`: `actor`, `consumed` (four) |
//! | `DoraIndicator` | `dora`: `dora_marker` (right after `ankan`; for an open or added kan before the kan player's `dahai`, or before the next `ankan` when the replacement tile is kanned first) |
//! | `Payment` of a riichi stick | `reach_accepted`: `actor`, `deltas`, `scores` |
//! | `Win` and its payments | `hora`: `actor`, `target` (discarder; the winner on tsumo), `pai`, `uradora_markers` (riichi only), `yakus` (mjai names with han), `fu`, `fan`, `hora_points` (without honba and sticks), `deltas`, `scores`; a double ron writes two, the seat nearer the discarder first |
//! | `Ryuukyoku` and its payments | `ryukyoku`: `reason` `fanpai` (`nagashimangan` with one), `tenpais`, `deltas`, `scores` |
//! | `Abort` | `ryukyoku`: `reason` `kyushukyuhai` (with `actor`), `sufonrenta`, `suchareach`, `sukaikan` or `sanchaho`; `deltas` 0 |
//! | `Kita` (sanma: North set aside) | `nukidora`: `actor`, `pai` `N` (the replacement `tsumo` follows) |
//! | the hand ends | `end_kyoku` |
//! | the match ends | `end_game`: `scores` |
//!
//! A three-player hand (sanma, RULES.md section 6) writes four-seat lists as the
//! three-player forks of Mortal's libriichi read them: the fourth seat's `tehais` all `?`,
//! its `scores` and `deltas` 0. Reading, RiichiEnv's three-seat lists and `kita` lines are
//! taken too. [`MjaiBot`] and the [`referee`] play such hands (under
//! [`Rules::tenhou_sanma`](crate::Rules::tenhou_sanma) or
//! [`Rules::mahjong_soul_sanma`](crate::Rules::mahjong_soul_sanma)): a bot answers a kita
//! as `{"type":"nukidora","actor":A,"pai":"N"}`, as those forks' bots do.
//!
//! Tiles are `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, red fives `5mr` `5pr` `5sr`, winds
//! `E S W N`, dragons `P F C` (white, green, red) ([`MjaiTile`]). Seats are 0..=3.
//!
//! # Logs of other engines
//!
//! Reading, Mortal's `ura_markers` is taken for `uradora_markers`, fields this crate does
//! not use are ignored (`meta`, `seed`, `hora_tehais`, riichienv's `tsumo`...), and a
//! replay checks only the fields a line gives. A replay also takes:
//! - the kan dora line after the kan player's `dahai` (this crate's order before issue 20)
//!   as well as before it;
//! - `start_game` with the players' `names` (kept in the replayed log's `start_game`);
//! - a bare `ryukyoku` (Mortal's libriichi writes only `deltas`) for any draw, and as the
//!   seat's action right after its draw, kyuushu kyuuhai;
//! - riichienv's words for the draws: `exhaustive_draw`, `nagashi_mangan`,
//!   `kyushu_kyuhai`, `sufuurenta`, `suucha_riichi`, `suukansansen`.

mod bot;
mod error;
mod event;
mod json;
mod names;
mod order;
mod parse;
mod reaction;
pub mod referee;
mod replay;
mod tile;
mod wall;
mod write;

pub use bot::{MjaiBot, MjaiBotError, NONE_LINE};
pub use error::MjaiError;
pub use event::{MjaiEvent, Scores};
pub use names::{FANPAI, NAGASHIMANGAN, abort_reason, reason_word, yaku_name};
pub use parse::parse_log;
pub use replay::{
    LoggedAction, LoggedHand, logged_hands, logged_hands_of_text, replay, replay_hands,
};
pub use tile::{MjaiTile, ParseMjaiTileError};
pub use write::{MjaiWriter, to_jsonl};

//! tenhou.net/6 JSON game logs: the format tenhou.net/6's viewer shows and log tools
//! exchange (mjai-reviewer, NAGA, Mahjong Soul records converted by tensoul), read as a
//! [`GameRecord`](crate::GameRecord) ([`read`]) and written from one ([`write()`]).
//!
//! # The format
//!
//! A log is a JSON object: `log` holds one array per hand, `name` the four players'
//! names, `rule` the lobby (`disp`) and red-five flags (`aka`, `aka51` `aka52` `aka53`;
//! see below), `sc` the final points and ranking points (`[points0, rank0, points1, ...]`,
//! points in game points, ranking points in thousands with uma), `title` two free lines.
//! Each hand is
//! `[[hand, honba, sticks], [points × 4], [dora indicators], [ura indicators],`
//! then for each seat from seat 0 `haipai` (13 tiles), `draws`, `discards`, and last the
//! result. Tiles are numbers: `11`..`19` man, `21`..`29` pin, `31`..`39` sou, `41`..`47`
//! E S W N and the white, green, red dragons, `51` `52` `53` the red fives. `hand` is
//! 0 for East 1 to 3 for East 4, 4 for South 1 and so on: seat `hand % 4` deals.
//!
//! `draws` holds a tile per draw, or the string of a call that took the place of a draw:
//! `"c<called><a><b>"` (chi, from the previous seat), a pon `p` or open kan `m` with the
//! called tile's place saying whom it came from (first: the previous seat, `"p454545"`;
//! middle: the seat opposite, `"45p4545"`; last: the next seat, `"4545p45"`, or
//! `"454545m45"` for an open kan). `discards` holds a tile per discard, `60` for tsumogiri,
//! `"r<tile>"` for a riichi discard, a closed kan `"<t><t><t>a<t>"` or an added kan
//! (`k` before the added tile, at the pon's place) that took the place of a discard, a
//! `0` after an open kan, and `"f44"` for a North set aside (kita) in three-player games.
//! The result is `["和了", deltas, [winner, from, pao, points, yaku…], …]` (one pair per
//! winner; `pao` is the winner when no one is liable; the points string and yaku strings
//! as `"30符1飜1000点"`, `"満貫2000-4000点"`, `"40符2飜1300点∀"` and `"立直(1飜)"`,
//! `"大三元(役満)"`), `["流局", deltas]` (`["全員聴牌"]` and `["全員不聴"]` when every
//! seat or none is tenpai), `["流し満貫", deltas]`, or an abortive draw (`九種九牌`,
//! `四風連打`, `四家立直`, `四槓散了`, `三家和了`).
//!
//! Three-player logs keep four seats: the fourth seat's haipai, draws and discards are
//! empty, its points, point changes and final points 0 and its name `""`; seats call each
//! other's tiles with the places of a four-seat table (tensoul `convert.js`,
//! `relativeseating`), the dealer is still seat `hand % 4` (South 1 is hand 4), a kita is
//! `"f44"` in the discards (its replacement draw in the draws) and its dora are counted in
//! `ドラ` (so Tenhou's own `三鳳南喰赤` logs of 2024 write them; tensoul writes `抜きドラ`).
//!
//! The format is documented by the tools that write it (tenhou.net/6's editor, tensoul's
//! `convert.js`, mjai-reviewer's `convlog`); this module follows those descriptions.
//!
//! # The rule object
//!
//! Tenhou names a lobby in `disp` (e.g. `般南喰赤`): `三` three players, the room (`般`
//! `上` `特` `鳳`), `東` tonpuusen or `南` hanchan, `喰` open tanyao (kuitan), `赤` red
//! fives, `速` fast. tensoul writes Mahjong Soul's room (`金の間南喰赤`, `友人戦東喰赤`, or
//! English: `Gold Room South`), read under [`Rules::mahjong_soul`] (or
//! [`Rules::mahjong_soul_sanma`]); the others under [`Rules::tenhou`] (or
//! [`Rules::tenhou_sanma`]). Red fives: any of `aka` (Tenhou's older logs), `aka51`,
//! `aka52`, `aka53` (one flag per suit: Tenhou's newer logs and tensoul) above 0, as
//! mjai-reviewer's `convlog` reads them.
//!
//! [`Rules::mahjong_soul`]: mahjong_core::Rules::mahjong_soul
//! [`Rules::mahjong_soul_sanma`]: mahjong_core::Rules::mahjong_soul_sanma
//! [`Rules::tenhou`]: mahjong_core::Rules::tenhou
//! [`Rules::tenhou_sanma`]: mahjong_core::Rules::tenhou_sanma

mod error;
mod hand;
mod play;
mod points;
mod read;
mod result;
mod rule;
mod tile;
mod write;
mod yaku;

pub use error::TenhouError;
pub use read::{read, replay_hands};
pub use write::write;

//! Riichi mahjong: mahjong-core's hanchan ([`game::Mahjong`]) with its bots, the hand
//! analysis (shanten, waits, ukeire), the hand calculator, and a reader of mjai and
//! Tenhou logs for a viewer.
//!
//! Tiles cross the boundary in MPSZ notation (`1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `1z`..`7z`
//! = East South West North, white green red; `0m` `0p` `0s` the red fives), seats as numbers
//! 0 to 3 (seat 0 deals first), actions as mahjong-core's `KyokuAction` text.

mod analysis;
mod bot;
mod event;
mod game;
mod log;
mod notation;
mod score;
mod table;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_MAHJONG: &str = r#"
/** A tile in MPSZ notation: `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `1z`..`7z` (East, South,
 * West, North, white, green, red); `0m`, `0p`, `0s` are the red fives. */
export type Tile = string;

/** The rule presets of mahjong-core (`Rules::PRESETS`, and the two three-player ones). */
export type MahjongRules =
  | "tenhou" | "mahjong_soul" | "m_league" | "wrc" | "tenhou_sanma" | "mahjong_soul_sanma";

/** The platforms whose rules `readLog` reads an mjai log under (mahjong-records'
 * `Platform`; the three-player preset for a three-player log). */
export type MahjongPlatform = "tenhou" | "mahjong-soul" | "m-league" | "wrc";

/** The bots of mahjong-core::bot: `efficiency` (shanten then ukeire, riichi when tenpai,
 * folds against riichi), `classroom` (the class assignment's discard rules), `random`
 * (a uniform legal action). */
export type MahjongBot = "efficiency" | "classroom" | "random";

/** A meld on the table. */
export interface MahjongMeld {
  /** The meld in notation: `chi 345m`, `pon 777p`, `kan 1111z`, `ankan 9999s`, `kakan 0555p`. */
  text: string;
  kind: "chi" | "pon" | "kan" | "ankan" | "kakan";
  tiles: Tile[];
  /** The seat the called tile came from (null for a closed kan). */
  from: number | null;
  /** The called tile (null for a closed kan). */
  called: Tile | null;
}

/** One discard of a seat's river. */
export interface MahjongDiscard {
  tile: Tile;
  /** The tile just drawn was discarded (tsumogiri), not one from the hand. */
  tsumogiri: boolean;
  /** The discard declared riichi. */
  riichi: boolean;
  /** Another seat called it (it lies in that seat's meld). */
  called: boolean;
}

/** One seat at the table. */
export interface MahjongSeat {
  /** The concealed tiles in index order, the drawn tile included; null when hidden. */
  hand: Tile[] | null;
  /** The tile just drawn, while the seat acts on it (null otherwise or when hidden). */
  drawn: Tile | null;
  melds: MahjongMeld[];
  /** The river, first discard first. */
  discards: MahjongDiscard[];
  riichi: boolean;
  /** North tiles set aside (kita, three-player riichi). */
  kita: number;
  points: number;
}

/** The table of a hand: every seat (4 entries; seat 3 is empty in three-player riichi). */
export interface MahjongTable {
  /** The seats at the table: 4, or 3. */
  players: number;
  dealer: number;
  /** The round wind: "E", "S", "W" or "N". */
  roundWind: string;
  honba: number;
  riichiSticks: number;
  doraIndicators: Tile[];
  /** Live tiles left to draw. */
  liveTiles: number;
  seats: MahjongSeat[];
}

/** What one seat may know of the hand (`Mahjong.view`): its own tiles only. */
export interface MahjongView extends MahjongTable {
  seat: number;
  /** The tile offered to this seat for a claim (chi, pon, kan, ron or pass), while asked. */
  offered: Tile | null;
  /** This seat's legal actions (empty when it is not asked). */
  legal: string[];
  /** How the hand ended (mahjong-core's `KyokuOutcome`), once it has. */
  outcome: any | null;
}

/** The values of a score (`scoreValues`). */
export interface MahjongScoreValues {
  han: number;
  /** Fu rounded up (chiitoitsu 25, 0 for a yakuman). */
  fu: number;
  /** Each yaku with its han (13 per yakuman), in mahjong-core's order; dora apart. */
  yaku: { name: string; han: number }[];
  dora: number;
  uraDora: number;
  /** Red fives (aka dora). */
  akaDora: number;
  /** `none`, `mangan`, `haneman`, `baiman`, `sanbaiman`, `kazoe` or `yakuman`. */
  limit: string;
  /** The yakuman counted (2 = double), 0 below yakuman. */
  yakuman: number;
  /** fu x 2^(han+2), or the limit's basic points. */
  basicPoints: number;
  /** What the payers pay, honba included: a ron's discarder, or a tsumo's dealer (0 when
   * the dealer won) and each other seat. */
  payment: { ron: number } | { tsumoDealer: number; tsumoOthers: number };
  /** Everything the winner receives, riichi sticks included. */
  total: number;
}

/** A score with its explanation, as `scoreHand` and a win event give it. */
export interface MahjongScore extends MahjongScoreValues {
  /** The fu item by item: `20 base + 10 closed ron = 30`, and its parts. */
  fuText: string;
  fuItems: { item: string; fu: number }[];
  /** The explanation, one line per yaku and dora, then han, fu, payment and total. */
  text: string;
}

/** A scored hand (`scoreHand`). */
export interface MahjongHandScore extends MahjongScore {
  /** The hand as the calculator read it, in its notation. */
  hand: string;
  /** The calculator's text: the hand, then the explanation indented (as the example
   * `mahjong_score` prints). */
  calculator: string;
}

/** An event of a match: mahjong-core's `MatchEvent`/`KyokuEvent` serde form tagged by
 * `type` (`HandStarted`, `Draw`, `Riichi`, `Discard`, `Meld`, `DoraIndicator`, `Win`,
 * `Payment`, `Ryuukyoku`, `Abort`, `Kita`, `MatchEnded`), tiles in notation, with `text`,
 * the event in words; a `Win` carries `hand` (the calculator's notation) and a
 * `MahjongScore`. */
export interface MahjongEvent {
  type: string;
  text: string;
  [field: string]: any;
}

/** The ukeire of a hand: each kind whose draw lowers the shanten, with the copies left. */
export interface MahjongUkeire {
  shanten: number;
  tiles: { tile: Tile; count: number }[];
  /** The copies in all. */
  total: number;
}

/** A step of a logged hand: the events of one action and the table after them, every
 * seat's tiles shown. */
export interface MahjongLogStep {
  /** The seat that acted and its action (null for the deal). */
  actor: number | null;
  action: string | null;
  events: MahjongEvent[];
  table: MahjongTable;
}

/** A hand of a log. */
export interface MahjongLogHand {
  /** `East 1, 0 honba`. */
  name: string;
  steps: MahjongLogStep[];
  /** How it ended (mahjong-core's `KyokuOutcome`); null for a hand thrown out by a chombo. */
  outcome: any | null;
}

/** A log read for a viewer. */
export interface MahjongLog {
  format: "mjai" | "tenhou-json" | "tenhou-xml";
  players: number;
  hands: MahjongLogHand[];
}

/** The state of a match to restore it (`Mahjong.fromSnapshot`). */
export interface MahjongSnapshot {
  rules: MahjongRules;
  /** The seed of the walls dealt without an explicit one, null for a match of explicit
   * walls only. */
  seed: number | null;
  /** How many walls were drawn from the seed. */
  seedWalls: number;
  /** Every wall dealt, in order: its tiles in notation, one after another. */
  walls: string[];
  /** Every action played, in order, in `KyokuAction` text. */
  actions: string[];
}
"#;

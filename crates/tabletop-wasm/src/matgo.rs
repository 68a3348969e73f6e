//! Matgo (two-player Go-Stop with hwatu cards): hwatu-core's game, bots and scoring.

use hwatu_core::bot::{Bot, RandomBot, SearchBot, TutorialBot};
use hwatu_core::{
    Action, Card, CardSet, Event, Game, GukjinUse, Kind, Player, Rules, Score, Settlement, View,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{from_js, nullable, optional_text, text, to_js, to_json_text, whole};
use crate::seed::rng;

#[wasm_bindgen(typescript_custom_section)]
const TS_MATGO: &str = r#"
/** A hwatu card: `card` in notation (`1G`, `9Y`, `11S`, `3P2`, `B3`), its month (1 to 12,
 * null for a bonus card) and kind. */
export interface HwatuCard {
  card: string;
  month: number | null;
  kind: "gwang" | "yeol" | "tti" | "pi" | "ssangpi" | "bonus";
}

/** An event of a Matgo game: hwatu-core's `Event` (serde form) and the event in words. */
export interface MatgoEvent {
  event: unknown;
  text: string;
}

/** A base score by category (hwatu-core's `Score`): the points of each category and the
 * total. */
export interface MatgoScore {
  total: number;
  categories: { name: string; points: number }[];
}

/** What a player sees (hwatu-core's `View`), cards as `HwatuCard`s and players as 0 (A,
 * who leads the first game) and 1 (B). Arrays of two are indexed by player. */
export interface MatgoView {
  player: number;
  toMove: number | null;
  /** What the player to move must decide, in words (`play a card`, `go or stop with 3
   * points`...), null once the game is over. */
  decision: string | null;
  hand: HwatuCard[];
  opponentHandLen: number;
  opponentShown: HwatuCard[];
  floor: HwatuCard[];
  awaitingChoice: HwatuCard[];
  piles: HwatuCard[][];
  captured: HwatuCard[][];
  scores: MatgoScore[];
  /** hwatu-core's `Tally` of each player: goes, shakes, bombs, ppuks... */
  tallies: unknown[];
  stockLen: number;
  /** hwatu-core's `Outcome` (serde form), null before the end. */
  outcome: unknown;
}

/** A finished game's settlement: hwatu-core's `Settlement` (serde form), with its
 * explanation one line per factor, the winner (null for a nagari or an instant end) and
 * the points the loser pays at a stake of 1. */
export interface MatgoSettlement {
  settlement: unknown;
  lines: string[];
  winner: number | null;
  points: number;
}

/** The Matgo bots: `random`, `tutorial` (the tutorial's heuristic, deterministic) and
 * `search` (determinized Monte Carlo search over the hidden cards). */
export type MatgoBot = "random" | "tutorial" | "search";

/** The Matgo rule presets (hwatu-core's `Rules::standard()`, `tutorial()`, `classic()`). */
export type MatgoRules = "standard" | "tutorial" | "classic";
"#;

/// A game of Matgo (hwatu-core's `Game`): players are 0 (A) and 1 (B).
#[wasm_bindgen]
pub struct Matgo {
    game: Game,
}

/// The player of a JS index.
fn player(index: f64) -> Result<Player, JsValue> {
    let index = whole(index, 0..=1, "a player")?;
    Player::try_from(index as usize).map_err(Code::BadArgument.with())
}

/// Rules from a preset's name, `standard` when none is given.
fn rules(name: &JsValue) -> Result<Rules, JsValue> {
    optional_text(name, "the rules")?.map_or(Ok(Rules::standard()), |name| {
        name.parse().map_err(Code::BadArgument.with())
    })
}

#[derive(Serialize)]
struct CardJs {
    card: String,
    month: Option<u8>,
    kind: &'static str,
}

fn card_js(card: Card) -> CardJs {
    CardJs {
        card: card.to_string(),
        month: card.month(),
        kind: match card.kind() {
            Kind::Gwang => "gwang",
            Kind::Yeol => "yeol",
            Kind::Tti => "tti",
            Kind::Pi => "pi",
            Kind::Ssangpi => "ssangpi",
            Kind::Bonus => "bonus",
        },
    }
}

fn cards_js(set: CardSet) -> Vec<CardJs> {
    set.iter().map(card_js).collect()
}

#[derive(Serialize)]
struct ScoreJs {
    total: u32,
    categories: Vec<CategoryJs>,
}

#[derive(Serialize)]
struct CategoryJs {
    name: &'static str,
    points: u32,
}

fn score_js(score: &Score) -> ScoreJs {
    ScoreJs {
        total: score.total(),
        categories: score
            .categories()
            .map(|(name, points)| CategoryJs { name, points })
            .collect(),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ViewJs<'a> {
    player: usize,
    to_move: Option<usize>,
    decision: Option<String>,
    hand: Vec<CardJs>,
    opponent_hand_len: usize,
    opponent_shown: Vec<CardJs>,
    floor: Vec<CardJs>,
    awaiting_choice: Vec<CardJs>,
    piles: [Vec<CardJs>; 2],
    captured: [Vec<CardJs>; 2],
    scores: [ScoreJs; 2],
    tallies: &'a [hwatu_core::Tally; 2],
    stock_len: usize,
    outcome: &'a Option<hwatu_core::Outcome>,
}

fn view_js(view: &View) -> JsValue {
    to_js(&ViewJs {
        player: view.player.index(),
        to_move: view.to_move.map(Player::index),
        decision: view.decision.map(|d| d.to_string()),
        hand: cards_js(view.hand),
        opponent_hand_len: view.opponent_hand_len,
        opponent_shown: cards_js(view.opponent_shown),
        floor: cards_js(view.floor),
        awaiting_choice: cards_js(view.awaiting_choice),
        piles: view.piles.map(cards_js),
        captured: view.captured.map(cards_js),
        scores: [Player::A, Player::B].map(|p| score_js(&view.score_of(p))),
        tallies: &view.tallies,
        stock_len: view.stock_len,
        outcome: &view.outcome,
    })
}

#[derive(Serialize)]
struct EventJs<'a> {
    event: &'a Event,
    text: String,
}

fn events_js(events: &[Event]) -> JsValue {
    let events: Vec<EventJs> = events
        .iter()
        .map(|event| EventJs {
            event,
            text: event.to_string(),
        })
        .collect();
    to_js(&events)
}

#[derive(Serialize)]
struct SettlementJs<'a> {
    settlement: &'a Settlement,
    lines: Vec<String>,
    winner: Option<usize>,
    points: u64,
}

#[wasm_bindgen]
impl Matgo {
    /// A new game under the `rules` preset (`standard` when not given; `tutorial`,
    /// `classic`), the deck shuffled from `seed`, player 0 (A) leading. A deal may end the
    /// game at once (chongtong, or four of a month on the floor as the rules say).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown preset.
    #[wasm_bindgen(constructor)]
    pub fn new(
        seed: f64,
        #[wasm_bindgen(unchecked_optional_param_type = "MatgoRules", js_name = "rules")]
        rules_name: JsValue,
    ) -> Result<Matgo, JsValue> {
        let game = Game::new(rules(&rules_name)?, Player::A, &mut rng(seed));
        Ok(Matgo { game })
    }

    /// The game dealt from `deck`, cards in notation from the top (`"1G 1T 1P1 ..."`, the
    /// order of rules section 2: hands, floor, stock), `first` (0 or 1) leading.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a card that does not parse, a preset or player that does not
    /// exist; `BAD_DEAL` for a deck the rules refuse (a missing or repeated card...).
    #[wasm_bindgen(js_name = fromDeck)]
    pub fn from_deck(
        #[wasm_bindgen(unchecked_param_type = "string")] deck: JsValue,
        first: f64,
        #[wasm_bindgen(unchecked_optional_param_type = "MatgoRules", js_name = "rules")]
        rules_name: JsValue,
    ) -> Result<Matgo, JsValue> {
        let cards = text(&deck, "the deck")?
            .split_whitespace()
            .map(str::parse::<Card>)
            .collect::<Result<Vec<Card>, _>>()
            .map_err(Code::BadArgument.with())?;
        let game = Game::from_deck(rules(&rules_name)?, &cards, player(first)?)
            .map_err(Code::BadDeal.with())?;
        Ok(Matgo { game })
    }

    /// The game a `snapshot()` was taken of.
    ///
    /// # Errors
    /// `BAD_SNAPSHOT` when the value is not a snapshot of a legal game.
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "string")] snapshot: JsValue,
    ) -> Result<Matgo, JsValue> {
        Ok(Matgo {
            game: from_js(&snapshot, Code::BadSnapshot)?,
        })
    }

    /// The whole game as JSON text (hwatu-core's serde form, hidden cards included), for
    /// `fromSnapshot`.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn snapshot(&self) -> String {
        to_json_text(&self.game)
    }

    /// The player to move (0 or 1), `null` once the game is over.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "number | null")]
    pub fn to_move(&self) -> JsValue {
        nullable(self.game.to_move().map(|p| p.index() as u32))
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The legal actions of the player to move, in notation (`play 1G`, `take 3P1`, `go`,
    /// `stop`...); empty once the game is over.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<String> {
        self.game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Applies `action` (in notation) for the player to move; returns the events it caused.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for text that is not an action; `ILLEGAL_ACTION` for an action the
    /// rules refuse now (the game unchanged).
    #[wasm_bindgen(unchecked_return_type = "MatgoEvent[]")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] action: JsValue,
    ) -> Result<JsValue, JsValue> {
        let action: Action = text(&action, "the action")?
            .parse()
            .map_err(Code::BadArgument.with())?;
        let events = self
            .game
            .apply(action)
            .map_err(Code::IllegalAction.with())?;
        Ok(events_js(&events))
    }

    /// The events of the deal (bonus cards on the floor, an instant end...).
    #[wasm_bindgen(js_name = dealEvents, unchecked_return_type = "MatgoEvent[]")]
    pub fn deal_events(&self) -> JsValue {
        events_js(&self.game.deal_events())
    }

    /// What `player` (0 or 1) sees: never the other hand or the stock's order.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a player other than 0 and 1.
    #[wasm_bindgen(unchecked_return_type = "MatgoView")]
    pub fn view(
        &self,
        #[wasm_bindgen(js_name = "player")] player_index: f64,
    ) -> Result<JsValue, JsValue> {
        Ok(view_js(&self.game.view(player(player_index)?)))
    }

    /// The settlement once the game is over (`null` before), with the nagari multiplier
    /// carried into it (1 when not given; 2 after one nagari...).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a multiplier that is not a whole number from 1 to 2^20.
    #[wasm_bindgen(unchecked_return_type = "MatgoSettlement | null")]
    pub fn settlement(
        &self,
        #[wasm_bindgen(js_name = "nagariMultiplier")] nagari_multiplier: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let multiplier = whole(
            nagari_multiplier.unwrap_or(1.0),
            1..=1 << 20,
            "a multiplier",
        )?;
        Ok(self
            .game
            .settle(multiplier.into())
            .map_or(JsValue::NULL, |s| {
                to_js(&SettlementJs {
                    lines: s.lines(),
                    winner: s.winner().map(Player::index),
                    points: s.payment(1),
                    settlement: &s,
                })
            }))
    }

    /// The action `bot` chooses for the player to move, from that player's view only;
    /// `null` once the game is over. `random` and `search` draw from `seed`; `search`
    /// plays `iterations` sampled games (hwatu-core's default when not given).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown bot.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "string | null")]
    pub fn bot_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "MatgoBot")] bot: JsValue,
        seed: Option<f64>,
        iterations: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let Some(me) = self.game.to_move() else {
            return Ok(JsValue::NULL);
        };
        let view = self.game.view(me);
        let rng = rng(seed.unwrap_or(0.0));
        let action = match text(&bot, "the bot")?.as_str() {
            "random" => RandomBot::new(rng).choose(&view),
            "tutorial" => TutorialBot::new().choose(&view),
            "search" => match iterations {
                Some(n) => {
                    let n = whole(n, 1..=u32::MAX, "a number of iterations")?;
                    SearchBot::with_iterations(rng, n).choose(&view)
                }
                None => SearchBot::new(rng).choose(&view),
            },
            other => {
                return Err(Code::BadArgument.error(format!(
                    "`{other}` is not a Matgo bot: use random, tutorial or search"
                )));
            }
        };
        Ok(nullable(action.map(|a| a.to_string())))
    }
}

/// The base score of a capture pile (Matgo scoring, rules section 4): the points of each
/// category (gwang, yeol, godori, tti, the three dan, pi) and the total. `cards` in
/// notation (`"1G 3G 8G 2T 5P1"`); `gukjin` says how 9Y counts: `yeol` (when not given)
/// or `ssangpi`.
///
/// # Errors
/// `BAD_ARGUMENT` for a card that does not parse or is written twice, or another gukjin use.
#[wasm_bindgen(js_name = matgoScore, unchecked_return_type = "MatgoScore")]
pub fn matgo_score(
    #[wasm_bindgen(unchecked_param_type = "string")] cards: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] gukjin: JsValue,
) -> Result<JsValue, JsValue> {
    let pile: CardSet = text(&cards, "the cards")?
        .parse()
        .map_err(Code::BadArgument.with())?;
    let gukjin = match optional_text(&gukjin, "the gukjin's use")?.as_deref() {
        None | Some("yeol") => GukjinUse::Yeol,
        Some("ssangpi") => GukjinUse::Ssangpi,
        Some(other) => {
            return Err(Code::BadArgument.error(format!(
                "`{other}` is not a use of the gukjin: use yeol or ssangpi"
            )));
        }
    };
    Ok(to_js(&score_js(&Score::of(pile, gukjin))))
}

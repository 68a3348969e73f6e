//! Two-sided poker (the death-match game of "The Genius"): twosided-poker's match and bots.

use serde::Serialize;
use twosided_poker::bot::{Bot, Counting, Equilibrium, Random};
use twosided_poker::{Action, Card, Deck, Event, Match, Rules, Seat, View};
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{from_js, nullable, text, to_js, to_json_text, whole};
use crate::seed::rng;

#[wasm_bindgen(typescript_custom_section)]
const TS_POKER: &str = r#"
/** A two-sided card: a front and a back number from 1 to 10 (written `front/back`). */
export interface PokerCard {
  front: number;
  back: number;
}

/** An event of a two-sided poker match: twosided-poker's `Event` (serde form; every event
 * is public) and the event in words. */
export interface PokerEvent {
  event: unknown;
  text: string;
}

/** What a seat (0 or 1) may know (twosided-poker's `View`): both fronts, its own back,
 * chips, the pot, the bets and every face ever shown. Arrays of two are indexed by seat. */
export interface PokerView {
  seat: number;
  /** The hand and the deck, from 1. */
  hand: number;
  deck: number;
  cardsLeft: number;
  /** Who acted first in this hand. */
  first: number;
  /** This seat's card (its back too). */
  card: PokerCard;
  opponentFront: number;
  chips: number[];
  pot: number;
  carryOver: number;
  ante: number[];
  bets: number[];
  levels: number[];
  sides: ("front" | "back" | "both" | null)[];
  toMove: number | null;
  /** The legal actions of this seat now, in notation (`bet front 2`, `raise 5`, `call`,
   * `fold`); empty when it is not its turn. */
  legalActions: string[];
  /** Every action of the match so far: who, and what in notation. */
  actions: { seat: number; action: string }[];
  /** twosided-poker's `Reveal`s: every face shown to both players. */
  revealed: unknown[];
}

/** How a match ended: twosided-poker's `Outcome` (serde form) and in words. */
export interface PokerOutcome {
  winner: number | null;
  chips: number[];
  hands: number;
  text: string;
}

/** The two-sided poker bots: `random`, `counting` (card counting, rules section 4) and
 * `equilibrium` (CFR+ on the hand's abstract game, re-solved each decision here). */
export type PokerBot = "random" | "counting" | "equilibrium";

/** Rules: a preset's name (`standard`: 30 chips and the 90-card deck; `grand-final`: 40
 * chips and the 200-card deck) or twosided-poker's `Rules` in its serde form
 * (`starting_chips`, `ante`, `both_bonus`, `both_penalty`, `deck`, `first_player`,
 * `max_hands`). */
export type PokerRules = "standard" | "grand-final" | object;
"#;

/// A two-sided poker match (twosided-poker's `Match`): seats are 0 and 1.
#[wasm_bindgen]
pub struct Poker {
    game: Match,
}

fn seat(index: f64) -> Result<Seat, JsValue> {
    Ok(Seat::BOTH[whole(index, 0..=1, "a seat")? as usize])
}

/// Rules from a preset's name (`standard`, `grand-final`) or twosided-poker's serde form.
fn rules(value: &JsValue) -> Result<Rules, JsValue> {
    match value.as_string().as_deref() {
        _ if value.is_undefined() || value.is_null() => Ok(Rules::default()),
        Some("standard") => Ok(Rules::default()),
        Some("grand-final") => Ok(Rules::grand_final()),
        Some(other) => Err(Code::BadArgument.error(format!(
            "`{other}` is not a preset: use standard, grand-final or a rules object"
        ))),
        None => from_js(value, Code::BadArgument),
    }
}

#[derive(Serialize)]
struct EventJs<'a> {
    event: &'a Event,
    text: String,
}

#[derive(Serialize)]
struct ActionJs {
    seat: usize,
    action: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ViewJs<'a> {
    seat: usize,
    hand: u32,
    deck: u32,
    cards_left: usize,
    first: usize,
    card: twosided_poker::Card,
    opponent_front: u8,
    chips: [u32; 2],
    pot: u32,
    carry_over: u32,
    ante: [u32; 2],
    bets: [u32; 2],
    levels: [u32; 2],
    sides: [Option<String>; 2],
    to_move: Option<usize>,
    legal_actions: Vec<String>,
    actions: Vec<ActionJs>,
    revealed: &'a [twosided_poker::Reveal],
}

fn view_js(view: &View<'_>) -> JsValue {
    to_js(&ViewJs {
        seat: view.seat().index(),
        hand: view.hand(),
        deck: view.deck(),
        cards_left: view.cards_left(),
        first: view.first().index(),
        card: view.card(),
        opponent_front: view.opponent_front(),
        chips: view.chips(),
        pot: view.pot(),
        carry_over: view.carry_over(),
        ante: view.ante(),
        bets: view.bets(),
        levels: view.levels(),
        sides: view.sides().map(|s| s.map(|s| s.to_string())),
        to_move: view.to_move().map(Seat::index),
        legal_actions: view.legal().iter().map(|a| a.to_string()).collect(),
        actions: view
            .actions()
            .iter()
            .map(|(seat, action)| ActionJs {
                seat: seat.index(),
                action: action.to_string(),
            })
            .collect(),
        revealed: view.revealed(),
    })
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: Option<usize>,
    chips: [u32; 2],
    hands: u32,
    text: String,
}

#[wasm_bindgen]
impl Poker {
    /// A new match, the decks shuffled from `seed`, under `rules`: a preset's name
    /// (`standard` when not given: 30 chips, the 90-card deck; `grand-final`) or a rules
    /// object (twosided-poker's serde form: `starting_chips`, `ante`, `both_bonus`,
    /// `both_penalty`, `deck`, `first_player`, `max_hands`).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown preset or rules the crate refuses (no chips, a hand
    /// limit of 0...).
    #[wasm_bindgen(constructor)]
    pub fn new(
        seed: f64,
        #[wasm_bindgen(unchecked_optional_param_type = "PokerRules", js_name = "rules")]
        rules_value: JsValue,
    ) -> Result<Poker, JsValue> {
        let game =
            Match::new(rules(&rules_value)?, &mut rng(seed)).map_err(Code::BadArgument.with())?;
        Ok(Poker { game })
    }

    /// A match dealt from an explicit deck: `top` (cards as `front/back`, space-separated,
    /// the top first: seat 0 gets the first card of each pair, seat 1 the next) on top of
    /// the rest of the rules' deck in its documented order; every reshuffle deals the same
    /// order again. `rules` as for the constructor.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a card that does not parse or rules the crate refuses; `BAD_DEAL`
    /// for a card the deck has not, or more copies of a card than it has.
    #[wasm_bindgen(js_name = fromDeck)]
    pub fn from_deck(
        #[wasm_bindgen(unchecked_param_type = "string")] top: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PokerRules", js_name = "rules")]
        rules_value: JsValue,
    ) -> Result<Poker, JsValue> {
        let rules = rules(&rules_value)?;
        let top = text(&top, "the deck")?
            .split_whitespace()
            .map(str::parse::<Card>)
            .collect::<Result<Vec<Card>, _>>()
            .map_err(Code::BadArgument.with())?;
        let deck = Deck::stacked(rules.deck, &top).map_err(Code::BadDeal.with())?;
        let game = Match::from_decks(rules, vec![deck]).map_err(Code::BadArgument.with())?;
        Ok(Poker { game })
    }

    /// The match a `snapshot()` was taken of.
    ///
    /// # Errors
    /// `BAD_SNAPSHOT` when the value is not a snapshot of a legal match.
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "string")] snapshot: JsValue,
    ) -> Result<Poker, JsValue> {
        Ok(Poker {
            game: from_js(&snapshot, Code::BadSnapshot)?,
        })
    }

    /// The whole match as JSON text (twosided-poker's serde form, hidden backs and the deck
    /// order included), for `fromSnapshot`: text, since the shuffle generator's state is
    /// 64-bit integers, which a JavaScript number would round.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn snapshot(&self) -> String {
        to_json_text(&self.game)
    }

    /// The seat to move (0 or 1), `null` once the match is over.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "number | null")]
    pub fn to_move(&self) -> JsValue {
        nullable(self.game.to_move().map(|s| s.index() as u32))
    }

    /// Whether the match is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The legal actions of the seat to move, in notation (`bet front 2`, `bet both 3`,
    /// `raise 5`, `call`, `fold`); empty once the match is over.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<String> {
        let actions = self.game.legal_actions();
        actions.iter().map(ToString::to_string).collect()
    }

    /// Applies `action` (in notation) for the seat to move; returns the events it caused.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for text that is not an action; `ILLEGAL_ACTION` for an action the
    /// rules refuse now (the match unchanged).
    #[wasm_bindgen(unchecked_return_type = "PokerEvent[]")]
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
        let events: Vec<EventJs> = events
            .iter()
            .map(|event| EventJs {
                event,
                text: event.to_string(),
            })
            .collect();
        Ok(to_js(&events))
    }

    /// What seat `index` (0 or 1) may know.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a seat other than 0 and 1.
    #[wasm_bindgen(unchecked_return_type = "PokerView")]
    pub fn view(&self, #[wasm_bindgen(js_name = "seat")] index: f64) -> Result<JsValue, JsValue> {
        Ok(view_js(&self.game.view(seat(index)?)))
    }

    /// How the match ended, `null` before.
    #[wasm_bindgen(unchecked_return_type = "PokerOutcome | null")]
    pub fn outcome(&self) -> JsValue {
        self.game.outcome().map_or(JsValue::NULL, |o| {
            to_js(&OutcomeJs {
                winner: o.winner.map(Seat::index),
                chips: o.chips,
                hands: o.hands,
                text: o.to_string(),
            })
        })
    }

    /// The action `bot` chooses for the seat to move, from that seat's view only; `null`
    /// once the match is over. `random` and `equilibrium` draw from `seed`.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown bot.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "string | null")]
    pub fn bot_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PokerBot")] bot: JsValue,
        seed: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let Some(me) = self.game.to_move() else {
            return Ok(JsValue::NULL);
        };
        let view = self.game.view(me);
        let rng = rng(seed.unwrap_or(0.0));
        let action = match text(&bot, "the bot")?.as_str() {
            "random" => Random::new(rng).choose(&view),
            "counting" => Counting::new().choose(&view),
            "equilibrium" => Equilibrium::new(rng).choose(&view),
            other => {
                return Err(Code::BadArgument.error(format!(
                    "`{other}` is not a two-sided poker bot: use random, counting or equilibrium"
                )));
            }
        };
        Ok(nullable(action.map(|a| a.to_string())))
    }
}

//! The game: a match of riichi mahjong (mahjong-core's `Match`: a hanchan under a rule
//! preset), dealt from a seed or from explicit walls, played action by action.

use mahjong_core::{KyokuAction, Match, MatchError, MatchEvent, Rules, TileWall};
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{entries, from_js, optional_text, text, to_js, to_json_text};
use crate::mahjong::bot;
use crate::mahjong::event::events_js;
use crate::mahjong::notation::{action, preset, seat, tiles_text, wall as read_wall};
use crate::mahjong::table::ViewJs;
use crate::seed::rng;

/// A match of riichi mahjong under one of mahjong-core's rule presets: a hanchan (East
/// and South, with renchan, honba, riichi sticks, tobi, sudden death, agari-yame; the
/// preset's `MatchRules`), four seats or three (sanma presets), seat 0 dealing first.
///
/// Between hands the match waits for a wall, as mahjong-core's `Match` does: `needsWall()`
/// is true, and `deal()` deals the next hand (from the seed, or an explicit wall). Then
/// the seat `toMove()` acts, one action at a time: after a discard every other seat answers
/// in turn (a claim or `pass`), so the order of play never tells whether a claim was
/// possible.
///
/// ```js
/// const game = new Mahjong(42, "tenhou");
/// while (!game.isOver()) {
///   if (game.needsWall()) { game.deal(); continue; }
///   const seat = game.toMove();
///   game.apply(seat, game.botAction(seat, "efficiency"));
/// }
/// game.result().text; // "the match ends by ... after 9 hands: 1st seat 2 41000 (41000), ..."
/// ```
#[wasm_bindgen]
pub struct Mahjong {
    rules_name: &'static str,
    rules: Rules,
    game: Match,
    /// The seed of the walls dealt without an explicit one, and its generator.
    seed: Option<f64>,
    shuffle: Option<StdRng>,
    seed_walls: u32,
    /// Every wall dealt and every action played: what a snapshot replays.
    walls: Vec<TileWall>,
    actions: Vec<KyokuAction>,
}

/// A snapshot (the TypeScript `MahjongSnapshot`).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Snapshot {
    rules: String,
    seed: Option<f64>,
    seed_walls: u32,
    walls: Vec<String>,
    actions: Vec<String>,
}

#[derive(Serialize)]
struct ResultJs<'a> {
    #[serde(flatten)]
    result: &'a mahjong_core::MatchResult,
    text: String,
}

/// A refusal of the match: `ILLEGAL_ACTION` with mahjong-core's message.
fn refused(error: MatchError) -> JsValue {
    Code::IllegalAction.error(error)
}

#[wasm_bindgen]
impl Mahjong {
    /// A new match under the preset `rules` (`tenhou` when not given: `tenhou`,
    /// `mahjong_soul`, `m_league`, `wrc`, `tenhou_sanma`, `mahjong_soul_sanma`), whose
    /// walls `deal()` shuffles from `seed`, one after another. No hand is dealt yet:
    /// `needsWall()` is true.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown preset.
    #[wasm_bindgen(constructor)]
    pub fn new(
        seed: f64,
        #[wasm_bindgen(unchecked_optional_param_type = "MahjongRules")] rules: JsValue,
    ) -> Result<Mahjong, JsValue> {
        let rules = optional_text(&rules, "the rules")?;
        Mahjong::start(rules.as_deref(), Some(seed))
    }

    /// A new match under the preset `rules` with no seed: each hand is dealt on the wall
    /// given to `deal(wall)`.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown preset.
    #[wasm_bindgen(js_name = withWalls)]
    pub fn with_walls(
        #[wasm_bindgen(unchecked_optional_param_type = "MahjongRules")] rules: JsValue,
    ) -> Result<Mahjong, JsValue> {
        let rules = optional_text(&rules, "the rules")?;
        Mahjong::start(rules.as_deref(), None)
    }

    /// The match a `snapshot()` was taken of: its walls dealt and its actions played again.
    ///
    /// # Errors
    /// `BAD_SNAPSHOT` when the value is not a `MahjongSnapshot`, names no preset, or its
    /// walls and actions do not replay (naming the first that does not).
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "string")] snapshot: JsValue,
    ) -> Result<Mahjong, JsValue> {
        let snapshot: Snapshot = from_js(&snapshot, Code::BadSnapshot)?;
        let bad = |message: String| Code::BadSnapshot.error(message);
        let mut game = Mahjong::start(Some(&snapshot.rules), snapshot.seed)
            .map_err(|_| bad(format!("`{}` is not a rule preset", snapshot.rules)))?;
        if snapshot.seed_walls as usize > snapshot.walls.len()
            || (game.shuffle.is_none() && snapshot.seed_walls > 0)
        {
            return Err(bad("more walls from the seed than walls, or no seed".into()));
        }
        if let Some(shuffle) = game.shuffle.as_mut() {
            for _ in 0..snapshot.seed_walls {
                TileWall::for_rules(&game.rules, shuffle);
            }
        }
        game.seed_walls = snapshot.seed_walls;
        let mut walls = snapshot.walls.iter().enumerate();
        let mut deal_next = |game: &mut Mahjong| -> Result<(), JsValue> {
            let (at, text) = walls
                .next()
                .ok_or_else(|| bad("a hand with no wall left to deal".into()))?;
            let tiles = read_wall(text, &game.rules).map_err(|e| bad(format!("wall {at}: {e}")))?;
            game.deal_wall(tiles)
                .map(drop)
                .map_err(|e| bad(format!("wall {at}: {e}")))
        };
        for (at, text) in snapshot.actions.iter().enumerate() {
            if game.game.needs_wall() {
                deal_next(&mut game)?;
            }
            let action: KyokuAction = text
                .parse()
                .map_err(|e| bad(format!("action {at}, `{text}`: {e}")))?;
            game.play(action)
                .map_err(|e| bad(format!("action {at}, `{text}`: {e}")))?;
        }
        while game.walls.len() < snapshot.walls.len() {
            deal_next(&mut game)?;
        }
        Ok(game)
    }

    /// The match as JSON text (a `MahjongSnapshot`: the preset, the seed, every wall dealt
    /// and every action played), for `fromSnapshot`; text, as every game's snapshot.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn snapshot(&self) -> String {
        to_json_text(&Snapshot {
            rules: self.rules_name.to_string(),
            seed: self.seed,
            seed_walls: self.seed_walls,
            walls: self.walls.iter().map(|w| tiles_text(w.tiles())).collect(),
            actions: self.actions.iter().map(ToString::to_string).collect(),
        })
    }

    /// The preset's name.
    #[wasm_bindgen(getter, unchecked_return_type = "MahjongRules")]
    pub fn rules(&self) -> String {
        self.rules_name.to_string()
    }

    /// The seats at the table: 4, or 3 (sanma: seat 3 stays empty).
    #[wasm_bindgen(getter)]
    pub fn players(&self) -> usize {
        self.rules.seats
    }

    /// Whether the match waits for the next hand's wall (`deal`): before the first hand
    /// and after each hand until the match ends.
    #[wasm_bindgen(js_name = needsWall)]
    pub fn needs_wall(&self) -> bool {
        self.game.needs_wall()
    }

    /// Whether the match has ended (`result()` says how).
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The seat that must act now (0 to 3), `null` between hands and once the match is
    /// over.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "number | null")]
    pub fn to_move(&self) -> JsValue {
        self.game
            .to_move()
            .map_or(JsValue::NULL, |seat| JsValue::from(seat.index()))
    }

    /// The round wind of the hand being played (or the next one): `E`, `S`, `W` or `N`.
    #[wasm_bindgen(js_name = roundWind)]
    pub fn round_wind(&self) -> String {
        self.game.round_wind().letter().to_string()
    }

    /// The hand's number in its round, 1 to 4 (`East 1` is 1); the same on renchan.
    #[wasm_bindgen(js_name = handNumber)]
    pub fn hand_number(&self) -> u8 {
        self.game.hand_number()
    }

    /// The dealer (East) of the hand being played, or of the next one.
    pub fn dealer(&self) -> usize {
        self.game.dealer().index()
    }

    /// Honba counters (300 points on a win each).
    pub fn honba(&self) -> u32 {
        self.game.honba()
    }

    /// Riichi sticks on the table (1,000 points each).
    #[wasm_bindgen(js_name = riichiSticks)]
    pub fn riichi_sticks(&self) -> u32 {
        self.game.riichi_sticks()
    }

    /// The hands dealt so far, renchan and draws included.
    pub fn hands(&self) -> u32 {
        self.game.hands()
    }

    /// Each seat's points now, by seat (4 numbers; the final points once the match is
    /// over). Riichi sticks on the table are in no seat's points.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn points(&self) -> JsValue {
        to_js(&self.game.points())
    }

    /// Deals the next hand, on `wall` when given (its tiles in notation one after another,
    /// `1m0p7z...`, spaces allowed: 136 tiles, or 108 for sanma; dealt from the first
    /// tile, the last 14 the dead wall), else on a wall shuffled from the seed. Returns the
    /// events (`HandStarted`).
    ///
    /// # Errors
    /// `BAD_DEAL` for a wall that does not read or that the rules refuse (its size, a kind
    /// not 4 times, red fives the rules do not have), or no wall for a match without a
    /// seed; `ILLEGAL_ACTION` while a hand is being played or once the match is over (the
    /// match unchanged).
    #[wasm_bindgen(unchecked_return_type = "MahjongEvent[]")]
    pub fn deal(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] wall: JsValue,
    ) -> Result<JsValue, JsValue> {
        let wall_text = optional_text(&wall, "the wall")?;
        if !self.game.needs_wall() {
            let error = if self.game.is_over() {
                MatchError::Over
            } else {
                MatchError::HandInPlay
            };
            return Err(refused(error));
        }
        let tiles = match (wall_text, self.shuffle.as_mut()) {
            (Some(text), _) => read_wall(&text, &self.rules).map_err(|e| Code::BadDeal.error(e))?,
            (None, Some(shuffle)) => {
                self.seed_walls += 1;
                TileWall::for_rules(&self.rules, shuffle)
            }
            (None, None) => {
                return Err(Code::BadDeal
                    .error("this match has no seed: give deal() the wall of the next hand"));
            }
        };
        let events = self.deal_wall(tiles).map_err(|e| match e {
            MatchError::Rules(e) => Code::BadDeal.error(e),
            e => refused(e),
        })?;
        Ok(events_js(&events, None))
    }

    /// The legal actions of `seat` now, in mahjong-core's `KyokuAction` text
    /// (`tsumogiri`, `discard 5m`, `riichi 0p`, `tsumo`, `ron`, `chi 46m`, `pon 05p`,
    /// `kan`, `ankan 7z`, `kakan 5s`, `kyuushu`, `pass`, `kita`); empty when the seat is
    /// not asked.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a seat above 3.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(
        &self,
        #[wasm_bindgen(js_name = "seat")] seat_index: f64,
    ) -> Result<Vec<String>, JsValue> {
        let seat = seat(seat_index)?;
        if self.game.to_move() != Some(seat) {
            return Ok(Vec::new());
        }
        Ok(self
            .game
            .legal_actions()
            .iter()
            .map(ToString::to_string)
            .collect())
    }

    /// Plays `action` (in `KyokuAction` text, as `legalActions` gives) for `seat`, the
    /// seat to move, and returns the events it caused in order (none for most passes; the
    /// hand's end and payments, and `MatchEnded` when it ends the match), as `viewer`
    /// may know them when given (another seat's draw without its tile), else all shown.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a seat above 3 or text that is no action; `ILLEGAL_ACTION` when
    /// `seat` is not to move, between hands, once the match is over, or for an action the
    /// rules refuse now (mahjong-core's reason). The match is then unchanged.
    #[wasm_bindgen(unchecked_return_type = "MahjongEvent[]")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(js_name = "seat")] seat_index: f64,
        #[wasm_bindgen(unchecked_param_type = "string", js_name = "action")] action_text: JsValue,
        viewer: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let seat = seat(seat_index)?;
        let viewer = viewer.map(crate::mahjong::notation::seat).transpose()?;
        let action = action(&text(&action_text, "the action")?)?;
        if self.game.to_move() != Some(seat) {
            return Err(Code::IllegalAction.error(match self.game.to_move() {
                Some(to_move) => format!("{seat} is not to act: {to_move} is"),
                None if self.game.is_over() => MatchError::Over.to_string(),
                None => MatchError::NeedsWall.to_string(),
            }));
        }
        let events = self.play(action).map_err(refused)?;
        Ok(events_js(&events, viewer))
    }

    /// What `seat` may know now (`MahjongView`): its own tiles, every meld, river, riichi,
    /// dora indicator and score, what it is offered, its legal actions; of the hand being
    /// played, or the last one (with its outcome) between hands; `null` before the first
    /// deal.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a seat above 3.
    #[wasm_bindgen(unchecked_return_type = "MahjongView | null")]
    pub fn view(
        &self,
        #[wasm_bindgen(js_name = "seat")] seat_index: f64,
    ) -> Result<JsValue, JsValue> {
        let seat = seat(seat_index)?;
        Ok(self
            .game
            .view(seat)
            .map_or(JsValue::NULL, |view| to_js(&ViewJs::of(&view))))
    }

    /// The action `bot` chooses for `seat` from the seat's view alone (one of its legal
    /// actions, in `KyokuAction` text), `null` when the seat is not asked. `random` draws
    /// from `seed` (0 when not given).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a seat above 3 or a bot that is not `efficiency`, `classroom` or
    /// `random`.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "string | null")]
    pub fn bot_action(
        &self,
        #[wasm_bindgen(js_name = "seat")] seat_index: f64,
        #[wasm_bindgen(unchecked_param_type = "MahjongBot", js_name = "bot")] bot_name: JsValue,
        seed: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let seat = seat(seat_index)?;
        let mut bot = bot::named(&text(&bot_name, "the bot")?, seed)?;
        let view = self.game.view(seat).filter(|view| !view.legal.is_empty());
        let action = view.and_then(|view| bot.choose(&view));
        Ok(action.map_or(JsValue::NULL, |a| JsValue::from(a.to_string())))
    }

    /// Lets the bots play: `bots` names a bot for each seat (`efficiency`, `classroom`,
    /// `random`; `null` or missing for a seat played from outside), and while a seat with
    /// a bot is to act, it chooses from its view and plays, until a seat without one must
    /// act, the hand ends (`needsWall()`) or the match ends. `random` bots draw from `seed`
    /// (0 when not given; each seat its own stream). Returns the events of all the actions
    /// played, as `viewer` may know them when given (else all shown): one call for the
    /// bots' turns between a person's, as mahjong-core's `play_out_match` drives them.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a name that is not a bot, more than 4 entries, or a viewer that is
    /// not a seat (nothing is played then).
    #[wasm_bindgen(js_name = playBots, unchecked_return_type = "MahjongEvent[]")]
    pub fn play_bots(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "(MahjongBot | null)[]")] bots: JsValue,
        seed: Option<f64>,
        viewer: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let viewer = viewer.map(seat).transpose()?;
        let bots = entries(
            &bots,
            mahjong_core::MAX_SEATS,
            "the bots",
            Code::BadArgument,
        )?;
        let mut players = bots
            .iter()
            .enumerate()
            .map(|(at, name)| {
                let seed = seed.unwrap_or(0.0) + at as f64;
                optional_text(name, "a bot")?
                    .map(|name| bot::named(&name, Some(seed)))
                    .transpose()
            })
            .collect::<Result<Vec<_>, JsValue>>()?;
        let mut events = Vec::new();
        let mut view = None;
        while let Some(seat) = self.game.to_move() {
            let Some(Some(player)) = players.get_mut(seat.index()) else {
                break;
            };
            let Some(kyoku) = self.game.kyoku() else {
                break;
            };
            let view = view.get_or_insert_with(|| kyoku.view(seat));
            kyoku.view_into(seat, view);
            let Some(action) = player.choose(view) else {
                break;
            };
            // A bot chooses among the legal actions, which the match accepts.
            events.extend(self.play(action).map_err(refused)?);
        }
        Ok(events_js(&events, viewer))
    }

    /// How the match ended (mahjong-core's `MatchResult`: `end`, `hands`, final `points`,
    /// `ranking` first to last, `scores` with uma and oka, `seats`) with its `text`;
    /// `null` before the end.
    #[wasm_bindgen(unchecked_return_type = "any | null")]
    pub fn result(&self) -> JsValue {
        self.game.result().map_or(JsValue::NULL, |result| {
            to_js(&ResultJs {
                result,
                text: result.to_string(),
            })
        })
    }
}

impl Mahjong {
    fn start(rule_name: Option<&str>, seed: Option<f64>) -> Result<Mahjong, JsValue> {
        let (name, rules) = preset(rule_name)?;
        Ok(Mahjong {
            rules_name: name,
            rules,
            game: Match::new(rules).map_err(Code::BadArgument.with())?,
            seed,
            shuffle: seed.map(rng),
            seed_walls: 0,
            walls: Vec::new(),
            actions: Vec::new(),
        })
    }

    /// Deals `wall` and keeps it for snapshots.
    fn deal_wall(&mut self, wall: TileWall) -> Result<Vec<MatchEvent>, MatchError> {
        let events = self.game.deal(wall.clone())?;
        self.walls.push(wall);
        Ok(events)
    }

    /// Plays `action` and keeps it for snapshots.
    fn play(&mut self, action: KyokuAction) -> Result<Vec<MatchEvent>, MatchError> {
        let events = self.game.apply(action)?;
        self.actions.push(action);
        Ok(events)
    }
}

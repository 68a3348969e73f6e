//! Omok (gomoku and renju): omok-core's game, fouls and bots.

use omok_core::bot::{Bot, RandomBot, ThreatBot};
use omok_core::search::{self, Limits};
use omok_core::{DEFAULT_SIZE, Game, MAX_SIZE, MIN_SIZE, Outcome, Point, Rule, Stone};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::Code;
use crate::js::{from_js, nullable, optional_text, text, to_js, to_json_text, whole};
use crate::seed::rng;

#[wasm_bindgen(typescript_custom_section)]
const TS_OMOK: &str = r#"
/** A colour: black moves first. */
export type Stone = "black" | "white";

/** How a game of omok ended: `winner` null for a draw, `line` the winning stones. */
export interface OmokOutcome {
  winner: Stone | null;
  /** The winning line's points in notation (`h8`), empty for a draw. */
  line: string[];
  /** The outcome in words: `black wins with h8 i9 j10 k11 l12`, or `draw`. */
  text: string;
}

/** A point forbidden to a colour (black's fouls in renju, double-threes in omok), and why. */
export interface OmokFoul {
  point: string;
  foul: "double-three" | "double-four" | "overline";
}

/** The bots: `random` (uniform legal point), `threat` (omok-core's ThreatBot: one move
 * deep, knows threats) and `search` (the engine's alpha-beta and threat search). */
export type OmokBot = "random" | "threat" | "search";

/** The rules (omok-core's `Rule`): freestyle gomoku (five or more wins), standard gomoku
 * (exactly five wins), renju (black's fouls) and Korean omok (exactly five wins, the
 * double-three forbidden to both colours). */
export type OmokRule = "freestyle" | "standard" | "renju" | "omok";
"#;

/// A game of omok: freestyle gomoku, standard gomoku, renju or Korean omok, on a square
/// board of 5 to 26 lines (omok-core's `Game`).
#[wasm_bindgen]
pub struct Omok {
    game: Game,
}

/// The colour's name in the TypeScript `Stone` type.
fn stone_name(stone: Stone) -> &'static str {
    match stone {
        Stone::Black => "black",
        Stone::White => "white",
    }
}

/// An empty board of `size` lines under `rule`.
fn empty(rule: Rule, size: f64) -> Result<Game, JsValue> {
    let size = whole(size, MIN_SIZE.into()..=MAX_SIZE.into(), "a board size")?;
    Game::with_size(rule, size as u8).map_err(Code::BadArgument.with())
}

/// A rule from its name.
fn rule(name: &JsValue) -> Result<Rule, JsValue> {
    text(name, "the rule")?
        .parse()
        .map_err(Code::BadArgument.with())
}

#[derive(Serialize)]
struct OutcomeJs {
    winner: Option<&'static str>,
    line: Vec<String>,
    text: String,
}

#[wasm_bindgen]
impl Omok {
    /// A new game under `rule` (`freestyle`, `standard`, `renju` or `omok`) on a `size` x
    /// `size` board (15 when not given).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown rule or a size outside 5 to 26.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "OmokRule", js_name = "rule")] rule_name: JsValue,
        size: Option<f64>,
    ) -> Result<Omok, JsValue> {
        Ok(Omok {
            game: empty(rule(&rule_name)?, size.unwrap_or(DEFAULT_SIZE.into()))?,
        })
    }

    /// The game whose moves are `record` (points in notation, `h8 h9 i9`, spaces optional).
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown rule or size, `ILLEGAL_ACTION` naming the first move
    /// of the record that does not parse or is not legal.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "OmokRule", js_name = "rule")] rule_name: JsValue,
        size: f64,
        #[wasm_bindgen(unchecked_param_type = "string")] record: JsValue,
    ) -> Result<Omok, JsValue> {
        let mut game = empty(rule(&rule_name)?, size)?;
        game.play_record(&text(&record, "the record")?)
            .map_err(Code::IllegalAction.with())?;
        Ok(Omok { game })
    }

    /// The game a `snapshot()` was taken of.
    ///
    /// # Errors
    /// `BAD_SNAPSHOT` when the value is not a snapshot of a legal game.
    #[wasm_bindgen(js_name = fromSnapshot)]
    pub fn from_snapshot(
        #[wasm_bindgen(unchecked_param_type = "string")] snapshot: JsValue,
    ) -> Result<Omok, JsValue> {
        Ok(Omok {
            game: from_js(&snapshot, Code::BadSnapshot)?,
        })
    }

    /// The whole game as JSON text (omok-core's serde form), for `fromSnapshot`.
    #[wasm_bindgen(unchecked_return_type = "string")]
    pub fn snapshot(&self) -> String {
        to_json_text(&self.game)
    }

    /// The rule's name.
    #[wasm_bindgen(getter, unchecked_return_type = "OmokRule")]
    pub fn rule(&self) -> String {
        self.game.rule().to_string()
    }

    /// The board's side, in lines.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> u8 {
        self.game.size()
    }

    /// The colour to move, `null` once the game is over.
    #[wasm_bindgen(js_name = toMove, unchecked_return_type = "Stone | null")]
    pub fn to_move(&self) -> JsValue {
        nullable(self.game.to_move().map(stone_name))
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The points the colour to move may play, in notation (black's fouls left out under
    /// renju), row by row; empty once the game is over.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<String> {
        self.notations(self.game.legal_actions())
    }

    /// Plays `point` (`h8`) for the colour to move; returns the outcome when the move ends
    /// the game, `null` otherwise.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for text that is not a point of the board; `ILLEGAL_ACTION` for a
    /// taken point, a foul, or any move once the game is over (the game unchanged).
    #[wasm_bindgen(unchecked_return_type = "OmokOutcome | null")]
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] point: JsValue,
    ) -> Result<JsValue, JsValue> {
        let p = Point::parse_on(&text(&point, "the point")?, self.game.size())
            .map_err(Code::BadArgument.with())?;
        let outcome = self.game.play(p).map_err(Code::IllegalAction.with())?;
        Ok(outcome.map_or(JsValue::NULL, |o| self.outcome_js(&o)))
    }

    /// Takes back the last move; returns its point.
    ///
    /// # Errors
    /// `ILLEGAL_ACTION` when no move was played.
    pub fn undo(&mut self) -> Result<String, JsValue> {
        let p = self.game.undo().map_err(Code::IllegalAction.with())?;
        Ok(self.notation(p))
    }

    /// The outcome once the game is over, `null` before.
    #[wasm_bindgen(unchecked_return_type = "OmokOutcome | null")]
    pub fn outcome(&self) -> JsValue {
        self.game
            .outcome()
            .map_or(JsValue::NULL, |o| self.outcome_js(o))
    }

    /// The moves played, in notation, first to last.
    pub fn moves(&self) -> Vec<String> {
        self.notations(self.game.moves().to_vec())
    }

    /// The record: the moves in notation, `h8 h9 i9`.
    pub fn record(&self) -> String {
        self.game.record()
    }

    /// The board, row by row from the top (row `size`, as printed) and left to right
    /// (column `a`): `size` strings of `size` characters, `x` black, `o` white, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        let size = self.game.size();
        let board = self.game.board();
        (0..size)
            .map(|y| {
                (0..size)
                    .map(|x| match board.get(Point::new(x, y)) {
                        Some(Stone::Black) => 'x',
                        Some(Stone::White) => 'o',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The empty points forbidden to `stone` now (the colour to move when not given, black
    /// once the game is over), with the foul each would be: black's under renju, both
    /// colours' double-threes under omok, none under freestyle and standard gomoku.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for a colour other than `black` and `white`.
    #[wasm_bindgen(unchecked_return_type = "OmokFoul[]")]
    pub fn fouls(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "Stone")] stone: JsValue,
    ) -> Result<JsValue, JsValue> {
        #[derive(Serialize)]
        struct FoulJs {
            point: String,
            foul: String,
        }
        let stone = match optional_text(&stone, "the colour")?.as_deref() {
            None => self.game.to_move().unwrap_or(Stone::Black),
            Some("black") => Stone::Black,
            Some("white") => Stone::White,
            Some(other) => {
                return Err(Code::BadArgument
                    .error(format!("`{other}` is not a colour: use black or white")));
            }
        };
        let board = self.game.board();
        let fouls: Vec<FoulJs> = board
            .fouls(stone, self.game.rule())
            .into_iter()
            .map(|(p, foul)| FoulJs {
                point: self.notation(p),
                foul: foul.to_string(),
            })
            .collect();
        Ok(to_js(&fouls))
    }

    /// The point `bot` plays for the colour to move, `null` once the game is over (a game
    /// with no legal point is over: a draw, and snapshots are replayed to be sure of it).
    /// `random` draws from `seed`; `search` visits at most `nodes` positions (20,000 when
    /// not given: under 0.1 s natively, a few tenths of a second in a browser) and is
    /// deterministic.
    ///
    /// # Errors
    /// `BAD_ARGUMENT` for an unknown bot.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "string | null")]
    pub fn bot_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "OmokBot")] bot: JsValue,
        seed: Option<f64>,
        nodes: Option<f64>,
    ) -> Result<JsValue, JsValue> {
        let point = match text(&bot, "the bot")?.as_str() {
            "random" => RandomBot::new(rng(seed.unwrap_or(0.0))).choose(&self.game),
            "threat" => ThreatBot::new().choose(&self.game),
            "search" => {
                let limits = nodes.map_or_else(Limits::default, |n| Limits::nodes(n as u64));
                search::decide(&self.game, limits).map(|d| d.point)
            }
            other => {
                return Err(Code::BadArgument.error(format!(
                    "`{other}` is not an omok bot: use random, threat or search"
                )));
            }
        };
        Ok(nullable(point.map(|p| self.notation(p))))
    }
}

impl Omok {
    fn notation(&self, p: Point) -> String {
        p.notation(self.game.size()).to_string()
    }

    fn notations(&self, points: Vec<Point>) -> Vec<String> {
        points.into_iter().map(|p| self.notation(p)).collect()
    }

    fn outcome_js(&self, outcome: &Outcome) -> JsValue {
        let line = match outcome {
            Outcome::Win { line, .. } => self.notations(line.clone()),
            Outcome::Draw => Vec::new(),
        };
        to_js(&OutcomeJs {
            winner: outcome.winner().map(stone_name),
            line,
            text: outcome.notation(self.game.size()).to_string(),
        })
    }
}

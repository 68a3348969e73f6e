//! Competition opening rules as an opening phase before a [`Game`] ([spec](crate::spec)
//! section 4): swap2 (the Gomocup rule), Soosorv-8 (the RIF rule of the renju world
//! championship since 2017) and Taraguchi-10. Two seats, [`Seat::First`] (who begins as
//! tentative black) and [`Seat::Second`], take turns at the decisions the rule gives them;
//! each is validated, and a refused one leaves the opening as it was.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::symmetry::equivalent;
use crate::board::SizeError;
use crate::game::{Game, MoveError};
use crate::point::{ParsePointError, Point};
use crate::rule::Rule;
use crate::stone::Stone;

/// An opening rule.
///
/// | rule | the decisions, in order |
/// |---|---|
/// | `Swap2` | first: three stones anywhere (black, white, black); second: swap, stay (and play the 4th move as white), or put the 4th (white) and 5th (black) stones; then first: swap or stay |
/// | `Soosorv8` | first: three stones, the 1st in the centre, the 2nd within the central 3x3, the 3rd within the central 5x5 (one of the 26 openings); white's holder may swap; white: the 4th stone anywhere and a declared number of fifth moves, 1 to 8; black's holder may swap; black: that many fifth moves, no two the same by symmetry; white: chooses one, then plays the 6th move in the game |
/// | `Taraguchi10` | moves 1 to 4 within the central 1x1, 3x3, 5x5 and 7x7 squares, the holder of the colour to move may swap after each; black then either plays the 5th within the central 9x9 (white's holder may swap after it) or offers 10 fifth moves anywhere, no two the same by symmetry, and white chooses one |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// Swap2, as Gomocup plays it.
    Swap2,
    /// Soosorv-8 (Soosõrv-N with N = 8), RIF.
    Soosorv8,
    /// Taraguchi-10 (Taraguchi-N with N = 10), RIF.
    Taraguchi10,
}

impl OpeningRule {
    /// Every opening rule.
    pub const ALL: [OpeningRule; 3] = [
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    /// The rule's name as [`FromStr`] takes it: `swap2`, `soosorv-8`, `taraguchi-10`.
    pub const fn name(self) -> &'static str {
        match self {
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv-8",
            OpeningRule::Taraguchi10 => "taraguchi-10",
        }
    }
}

impl fmt::Display for OpeningRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for OpeningRule {
    type Err = ParseOpeningRuleError;

    /// Parses `swap2`, `soosorv-8` or `taraguchi-10`, case-insensitive.
    fn from_str(text: &str) -> Result<OpeningRule, ParseOpeningRuleError> {
        let wanted = text.trim().to_ascii_lowercase();
        OpeningRule::ALL
            .into_iter()
            .find(|rule| rule.name() == wanted)
            .ok_or_else(|| ParseOpeningRuleError(text.to_string()))
    }
}

/// Text that names no opening rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not an opening rule: use swap2, soosorv-8 or taraguchi-10")]
pub struct ParseOpeningRuleError(pub String);

/// One of the two players, by who began: colours change hands when a player swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    /// The player who begins the opening, as tentative black.
    First,
    /// The other player.
    Second,
}

impl Seat {
    /// The other seat.
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    /// `first` or `second`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }
}

/// A decision in an opening.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpeningAction {
    /// Put the next stone (of the colour to move) on a point.
    Place(Point),
    /// Take the other colour.
    Swap,
    /// Keep one's colour.
    Stay,
    /// Declare how many fifth moves black will offer (Soosorv-8).
    Declare(u8),
    /// Offer these fifth moves, for the other side to choose one.
    Offer(Vec<Point>),
    /// Choose one of the offered fifth moves.
    Choose(Point),
}

impl fmt::Display for OpeningAction {
    /// `place h8`, `swap`, `stay`, `declare 5`, `offer h8 i9`, `choose h8`: points in renju
    /// notation on a 15x15 board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningAction::Place(p) => write!(f, "place {p}"),
            OpeningAction::Swap => f.write_str("swap"),
            OpeningAction::Stay => f.write_str("stay"),
            OpeningAction::Declare(n) => write!(f, "declare {n}"),
            OpeningAction::Offer(points) => {
                f.write_str("offer")?;
                points.iter().try_for_each(|p| write!(f, " {p}"))
            }
            OpeningAction::Choose(p) => write!(f, "choose {p}"),
        }
    }
}

impl OpeningAction {
    /// Parses a decision as [`OpeningAction`]'s `Display` writes it, with points on a
    /// `size` x `size` board (renju notation or `x,y`); a bare point is `place`.
    ///
    /// # Errors
    /// [`ParseActionError`] for an unknown word, a missing or bad point or number.
    pub fn parse_on(text: &str, size: u8) -> Result<OpeningAction, ParseActionError> {
        let mut words = text.split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let point = |t: &str| Point::parse_on(t, size).map_err(ParseActionError::Point);
        let one_point = || match rest.as_slice() {
            [p] => point(p),
            _ => Err(ParseActionError::Shape(text.trim().to_string())),
        };
        match word.as_str() {
            "swap" if rest.is_empty() => Ok(OpeningAction::Swap),
            "stay" if rest.is_empty() => Ok(OpeningAction::Stay),
            "place" => one_point().map(OpeningAction::Place),
            "choose" => one_point().map(OpeningAction::Choose),
            "declare" => match rest.as_slice() {
                [n] => n
                    .parse()
                    .map(OpeningAction::Declare)
                    .map_err(|_| ParseActionError::Shape(text.trim().to_string())),
                _ => Err(ParseActionError::Shape(text.trim().to_string())),
            },
            "offer" if !rest.is_empty() => rest
                .iter()
                .map(|p| point(p))
                .collect::<Result<_, _>>()
                .map(OpeningAction::Offer),
            _ if rest.is_empty() && !word.is_empty() => point(&word).map(OpeningAction::Place),
            _ => Err(ParseActionError::Shape(text.trim().to_string())),
        }
    }
}

impl FromStr for OpeningAction {
    type Err = ParseActionError;

    /// Parses a decision with points on a 15x15 board; see [`OpeningAction::parse_on`].
    fn from_str(text: &str) -> Result<OpeningAction, ParseActionError> {
        OpeningAction::parse_on(text, crate::DEFAULT_SIZE)
    }
}

/// Text that is not an opening decision.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// A point in it is not a point.
    #[error(transparent)]
    Point(ParsePointError),
    /// It is none of the decisions' forms.
    #[error(
        "`{0}` is not a decision: use place POINT (or just POINT), swap, stay, declare N, \
         offer POINT POINT..., choose POINT"
    )]
    Shape(String),
}

/// What the opening waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `seat` puts the next stone, of colour `stone`, within the central `within` x
    /// `within` square (anywhere when `None`).
    Place {
        /// Who decides.
        seat: Seat,
        /// The colour of the stone.
        stone: Stone,
        /// The side of the central square the stone must be in, if any.
        within: Option<u8>,
    },
    /// `seat` swaps or stays; in swap2's first choice it may instead put two more stones
    /// (`may_place`: a [`OpeningAction::Place`] of the 4th stone begins that).
    SwapOrStay {
        /// Who decides.
        seat: Seat,
        /// Whether placing the next stone is a third choice.
        may_place: bool,
    },
    /// `seat` declares how many fifth moves black will offer, from 1 to `max`.
    Declare {
        /// Who decides.
        seat: Seat,
        /// The most fifth moves that may be declared.
        max: u8,
    },
    /// `seat` offers `count` fifth moves, no two the same by symmetry.
    Offer {
        /// Who decides.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// `seat` either plays the fifth move within the central `within` x `within` square, or
    /// offers `count` fifth moves anywhere (Taraguchi-10).
    PlaceOrOffer {
        /// Who decides.
        seat: Seat,
        /// The side of the central square of a played fifth move.
        within: u8,
        /// How many fifth moves an offer holds.
        count: u8,
    },
    /// `seat` chooses one of `offers` as the fifth move.
    Choose {
        /// Who decides.
        seat: Seat,
        /// The fifth moves offered.
        offers: Vec<Point>,
    },
    /// The opening is over: the game goes on from [`Opening::game`].
    Done,
}

impl Step {
    /// Who decides now, or `None` once the opening is over.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Step::Place { seat, .. }
            | Step::SwapOrStay { seat, .. }
            | Step::Declare { seat, .. }
            | Step::Offer { seat, .. }
            | Step::PlaceOrOffer { seat, .. }
            | Step::Choose { seat, .. } => Some(*seat),
            Step::Done => None,
        }
    }
}

impl fmt::Display for Step {
    /// What the step asks, in words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let within = |w: &Option<u8>| w.map(|s| format!(" within the central {s}x{s}"));
        match self {
            Step::Place {
                seat,
                stone,
                within: w,
            } => write!(
                f,
                "{seat} places a {stone} stone{}",
                within(w).unwrap_or_default()
            ),
            Step::SwapOrStay { seat, may_place } => {
                write!(f, "{seat} swaps or stays")?;
                if *may_place {
                    f.write_str(", or places two more stones")?;
                }
                Ok(())
            }
            Step::Declare { seat, max } => {
                write!(f, "{seat} declares from 1 to {max} fifth moves")
            }
            Step::Offer { seat, count } => write!(f, "{seat} offers {count} fifth moves"),
            Step::PlaceOrOffer {
                seat,
                within: w,
                count,
            } => write!(
                f,
                "{seat} places the fifth move within the central {w}x{w}, or offers {count}"
            ),
            Step::Choose { seat, .. } => write!(f, "{seat} chooses one offered fifth move"),
            Step::Done => f.write_str("the opening is over"),
        }
    }
}

/// What a decision did, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpeningEvent {
    /// `seat` put a `stone` on `point`.
    Placed {
        /// Who.
        seat: Seat,
        /// The colour.
        stone: Stone,
        /// Where.
        point: Point,
    },
    /// `seat` swapped: colours changed hands.
    Swapped {
        /// Who.
        seat: Seat,
    },
    /// `seat` kept its colour.
    Stayed {
        /// Who.
        seat: Seat,
    },
    /// `seat` declared `count` fifth moves.
    Declared {
        /// Who.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// `seat` offered these fifth moves.
    Offered {
        /// Who.
        seat: Seat,
        /// The fifth moves.
        points: Vec<Point>,
    },
    /// `seat` chose `point` among the offered fifth moves; it is played.
    Chose {
        /// Who.
        seat: Seat,
        /// The fifth move.
        point: Point,
    },
    /// The opening is over; `black` holds black, and the game goes on.
    Finished {
        /// Who plays black.
        black: Seat,
    },
}

/// A decision [`Opening::apply`] refuses. The opening is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum OpeningError {
    /// The opening is over: moves go to the game.
    #[error("the opening is over: play the game")]
    Finished,
    /// The other seat decides now.
    #[error("it is {expected}'s decision, not {seat}'s")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who decides.
        expected: Seat,
    },
    /// The decision is not one this step takes.
    #[error("`{action}` is not a decision here: {step}")]
    Unexpected {
        /// The decision, as written.
        action: String,
        /// What the step asks, in words.
        step: String,
    },
    /// The stone is outside the square the rule allows.
    #[error("{} is outside the central {side}x{side} square", point.notation(*size))]
    OutsideArea {
        /// The point asked for.
        point: Point,
        /// The side of the square.
        side: u8,
        /// The board's side length, for the notation.
        size: u8,
    },
    /// The stone or fifth move is not a legal move (off the board, taken, a foul).
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The declared number of fifth moves is out of range.
    #[error("declare from 1 to {max} fifth moves, not {count}")]
    Declare {
        /// The number declared.
        count: u8,
        /// The most allowed.
        max: u8,
    },
    /// An offer of the wrong size.
    #[error("{given} fifth moves offered, where {count} are due")]
    OfferCount {
        /// Moves offered.
        given: usize,
        /// Moves due.
        count: u8,
    },
    /// Two offered fifth moves are the same move by a symmetry of the position (or the same
    /// point twice).
    #[error("{} and {} are the same fifth move by symmetry", a.notation(*size), b.notation(*size))]
    Symmetric {
        /// One.
        a: Point,
        /// The other.
        b: Point,
        /// The board's side length, for the notation.
        size: u8,
    },
    /// The chosen fifth move was not offered.
    #[error("{} was not offered", point.notation(*size))]
    NotOffered {
        /// The point chosen.
        point: Point,
        /// The board's side length, for the notation.
        size: u8,
    },
}

/// An opening in progress: the game so far, who holds black, and what is awaited.
///
/// ```
/// use omok_core::opening::{Opening, OpeningAction, OpeningRule, Seat, Step};
/// use omok_core::{Rule, Stone};
///
/// let mut opening = Opening::new(OpeningRule::Swap2, Rule::Standard, 15)?;
/// for p in ["h8", "j9", "g10"] {
///     opening.apply(Seat::First, OpeningAction::Place(p.parse()?))?;
/// }
/// // The second seat takes black; the first now plays white's 4th move in the game.
/// opening.apply(Seat::Second, OpeningAction::Swap)?;
/// assert_eq!(opening.step(), Step::Done);
/// assert_eq!(opening.colour_of(Seat::Second), Stone::Black);
/// assert_eq!(opening.game().to_move(), Some(Stone::White));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    rule: OpeningRule,
    game: Game,
    /// Who holds black now.
    black: Seat,
    step: Step,
    /// The number of fifth moves declared (Soosorv-8).
    declared: Option<u8>,
}

/// The fifth moves Soosorv-8 may declare at most, and Taraguchi-10 offers.
const SOOSORV_MAX: u8 = 8;
const TARAGUCHI_OFFERS: u8 = 10;
/// The central squares of the first stones: Soosorv-8's three, Taraguchi-10's four and fifth.
const SOOSORV_AREAS: [u8; 3] = [1, 3, 5];
const TARAGUCHI_AREAS: [u8; 5] = [1, 3, 5, 7, 9];

impl Opening {
    /// A new opening under `opening` before a game under `rule` on a `size` x `size` board;
    /// the first seat decides first.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is from 5 to 26.
    pub fn new(opening: OpeningRule, rule: Rule, size: u8) -> Result<Opening, SizeError> {
        let mut new = Opening {
            rule: opening,
            game: Game::with_size(rule, size)?,
            black: Seat::First,
            step: Step::Done,
            declared: None,
        };
        new.step = new.place_step(Seat::First);
        Ok(new)
    }

    /// The opening rule.
    pub fn opening_rule(&self) -> OpeningRule {
        self.rule
    }

    /// The game so far: the stones placed, the colour to move.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on once the opening is over.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// What the opening waits for.
    pub fn step(&self) -> Step {
        self.step.clone()
    }

    /// Who decides now, or `None` once the opening is over.
    pub fn to_decide(&self) -> Option<Seat> {
        self.step.seat()
    }

    /// Whether the opening is over.
    pub fn is_done(&self) -> bool {
        self.step == Step::Done
    }

    /// The colour `seat` holds now (for good once the opening is over).
    pub fn colour_of(&self, seat: Seat) -> Stone {
        if seat == self.black {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// Who holds `stone` now.
    pub fn holder(&self, stone: Stone) -> Seat {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// Applies `seat`'s decision; returns what happened, ending with
    /// [`OpeningEvent::Finished`] when the decision ends the opening.
    ///
    /// # Errors
    /// - [`OpeningError::Finished`] once the opening is over;
    /// - [`OpeningError::NotYourTurn`] when the other seat decides now;
    /// - [`OpeningError::Unexpected`] for a decision the step does not take;
    /// - [`OpeningError::OutsideArea`] for a stone outside the rule's central square;
    /// - [`OpeningError::Move`] for a stone or fifth move that is not a legal move;
    /// - [`OpeningError::Declare`] for a number of fifth moves out of range;
    /// - [`OpeningError::OfferCount`] and [`OpeningError::Symmetric`] for an offer of the
    ///   wrong size or with two moves the same by symmetry;
    /// - [`OpeningError::NotOffered`] for a choice that was not offered.
    ///
    /// On error the opening is unchanged.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: OpeningAction,
    ) -> Result<Vec<OpeningEvent>, OpeningError> {
        let mut next = self.clone();
        let events = next.decide(seat, action)?;
        *self = next;
        Ok(events)
    }

    /// The opening after `seat`'s decision, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Opening::apply`].
    pub fn after(&self, seat: Seat, action: OpeningAction) -> Result<Opening, OpeningError> {
        let mut next = self.clone();
        next.apply(seat, action)?;
        Ok(next)
    }

    /// Applies a decision to `self`, which may be left half-changed on error (the caller
    /// works on a copy).
    fn decide(
        &mut self,
        seat: Seat,
        action: OpeningAction,
    ) -> Result<Vec<OpeningEvent>, OpeningError> {
        let expected = self.to_decide().ok_or(OpeningError::Finished)?;
        if seat != expected {
            return Err(OpeningError::NotYourTurn { seat, expected });
        }
        let mut events = match (self.step.clone(), action) {
            (Step::Place { within, .. }, OpeningAction::Place(p)) => {
                vec![self.place(seat, p, within)?]
            }
            (
                Step::SwapOrStay {
                    may_place: true, ..
                },
                OpeningAction::Place(p),
            ) => {
                vec![self.place(seat, p, None)?]
            }
            (Step::PlaceOrOffer { within, .. }, OpeningAction::Place(p)) => {
                vec![self.place(seat, p, Some(within))?]
            }
            (Step::SwapOrStay { .. }, OpeningAction::Swap) => {
                self.black = self.black.other();
                vec![OpeningEvent::Swapped { seat }]
            }
            (Step::SwapOrStay { .. }, OpeningAction::Stay) => vec![OpeningEvent::Stayed { seat }],
            (Step::Declare { max, .. }, OpeningAction::Declare(count)) => {
                if !(1..=max).contains(&count) {
                    return Err(OpeningError::Declare { count, max });
                }
                self.declared = Some(count);
                vec![OpeningEvent::Declared { seat, count }]
            }
            (
                Step::Offer { count, .. } | Step::PlaceOrOffer { count, .. },
                OpeningAction::Offer(points),
            ) => {
                self.check_offer(&points, count)?;
                vec![OpeningEvent::Offered { seat, points }]
            }
            (Step::Choose { offers, .. }, OpeningAction::Choose(point)) => {
                if !offers.contains(&point) {
                    let size = self.game.size();
                    return Err(OpeningError::NotOffered { point, size });
                }
                self.game.play(point)?;
                vec![OpeningEvent::Chose { seat, point }]
            }
            (step, action) => {
                return Err(OpeningError::Unexpected {
                    action: action.to_string(),
                    step: step.to_string(),
                });
            }
        };
        self.step = self.next_step(&events[0]);
        if self.step == Step::Done {
            events.push(OpeningEvent::Finished { black: self.black });
        }
        Ok(events)
    }

    /// Puts the colour to move's stone on `p`, within the central `within` square if given.
    fn place(
        &mut self,
        seat: Seat,
        p: Point,
        within: Option<u8>,
    ) -> Result<OpeningEvent, OpeningError> {
        let size = self.game.size();
        if let Some(side) = within {
            let centre = size / 2;
            let reach = side / 2;
            let inside = p.x.abs_diff(centre) <= reach && p.y.abs_diff(centre) <= reach;
            if !inside && p.is_on(size) {
                return Err(OpeningError::OutsideArea {
                    point: p,
                    side,
                    size,
                });
            }
        }
        let stone = self.game.turn();
        self.game.play(p)?;
        Ok(OpeningEvent::Placed {
            seat,
            stone,
            point: p,
        })
    }

    /// Checks an offer of fifth moves: `count` of them, each legal for the colour to move,
    /// no two the same by a symmetry of the position.
    fn check_offer(&self, points: &[Point], count: u8) -> Result<(), OpeningError> {
        if points.len() != usize::from(count) {
            return Err(OpeningError::OfferCount {
                given: points.len(),
                count,
            });
        }
        for (k, &a) in points.iter().enumerate() {
            self.game.check(a)?;
            if let Some(&b) = points[..k]
                .iter()
                .find(|&&b| equivalent(self.game.board(), a, b))
            {
                let size = self.game.size();
                return Err(OpeningError::Symmetric { a: b, b: a, size });
            }
        }
        Ok(())
    }

    /// The step of placing the next stone, by `seat`, under the rule's area for it.
    fn place_step(&self, seat: Seat) -> Step {
        let n = self.game.moves().len();
        let within = match self.rule {
            OpeningRule::Swap2 => None,
            OpeningRule::Soosorv8 => SOOSORV_AREAS.get(n).copied(),
            OpeningRule::Taraguchi10 => TARAGUCHI_AREAS.get(n).copied(),
        };
        Step::Place {
            seat,
            stone: self.game.turn(),
            within,
        }
    }

    /// The swap decision after a stone: the holder of the colour to move decides.
    fn swap_step(&self) -> Step {
        Step::SwapOrStay {
            seat: self.holder(self.game.turn()),
            may_place: false,
        }
    }

    /// What comes after `event` (the decision's first event).
    fn next_step(&self, event: &OpeningEvent) -> Step {
        let stones = self.game.moves().len();
        let to_move = self.holder(self.game.turn());
        match self.rule {
            OpeningRule::Swap2 => self.next_swap2(event, stones),
            OpeningRule::Soosorv8 => match (event, stones) {
                (OpeningEvent::Placed { .. }, 1 | 2) => self.place_step(Seat::First),
                (OpeningEvent::Placed { .. }, 3) => self.swap_step(),
                (OpeningEvent::Swapped { .. } | OpeningEvent::Stayed { .. }, 3) => {
                    self.place_step(to_move)
                }
                (OpeningEvent::Placed { seat, .. }, 4) => Step::Declare {
                    seat: *seat,
                    max: SOOSORV_MAX,
                },
                (OpeningEvent::Declared { .. }, 4) => self.swap_step(),
                (OpeningEvent::Swapped { .. } | OpeningEvent::Stayed { .. }, 4) => Step::Offer {
                    seat: to_move,
                    count: self.declared(),
                },
                (OpeningEvent::Offered { points, .. }, _) => Step::Choose {
                    seat: to_move.other(),
                    offers: points.clone(),
                },
                _ => Step::Done,
            },
            OpeningRule::Taraguchi10 => match (event, stones) {
                (OpeningEvent::Placed { .. }, 1..=4) => self.swap_step(),
                (OpeningEvent::Swapped { .. } | OpeningEvent::Stayed { .. }, 1..=3) => {
                    self.place_step(to_move)
                }
                (OpeningEvent::Swapped { .. } | OpeningEvent::Stayed { .. }, 4) => {
                    Step::PlaceOrOffer {
                        seat: to_move,
                        within: TARAGUCHI_AREAS[4],
                        count: TARAGUCHI_OFFERS,
                    }
                }
                (OpeningEvent::Placed { .. }, 5) => self.swap_step(),
                (OpeningEvent::Offered { points, .. }, _) => Step::Choose {
                    seat: to_move.other(),
                    offers: points.clone(),
                },
                _ => Step::Done,
            },
        }
    }

    /// Swap2: three stones by the first seat; the second seat swaps, stays, or puts the 4th
    /// and 5th; then the first seat chooses its colour.
    fn next_swap2(&self, event: &OpeningEvent, stones: usize) -> Step {
        match (event, stones) {
            (OpeningEvent::Placed { .. }, 1 | 2) => self.place_step(Seat::First),
            (OpeningEvent::Placed { .. }, 3) => Step::SwapOrStay {
                seat: Seat::Second,
                may_place: true,
            },
            (OpeningEvent::Placed { seat, .. }, 4) => self.place_step(*seat),
            (OpeningEvent::Placed { .. }, 5) => Step::SwapOrStay {
                seat: Seat::First,
                may_place: false,
            },
            _ => Step::Done,
        }
    }

    /// The number of fifth moves declared (Soosorv-8); the declaration always comes before
    /// the offer that asks for it.
    fn declared(&self) -> u8 {
        self.declared.unwrap_or(1)
    }
}

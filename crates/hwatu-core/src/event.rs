//! What happened in a transition, and how a game ended (rules sections 2, 3 and 5).

use std::fmt;

use crate::card::{Card, GukjinUse};
use crate::card_set::CardSet;
use crate::names::Names;
use crate::player::Player;
use crate::seat::{Seat, SeatIndex};
use crate::words::count;

/// Why an instant payment was made (rules section 3; standard rules only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum InstantReason {
    /// A ppuk on each of the player's first `turns` turns (1, 2 or 3 in a row).
    Ppuk {
        /// How many first turns in a row ended in ppuk.
        turns: u8,
    },
    /// A ttadak on the player's first turn.
    Ttadak,
}

/// One thing that happened, in order. `Display` tells it in words with the players' letters;
/// [`Event::describe`] takes other names, and may address one player as "you".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Event<P = Player> {
    /// `player` played `card` from its hand, a month card that begins its turn.
    Played {
        /// Who.
        player: P,
        /// The card.
        card: Card,
    },
    /// `player` played the bonus card `card` from its hand: it is captured and replaced from
    /// the stock ([`Event::Drew`]), and the player plays again in the same turn (section 3).
    BonusPlayed {
        /// Who.
        player: P,
        /// The bonus card.
        card: Card,
    },
    /// `player` shook: it showed `cards`, three or four of a month in its hand.
    Shook {
        /// Who.
        player: P,
        /// The cards shown.
        cards: CardSet,
    },
    /// `player` bombed with `cards`, the three of a month held.
    Bombed {
        /// Who.
        player: P,
        /// The cards played.
        cards: CardSet,
    },
    /// `player` used a flip-only turn.
    FlipOnly {
        /// Who.
        player: P,
    },
    /// `player` flipped `card` from the stock.
    Flipped {
        /// Who.
        player: P,
        /// The card.
        card: Card,
    },
    /// `player` drew `card` into its hand to replace a bonus card it played. Only `player`
    /// may see the card: the other sees [`Event::DrewUnseen`] (see [`Event::seen_by`]).
    Drew {
        /// Who.
        player: P,
        /// The card.
        card: Card,
    },
    /// `player` drew a card into its hand, face down, to replace a bonus card it played:
    /// [`Event::Drew`] as its opponent sees it.
    DrewUnseen {
        /// Who.
        player: P,
    },
    /// `player` captured `cards`.
    Captured {
        /// Who.
        player: P,
        /// The cards.
        cards: CardSet,
    },
    /// Ppuk: `player`'s card stuck to the floor; the three cards of `month` stay as a pile.
    Ppuk {
        /// Who made the pile.
        player: P,
        /// The month.
        month: u8,
        /// The player's ppuk count in this game, this one included.
        count: u8,
    },
    /// `player` took the ppuk pile of `month` made by `maker` (`None`: dealt to the floor).
    PileTaken {
        /// Who took it.
        player: P,
        /// The month.
        month: u8,
        /// Who made it.
        maker: Option<P>,
    },
    /// Ja-ppuk: `player` took back its own ppuk pile of `month`; two pi are stolen.
    JaPpuk {
        /// Who.
        player: P,
        /// The month.
        month: u8,
    },
    /// Jjok: `player`'s card matched nothing and the flip matched it.
    Jjok {
        /// Who.
        player: P,
        /// The month.
        month: u8,
    },
    /// Ttadak: `player`'s card and the flip took the two floor cards of `month`.
    Ttadak {
        /// Who.
        player: P,
        /// The month.
        month: u8,
    },
    /// Sweep (ssakseuri): `player` cleared the floor.
    Sweep {
        /// Who.
        player: P,
    },
    /// `player` took the pi card `card` from `from`, right after what caused it (jjok, ttadak,
    /// a pile taken, a bomb, a bonus card under [`crate::Rules::bonus_steal`]) or, for a
    /// sweep, at the end of the turn. Under [`crate::PiSteal::SwapWithChange`], `change` is
    /// the smaller pi card it gave back in the same move.
    PiStolen {
        /// The taker.
        player: P,
        /// The opponent.
        from: P,
        /// The card taken.
        card: Card,
        /// The card given back as change, if any.
        change: Option<Card>,
    },
    /// `player` made its third ppuk and wins at once.
    ThreePpuk {
        /// Who.
        player: P,
    },
    /// `from` paid `to` `points` at once, never multiplied.
    InstantPayment {
        /// The payer.
        from: P,
        /// The payee.
        to: P,
        /// The points paid: fixed points, never multiplied; under
        /// [`crate::InstantPayout::BaseMultiple`] the multiple of the game's base stake,
        /// which the settlement multiplies ([`crate::Settlement::instant_points`]).
        points: u32,
        /// Why.
        reason: InstantReason,
    },
    /// `player`'s base score is now `score`.
    ScoreChanged {
        /// Whose.
        player: P,
        /// The new base score.
        score: u32,
    },
    /// `player` chose how its gukjin counts.
    GukjinChosen {
        /// Who.
        player: P,
        /// Yeol or ssangpi.
        use_as: GukjinUse,
    },
    /// `player` called its `count`-th go.
    Go {
        /// Who.
        player: P,
        /// The goes called so far, this one included.
        count: u8,
    },
    /// `player` stopped and wins; `automatic` when it had no card left.
    Stop {
        /// Who.
        player: P,
        /// Whether the stop was automatic.
        automatic: bool,
    },
    /// Both hands are played out and no one stopped, or a deal that house rules void
    /// ([`crate::FloorFour::Nagari`], [`crate::BothChongtong::Nagari`]): the game is void.
    Nagari,
    /// Chongtong: `player` was dealt all four cards of `month` and wins at once, at the deal
    /// ([`crate::Game::deal_events`]) or when it declares it under
    /// [`crate::Rules::chongtong_play_on`]; with `on_floor`, the four were dealt to the floor
    /// and the first player wins under [`crate::FloorFour::FirstPlayerWins`].
    Chongtong {
        /// Who wins.
        player: P,
        /// The month.
        month: u8,
        /// Whether the four cards were dealt to the floor rather than to the hand.
        on_floor: bool,
    },
    /// `player`'s turn is over: the last event of every turn (after its go or stop, and
    /// after the end of the game when the turn ends it). `turn` counts the turns of both
    /// players from 1; a bonus card played from the hand does not begin a turn.
    TurnEnded {
        /// Whose turn.
        player: P,
        /// The turn's number in the game, from 1.
        turn: u8,
    },
}

impl<P: SeatIndex> Event<P> {
    /// The event as `viewer` may know it: the same event, except that a card drawn into the
    /// opponent's hand ([`Event::Drew`]) becomes [`Event::DrewUnseen`]. Every other event
    /// shows only cards that both players see (rules section 2: hands are hidden, the floor,
    /// the flips and the capture piles are face up).
    ///
    /// ```
    /// use hwatu_core::{Card, Event, Player};
    ///
    /// let drew = Event::Drew { player: Player::B, card: Card::GUKJIN };
    /// assert_eq!(drew.seen_by(Player::B), drew);
    /// assert_eq!(drew.seen_by(Player::A), Event::DrewUnseen { player: Player::B });
    /// ```
    pub fn seen_by(&self, viewer: P) -> Event<P> {
        match *self {
            Event::Drew { player, .. } if player != viewer => Event::DrewUnseen { player },
            event => event,
        }
    }

    /// The event in words, naming the players with `names` (the one addressed as "you" in
    /// the second person).
    pub fn describe(&self, names: &Names<P>) -> String {
        let name = |p: P| names.name(p).to_string();
        match *self {
            Event::Played { player, card } => format!("{} played {card}", name(player)),
            Event::BonusPlayed { player, card } => {
                format!("{} played the bonus card {card}", name(player))
            }
            Event::Shook { player, cards } => format!("{} shook, showing {cards}", name(player)),
            Event::Bombed { player, cards } => format!("{} bombed with {cards}!", name(player)),
            Event::FlipOnly { player } => format!("{} used a flip-only turn", name(player)),
            Event::Flipped { player, card } => format!("{} flipped {card}", name(player)),
            Event::Drew { player, card } => {
                format!("{} drew {card} for the bonus card", name(player))
            }
            Event::DrewUnseen { player } => {
                format!("{} drew a card for the bonus card", name(player))
            }
            Event::Captured { player, cards } => format!("{} captured {cards}", name(player)),
            Event::Ppuk {
                player,
                month,
                count,
            } => format!(
                "ppuk! {} made a pile of month {month} ({} ppuk number {count})",
                name(player),
                names.possessive(player)
            ),
            Event::PileTaken {
                player,
                month,
                maker,
            } => match maker {
                Some(maker) => format!(
                    "{} took the ppuk pile of month {month} made by {}: a pi is stolen",
                    name(player),
                    name(maker)
                ),
                None => format!(
                    "{} took the three cards of month {month} dealt to the floor",
                    name(player)
                ),
            },
            Event::JaPpuk { player, month } => format!(
                "ja-ppuk! {} took back the pile of month {month} {} made: two pi are stolen",
                name(player),
                names.pronoun(player)
            ),
            Event::Jjok { player, month } => {
                format!("jjok in month {month} for {}: a pi is stolen", name(player))
            }
            Event::Ttadak { player, month } => {
                format!(
                    "ttadak in month {month} for {}: a pi is stolen",
                    name(player)
                )
            }
            Event::Sweep { player } => {
                format!("sweep! {} cleared the floor: a pi is stolen", name(player))
            }
            Event::PiStolen {
                player,
                from,
                card,
                change,
            } => {
                let taken = format!("{} took the pi {card} from {}", name(player), name(from));
                match change {
                    Some(change) => format!("{taken}, giving {change} back as change"),
                    None => taken,
                }
            }
            Event::ThreePpuk { player } => format!(
                "three ppuk! {} {} at once",
                name(player),
                names.verb(player, "win")
            ),
            Event::InstantPayment {
                from,
                to,
                points,
                reason,
            } => {
                let why = match reason {
                    InstantReason::Ppuk { turns: 1 } => "ppuk on the first turn".to_string(),
                    InstantReason::Ppuk { turns } => format!("ppuk on the first {turns} turns"),
                    InstantReason::Ttadak => "ttadak on the first turn".to_string(),
                };
                format!(
                    "instant payment ({why}): {} from {} to {}",
                    count(points, "point"),
                    name(from),
                    name(to)
                )
            }
            Event::ScoreChanged { player, score } => {
                let whose = names.possessive(player);
                format!("{whose} score: {}", count(score, "point"))
            }
            Event::GukjinChosen { player, use_as } => {
                let whose = names.possessive(player);
                format!("{whose} gukjin counts as {use_as}")
            }
            Event::Go { player, count } => format!(
                "go! {} {} on ({count} go)",
                name(player),
                names.verb(player, "play")
            ),
            Event::Stop {
                player,
                automatic: false,
            } => format!(
                "{} {}: the game ends",
                name(player),
                names.verb(player, "stop")
            ),
            Event::Stop {
                player,
                automatic: true,
            } => format!(
                "no card left: {} {}",
                name(player),
                names.verb(player, "stop")
            ),
            Event::Nagari => "nagari: no one won; the next game counts double".to_string(),
            Event::Chongtong {
                player,
                month,
                on_floor: false,
            } => format!(
                "chongtong! all four cards of month {month} were dealt to {}",
                name(player)
            ),
            Event::Chongtong {
                player,
                month,
                on_floor: true,
            } => format!(
                "all four cards of month {month} were dealt to the floor: {} {} as the first player",
                name(player),
                names.verb(player, "win")
            ),
            Event::TurnEnded { player, turn } => {
                format!("end of {} turn (turn {turn})", names.possessive(player))
            }
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Names::players()))
    }
}

impl fmt::Display for Event<Seat> {
    /// In words, the seats named `player A` to `player E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Names::seats(Seat::MAX)))
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<P = Player> {
    /// `winner` stopped (or stopped automatically with no card left).
    Stop {
        /// Who won.
        winner: P,
    },
    /// `winner` was dealt all four cards of `month` (with `on_floor`, they were dealt to the
    /// floor and `winner` led the game: [`crate::FloorFour::FirstPlayerWins`]).
    Chongtong {
        /// Who won.
        winner: P,
        /// The month.
        month: u8,
        /// Whether the four cards were dealt to the floor.
        on_floor: bool,
    },
    /// `winner` made three ppuk.
    ThreePpuk {
        /// Who won.
        winner: P,
    },
    /// No one won (section 5).
    Nagari,
}

impl<P: SeatIndex> Outcome<P> {
    /// The winner, if any.
    pub fn winner(&self) -> Option<P> {
        match *self {
            Outcome::Stop { winner }
            | Outcome::Chongtong { winner, .. }
            | Outcome::ThreePpuk { winner } => Some(winner),
            Outcome::Nagari => None,
        }
    }
}

impl<P: SeatIndex> Outcome<P> {
    /// The outcome in words, naming the players with `names`: `you win by stopping`.
    pub fn describe(&self, names: &Names<P>) -> String {
        let wins = |winner: P| format!("{} {}", names.name(winner), names.verb(winner, "win"));
        match *self {
            Outcome::Stop { winner } => format!("{} by stopping", wins(winner)),
            Outcome::Chongtong { winner, month, .. } => {
                format!("{} by chongtong of month {month}", wins(winner))
            }
            Outcome::ThreePpuk { winner } => format!("{} by three ppuk", wins(winner)),
            Outcome::Nagari => "nagari".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Names::players()))
    }
}

impl fmt::Display for Outcome<Seat> {
    /// In words, the seats named `player A` to `player E`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(&Names::seats(Seat::MAX)))
    }
}

/// Where a transition's events go: a list ([`crate::Game::apply_into`]) or nowhere
/// ([`crate::Game::apply_without_events`], whose transitions then build none).
pub(crate) trait EventSink<P> {
    /// Records `event`, the next of the transition.
    fn push(&mut self, event: Event<P>);
}

impl<P> EventSink<P> for Vec<Event<P>> {
    fn push(&mut self, event: Event<P>) {
        Vec::push(self, event);
    }
}

/// The sink that keeps nothing.
pub(crate) struct NoEvents;

impl<P> EventSink<P> for NoEvents {
    fn push(&mut self, _: Event<P>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_read_in_words_with_any_names() {
        let jjok = Event::Jjok {
            player: Player::A,
            month: 5,
        };
        assert_eq!(
            jjok.to_string(),
            "jjok in month 5 for player A: a pi is stolen"
        );
        let name = &Names::you_and(Player::A, "the bot");
        let stolen = Event::PiStolen {
            player: Player::B,
            from: Player::A,
            card: Card::B2,
            change: None,
        };
        assert_eq!(stolen.describe(name), "the bot took the pi B2 from you");
        let payment = Event::InstantPayment {
            from: Player::B,
            to: Player::A,
            points: 14,
            reason: InstantReason::Ppuk { turns: 2 },
        };
        assert_eq!(
            payment.describe(name),
            "instant payment (ppuk on the first 2 turns): 14 points from the bot to you"
        );
        let you = |event: Event| event.describe(name);
        assert_eq!(
            you(Event::Stop {
                player: Player::A,
                automatic: true
            }),
            "no card left: you stop"
        );
        assert_eq!(
            you(Event::ScoreChanged {
                player: Player::A,
                score: 1
            }),
            "your score: 1 point"
        );
        assert_eq!(
            you(Event::GukjinChosen {
                player: Player::B,
                use_as: GukjinUse::Ssangpi
            }),
            "the bot's gukjin counts as ssangpi"
        );
        assert_eq!(
            you(Event::JaPpuk {
                player: Player::A,
                month: 3
            }),
            "ja-ppuk! you took back the pile of month 3 you made: two pi are stolen"
        );
        assert_eq!(
            you(Event::ThreePpuk { player: Player::B }),
            "three ppuk! the bot wins at once"
        );
        assert_eq!(
            you(Event::Go {
                player: Player::A,
                count: 2
            }),
            "go! you play on (2 go)"
        );
        assert_eq!(Outcome::<Player>::Nagari.winner(), None);
        assert_eq!(
            Outcome::Stop { winner: Player::A }.describe(name),
            "you win by stopping"
        );
        assert_eq!(
            Outcome::ThreePpuk { winner: Player::B }.to_string(),
            "player B wins by three ppuk"
        );
        let sweep = Event::Sweep { player: Seat::C };
        assert_eq!(
            sweep.to_string(),
            "sweep! player C cleared the floor: a pi is stolen"
        );
        assert_eq!(
            Outcome::Stop { winner: Seat::E }.to_string(),
            "player E wins by stopping"
        );
    }
}

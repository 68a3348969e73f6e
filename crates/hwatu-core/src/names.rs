//! How the texts of events and outcomes name the players: one of them may be addressed as
//! "you", in the second person.

use crate::player::Player;
use crate::seat::{Seat, SeatIndex};

/// The players' names in texts ([`crate::Event::describe`], [`crate::Outcome::describe`]).
/// One player may be addressed as "you" (second person: "you stop", "your score"); the others
/// are named in the third person ("the bot stops", "the bot's score"). `Names` names
/// Matgo's two [`Player`]s; `Names<Seat>` the [`Seat`]s of a Go-Stop table.
///
/// ```
/// use hwatu_core::{Event, Names, Player};
///
/// let stop = Event::Stop { player: Player::A, automatic: false };
/// assert_eq!(stop.describe(&Names::you_and(Player::A, "the bot")), "you stop: the game ends");
/// assert_eq!(stop.describe(&Names::you_and(Player::B, "the bot")), "the bot stops: the game ends");
/// assert_eq!(stop.to_string(), "player A stops: the game ends");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Names<S = Player> {
    /// The names, indexed by [`SeatIndex::index`].
    names: Vec<String>,
    you: Option<S>,
}

impl Names {
    /// Both players in the third person: `player A`, `player B` (what `Display` uses).
    pub fn players() -> Names {
        Names::third_person(["player A", "player B"])
    }

    /// Both players in the third person, by the given names (indexed by [`Player::index`]).
    pub fn third_person(names: [&str; 2]) -> Names {
        Names {
            names: names.map(str::to_string).to_vec(),
            you: None,
        }
    }

    /// `you` addressed in the second person, its opponent called `other` ("the bot").
    pub fn you_and(you: Player, other: &str) -> Names {
        let mut names = [String::from("you"), String::from("you")];
        names[you.other().index()] = other.to_string();
        Names {
            names: names.to_vec(),
            you: Some(you),
        }
    }
}

impl Names<Seat> {
    /// The first `seats` seats in the third person: `player A`, `player B`, ...
    pub fn seats(seats: usize) -> Names<Seat> {
        Names {
            names: Seat::first(seats).map(|s| format!("player {s}")).collect(),
            you: None,
        }
    }

    /// The first `seats` seats in the third person, each called `name` followed by its
    /// seat's letter: `bot A`, `bot B`, ...
    pub fn seats_called(name: &str, seats: usize) -> Names<Seat> {
        Names {
            names: Seat::first(seats).map(|s| format!("{name} {s}")).collect(),
            you: None,
        }
    }

    /// The names of a hand's seats `A`, `B`, `C` at a table these names name: each takes the
    /// name of the table seat that plays it, `players` being the table seats of the hand's
    /// `A`, `B`, `C` ([`crate::Seating::players`], [`crate::TableSettlement::players`]). The
    /// seat addressed as "you" stays so when it plays the hand.
    pub fn of_hand(&self, players: [Seat; 3]) -> Names<Seat> {
        let you = Seat::first(3).find(|s| Some(players[s.index()]) == self.you);
        Names {
            names: players.map(|p| self.name(p).to_string()).to_vec(),
            you,
        }
    }

    /// `you` addressed in the second person at a table of `seats`, the others called
    /// `others` followed by their seat's letter (`bot B`).
    pub fn you_among(you: Seat, seats: usize, others: &str) -> Names<Seat> {
        let name = |s: Seat| match s == you {
            true => "you".to_string(),
            false => format!("{others} {s}"),
        };
        Names {
            names: Seat::first(seats).map(name).collect(),
            you: Some(you),
        }
    }
}

impl<S: SeatIndex> Names<S> {
    /// The player's name: `you` for the player addressed (`?` for a seat it does not name).
    pub fn name(&self, player: S) -> &str {
        self.names.get(player.index()).map_or("?", String::as_str)
    }

    /// Whose: `your`, or the name with `'s` (`the bot's`).
    pub fn possessive(&self, player: S) -> String {
        match self.you {
            Some(you) if you == player => "your".to_string(),
            _ => format!("{}'s", self.name(player)),
        }
    }

    /// The pronoun standing for the player as a subject: `you`, or `it`.
    pub fn pronoun(&self, player: S) -> &str {
        match self.you {
            Some(you) if you == player => "you",
            _ => "it",
        }
    }

    /// A present-tense verb agreeing with the player: `stop` for you, `stops` for another.
    pub fn verb(&self, player: S, verb: &str) -> String {
        match self.you {
            Some(you) if you == player => verb.to_string(),
            _ => format!("{verb}s"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn you_are_addressed_in_the_second_person_and_others_in_the_third() {
        let names = Names::you_and(Player::B, "the bot");
        assert_eq!(names.name(Player::B), "you");
        assert_eq!(names.name(Player::A), "the bot");
        assert_eq!(names.possessive(Player::B), "your");
        assert_eq!(names.possessive(Player::A), "the bot's");
        assert_eq!(names.verb(Player::B, "win"), "win");
        assert_eq!(names.verb(Player::A, "win"), "wins");
        assert_eq!(names.pronoun(Player::A), "it");
        let players = Names::players();
        assert_eq!(players.name(Player::B), "player B");
        assert_eq!(players.possessive(Player::A), "player A's");
        let table = Names::you_among(Seat::B, 3, "bot");
        assert_eq!(table.name(Seat::C), "bot C");
        assert_eq!(table.verb(Seat::B, "stop"), "stop");
        assert_eq!(Names::seats(3).name(Seat::C), "player C");
        assert_eq!(Names::seats(3).name(Seat::D), "?");
    }

    #[test]
    fn a_hand_takes_the_names_of_the_table_seats_that_play_it() {
        let table = Names::you_among(Seat::A, 5, "bot");
        let hand = table.of_hand([Seat::D, Seat::A, Seat::E]);
        assert_eq!(hand.name(Seat::A), "bot D");
        assert_eq!(hand.name(Seat::B), "you");
        assert_eq!(hand.possessive(Seat::B), "your");
        assert_eq!(hand.name(Seat::C), "bot E");
        assert_eq!(hand.name(Seat::D), "?");
        let out = table.of_hand([Seat::B, Seat::C, Seat::D]);
        assert_eq!(out.possessive(Seat::A), "bot B's");
        assert_eq!(out.verb(Seat::B, "stop"), "stops");
        let bots = Names::seats_called("bot", 4);
        assert_eq!(bots.name(Seat::D), "bot D");
        assert_eq!(
            bots.of_hand([Seat::C, Seat::D, Seat::A]).name(Seat::C),
            "bot A"
        );
    }
}

//! How the texts of events and outcomes name the players: one of them may be addressed as
//! "you", in the second person.

use crate::player::Player;

/// The players' names in texts ([`crate::Event::describe`], [`crate::Outcome::describe`]).
/// One player may be addressed as "you" (second person: "you stop", "your score"); the others
/// are named in the third person ("the bot stops", "the bot's score").
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
pub struct Names {
    names: [String; 2],
    you: Option<Player>,
}

impl Names {
    /// Both players in the third person: `player A`, `player B` (what `Display` uses).
    pub fn players() -> Names {
        Names::third_person(["player A", "player B"])
    }

    /// Both players in the third person, by the given names (indexed by [`Player::index`]).
    pub fn third_person(names: [&str; 2]) -> Names {
        Names {
            names: names.map(str::to_string),
            you: None,
        }
    }

    /// `you` addressed in the second person, its opponent called `other` ("the bot").
    pub fn you_and(you: Player, other: &str) -> Names {
        let mut names = [String::from("you"), String::from("you")];
        names[you.other().index()] = other.to_string();
        Names {
            names,
            you: Some(you),
        }
    }

    /// The player's name: `you` for the player addressed.
    pub fn name(&self, player: Player) -> &str {
        &self.names[player.index()]
    }

    /// Whose: `your`, or the name with `'s` (`the bot's`).
    pub fn possessive(&self, player: Player) -> String {
        match self.you {
            Some(you) if you == player => "your".to_string(),
            _ => format!("{}'s", self.name(player)),
        }
    }

    /// The pronoun standing for the player as a subject: `you`, or `it`.
    pub fn pronoun(&self, player: Player) -> &str {
        match self.you {
            Some(you) if you == player => "you",
            _ => "it",
        }
    }

    /// A present-tense verb agreeing with the player: `stop` for you, `stops` for another.
    pub fn verb(&self, player: Player, verb: &str) -> String {
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
    }
}

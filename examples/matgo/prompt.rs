//! The person's prompts, at a Matgo table and a Go-Stop table alike: what to play, which
//! floor card to take, the gukjin, go or stop, and at a table of four or five whether to
//! play the hand. Bad answers are refused with a message and asked again.

use hwatu_core::{Action, Card, CardSet, Decision, GukjinUse, SeatChoice, SeatIndex, Table};
use tabletop_rules::{ask, count, excerpt};

/// Asks the person for an action at `game`, where it must make `decision` holding `hand`,
/// having called `goes` go so far; the action is checked against the game. `None` when
/// input ended.
pub fn choose<S: SeatIndex, const N: usize>(
    game: &Table<S, N>,
    decision: Decision,
    hand: CardSet,
    goes: u8,
) -> Option<Action> {
    match decision {
        Decision::Play => choose_play(game, hand),
        Decision::Choose { card, options } => choose_card(game, card, options),
        Decision::Gukjin => ask(
            "You took the gukjin (9Y): count it as [y]eol or [s]sangpi? ",
            read_gukjin,
        ),
        Decision::GoStop { score } => {
            let so_far = match goes {
                0 => String::new(),
                n => format!(" ({n} go so far)"),
            };
            let points = count(u64::from(score), "point");
            let question = format!("You have {points}{so_far}: [g]o or [s]top? ");
            ask(&question, read_go_stop)
        }
    }
}

/// `action` when `game` accepts it, else the game's reason.
fn checked<S: SeatIndex, const N: usize>(
    game: &Table<S, N>,
    action: Action,
) -> Result<Action, String> {
    match game.after(action) {
        Ok(_) => Ok(action),
        Err(error) => Err(error.to_string()),
    }
}

/// The play prompt: a card or an offered action, then whether to shake when it may.
fn choose_play<S: SeatIndex, const N: usize>(game: &Table<S, N>, hand: CardSet) -> Option<Action> {
    let legal = game.legal_actions();
    let extras: Vec<String> = legal
        .iter()
        .filter(|a| {
            matches!(
                a,
                Action::Bomb { .. } | Action::FlipOnly | Action::Chongtong
            )
        })
        .map(Action::to_string)
        .collect();
    let offered: Vec<&str> = std::iter::once("a card like 1G")
        .chain(extras.iter().map(String::as_str))
        .collect();
    let question = format!("Play ({}): ", offered.join(", "));
    let action = ask(&question, |text| checked(game, parse_play(text, &extras)?))?;
    match action {
        Action::Play { card, shake: false } if legal.contains(&shake_of(card)) => {
            let month = card.month().unwrap_or(0);
            let question = format!(
                "Shake month {month} (show {}; doubles your points if you win)? [y/n] ",
                hand.of_month(month)
            );
            Some(if ask_yes_no(&question)? {
                shake_of(card)
            } else {
                action
            })
        }
        _ => Some(action),
    }
}

/// Which of the floor cards `options` that `card` matches to take (said, not asked, when
/// they are alike).
fn choose_card<S: SeatIndex, const N: usize>(
    game: &Table<S, N>,
    card: Card,
    options: CardSet,
) -> Option<Action> {
    let kinds: Vec<_> = options.iter().map(Card::kind).collect();
    if let (Some(first), true) = (options.first(), kinds.windows(2).all(|k| k[0] == k[1])) {
        println!("{card} matches {options}, alike: you take {first}");
        return Some(Action::Choose { card: first });
    }
    let question = format!("{card} matches {options}: which do you take? ");
    let hint = format!("type the card you take: {}", options_text(options));
    ask(&question, |text| {
        if text.is_empty() {
            return Err(hint.clone());
        }
        // The card, or the action `take 1T`.
        let card = match (text.parse::<Card>(), text.parse::<Action>()) {
            (Ok(card), _) | (_, Ok(Action::Choose { card })) => card,
            (Err(error), _) => return Err(error.to_string()),
        };
        checked(game, Action::Choose { card })
    })
}

/// Reads an answer at the play prompt: a card (played without shaking), or an action in
/// notation (`bomb 3`, `flip`, `play 1G`, `shake 1G`); `extras` are the actions besides
/// plain plays that the prompt offers, named in the message for an empty answer.
pub fn parse_play(text: &str, extras: &[String]) -> Result<Action, String> {
    let text = text.trim();
    if text.is_empty() {
        let mut message = "type a card from your hand, like 1G".to_string();
        if !extras.is_empty() {
            message += &format!(", or {}", extras.join(" or "));
        }
        return Err(message);
    }
    let not_a_card = match text.parse::<Card>() {
        Ok(card) => return Ok(Action::Play { card, shake: false }),
        Err(error) => error,
    };
    let verb = text.split_whitespace().next().unwrap_or("");
    let offered_verb = ["play", "shake", "bomb", "flip", "chongtong"]
        .iter()
        .any(|v| v.eq_ignore_ascii_case(verb));
    match text.parse::<Action>() {
        Ok(action) => Ok(action),
        // The action's own reason: `bomb 13`, `bomb`, `play 1Q`.
        Err(error) if offered_verb => Err(error.to_string()),
        Err(_) if text.starts_with(|c: char| c.is_ascii_digit()) => Err(not_a_card.to_string()),
        Err(_) => Err(format!(
            "'{text}' is neither a card nor an action: type a card from your hand, like 1G, \
             or an action the prompt offers, like bomb 3 or flip"
        )),
    }
}

/// Playing `card` and shaking its month.
pub fn shake_of(card: Card) -> Action {
    Action::Play { card, shake: true }
}

/// Asks `question` until the answer is yes or no; `None` when input ended.
pub fn ask_yes_no(question: &str) -> Option<bool> {
    ask(question, read_yes_no)
}

/// A yes or no: `y`, `yes`, `n` or `no` in any case.
pub fn read_yes_no(text: &str) -> Result<bool, String> {
    one_of(
        text,
        &[(&["y", "yes"], true), (&["n", "no"], false)],
        "type y for yes or n for no",
        "answer y or n",
    )
}

/// How the gukjin counts: `y`/`yeol` or `s`/`ssangpi` in any case.
pub fn read_gukjin(text: &str) -> Result<Action, String> {
    one_of(
        text,
        &[
            (&["y", "yeol"], Action::Gukjin(GukjinUse::Yeol)),
            (&["s", "ssangpi"], Action::Gukjin(GukjinUse::Ssangpi)),
        ],
        "type y to count the gukjin as yeol, or s for ssangpi",
        "answer y (yeol) or s (ssangpi)",
    )
}

/// Go or stop: `g`/`go` or `s`/`stop` in any case.
pub fn read_go_stop(text: &str) -> Result<Action, String> {
    one_of(
        text,
        &[(&["g", "go"], Action::Go), (&["s", "stop"], Action::Stop)],
        "type g to go on for more points, or s to stop and win now",
        "answer g (go) or s (stop)",
    )
}

/// Whether to play a hand at a table of four or five: `p`/`play` or `g`/`give up` in any
/// case.
pub fn read_seat_choice(text: &str) -> Result<SeatChoice, String> {
    one_of(
        text,
        &[
            (&["p", "play"], SeatChoice::Play),
            (&["g", "give up", "giveup"], SeatChoice::GiveUp),
        ],
        "type p to play this hand, or g to give it up and sit out",
        "answer p (play) or g (give up)",
    )
}

/// The value of the first of `answers` whose words hold `text` (in any case); otherwise
/// `empty` for an empty answer, or the answer quoted as typed, then `hint`.
fn one_of<T: Copy>(
    text: &str,
    answers: &[(&[&str], T)],
    empty: &str,
    hint: &str,
) -> Result<T, String> {
    if text.is_empty() {
        return Err(empty.to_string());
    }
    answers
        .iter()
        .find(|(words, _)| words.iter().any(|word| word.eq_ignore_ascii_case(text)))
        .map(|&(_, value)| value)
        .ok_or_else(|| format!("'{}': {hint}", excerpt(text)))
}

/// The cards to choose from, for a hint: `1T or 1P1`.
fn options_text(options: CardSet) -> String {
    let cards: Vec<String> = options.iter().map(|card| card.to_string()).collect();
    cards.join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn the_play_prompt_reads_every_form_it_offers() {
        let extras = ["bomb 5".to_string(), "flip".to_string()];
        let play = |text| parse_play(text, &extras);
        let plain = Action::Play {
            card: card("1G"),
            shake: false,
        };
        assert_eq!(play("1G"), Ok(plain));
        assert_eq!(play(" 1g "), Ok(plain));
        assert_eq!(play("play 1G"), Ok(plain));
        assert_eq!(
            play("b2"),
            Ok(Action::Play {
                card: Card::B2,
                shake: false
            })
        );
        assert_eq!(play("shake 1G"), Ok(shake_of(card("1G"))));
        assert_eq!(play("bomb 5"), Ok(Action::Bomb { month: 5 }));
        assert_eq!(play("BOMB 5"), Ok(Action::Bomb { month: 5 }));
        assert_eq!(play("flip"), Ok(Action::FlipOnly));
    }

    #[test]
    fn one_word_answers_take_any_case_and_refusals_quote_them_as_typed() {
        assert_eq!(read_yes_no("YES"), Ok(true));
        assert_eq!(read_yes_no("n"), Ok(false));
        assert_eq!(
            read_yes_no(""),
            Err("type y for yes or n for no".to_string())
        );
        assert_eq!(
            read_yes_no("Maybe"),
            Err("'Maybe': answer y or n".to_string())
        );
        assert_eq!(read_go_stop("Go"), Ok(Action::Go));
        assert_eq!(read_go_stop("S"), Ok(Action::Stop));
        assert_eq!(
            read_go_stop("11S"),
            Err("'11S': answer g (go) or s (stop)".to_string())
        );
        assert_eq!(
            read_gukjin("Ssangpi"),
            Ok(Action::Gukjin(GukjinUse::Ssangpi))
        );
        assert_eq!(read_gukjin("y"), Ok(Action::Gukjin(GukjinUse::Yeol)));
        let long = "Q".repeat(500);
        assert_eq!(
            read_gukjin(&long),
            Err(format!(
                "'{}…': answer y (yeol) or s (ssangpi)",
                "Q".repeat(20)
            ))
        );
        assert_eq!(read_seat_choice("P"), Ok(SeatChoice::Play));
        assert_eq!(read_seat_choice("Give up"), Ok(SeatChoice::GiveUp));
        assert_eq!(
            read_seat_choice("sell"),
            Err("'sell': answer p (play) or g (give up)".to_string())
        );
    }

    #[test]
    fn the_play_prompt_says_what_to_type() {
        let extras = ["bomb 5".to_string(), "flip".to_string()];
        let play = |text| parse_play(text, &extras).unwrap_err();
        assert_eq!(
            play(""),
            "type a card from your hand, like 1G, or bomb 5 or flip"
        );
        assert_eq!(
            parse_play("", &[]).unwrap_err(),
            "type a card from your hand, like 1G"
        );
        assert!(
            play("1Q").starts_with("'1Q' is not a card"),
            "{}",
            play("1Q")
        );
        assert!(
            play("bomb 13").contains("from 1 to 12"),
            "{}",
            play("bomb 13")
        );
        assert!(play("bomb").contains("from 1 to 12"), "{}", play("bomb"));
        assert!(
            play("jump").contains("neither a card nor an action"),
            "{}",
            play("jump")
        );
    }
}

//! The simplified classroom game (`--rules simplified`): the class assignment's riichi
//! mahjong, you at seat 0 against three bots, its solo variant (`--solo`), or four bots.

use mahjong_core::bot::{Bot, ClassroomBot, EfficiencyBot, RandomBot};
use mahjong_core::classroom::{Action, Event, Game, Outcome, View, Win};
use mahjong_core::{Hand, Rules, Seat, Tile, TileSet, excerpt};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, count, say_goodbye};

use crate::names::{Names, parse_tile};
use crate::{Args, Opponent};

/// The person's seat.
const YOU: Seat = Seat::ALL[0];

/// Who sits where: `None` is the person.
struct Table {
    bots: Vec<Option<Box<dyn Bot>>>,
    names: Names,
}

impl Table {
    /// `you` for the person, `seat 2` for a bot.
    fn seat_name(&self, seat: Seat) -> String {
        match self.is_person(seat) {
            true => "you".into(),
            false => seat.to_string(),
        }
    }

    /// The seat's name and a verb agreeing with it: `you discard`, `seat 2 discards`.
    fn says(&self, seat: Seat, verb: &str) -> String {
        match self.is_person(seat) {
            true => format!("you {verb}"),
            false => format!("{seat} {verb}s"),
        }
    }

    /// `your` for the person, `seat 2's` for a bot.
    fn whose(&self, seat: Seat) -> String {
        match self.is_person(seat) {
            true => "your".into(),
            false => format!("{seat}'s"),
        }
    }

    fn is_person(&self, seat: Seat) -> bool {
        matches!(self.bots.get(seat.index()), Some(None))
    }

    /// The person's seat, if a person plays.
    fn person(&self) -> Option<Seat> {
        Seat::ALL.into_iter().find(|&seat| self.is_person(seat))
    }
}

/// Plays the classroom game with the options of `args`, shuffled from `seed`.
pub fn run(args: &Args, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = Rules {
        furiten: !args.no_furiten,
        ..if args.solo {
            Rules::solo()
        } else {
            Rules::classroom()
        }
    };
    let Ok(mut game) = Game::new(rules, &mut rng) else {
        return;
    };
    let bots = Seat::first(rules.seats)
        .map(|seat| {
            let bot: Box<dyn Bot> =
                match (seat.index(), args.opponent.unwrap_or(Opponent::Classroom)) {
                    (0, _) => Box::new(EfficiencyBot),
                    (_, Opponent::Classroom) => Box::new(ClassroomBot),
                    (_, Opponent::Efficiency) => Box::new(EfficiencyBot),
                    (index, Opponent::Random) => {
                        Box::new(RandomBot::new(StdRng::seed_from_u64(seed ^ index as u64)))
                    }
                };
            (args.bots || seat != YOU).then_some(bot)
        })
        .collect();
    let mut table = Table {
        bots,
        names: args.names,
    };
    let seats = count(rules.seats as u64, "seat");
    println!("Shuffle seed {seed}. {seats}; seat 0 plays first.");
    if let Some(legend) = args.names.honors_legend() {
        println!("{legend}");
    }
    if let (None, Some(drawn)) = (table.person(), game.drawn(YOU)) {
        println!("seat 0 draws {}", args.names.tile(drawn));
    }
    while let Some(seat) = game.to_move() {
        let Some(view) = game.view(seat) else { return };
        let events = match table.bots[seat.index()].as_mut() {
            Some(bot) => match bot_turn(bot.as_mut(), &mut game, &view) {
                Ok(events) => events,
                Err(message) => {
                    eprintln!("{message}");
                    return;
                }
            },
            // A discard the person may not ron (every seat in riichi answers each discard)
            // is passed for them.
            None if view.legal == [Action::Pass] => match game.apply(Action::Pass) {
                Ok(events) => events,
                Err(error) => {
                    eprintln!("{error}");
                    return;
                }
            },
            None => match person_turn(&mut game, &view, args.names) {
                Some(events) => events,
                None => {
                    say_goodbye();
                    return;
                }
            },
        };
        for event in &events {
            match table.person() {
                Some(person) => report(&table, &event.seen_by(person)),
                None => report(&table, event),
            }
        }
    }
    if let Some(outcome) = game.outcome() {
        show_outcome(&table, outcome);
    }
    for seat in Seat::first(rules.seats) {
        let hand = game.hand(seat).copied().unwrap_or_default();
        let whose = table.whose(seat).replacen("your", "Your", 1);
        println!("{whose} hand: {}", args.names.hand(&hand));
    }
}

/// The bot's action, applied; or, when the bot has none or the game refuses it, what went
/// wrong (the game is then unchanged), so that the caller stops instead of asking the bot
/// the same question forever.
fn bot_turn(bot: &mut dyn Bot, game: &mut Game, view: &View) -> Result<Vec<Event>, String> {
    let action = bot.choose(view).ok_or("the bot chose no action")?;
    game.apply(action)
        .map_err(|error| format!("the bot chose an illegal action, {action}: {error}"))
}

/// Shows the table to the person and asks until an action is legal; `None` on end of input.
fn person_turn(game: &mut Game, view: &View, names: Names) -> Option<Vec<Event>> {
    show_table(view, names);
    let (sorted, drawn) = view.sorted_hand();
    let in_order: Vec<Tile> = sorted.iter().copied().chain(drawn).collect();
    let question = if let Some((from, tile)) = game.claim() {
        println!("{from} discarded {}: you can ron.", names.tile(tile));
        "ron or pass? ".to_string()
    } else {
        let riichi: TileSet = view
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Riichi(tile) => Some(*tile),
                _ => None,
            })
            .collect();
        if view.legal.contains(&Action::Tsumo) {
            println!("Your hand is complete: type tsumo to win.");
        }
        if !riichi.is_empty() {
            println!("Riichi: discard {} (riichi <tile>).", names.set(riichi));
        }
        if view.is_riichi(view.seat) {
            "In riichi: discard the drawn tile (press enter) ".to_string()
        } else {
            "Discard (tile or position 1-14): ".to_string()
        }
    };
    ask(&question, |answer| {
        let action = parse_action(answer, &in_order, view, names)?;
        game.apply(action)
            .map_err(|error| names.text(&error.to_string()))
    })
}

/// Reads the person's answer: every form `Action::from_str` reads (a tile, `discard
/// <tile>`, `riichi <tile>`, `tsumo`, `ron`, `pass`, in either case), a tile in any of the
/// three notations or by its position, `r` for riichi, and an empty line in riichi for the
/// drawn tile.
fn parse_action(
    answer: &str,
    in_order: &[Tile],
    view: &View,
    names: Names,
) -> Result<Action, String> {
    let tile = |text: &str| -> Result<Tile, String> {
        if text.chars().all(|c| c.is_ascii_digit()) {
            let position: usize = text.parse().unwrap_or(usize::MAX);
            return position
                .checked_sub(1)
                .and_then(|i| in_order.get(i))
                .copied()
                .ok_or_else(|| {
                    format!(
                        "position {}: your hand has 1 to {}",
                        excerpt(text),
                        in_order.len()
                    )
                });
        }
        parse_tile(text, names)
    };
    let words: Vec<&str> = answer.split_whitespace().collect();
    let first = words.first().map(|word| word.to_lowercase());
    let claim = view.legal.contains(&Action::Pass);
    match (first.as_deref(), &words[..]) {
        (None, _) if claim => Err("type ron to win on this discard, or pass".into()),
        (None, _) if view.is_riichi(view.seat) => view
            .drawn
            .map(Action::Discard)
            .ok_or_else(|| "nothing drawn".into()),
        (None, _) => Err("type a tile, a position, riichi <tile>, tsumo, ron or pass".into()),
        (Some("tsumo"), [_]) => Ok(Action::Tsumo),
        (Some("ron"), [_]) => Ok(Action::Ron),
        (Some("pass"), [_]) => Ok(Action::Pass),
        (_, _) if claim => Err(format!(
            "`{}`: type ron to win on this discard, or pass",
            excerpt(answer.trim())
        )),
        (Some("riichi" | "r"), [_]) => Err(riichi_hint(view, names)),
        (Some("riichi" | "r"), [_, text]) => tile(text).map(Action::Riichi),
        (Some("discard"), [_]) => Err(format!(
            "discard which tile? type discard {} or discard 5 (a position)",
            names.tile(in_order.last().copied().unwrap_or(Tile::ALL[0]))
        )),
        (Some("discard"), [_, text]) => tile(text).map(Action::Discard),
        (_, [text]) => tile(text).map(Action::Discard),
        _ => Err(format!(
            "`{}`: type one tile or position, discard <tile>, riichi <tile>, tsumo, ron or pass",
            excerpt(answer.trim())
        )),
    }
}

/// The answer to `riichi` without a tile: which discard to name, or why there is none.
fn riichi_hint(view: &View, names: Names) -> String {
    if view.is_riichi(view.seat) {
        return "riichi is already declared".into();
    }
    let first = view.legal.iter().find_map(|action| match action {
        Action::Riichi(tile) => Some(*tile),
        _ => None,
    });
    match first {
        Some(tile) => format!(
            "riichi with which discard? type riichi {} or riichi 5 (a position)",
            names.tile(tile)
        ),
        None => "riichi with which discard? none leaves your hand tenpai now".into(),
    }
}

/// Every seat's discard pile (riichi tile in brackets), the wall count, and the person's
/// hand, with its waits in riichi.
fn show_table(view: &View, names: Names) {
    println!();
    println!("Discard piles ([riichi discard]):");
    for (seat, pile) in Seat::ALL.into_iter().zip(&view.discards) {
        let mark = if view.is_riichi(seat) {
            " (riichi)"
        } else {
            ""
        };
        let tiles: Vec<String> = pile
            .iter()
            .enumerate()
            .map(
                |(i, &tile)| match view.riichi.get(seat.index()) == Some(&Some(i)) {
                    true => format!("[{}]", names.tile(tile)),
                    false => names.tile(tile),
                },
            )
            .collect();
        let who = match seat == view.seat {
            true => "you".to_string(),
            false => seat.to_string(),
        };
        let tiles = match tiles.is_empty() {
            true => "-".to_string(),
            false => tiles.join(" "),
        };
        println!("  {who}{mark}: {tiles}");
    }
    println!("Live tiles left: {}", view.live_tiles);
    let (sorted, drawn) = view.sorted_hand();
    let rest = Hand::from_tiles(sorted).unwrap_or_default();
    let drawn = drawn
        .map(|t| format!(" | {}", names.tile(t)))
        .unwrap_or_default();
    println!("Your hand: {}{drawn}", names.hand(&rest));
    if view.is_riichi(view.seat) {
        println!("You wait on {}.", names.set(rest.waits()));
    }
}

/// One line per event, as the person may know it; another seat's hidden draw is not shown.
fn report(table: &Table, event: &Event) {
    let names = table.names;
    match event {
        Event::Draw {
            seat,
            tile: Some(tile),
        } if !table.is_person(*seat) => {
            println!("{} {}", table.says(*seat, "draw"), names.tile(*tile));
        }
        Event::Draw { .. } => {}
        Event::Riichi {
            seat,
            waits: Some(waits),
        } => println!(
            "{} riichi, waiting on {}!",
            table.says(*seat, "declare"),
            names.set(*waits)
        ),
        Event::Riichi { seat, .. } => println!("{} riichi!", table.says(*seat, "declare")),
        Event::Discard { seat, tile } => {
            println!("{} {}", table.says(*seat, "discard"), names.tile(*tile))
        }
        Event::Tsumo { seat, tile, .. } => println!(
            "{} tsumo on {}!",
            table.says(*seat, "declare"),
            names.tile(*tile)
        ),
        Event::Ron {
            seat, from, tile, ..
        } => println!(
            "{} ron on {} {}!",
            table.says(*seat, "declare"),
            table.whose(*from),
            names.tile(*tile)
        ),
        Event::Ryuukyoku { .. } => println!("The live wall is empty."),
        _ => {}
    }
}

fn show_outcome(table: &Table, outcome: &Outcome) {
    let names = table.names;
    match outcome {
        Outcome::Agari(agari) => {
            let how = match agari.win {
                Win::Tsumo => "tsumo".to_string(),
                Win::Ron { from } => format!("ron from {}", table.seat_name(from)),
            };
            let riichi = if agari.riichi { ", riichi" } else { "" };
            println!(
                "{} by {how}{riichi}: {} = {}",
                table.says(agari.winner, "win"),
                names.hand(&agari.hand),
                names.shape(&agari.shape)
            );
        }
        Outcome::Ryuukyoku { tenpai } => {
            let tenpai: Vec<String> = tenpai.iter().map(|&s| table.seat_name(s)).collect();
            match tenpai.is_empty() {
                true => println!("Ryuukyoku (exhaustive draw): no one was tenpai."),
                false => println!(
                    "Ryuukyoku (exhaustive draw); tenpai: {}.",
                    tenpai.join(", ")
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot that always answers the same action, legal or not.
    struct Stubborn(Option<Action>);

    impl Bot for Stubborn {
        fn choose(&mut self, _: &View) -> Option<Action> {
            self.0
        }
    }

    #[test]
    fn a_bot_that_chooses_an_illegal_action_is_reported_not_asked_forever() {
        let mut game = Game::new(Rules::classroom(), &mut StdRng::seed_from_u64(3)).unwrap();
        let before = game.clone();
        let view = game.view(YOU).unwrap();
        let error = bot_turn(&mut Stubborn(Some(Action::Ron)), &mut game, &view).unwrap_err();
        assert!(
            error.starts_with("the bot chose an illegal action, ron: "),
            "{error}"
        );
        assert_eq!(
            bot_turn(&mut Stubborn(None), &mut game, &view).unwrap_err(),
            "the bot chose no action"
        );
        assert_eq!(game, before);
        let tsumogiri = Action::Discard(view.drawn.unwrap());
        let events = bot_turn(&mut Stubborn(Some(tsumogiri)), &mut game, &view).unwrap();
        assert!(!events.is_empty());
        assert_ne!(game, before);
    }
}

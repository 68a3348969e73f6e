//! Play omok, gomoku or renju against a bot in the terminal (the searching bot, or the
//! threat-aware one with `--bot threat`), or watch two bots play (`--bots`).
//!
//! ```sh
//! cargo run --release --example omok -- --rule renju --color white
//! cargo run --release --example omok -- --rule renju --opening soosorv-8
//! cargo run --release --example omok -- --bots --seed 7
//! cargo run --release --example omok -- --bots --rule standard --opening swap2
//! ```

use clap::Parser;
use omok_core::bot::{Bot, OpeningBot, SearchBot, ThreatBot};
use omok_core::opening::{Opening, OpeningAction, OpeningEvent, OpeningRule, Seat, random_opening};
use omok_core::search::Limits;
use omok_core::{Game, Point, Rule, Stone};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, count, end_quietly_on_closed_output, say_goodbye, seed_or_random};

/// Play omok against the bot: type moves in renju notation (`h8`: column letter, row counted
/// from the bottom) or as `x,y` from the top-left corner.
///
/// Points you may not take are drawn as `!` on the board: black's fouls under renju (shown
/// whichever colour you play, since white may use them), your double-threes under omok.
#[derive(Parser, Debug)]
#[command(version)]
struct Args {
    /// The rule set: omok (Korean: double-three forbidden to both), renju, standard or
    /// freestyle.
    #[arg(long, default_value = "omok")]
    rule: Rule,
    /// The board's side length, 5 to 26.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u8).range(5..=26))]
    size: u8,
    /// Your colour: black moves first.
    #[arg(long, default_value = "black", value_parser = ["black", "white"], ignore_case = true)]
    color: String,
    /// The bot to play: `search` (forced wins and alpha-beta) or `threat` (one move deep).
    #[arg(long, default_value = "search", value_parser = ["search", "threat"], ignore_case = true)]
    bot: String,
    /// Let two bots play each other, with no input: the chosen bot as black, the other as
    /// white.
    #[arg(long)]
    bots: bool,
    /// With `--bots`: the seed of the random opening, for a game that plays out the same
    /// again (the bots themselves are deterministic).
    #[arg(long)]
    seed: Option<u64>,
    /// A competition opening before the game: swap2, soosorv-8 or taraguchi-10. With it,
    /// `--color` is the colour you begin with (black: you are the first seat), and swaps
    /// may change it.
    #[arg(long)]
    opening: Option<OpeningRule>,
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let mut game = match Game::with_size(args.rule, args.size) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    println!("{} on {}x{}", args.rule, args.size, args.size);
    let (mut chosen, mut other): (Box<dyn Bot>, Box<dyn Bot>) = match args.bot.as_str() {
        "threat" => (Box::new(ThreatBot), Box::new(SearchBot::default())),
        _ => (Box::new(SearchBot::default()), Box::new(ThreatBot)),
    };
    let person_begins_black = !args.color.eq_ignore_ascii_case("white");
    if let Some(rule) = args.opening {
        println!("Opening: {rule}.");
        let person = (!args.bots).then_some(if person_begins_black {
            Seat::First
        } else {
            Seat::Second
        });
        let Some(opening) = opening_phase(rule, &game, person) else {
            say_goodbye();
            return;
        };
        // The chosen bot (or the person) is the first seat.
        let first = opening.colour_of(Seat::First);
        game = opening.into_game();
        if args.bots {
            if first == Stone::White {
                std::mem::swap(&mut chosen, &mut other);
            }
            watch(&mut game, Vec::new(), [chosen.as_mut(), other.as_mut()]);
        } else {
            let person = person.map_or(Stone::Black, |seat| opening_colour(first, seat));
            play(&mut game, person, chosen.as_mut());
        }
    } else if args.bots {
        let seed = seed_or_random(args.seed);
        println!("Seed {seed}: three random stones near the centre, then the bots.");
        let mut rng = StdRng::seed_from_u64(seed);
        let stones = random_opening(game.rule(), game.size(), &mut rng)
            .map(|g| g.moves().to_vec())
            .unwrap_or_default();
        watch(&mut game, stones, [chosen.as_mut(), other.as_mut()]);
    } else {
        let person = if person_begins_black {
            Stone::Black
        } else {
            Stone::White
        };
        play(&mut game, person, chosen.as_mut());
    }
}

/// The colour `seat` holds when the first seat holds `first`.
fn opening_colour(first: Stone, seat: Seat) -> Stone {
    if seat == Seat::First {
        first
    } else {
        first.opponent()
    }
}

/// The opening phase under `rule` before `game`: the person's seat (if any) types its
/// decisions, the opening bot takes the others'; each decision is printed. `None` when the
/// person's input ended.
fn opening_phase(rule: OpeningRule, game: &Game, person: Option<Seat>) -> Option<Opening> {
    let size = game.size();
    let Ok(mut opening) = Opening::new(rule, game.rule(), size) else {
        return None;
    };
    let bot = OpeningBot::new(Limits::nodes(20_000));
    while let Some(seat) = opening.to_decide() {
        let action = if Some(seat) == person {
            println!("\n{}\n", opening.game());
            let question = format!("{} (you): ", opening.step());
            ask(&question, |text| read_decision(&opening, seat, text))?
        } else {
            bot.decide(&opening, seat)?
        };
        // Both sources checked the decision against the opening: it is accepted.
        for event in opening.apply(seat, action).unwrap_or_default() {
            println!("{}", describe(&event, size));
        }
    }
    Some(opening)
}

/// Reads a decision of `seat` and checks it against the opening, or says what is wrong.
fn read_decision(opening: &Opening, seat: Seat, text: &str) -> Result<OpeningAction, String> {
    if text.is_empty() {
        return Err(DECISIONS.to_string());
    }
    let size = opening.game().size();
    let action = OpeningAction::parse_on(text, size).map_err(|e| e.to_string())?;
    opening
        .after(seat, action.clone())
        .map_err(|e| e.to_string())?;
    Ok(action)
}

/// How to answer an opening question, also the answer to an empty line.
const DECISIONS: &str = "Type a point (h8) to place a stone, swap, stay, declare N, \
                         offer h8 i9 ..., or choose h8.";

/// An opening event in words, points in renju notation for a `size` x `size` board.
fn describe(event: &OpeningEvent, size: u8) -> String {
    let at = |p: &Point| p.notation(size).to_string();
    match event {
        OpeningEvent::Placed { seat, stone, point } => {
            format!("The {seat} seat places {stone} at {}.", at(point))
        }
        OpeningEvent::Swapped { seat } => format!("The {seat} seat swaps colours."),
        OpeningEvent::Stayed { seat } => format!("The {seat} seat keeps its colour."),
        OpeningEvent::Declared { seat, count } => {
            format!("The {seat} seat declares {count} fifth moves.")
        }
        OpeningEvent::Offered { seat, points } => {
            let points: Vec<String> = points.iter().map(at).collect();
            format!("The {seat} seat offers {}.", points.join(" "))
        }
        OpeningEvent::Chose { seat, point } => {
            format!("The {seat} seat chooses {} as the fifth move.", at(point))
        }
        OpeningEvent::Finished { black } => {
            format!("The opening is over: the {black} seat plays black.")
        }
    }
}

/// Two bots, black's first (`bots[0]` plays black), after the `opening` stones (played as
/// they come while the game allows them).
fn watch(game: &mut Game, opening: Vec<Point>, bots: [&mut dyn Bot; 2]) {
    let mut opening = opening.into_iter();
    while let Some(stone) = game.to_move() {
        let p = opening
            .next()
            .or_else(|| bots[usize::from(stone == Stone::White)].choose(game));
        let Some(p) = p else { break };
        if let Err(error) = game.play(p) {
            eprintln!("the bot chose an illegal move: {error}");
            return;
        }
        println!(
            "{:>3}. {stone} {}",
            game.moves().len(),
            p.notation(game.size())
        );
    }
    println!("\n{game}\n");
    finish(game);
}

/// The person against the bot, until the game ends or input does.
fn play(game: &mut Game, person: Stone, bot: &mut dyn Bot) {
    let mut input_ended = false;
    println!("You are {person} ({}). {HINT}", person.symbol());
    // Black's fouls matter to both players under renju; under omok, the person's own.
    let fouls_of = if game.rule() == Rule::Renju {
        Stone::Black
    } else {
        person
    };
    while let Some(stone) = game.to_move() {
        if stone != person {
            match bot_move(game, bot) {
                Ok(p) => println!("The bot plays {}.", p.notation(game.size())),
                Err(message) => {
                    eprintln!("{message}");
                    break;
                }
            }
            continue;
        }
        show(game, fouls_of);
        let question = format!("{stone} to move: ");
        let answer = ask(&question, |text| read_move(game, text));
        match answer {
            None => {
                input_ended = true;
                break;
            }
            Some(Command::Quit) => break,
            Some(Command::Undo) => println!("{}", take_back(game)),
            Some(Command::Play(p)) => {
                // `read_move` checked the move, so this cannot be refused.
                if game.play(p).is_ok() {
                    println!("You play {}.", p.notation(game.size()));
                }
            }
        }
    }
    println!("\n{game}\n");
    finish(game);
    if input_ended {
        say_goodbye();
    }
}

/// The bot's move, played; or, when the bot has none or chose a point the game refuses,
/// what went wrong (the game is then unchanged), so that the caller stops instead of asking
/// the bot again and again.
fn bot_move(game: &mut Game, bot: &mut dyn Bot) -> Result<Point, String> {
    let p = bot.choose(game).ok_or("the bot has no move")?;
    game.play(p)
        .map_err(|error| format!("the bot chose an illegal move: {error}"))?;
    Ok(p)
}

/// Takes back the bot's last move and the person's before it, and says which; or says
/// that there are not two moves to take back, leaving the game as it is.
fn take_back(game: &mut Game) -> String {
    let &[.., yours, bot] = game.moves() else {
        return "There is no move of yours to take back yet.".to_string();
    };
    // Every move in `moves()` was played, so each can be taken back.
    let _ = game.undo();
    let _ = game.undo();
    let size = game.size();
    format!(
        "Taken back: your {} and the bot's {}.",
        yours.notation(size),
        bot.notation(size)
    )
}

/// How to answer the prompt, also the answer to an empty line.
const HINT: &str = "Type a point such as h8 (column letter, then the row counted from the \
                    bottom) or 7,7 (x,y from the top-left corner), or undo, or quit.";

/// The board, with the points forbidden to `stone` drawn as `!` and said so.
fn show(game: &Game, stone: Stone) {
    println!("\n{}\n", game.display_with_fouls(stone));
    if !game.board().fouls(stone, game.rule()).is_empty() {
        println!("! marks a point forbidden to {stone}.\n");
    }
}

/// What the person typed.
enum Command {
    Play(Point),
    Undo,
    Quit,
}

/// Reads a move and checks it against the game, or says what is wrong with it.
fn read_move(game: &Game, text: &str) -> Result<Command, String> {
    match text.to_ascii_lowercase().as_str() {
        "quit" | "q" | "exit" => Ok(Command::Quit),
        "undo" | "u" if game.moves().len() >= 2 => Ok(Command::Undo),
        "undo" | "u" => Err("there is no move of yours to take back yet".to_string()),
        "" => Err(HINT.to_string()),
        _ => {
            let p = Point::parse_on(text, game.size()).map_err(|e| e.to_string())?;
            game.check(p).map_err(|e| e.to_string())?;
            Ok(Command::Play(p))
        }
    }
}

/// "1 move", "2 moves".
fn moves(game: &Game) -> String {
    count(game.moves().len() as u64, "move")
}

fn finish(game: &Game) {
    match game.outcome() {
        Some(outcome) => println!("{}, after {}.", outcome.notation(game.size()), moves(game)),
        None => println!("Stopped after {}.", moves(game)),
    }
    if !game.moves().is_empty() {
        println!("Record: {}", game.record());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot that always answers the same point, legal or not.
    struct Stubborn(Point);

    impl Bot for Stubborn {
        fn choose(&mut self, _: &Game) -> Option<Point> {
            Some(self.0)
        }
    }

    #[test]
    fn a_bot_that_chooses_an_illegal_move_is_reported_not_asked_forever() {
        let mut game = Game::from_record(Rule::Omok, 15, "h8").unwrap();
        let before = game.clone();
        let message = bot_move(&mut game, &mut Stubborn(Point::new(7, 7))).unwrap_err();
        assert_eq!(
            message,
            "the bot chose an illegal move: h8 is already taken by black"
        );
        assert_eq!(game, before);
        let p = bot_move(&mut game, &mut Stubborn(Point::new(8, 7))).unwrap();
        assert_eq!(p.notation(15).to_string(), "i8");
        assert_eq!(game.record(), "h8 i8");
    }

    #[test]
    fn opening_decisions_are_read_and_checked() {
        let opening = Opening::new(OpeningRule::Swap2, Rule::Standard, 15).unwrap();
        assert_eq!(
            read_decision(&opening, Seat::First, "h8"),
            Ok(OpeningAction::Place(Point::new(7, 7)))
        );
        assert_eq!(
            read_decision(&opening, Seat::First, "swap").unwrap_err(),
            "`swap` is not a decision here: first places a black stone"
        );
        assert_eq!(
            read_decision(&opening, Seat::Second, "h8").unwrap_err(),
            "it is first's decision, not second's"
        );
        assert_eq!(
            read_decision(&opening, Seat::First, "").unwrap_err(),
            DECISIONS
        );
        assert_eq!(opening_colour(Stone::White, Seat::Second), Stone::Black);
    }

    #[test]
    fn undo_takes_back_both_moves_and_says_which() {
        let mut game = Game::from_record(Rule::Omok, 15, "h8 i9 j10 k11").unwrap();
        assert!(matches!(read_move(&game, "undo"), Ok(Command::Undo)));
        assert_eq!(
            take_back(&mut game),
            "Taken back: your j10 and the bot's k11."
        );
        assert_eq!(game.record(), "h8 i9");
        let mut game = Game::from_record(Rule::Omok, 15, "h8").unwrap();
        assert_eq!(
            read_move(&game, "u").err().as_deref(),
            Some("there is no move of yours to take back yet")
        );
        assert_eq!(
            take_back(&mut game),
            "There is no move of yours to take back yet."
        );
    }
}

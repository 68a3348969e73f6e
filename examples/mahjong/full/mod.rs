//! The full game (the default): a hanchan under the Tenhou rules, you at seat 0 against
//! three bots, or four bots (`--bots`). The match, its hands and every rule are
//! mahjong-core's; this module only shows the table, asks and reports.

mod answer;
mod report;
mod table;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot};
use mahjong_core::{KyokuAction, KyokuView, Match, MatchEvent, Rules, Seat, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, say_goodbye};

use crate::names::Names;
use crate::{Args, Opponent};
use report::Transcript;

/// The person's seat.
const YOU: Seat = Seat::ALL[0];

/// Who plays each seat: a bot, or `None` for the person.
type Players = Vec<Option<Box<dyn KyokuBot>>>;

/// Plays a hanchan with the options of `args`, the walls shuffled from `seed`.
pub fn run(args: &Args, seed: u64) {
    let rules = Rules::tenhou();
    let mut game = match Match::new(rules) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("{error}");
            return;
        }
    };
    let mut walls = StdRng::seed_from_u64(seed);
    let mut players = players(args, seed);
    let person = (!args.bots).then_some(YOU);
    let mut transcript = Transcript::new(args.names, person);
    println!("Shuffle seed {seed}. A hanchan under the Tenhou rules; seat 0 deals first.");
    if let Some(legend) = args.names.honors_legend() {
        println!("{legend}");
    }
    println!("{}", table::legend(args.names));
    while !game.is_over() {
        let step = if game.needs_wall() {
            let wall = TileWall::shuffled(rules.red_fives, &mut walls);
            game.deal(wall)
                .map_err(|error| Stop::Refused(error.to_string()))
        } else {
            play(&mut game, &mut players, args.names)
        };
        let events = match step {
            Ok(events) => events,
            Err(Stop::Goodbye) => return say_goodbye(),
            Err(Stop::Refused(message)) => return eprintln!("{message}"),
        };
        for event in &events {
            match person {
                Some(person) => transcript.event(&event.seen_by(person)),
                None => transcript.event(event),
            }
        }
    }
}

/// Why the match stops early.
enum Stop {
    /// The person's input ended.
    Goodbye,
    /// A bot chose nothing or an action the hand refused: what went wrong.
    Refused(String),
}

impl From<String> for Stop {
    fn from(message: String) -> Stop {
        Stop::Refused(message)
    }
}

/// One action of the seat to move: its bot's, or the person's.
fn play(game: &mut Match, players: &mut Players, names: Names) -> Result<Vec<MatchEvent>, Stop> {
    let seat = game.to_move().ok_or("no seat is to move".to_string())?;
    let view = game
        .view(seat)
        .ok_or("no hand is being played".to_string())?;
    match players.get_mut(seat.index()) {
        Some(Some(bot)) => Ok(bot_turn(bot.as_mut(), game, &view)?),
        _ => person_turn(game, &view, names),
    }
}

/// The seats' players: bots of `--opponent` (the person at seat 0 unless `--bots`).
fn players(args: &Args, seed: u64) -> Players {
    Seat::ALL
        .into_iter()
        .map(|seat| {
            let index = seat.index() as u64;
            let bot: Box<dyn KyokuBot> = match args.opponent.unwrap_or(Opponent::Efficiency) {
                Opponent::Efficiency => Box::new(EfficiencyBot),
                Opponent::Classroom => Box::new(ClassroomBot),
                Opponent::Random => Box::new(RandomBot::new(StdRng::seed_from_u64(seed ^ index))),
            };
            (args.bots || seat != YOU).then_some(bot)
        })
        .collect()
}

/// The bot's action, applied; or, when it has none or the match refuses it, what went
/// wrong (the match is then unchanged), so that the caller stops instead of asking the bot
/// the same question forever.
fn bot_turn(
    bot: &mut dyn KyokuBot,
    game: &mut Match,
    view: &KyokuView,
) -> Result<Vec<MatchEvent>, String> {
    let action = bot.choose(view).ok_or("the bot chose no action")?;
    game.apply(action)
        .map_err(|error| format!("the bot chose an illegal action, {action}: {error}"))
}

/// The person's action: answered for them when they have no choice (a discard they cannot
/// claim, the tsumogiri of riichi), else asked with the table shown until the match takes
/// it; [`Stop::Goodbye`] when input ends.
fn person_turn(game: &mut Match, view: &KyokuView, names: Names) -> Result<Vec<MatchEvent>, Stop> {
    if let Some(action) = answer::forced(view) {
        return apply(game, action, names).map_err(Stop::Refused);
    }
    if answer::is_claim(view) {
        table::show_hand(view, names);
    } else {
        table::show(view, names);
    }
    println!("{}", answer::hint(view, names));
    let question = if answer::is_claim(view) {
        "Call? "
    } else {
        "Your move: "
    };
    ask(question, |text| {
        apply(game, answer::parse(text, view, names)?, names)
    })
    .ok_or(Stop::Goodbye)
}

/// `action` applied to the match, or the match's refusal in the person's notation.
fn apply(game: &mut Match, action: KyokuAction, names: Names) -> Result<Vec<MatchEvent>, String> {
    game.apply(action)
        .map_err(|error| names.text(&error.to_string()))
}

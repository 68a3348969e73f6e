//! The full game (the default): a hanchan under the Tenhou rules, you at seat 0 against
//! three bots, or four bots (`--bots`). The match, its hands and every rule are
//! mahjong-core's; this module only shows the table, asks and reports.

mod answer;
mod report;
mod table;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, KyokuBot, RandomBot};
use std::fs::File;
use std::io::Write;
use std::path::Path;

use mahjong_core::mjai::MjaiWriter;
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
    let rules = if args.players == 3 {
        Rules::tenhou_sanma()
    } else {
        Rules::tenhou()
    };
    let game = match Match::new(rules) {
        Ok(game) => game,
        Err(error) => return eprintln!("{error}"),
    };
    // The log file is created before the match, so that a path it cannot be written to
    // is told now rather than after a whole hanchan.
    let log_file = args.log.as_deref().map(|path| (path, create_log(path)));
    let person = (!args.bots).then_some(YOU);
    let mut session = Session {
        game,
        players: players(args, rules.seats, seed),
        walls: StdRng::seed_from_u64(seed),
        person,
        transcript: Transcript::new(args.names, person, rules.seats),
        log: MjaiWriter::new(),
        names: args.names,
    };
    let game_name = if rules.seats == 3 {
        "A three-player hanchan (sanma) under the Tenhou rules"
    } else {
        "A hanchan under the Tenhou rules"
    };
    println!("Shuffle seed {seed}. {game_name}; seat 0 deals first.");
    if let Some(legend) = args.names.honors_legend() {
        println!("{legend}");
    }
    println!("{}", table::legend(args.names));
    match session.play() {
        Ok(()) => {}
        Err(Stop::Goodbye) => say_goodbye(),
        Err(Stop::Refused(message)) => eprintln!("{message}"),
    }
    if let Some((path, file)) = log_file {
        write_log(path, file, &session.log);
    }
}

/// The file `path`, created (or emptied) for the mjai log; when it cannot be, says why and
/// exits with status 1 before anything is played.
fn create_log(path: &Path) -> File {
    File::create(path).unwrap_or_else(|error| log_failed(path, &error))
}

/// Writes the mjai log to `file` (at `path`), or says why it cannot (and exits with status 1).
fn write_log(path: &Path, mut file: File, log: &MjaiWriter) {
    match file.write_all(log.to_jsonl().as_bytes()) {
        Ok(()) => println!("The mjai log is in {}.", path.display()),
        Err(error) => log_failed(path, &error),
    }
}

/// Says that the mjai log cannot be written to `path`, and why, and exits with status 1.
fn log_failed(path: &Path, error: &std::io::Error) -> ! {
    eprintln!("cannot write the mjai log to {}: {error}", path.display());
    std::process::exit(1);
}

/// A match being played: the match, who plays each seat, where the walls come from, and
/// what is written of it.
struct Session {
    game: Match,
    players: Players,
    /// Each hand's wall is shuffled from it in turn.
    walls: StdRng,
    /// The person's seat (`None` when four bots play).
    person: Option<Seat>,
    transcript: Transcript,
    /// The mjai log, the whole truth whatever the person saw.
    log: MjaiWriter,
    names: Names,
}

impl Session {
    /// Plays the match to its end, printing the transcript (each event as the person may
    /// know it) and recording the mjai log; stops early when input ends or a bot fails.
    fn play(&mut self) -> Result<(), Stop> {
        while !self.game.is_over() {
            self.transcript.actor = self.game.to_move();
            let events = self.step()?;
            self.log.record_match(&self.game, &events);
            for event in &events {
                match self.person {
                    Some(person) => self.transcript.event(&event.seen_by(person)),
                    None => self.transcript.event(event),
                }
            }
        }
        Ok(())
    }

    /// Deals the next hand, or plays one action of the seat to move.
    fn step(&mut self) -> Result<Vec<MatchEvent>, Stop> {
        if self.game.needs_wall() {
            let wall = TileWall::for_rules(self.game.rules(), &mut self.walls);
            return Ok(self.game.deal(wall).map_err(|error| error.to_string())?);
        }
        play(&mut self.game, &mut self.players, self.names)
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

/// The players of the `seats` seats: bots of `--opponent` (the person at seat 0 unless
/// `--bots`).
fn players(args: &Args, seats: usize, seed: u64) -> Players {
    Seat::first(seats)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot that always answers the same action, legal or not.
    struct Stubborn(Option<KyokuAction>);

    impl KyokuBot for Stubborn {
        fn choose(&mut self, _: &KyokuView) -> Option<KyokuAction> {
            self.0
        }
    }

    #[test]
    fn a_bot_that_chooses_an_illegal_action_is_reported_not_asked_forever() {
        let mut game = Match::new(Rules::tenhou()).unwrap();
        let wall = TileWall::shuffled(true, &mut StdRng::seed_from_u64(3));
        game.deal(wall).unwrap();
        let before = game.clone();
        let view = game.view(YOU).unwrap();
        let error = bot_turn(&mut Stubborn(Some(KyokuAction::Ron)), &mut game, &view);
        let error = error.unwrap_err();
        assert!(
            error.starts_with("the bot chose an illegal action, ron: "),
            "{error}"
        );
        let error = bot_turn(&mut Stubborn(None), &mut game, &view).unwrap_err();
        assert_eq!(error, "the bot chose no action");
        assert_eq!(game, before);
        let tsumogiri = Some(KyokuAction::Tsumogiri);
        let events = bot_turn(&mut Stubborn(tsumogiri), &mut game, &view).unwrap();
        assert!(!events.is_empty());
        assert_ne!(game, before);
    }
}

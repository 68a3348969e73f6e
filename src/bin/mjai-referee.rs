//! `mjai-referee --bot CMD --bot CMD --bot CMD [--bot CMD] [--rules NAME] [--matches N]
//! [--seed N] [--limit-ms MS] [--log FILE]`: plays riichi mahjong matches between four mjai
//! bot programs (three under the three-player rules `--rules tenhou-sanma` or
//! `mahjong-soul-sanma`), each told only its own seat's view, with a time limit per answer
//! and mjai.app's chombo on a fault. `CMD` is split on spaces; the program is started with the
//! seat (0 to 3) first, then the rest of `CMD` (`mjai-bot SEAT --bot classroom`), or, when
//! `CMD` holds `{seat}`, with the seat there instead (mjai.app starts `python bot.py SEAT`:
//! `--bot "python bot.py {seat}"`). A `CMD` of `inproc:efficiency`, `inproc:classroom` or
//! `inproc:random` plays that bot in-process.
//!
//! `--rules` names the preset (`tenhou` by default, `mahjong-soul`, `m-league`, `wrc`,
//! `tenhou-sanma`, `mahjong-soul-sanma`); a bot program is not told the rules, so a
//! three-player match needs three-player bots (`--bot "mjai-bot {seat} --rules
//! tenhou-sanma"`), which answer a kita as `nukidora`.
//!
//! With `--matches N` it plays duplicate: N sets of walls (from `--seed`), each once per
//! seat with the bots rotated, and prints each bot's mean place and rank points
//! (90/45/0/-135; +60/0/-60 at three seats) with 95% intervals, and the matches per
//! second. `--log FILE` writes the full mjai log of
//! the first match; a path it cannot write to is refused before any match (exit status 2,
//! as for a bad option), and so are an unknown in-process bot, a program that does not
//! start (each is started once for seat 0 and stopped) and a count of 0. `--help` prints
//! the usage.

use std::fs::File;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, RandomBot};
use mahjong_core::mjai::MjaiBot;
use mahjong_core::mjai::referee::process::ProcessPlayer;
use mahjong_core::mjai::referee::{Fault, MjaiPlayer, Referee, RefereeConfig, Standing, duplicate};
use mahjong_core::mjai::to_jsonl;
use mahjong_core::{Rules, Seat, TileWall};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::mahjong_rules;

const USAGE: &str = "usage: mjai-referee --bot CMD (four times, three under sanma rules; the seat goes after CMD's program, or where CMD says {seat}) [--rules tenhou|mahjong-soul|m-league|wrc|tenhou-sanma|mahjong-soul-sanma] [--matches N] [--seed N] [--limit-ms MS] [--log FILE]";

/// Where a bot's command puts the seat, when not right after the program.
const SEAT: &str = "{seat}";

/// The prefix of an in-process bot's `--bot` value, and the bots it names.
const INPROC: &str = "inproc:";
const INPROC_BOTS: [&str; 3] = ["efficiency", "classroom", "random"];

struct Options {
    bots: Vec<String>,
    rules: Rules,
    matches: usize,
    seed: u64,
    limit: Duration,
    log: Option<String>,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        bots: Vec::new(),
        rules: Rules::default(),
        matches: 1,
        seed: 0,
        limit: Duration::from_secs(3),
        log: None,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if flag == "--help" || flag == "-h" {
            return Err(String::new());
        }
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} {value}: not a number"))
        };
        match flag.as_str() {
            "--bot" => options.bots.push(bot(value)?),
            "--matches" => options.matches = matches(number()?)?,
            "--seed" => options.seed = number()?,
            "--limit-ms" => options.limit = Duration::from_millis(at_least_1(flag, number()?)?),
            "--log" => options.log = Some(value.clone()),
            "--rules" => options.rules = mahjong_rules(value)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let seats = options.rules.seats;
    if options.bots.len() != seats {
        return Err(format!("{} bots given, {seats} needed", options.bots.len()));
    }
    Ok(options)
}

/// `n`, the value of `flag`, unless it is 0.
fn at_least_1(flag: &str, n: u64) -> Result<u64, String> {
    if n == 0 {
        Err(format!("{flag} 0: at least 1"))
    } else {
        Ok(n)
    }
}

/// A `--bot` value: an in-process bot's name, or a command whose program starts (it is
/// started once for seat 0 and stopped, so that a typo is refused before any match).
fn bot(spec: &str) -> Result<String, String> {
    if let Some(name) = spec.strip_prefix(INPROC) {
        if !INPROC_BOTS.contains(&name) {
            return Err(format!(
                "--bot {spec}: no in-process bot {name:?} (choose {INPROC}{})",
                INPROC_BOTS.join(&format!(", {INPROC}"))
            ));
        }
        return Ok(spec.to_string());
    }
    let (program, args) = command_line(spec, Seat::ALL[0]);
    if program.is_empty() {
        return Err("--bot needs a command".to_string());
    }
    ProcessPlayer::spawn(&program, &args)
        .map(drop)
        .map(|()| spec.to_string())
        .map_err(|error| format!("--bot {spec}: cannot start {program}: {error}"))
}

/// `--matches n`: at least 1, and each set of walls is played four times, so `4 n` matches
/// must be countable.
fn matches(n: u64) -> Result<usize, String> {
    at_least_1("--matches", n)?;
    usize::try_from(n)
        .ok()
        .filter(|n| n.checked_mul(4).is_some())
        .ok_or(format!(
            "--matches {n}: too many (at most {})",
            usize::MAX / 4
        ))
}

/// The player `spec` makes for `seat` under `rules` (a program that started when the
/// options were read but cannot start now counts as crashed).
fn player(spec: &str, seat: Seat, seed: u64, rules: Rules) -> Box<dyn MjaiPlayer> {
    let in_process = |bot: Result<MjaiBot, _>| match bot {
        Ok(bot) => Box::new(bot) as Box<dyn MjaiPlayer>,
        // The seats played are those of the rules, which the bot takes.
        Err(error) => {
            eprintln!("mjai-referee: {spec}: {error}");
            Box::new(Unstarted)
        }
    };
    match spec.strip_prefix(INPROC).unwrap_or_default() {
        "efficiency" => in_process(MjaiBot::with_rules(seat, EfficiencyBot::new(), rules)),
        "classroom" => in_process(MjaiBot::with_rules(seat, ClassroomBot::new(), rules)),
        "random" => in_process(MjaiBot::with_rules(
            seat,
            RandomBot::new(StdRng::seed_from_u64(seed)),
            rules,
        )),
        _ => {
            let command = spec;
            let (program, args) = command_line(command, seat);
            match ProcessPlayer::spawn(&program, &args) {
                Ok(process) => Box::new(process),
                Err(error) => {
                    eprintln!("mjai-referee: cannot start {command}: {error}");
                    Box::new(Unstarted)
                }
            }
        }
    }
}

/// The program and arguments of a bot's `command` (split on spaces) for `seat`: the seat
/// in place of each `{seat}`, or, with none, as the first argument.
fn command_line(command: &str, seat: Seat) -> (String, Vec<String>) {
    let index = seat.index().to_string();
    let mut words = command.split_whitespace().map(|w| w.replace(SEAT, &index));
    let program = words.next().unwrap_or_default();
    let rest = words.collect();
    if command.contains(SEAT) {
        return (program, rest);
    }
    (program, std::iter::once(index).chain(rest).collect())
}

/// A bot program that could not be started: every question is a crash.
struct Unstarted;

impl MjaiPlayer for Unstarted {
    fn ask(&mut self, _line: &str, _limit: Duration) -> Result<String, Fault> {
        Err(Fault::Crashed)
    }
}

fn print(name: &str, standing: &Standing) {
    println!(
        "{name}: {} matches, mean place {:.3} ± {:.3}, rank points {:.1} ± {:.1}, faults {}",
        standing.matches,
        standing.mean_place,
        standing.place_ci95,
        standing.mean_rank_points,
        standing.rank_points_ci95,
        standing.faults
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match options(&args) {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("mjai-referee: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // The log file is made before any match, so that a path it cannot be written to is
    // refused at once.
    let log = match options.log.as_ref().map(|path| (path, File::create(path))) {
        Some((path, Err(error))) => {
            eprintln!("mjai-referee: cannot write {path}: {error}");
            return ExitCode::from(2);
        }
        Some((path, Ok(file))) => Some((path, file)),
        None => None,
    };
    let rules = options.rules;
    let referee = Referee::new(RefereeConfig {
        rules,
        limit: options.limit,
    });
    let seed = options.seed;
    let walls = |m: usize| -> Box<dyn FnMut() -> TileWall> {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_add(m as u64));
        Box::new(move || TileWall::for_rules(&rules, &mut rng))
    };
    if let Some((path, mut file)) = log {
        let mut owned: Vec<Box<dyn MjaiPlayer>> = Seat::first(rules.seats)
            .map(|s| player(&options.bots[s.index()], s, seed, rules))
            .collect();
        let mut players: Vec<&mut dyn MjaiPlayer> = owned
            .iter_mut()
            .map(|b| -> &mut dyn MjaiPlayer { &mut **b })
            .collect();
        match referee.play(&mut players, &mut *walls(0)) {
            Ok(refereed) => {
                if let Err(error) = file.write_all(to_jsonl(&refereed.log).as_bytes()) {
                    eprintln!("mjai-referee: cannot write {path}: {error}");
                }
                println!("points {:?}, places {:?}", refereed.points, refereed.places);
                for fault in &refereed.faults {
                    println!("fault: {fault}");
                }
            }
            Err(error) => {
                eprintln!("mjai-referee: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let started = Instant::now();
    let bots = options.bots.clone();
    let mut make =
        |b: usize, seat: Seat| player(&bots[b], seat, seed.wrapping_add(b as u64), rules);
    let standings = match duplicate(&referee, options.matches, &mut make, &mut { walls }) {
        Ok(standings) => standings,
        Err(error) => {
            eprintln!("mjai-referee: {error}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    for (b, standing) in standings.iter().take(rules.seats).enumerate() {
        print(&format!("bot {b} ({})", options.bots[b]), standing);
    }
    let played = options.matches * rules.seats;
    println!(
        "{played} matches in {seconds:.2} s: {:.2} matches per second",
        played as f64 / seconds
    );
    ExitCode::SUCCESS
}

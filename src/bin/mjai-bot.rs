//! `mjai-bot SEAT [--bot efficiency|classroom|random] [--seed N] [--rules NAME]`: plays one
//! seat of riichi mahjong over the mjai.app protocol. Reads one JSON array of mjai events
//! per line on standard input; writes one JSON action per line on standard output
//! (`{"type":"none"}` when it has nothing to do). A line it cannot follow is reported on
//! standard error with its line number and answered with `{"type":"none"}`; it stops at
//! the end of its input.
//!
//! `--rules` names the preset played (`tenhou` by default, `mahjong-soul`, `m-league`,
//! `wrc`, or the three-player `tenhou-sanma` and `mahjong-soul-sanma`: seats 0 to 2, a
//! kita answered as `nukidora`, as the three-player forks of Mortal's libriichi do).

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use mahjong_core::bot::{ClassroomBot, EfficiencyBot, RandomBot};
use mahjong_core::mjai::{MjaiBot, NONE_LINE};
use mahjong_core::{Rules, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::mahjong_rules;

const USAGE: &str = "usage: mjai-bot SEAT [--bot efficiency|classroom|random] [--seed N] [--rules tenhou|mahjong-soul|m-league|wrc|tenhou-sanma|mahjong-soul-sanma]";

/// What the arguments ask for.
struct Options {
    seat: Seat,
    bot: String,
    seed: u64,
    rules: Rules,
}

/// The seat, the bot's name, the seed and the rules from the arguments.
fn options(args: &[String]) -> Result<Options, String> {
    let seat = args
        .first()
        .and_then(|s| s.parse::<usize>().ok())
        .and_then(|s| Seat::ALL.get(s).copied())
        .ok_or("the first argument is the seat, 0 to 3")?;
    let (mut bot, mut seed, mut rules) = ("efficiency".to_string(), 0, Rules::default());
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--bot" => bot = value.clone(),
            "--seed" => {
                seed = value
                    .parse()
                    .map_err(|_| format!("--seed {value}: not a number"))?
            }
            "--rules" => rules = mahjong_rules(value)?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(Options {
        seat,
        bot,
        seed,
        rules,
    })
}

/// The bot the options ask for; an unknown bot, or seat 3 under three-player rules, is
/// refused.
fn bot(options: &Options) -> Result<MjaiBot, String> {
    let (seat, rules) = (options.seat, options.rules);
    let made = match options.bot.as_str() {
        "efficiency" => MjaiBot::with_rules(seat, EfficiencyBot::new(), rules),
        "classroom" => MjaiBot::with_rules(seat, ClassroomBot::new(), rules),
        "random" => {
            let random = RandomBot::new(StdRng::seed_from_u64(options.seed));
            MjaiBot::with_rules(seat, random, rules)
        }
        name => {
            return Err(format!(
                "unknown bot {name} (efficiency, classroom, random)"
            ));
        }
    };
    made.map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let made = options(&args).and_then(|options| bot(&options));
    let mut bot = match made {
        Ok(bot) => bot,
        Err(message) => {
            eprintln!("mjai-bot: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut input = io::stdin().lock();
    let mut out = io::stdout().lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // A line that is not UTF-8 is read with U+FFFD for the bad bytes, so that it is
        // reported and answered like any other line it cannot follow.
        let line = String::from_utf8_lossy(&bytes);
        let answer = bot.react_line(&line).unwrap_or_else(|error| {
            eprintln!("mjai-bot: {error}");
            NONE_LINE.to_string()
        });
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            break;
        }
    }
    ExitCode::SUCCESS
}

//! `mjai-bot SEAT [--bot efficiency|classroom|random] [--seed N]`: plays one seat of riichi
//! mahjong over the mjai.app protocol. Reads one JSON array of mjai events per line on
//! standard input; writes one JSON action per line on standard output (`{"type":"none"}`
//! when it has nothing to do). A line it cannot follow is reported on standard error with
//! its line number and answered with `{"type":"none"}`; it stops at the end of its input.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use mahjong_core::Seat;
use mahjong_core::bot::{ClassroomBot, EfficiencyBot, RandomBot};
use mahjong_core::mjai::{MjaiBot, NONE_LINE};
use rand::SeedableRng;
use rand::rngs::StdRng;

const USAGE: &str = "usage: mjai-bot SEAT [--bot efficiency|classroom|random] [--seed N]";

/// The seat, the bot's name and the seed from the arguments.
fn options(args: &[String]) -> Result<(Seat, String, u64), String> {
    let seat = args
        .first()
        .and_then(|s| s.parse::<usize>().ok())
        .and_then(|s| Seat::ALL.get(s).copied())
        .ok_or("the first argument is the seat, 0 to 3")?;
    let (mut bot, mut seed) = ("efficiency".to_string(), 0);
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
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok((seat, bot, seed))
}

fn bot(seat: Seat, name: &str, seed: u64) -> Result<MjaiBot, String> {
    Ok(match name {
        "efficiency" => MjaiBot::new(seat, EfficiencyBot::new()),
        "classroom" => MjaiBot::new(seat, ClassroomBot::new()),
        "random" => MjaiBot::new(seat, RandomBot::new(StdRng::seed_from_u64(seed))),
        _ => {
            return Err(format!(
                "unknown bot {name} (efficiency, classroom, random)"
            ));
        }
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let made = options(&args).and_then(|(seat, name, seed)| bot(seat, &name, seed));
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

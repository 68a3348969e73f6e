//! Riichi mahjong in the terminal: a full hanchan under the Tenhou rules, you at seat 0
//! against three bots (or four bots with `--bots`), three-player riichi (`--players 3`,
//! Tenhou's sanma), or the simplified classroom game of a class assignment
//! (`--rules simplified`).
//!
//! `cargo run --release --example mahjong -- --seed 7` from the workspace root;
//! `--bots --seed 7` plays a whole hanchan of bots and prints its transcript; `--log FILE`
//! writes the match's mjai log.

mod classroom;
mod full;
mod names;

use std::path::PathBuf;

use clap::{Parser, ValueEnum};
use tabletop_rules::{end_quietly_on_closed_output, seed_or_random};

use names::Names;

/// Play riichi mahjong at seat 0 against three bots, or watch four bots (--bots).
///
/// The full rules (the default) play a hanchan, East and South rounds, under the Tenhou
/// rules: calls, kans, red fives, dora, riichi, the scorer's yaku and fu. Your hand is shown
/// sorted, the tile just drawn apart after `|`; every prompt says what you may type, and
/// Enter takes the default (tsumogiri on your turn, pass on a call). `--rules simplified`
/// plays the class assignment's simplified game instead (draw, discard, riichi, tsumo, ron).
#[derive(Parser)]
#[command(name = "mahjong", version)]
pub struct Args {
    /// Which game: full (a Tenhou-rules hanchan) or simplified (the classroom game).
    #[arg(long, default_value = "full")]
    rules: RuleSet,
    /// Four bots play with no input.
    #[arg(long)]
    bots: bool,
    /// The shuffle's seed (random when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// How tiles are written: codes (1M 2M 7Z), mpsz (123m7z) or korean (1만 2만 중).
    #[arg(long, default_value = "codes")]
    names: Names,
    /// The bot at the other seats: efficiency (the default of the full rules), classroom
    /// (the assignment's heuristic bot, the default of the simplified game) or random.
    #[arg(long)]
    opponent: Option<Opponent>,
    /// Full game only: 4 players, or 3 for three-player riichi (sanma) under the rules of
    /// Tenhou's three-player lobby (no chi, North set aside with `kita`, 35,000 points).
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(3..=4))]
    players: u8,
    /// Full game only: write the match's mjai log (JSON lines, the whole truth) to FILE
    /// when it ends or input ends.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Simplified game only: the assignment's solo variant, one player alone winning by
    /// tsumo only.
    #[arg(long)]
    solo: bool,
    /// Simplified game only: play without the furiten rule.
    #[arg(long)]
    no_furiten: bool,
}

/// Which game to play.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum RuleSet {
    /// A hanchan of the full game under the Tenhou rules.
    Full,
    /// The simplified game of the class assignment.
    Simplified,
}

/// A kind of bot.
#[derive(Clone, Copy, ValueEnum)]
pub enum Opponent {
    /// The class assignment's heuristic bot: declares riichi when it can; else discards a
    /// fourth copy of an honor, an isolated honor, an isolated number tile, the end of a
    /// four-tile run nearer a terminal, or else the tile that leaves the lowest shanten.
    Classroom,
    /// Tile efficiency: lowest shanten, then most ukeire.
    Efficiency,
    /// Any legal action.
    Random,
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let seed = seed_or_random(args.seed);
    match args.rules {
        RuleSet::Simplified if args.log.is_some() => {
            eprintln!("--log writes a log of the full game: leave out --rules simplified");
            std::process::exit(2);
        }
        RuleSet::Simplified if args.players != 4 => {
            eprintln!("--players 3 plays the full game: leave out --rules simplified");
            std::process::exit(2);
        }
        RuleSet::Simplified => classroom::run(&args, seed),
        RuleSet::Full => {
            if let Some(option) = simplified_only(&args) {
                eprintln!("{option} is an option of the simplified game: add --rules simplified");
                std::process::exit(2);
            }
            full::run(&args, seed);
        }
    }
}

/// The first option given that only the simplified game takes.
fn simplified_only(args: &Args) -> Option<&'static str> {
    [(args.solo, "--solo"), (args.no_furiten, "--no-furiten")]
        .into_iter()
        .find_map(|(given, option)| given.then_some(option))
}

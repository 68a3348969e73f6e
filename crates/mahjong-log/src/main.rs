//! `mahjong-log`: riichi game records converted between formats, validated by replay, and
//! counted. See the README for the commands.

mod convert;
mod files;
mod inputs;
mod output;
mod progress;
mod stats;
mod validate;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use mahjong_records::{Format, Platform};

/// Riichi game records (mjai, Tenhou's XML, tenhou.net/6 JSON; gzipped or not): convert,
/// validate by replay, count.
#[derive(Parser)]
#[command(name = "mahjong-log", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where records come from, and the rules of those that name none.
#[derive(clap::Args)]
struct Inputs {
    /// Record files, or folders searched for them (recursively); `.gz` files are unpacked.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The rules of mjai logs, which name none: tenhou, mahjong-soul, m-league, wrc (each
    /// platform's three-player rules for a three-player log).
    #[arg(long, default_value = "tenhou")]
    rules: Platform,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
}

#[derive(Subcommand)]
enum Command {
    /// Write each record in another format: to standard output for one file, else into
    /// `--out`.
    Convert {
        #[command(flatten)]
        inputs: Inputs,
        /// The format to write: mjai, tenhou-xml, tenhou-json.
        #[arg(long)]
        to: Format,
        /// The folder to write into (the inputs' file names, or paths below an input
        /// folder, with the format's extension).
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// Replay every hand under the record's rules and report each disagreement (a win's
    /// yaku, han, fu or points, a payment, an illegal action); exit status 1 when any.
    Validate {
        #[command(flatten)]
        inputs: Inputs,
    },
    /// Count hands, wins, draws, yaku and points over the records (replayed first: a record
    /// that does not replay is reported and left out).
    Stats {
        #[command(flatten)]
        inputs: Inputs,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let inputs = match &cli.command {
        Command::Convert { inputs, .. }
        | Command::Validate { inputs }
        | Command::Stats { inputs } => inputs,
    };
    if let Some(jobs) = inputs.jobs {
        // Only fails when a pool was built already, which nothing here does.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(usize::from(jobs))
            .build_global();
    }
    let found = match files::collect(&inputs.paths) {
        Ok(found) => found,
        Err(error) => return usage_error(&error),
    };
    if let Command::Convert { out, .. } = &cli.command
        && let Err(error) = check_out(out.as_deref(), found.files.len())
    {
        return usage_error(&error);
    }
    for problem in &found.problems {
        eprintln!("mahjong-log: {problem}");
    }
    let files = &found.files;
    let ok = match &cli.command {
        Command::Convert { to, out, .. } => convert::run(files, inputs.rules, *to, out.as_deref()),
        Command::Validate { .. } => validate::run(files, inputs.rules),
        Command::Stats { .. } => stats::run(files, inputs.rules),
    };
    if ok && found.problems.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Where `convert` writes `count` records: a folder (`out`, which must not be a file), or
/// standard output for exactly one.
fn check_out(out: Option<&Path>, count: usize) -> Result<(), String> {
    match (out, count) {
        (Some(out), _) if out.exists() && !out.is_dir() => {
            Err(format!("--out {}: not a folder", out.display()))
        }
        (Some(_), _) | (None, 1) => Ok(()),
        (None, 0) => Err("no record files found".to_string()),
        (None, n) => Err(format!(
            "{n} records: name a folder to write them into (--out)"
        )),
    }
}

/// A bad command line: the message, and status 2 (as clap's own errors).
fn usage_error(message: &str) -> ExitCode {
    eprintln!("mahjong-log: {message}");
    ExitCode::from(2)
}

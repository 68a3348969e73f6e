//! A riichi mahjong hand calculator: scores a winning hand typed at the terminal (spec
//! section 5 of mahjong-core), printing each yaku, the fu item by item and the payment.
//!
//! `cargo run --release --example mahjong_score -- "123m456p789s2399s 4s ron riichi dora 1m"`
//! scores one hand; without a hand it asks for hands one by one until end of input.

use clap::{Parser, ValueEnum};
use mahjong_core::score::{ScoringRules, WinningHand};
use tabletop_rules::{end_quietly_on_closed_output, prompt, say_goodbye};

/// Score a riichi mahjong hand: yaku, fu, han, limit and payment.
///
/// Write the concealed tiles first (compact MPSZ, 0 = red five), with or without the
/// winning tile, then in any order: melds (`chi 345m`, `pon 777p`, `kan 1111z`,
/// `ankan 9999s`, `kakan 5555p`), the winning tile (`3m` or `win 3m`; else the last tile
/// written), `ron` (default) or `tsumo`, `seat E|S|W|N` (default S), `round E|S` (default
/// E), `riichi`, `double-riichi`, `ippatsu`, `last-tile`, `rinshan`, `chankan`,
/// `first-turn`, `dora <indicators>`, `ura <indicators>`, `honba N`, `sticks N`.
#[derive(Parser)]
#[command(name = "mahjong_score", version)]
struct Args {
    /// The hand and its situation, e.g. `123m456p789s2399s 4s ron riichi dora 1m` (one
    /// argument in quotes, or several words). Without it, hands are asked for one by one.
    hand: Vec<String>,
    /// The scoring rules.
    #[arg(long, default_value = "tenhou")]
    rules: RuleSet,
}

/// A named set of scoring rules.
#[derive(Clone, Copy, ValueEnum)]
enum RuleSet {
    /// The Tenhou ranked lobby (the default).
    Tenhou,
    /// Mahjong Soul: as Tenhou, with the double-yakuman hands.
    MahjongSoul,
    /// M-League: as Tenhou, with 2 fu for a double-wind pair, kiriage mangan and no hand
    /// but a yakuman above sanbaiman.
    MLeague,
    /// The World Riichi Championship: no red fives, kazoe capped at sanbaiman, one yakuman
    /// at most, renhou a mangan.
    Wrc,
}

impl RuleSet {
    fn rules(self) -> ScoringRules {
        match self {
            RuleSet::Tenhou => ScoringRules::tenhou(),
            RuleSet::MahjongSoul => ScoringRules::mahjong_soul(),
            RuleSet::MLeague => ScoringRules::m_league(),
            RuleSet::Wrc => ScoringRules::wrc(),
        }
    }
}

/// The explanation of a hand's score, or what is wrong with the text.
fn explain(text: &str, rules: &ScoringRules) -> Result<String, String> {
    let win: WinningHand = text
        .parse()
        .map_err(|e| format!("cannot read the hand: {e}"))?;
    let score = win
        .score(rules)
        .map_err(|e| format!("{win}\ncannot score it: {e}"))?;
    let lines: Vec<String> = score
        .to_string()
        .lines()
        .map(|l| format!("  {l}"))
        .collect();
    Ok(format!("{win}\n{}", lines.join("\n")))
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let rules = args.rules.rules();
    if !args.hand.is_empty() {
        match explain(&args.hand.join(" "), &rules) {
            Ok(text) => println!("{text}"),
            Err(message) => {
                eprintln!("{message}");
                std::process::exit(1);
            }
        }
        return;
    }
    println!("Type a winning hand, e.g. `123m456p789s2399s 4s ron riichi dora 1m`;");
    println!("`help` for the words understood; end of input (Ctrl-D) quits.");
    while let Some(line) = prompt("hand> ") {
        match line.as_str() {
            "" => {}
            "help" | "?" => println!("{HELP}"),
            text => match explain(text, &rules) {
                Ok(text) | Err(text) => println!("{text}"),
            },
        }
    }
    say_goodbye();
}

/// The words of the hand notation.
const HELP: &str = "\
The concealed tiles first (123m456p789s11z, 0 = red five), with or without the winning
tile; then, in any order:
  chi 345m, pon 777p, kan 1111z, ankan 9999s, kakan 5555p   melds
  3m or win 3m          the winning tile (else the last tile written)
  ron | tsumo           how it was won (ron by default)
  seat E|S|W|N          the winner's seat wind (S by default; E is the dealer)
  round E|S|W|N         the round wind (E by default)
  riichi, double-riichi, ippatsu, last-tile, rinshan, chankan, first-turn
  dora 1m7p, ura 9p     dora and ura-dora indicators (the tiles shown)
  honba 2, sticks 1     counters on the table";

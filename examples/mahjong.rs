//! The seed's riichi mahjong in the terminal: you at seat 0 against three bots, the seed's
//! solo assignment (`--solo`), or four bots with no input (`--bots`).
//!
//! `cargo run --release --example mahjong -- --seed 7` from the workspace root;
//! `--bots --seed 7` plays a whole game of bots and prints its transcript.

use clap::{Parser, ValueEnum};
use mahjong_core::bot::{Bot, EfficiencyBot, RandomBot, SeedBot};
use mahjong_core::{Action, Event, Game, Outcome, Rules, Seat, Suit, Tile, View, Win};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, seed_or_random};

/// Play the seed's four-player riichi mahjong at seat 0 against three bots, alone (--solo,
/// tsumo only), or watch four bots (--bots).
///
/// Your hand is shown sorted, the tile just drawn apart after `|`. Discard by typing a
/// tile (5M, 5m, or 5만 with --names korean) or its position (1 to 14); declare riichi
/// with `riichi 5M` (or `r 3` by position); type `tsumo`, `ron` or `pass` when offered.
#[derive(Parser)]
#[command(name = "mahjong", version)]
struct Args {
    /// Four bots play with no input.
    #[arg(long)]
    bots: bool,
    /// The seed's assignment: one player alone, winning by tsumo only.
    #[arg(long)]
    solo: bool,
    /// The shuffle's seed (random when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// How tiles are written: seed (1M 2M 7Z), mpsz (123m7z) or korean (1만 2만 중).
    #[arg(long, default_value = "seed")]
    names: Names,
    /// The bot at the other seats: seed (the seed's rules), efficiency or random.
    #[arg(long, default_value = "seed")]
    opponent: Opponent,
    /// Play without the furiten rule.
    #[arg(long)]
    no_furiten: bool,
}

/// How tiles are written.
#[derive(Clone, Copy, ValueEnum)]
enum Names {
    /// `1M 2M 7Z`, the seed's codes.
    Seed,
    /// `123m7z`, compact MPSZ.
    Mpsz,
    /// `1만 2만 중`.
    Korean,
}

/// A kind of bot.
#[derive(Clone, Copy, ValueEnum)]
enum Opponent {
    /// The seed's discard rules (section 3.1).
    Seed,
    /// Lowest shanten, then most ukeire.
    Efficiency,
    /// Any legal action.
    Random,
}

const HONORS_KOREAN: [&str; 7] = ["동", "남", "서", "북", "백", "발", "중"];

impl Names {
    fn tile(self, tile: Tile) -> String {
        match (self, tile.suit()) {
            (Names::Korean, Suit::Honor) => HONORS_KOREAN[tile.number() as usize - 1].into(),
            (Names::Korean, suit) => {
                let name = ["만", "통", "삭"][suit as usize];
                format!("{}{name}", tile.number())
            }
            (Names::Seed, _) => tile.to_string().to_uppercase(),
            (Names::Mpsz, _) => tile.to_string(),
        }
    }

    /// Tiles in order: spaced, or grouped by suit in MPSZ.
    fn tiles(self, tiles: &[Tile]) -> String {
        match self {
            Names::Mpsz => {
                let mut text = String::new();
                for (i, tile) in tiles.iter().enumerate() {
                    text.push((b'0' + tile.number()) as char);
                    let next = tiles.get(i + 1);
                    if next.is_none_or(|next| next.suit() != tile.suit()) {
                        text.push(tile.suit().letter());
                    }
                }
                text
            }
            _ => tiles
                .iter()
                .map(|&t| self.tile(t))
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// A tile typed in any of the three notations.
fn parse_tile(text: &str) -> Result<Tile, String> {
    if let Some(index) = HONORS_KOREAN.iter().position(|&name| name == text) {
        return Ok(Tile::ALL[27 + index]);
    }
    let korean = [("만", 'm'), ("통", 'p'), ("삭", 's')];
    for (name, letter) in korean {
        if let Some(number) = text.strip_suffix(name) {
            return format!("{number}{letter}")
                .parse()
                .map_err(|e| format!("{e}"));
        }
    }
    text.parse().map_err(|e| format!("{e}"))
}

/// Who sits where: `None` is the person.
struct Table {
    bots: Vec<Option<Box<dyn Bot>>>,
    names: Names,
}

impl Table {
    fn seat_name(&self, seat: Seat) -> String {
        if self.bots[seat].is_none() {
            format!("seat {seat} (you)")
        } else {
            format!("seat {seat}")
        }
    }

    fn has_person(&self) -> bool {
        self.bots.iter().any(Option::is_none)
    }
}

fn main() {
    let args = Args::parse();
    let seed = seed_or_random(args.seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = Rules {
        furiten: !args.no_furiten,
        ..if args.solo {
            Rules::solo()
        } else {
            Rules::seed()
        }
    };
    let Ok(mut game) = Game::new(rules, &mut rng) else {
        return;
    };
    let bots = (0..rules.seats)
        .map(|seat| {
            let bot: Box<dyn Bot> = match (seat, args.opponent) {
                (0, _) => Box::new(EfficiencyBot),
                (_, Opponent::Seed) => Box::new(SeedBot),
                (_, Opponent::Efficiency) => Box::new(EfficiencyBot),
                (_, Opponent::Random) => {
                    Box::new(RandomBot::new(StdRng::seed_from_u64(seed ^ seat as u64)))
                }
            };
            (args.bots || seat > 0).then_some(bot)
        })
        .collect();
    let mut table = Table {
        bots,
        names: args.names,
    };
    let seats = match rules.seats {
        1 => "1 seat".to_string(),
        n => format!("{n} seats"),
    };
    println!("Seed {seed}. {seats}; seat 0 plays first.");
    if let (false, Some(drawn)) = (table.has_person(), game.drawn(0)) {
        println!("seat 0 draws {}", args.names.tile(drawn));
    }
    while let Some(seat) = game.to_move() {
        let Some(view) = game.view(seat) else { return };
        let events = match table.bots[seat].as_mut() {
            Some(bot) => {
                let Some(action) = bot.choose(&view) else {
                    return;
                };
                game.apply(action).unwrap_or_default()
            }
            None => match person_turn(&mut game, &view, args.names) {
                Some(events) => events,
                None => {
                    println!();
                    return;
                }
            },
        };
        for event in &events {
            report(&table, event);
        }
    }
    if let Some(outcome) = game.outcome() {
        show_outcome(&table, outcome);
    }
    for seat in 0..rules.seats {
        let tiles: Vec<Tile> = game
            .hand(seat)
            .map(|h| h.tiles().collect())
            .unwrap_or_default();
        println!(
            "{}'s hand: {}",
            table.seat_name(seat),
            args.names.tiles(&tiles)
        );
    }
}

/// Shows the table to the person and asks until an action is legal; `None` on end of input.
fn person_turn(game: &mut Game, view: &View, names: Names) -> Option<Vec<Event>> {
    show_table(view, names);
    let (sorted, drawn) = view.sorted_hand();
    let in_order: Vec<Tile> = sorted.iter().copied().chain(drawn).collect();
    let question = if let Some((from, tile)) = game.claim() {
        println!("Seat {from} discarded {}: you can ron.", names.tile(tile));
        "ron or pass? ".to_string()
    } else {
        let riichi: Vec<Tile> = view
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
            println!("Riichi: discard {} (riichi <tile>).", names.tiles(&riichi));
        }
        if view.is_riichi(view.seat) {
            "In riichi: discard the drawn tile (press enter) ".to_string()
        } else {
            "Discard (tile or position 1-14): ".to_string()
        }
    };
    ask(&question, |answer| {
        let action = parse_action(answer, &in_order, view)?;
        game.apply(action).map_err(|error| error.to_string())
    })
}

/// Reads the person's answer: a tile, a position, `riichi <tile or position>`, a word.
fn parse_action(answer: &str, in_order: &[Tile], view: &View) -> Result<Action, String> {
    let tile = |text: &str| -> Result<Tile, String> {
        if text.chars().all(|c| c.is_ascii_digit()) {
            let position: usize = text.parse().map_err(|_| format!("`{text}`: too long"))?;
            return position
                .checked_sub(1)
                .and_then(|i| in_order.get(i))
                .copied()
                .ok_or_else(|| {
                    format!("position {position}: your hand has 1 to {}", in_order.len())
                });
        }
        parse_tile(text)
    };
    let words: Vec<&str> = answer.split_whitespace().collect();
    match words[..] {
        [] if view.is_riichi(view.seat) => view
            .drawn
            .map(Action::Discard)
            .ok_or_else(|| "nothing drawn".into()),
        [] => Err("type a tile, a position, riichi <tile>, tsumo, ron or pass".into()),
        [word] if ["tsumo", "ron", "pass"].contains(&word.to_lowercase().as_str()) => {
            word.parse().map_err(|e| format!("{e}"))
        }
        [word, text] if ["riichi", "r"].contains(&word.to_lowercase().as_str()) => {
            tile(text).map(Action::Riichi)
        }
        [text] => tile(text).map(Action::Discard),
        _ => Err(format!(
            "`{answer}`: type one tile or position, riichi <tile>, tsumo, ron or pass"
        )),
    }
}

/// Every seat's discards (riichi tile in brackets), the wall count, and the person's hand.
fn show_table(view: &View, names: Names) {
    println!();
    for (seat, pile) in view.discards.iter().enumerate() {
        let mark = if view.is_riichi(seat) { " RIICHI" } else { "" };
        let tiles: Vec<String> = pile
            .iter()
            .enumerate()
            .map(|(i, &tile)| match view.riichi[seat] == Some(i) {
                true => format!("[{}]", names.tile(tile)),
                false => names.tile(tile),
            })
            .collect();
        let who = if seat == view.seat {
            "you".into()
        } else {
            format!("seat {seat}")
        };
        println!("  {who}{mark}: {}", tiles.join(" "));
    }
    println!("  live tiles left: {}", view.live_tiles);
    let (sorted, drawn) = view.sorted_hand();
    let drawn = drawn
        .map(|t| format!(" | {}", names.tile(t)))
        .unwrap_or_default();
    println!("Your hand: {}{drawn}", names.tiles(&sorted));
}

/// One line per event; another seat's draw is shown only when no person plays.
fn report(table: &Table, event: &Event) {
    let names = table.names;
    match event {
        Event::Draw { seat, tile } if !table.has_person() => {
            println!("{} draws {}", table.seat_name(*seat), names.tile(*tile));
        }
        Event::Draw { .. } => {}
        Event::Riichi { seat, .. } => println!("{} declares riichi!", table.seat_name(*seat)),
        Event::Discard { seat, tile } => {
            println!("{} discards {}", table.seat_name(*seat), names.tile(*tile))
        }
        Event::Tsumo { seat, tile, .. } => {
            println!(
                "{}: tsumo on {}!",
                table.seat_name(*seat),
                names.tile(*tile)
            )
        }
        Event::Ron {
            seat, from, tile, ..
        } => println!(
            "{}: ron on {}'s {}!",
            table.seat_name(*seat),
            table.seat_name(*from),
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
            let tiles: Vec<Tile> = agari.hand.tiles().collect();
            println!(
                "{} won by {how}{riichi}: {} = {}",
                table.seat_name(agari.winner),
                names.tiles(&tiles),
                agari.shape
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

//! The seed's riichi mahjong in the terminal: you at seat 0 against three bots, the seed's
//! solo assignment (`--solo`), or four bots with no input (`--bots`).
//!
//! `cargo run --release --example mahjong -- --seed 7` from the workspace root;
//! `--bots --seed 7` plays a whole game of bots and prints its transcript.

use clap::{Parser, ValueEnum};
use mahjong_core::bot::{Bot, EfficiencyBot, RandomBot, SeedBot};
use mahjong_core::{
    Action, ActionError, Event, Game, Meld, Outcome, Rules, Seat, Shape, Suit, Tile, View, Win,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, count, excerpt, say_goodbye, seed_or_random};

/// Play the seed's four-player riichi mahjong at seat 0 against three bots, alone (--solo,
/// tsumo only), or watch four bots (--bots).
///
/// Your hand is shown sorted, the tile just drawn apart after `|`. Discard by typing a
/// tile (5M, 5m, `discard 5m`, or 5만 with --names korean) or its position (1 to 14);
/// declare riichi with `riichi 5M` (or `r 3` by position); type `tsumo`, `ron` or `pass`
/// when offered.
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

    /// How to write a tile in this notation, for a message about a bad one.
    fn tile_help(self) -> String {
        let (five_pin, red) = (Tile::ALL[13], Tile::ALL[33]);
        format!(
            "write a tile like {} or {}, or its position in your hand",
            self.tile(five_pin),
            self.tile(red)
        )
    }

    /// A complete hand's melds and pair (or pairs), each group in this notation.
    fn shape(self, shape: &Shape) -> String {
        let group = |tiles: &[Tile]| self.tiles(tiles);
        match shape {
            Shape::Standard { melds, pair } => {
                let mut groups: Vec<String> = melds
                    .iter()
                    .map(|&meld| match meld {
                        Meld::Sequence(low) => {
                            let index = low.index() as usize;
                            group(&Tile::ALL[index..index + 3])
                        }
                        Meld::Triplet(tile) => group(&[tile; 3]),
                    })
                    .collect();
                groups.push(group(&[*pair; 2]));
                groups.join(", ")
            }
            Shape::Chiitoitsu { pairs } => {
                let pairs: Vec<String> = pairs.iter().map(|&pair| group(&[pair; 2])).collect();
                format!("{} (chiitoitsu)", pairs.join(", "))
            }
            Shape::Kokushi { pair } => format!("kokushi, pair {}", self.tile(*pair)),
        }
    }

    /// Why the game refused an action, with the tiles in this notation (the library's
    /// messages write them in MPSZ).
    fn action_error(self, error: &ActionError) -> String {
        match *error {
            ActionError::NotInHand { tile } => format!("your hand holds no {}", self.tile(tile)),
            ActionError::Tsumogiri { drawn, tile } => format!(
                "in riichi only the tile just drawn ({}) may be discarded, not {}",
                self.tile(drawn),
                self.tile(tile)
            ),
            ActionError::NotTenpai { tile } => format!(
                "discarding {} does not leave the hand tenpai: no riichi",
                self.tile(tile)
            ),
            ActionError::ClaimPending { seat, tile } => format!(
                "seat {seat} must answer the discard of {}: ron or pass",
                self.tile(tile)
            ),
            _ => error.to_string(),
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

/// A tile typed in any of the three notations; the error says how to write one in `names`.
fn parse_tile(text: &str, names: Names) -> Result<Tile, String> {
    if let Some(index) = HONORS_KOREAN.iter().position(|&name| name == text) {
        return Ok(Tile::ALL[27 + index]);
    }
    let korean = [("만", 'm'), ("통", 'p'), ("삭", 's')];
    let mpsz = korean
        .iter()
        .find_map(|(name, letter)| Some(format!("{}{letter}", text.strip_suffix(name)?)))
        .unwrap_or_else(|| text.to_string());
    mpsz.parse()
        .map_err(|_| format!("`{}` is not a tile: {}", excerpt(text), names.tile_help()))
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
    let seats = count(rules.seats as u64, "seat");
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
                    say_goodbye();
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
        let action = parse_action(answer, &in_order, view, names)?;
        game.apply(action)
            .map_err(|error| names.action_error(&error))
    })
}

/// Reads the person's answer: every form `Action::from_str` reads (a tile, `discard
/// <tile>`, `riichi <tile>`, `tsumo`, `ron`, `pass`, in either case), a tile in any of the
/// three notations or by its position, `r` for riichi, and an empty line in riichi for the
/// drawn tile.
fn parse_action(
    answer: &str,
    in_order: &[Tile],
    view: &View,
    names: Names,
) -> Result<Action, String> {
    let tile = |text: &str| -> Result<Tile, String> {
        if text.chars().all(|c| c.is_ascii_digit()) {
            let position: usize = text.parse().unwrap_or(usize::MAX);
            return position
                .checked_sub(1)
                .and_then(|i| in_order.get(i))
                .copied()
                .ok_or_else(|| {
                    format!(
                        "position {}: your hand has 1 to {}",
                        excerpt(text),
                        in_order.len()
                    )
                });
        }
        parse_tile(text, names)
    };
    let words: Vec<&str> = answer.split_whitespace().collect();
    let first = words.first().map(|word| word.to_lowercase());
    let claim = view.legal.contains(&Action::Pass);
    match (first.as_deref(), &words[..]) {
        (None, _) if claim => Err("type ron or pass".into()),
        (None, _) if view.is_riichi(view.seat) => view
            .drawn
            .map(Action::Discard)
            .ok_or_else(|| "nothing drawn".into()),
        (None, _) => Err("type a tile, a position, riichi <tile>, tsumo, ron or pass".into()),
        (Some("tsumo"), [_]) => Ok(Action::Tsumo),
        (Some("ron"), [_]) => Ok(Action::Ron),
        (Some("pass"), [_]) => Ok(Action::Pass),
        (Some("riichi" | "r"), [_]) => Err(riichi_hint(view, names)),
        (Some("riichi" | "r"), [_, text]) => tile(text).map(Action::Riichi),
        (Some("discard"), [_]) => Err(format!(
            "discard which tile? type discard {} or discard 5 (a position)",
            names.tile(in_order.last().copied().unwrap_or(Tile::ALL[0]))
        )),
        (Some("discard"), [_, text]) => tile(text).map(Action::Discard),
        (_, [text]) => tile(text).map(Action::Discard),
        _ => Err(format!(
            "`{}`: type one tile or position, discard <tile>, riichi <tile>, tsumo, ron or pass",
            excerpt(answer.trim())
        )),
    }
}

/// The answer to `riichi` without a tile: which discard to name, or why there is none.
fn riichi_hint(view: &View, names: Names) -> String {
    if view.is_riichi(view.seat) {
        return "riichi is already declared".into();
    }
    let first = view.legal.iter().find_map(|action| match action {
        Action::Riichi(tile) => Some(*tile),
        _ => None,
    });
    match first {
        Some(tile) => format!(
            "riichi with which discard? type riichi {} or riichi 5 (a position)",
            names.tile(tile)
        ),
        None => "riichi with which discard? none leaves your hand tenpai now".into(),
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
                names.shape(&agari.shape)
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

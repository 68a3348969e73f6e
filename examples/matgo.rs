//! Matgo in the terminal: play the seed tutorial's bot, or watch two bots (`--bots`).
//!
//! `cargo run --example matgo -- --rules standard --seed 7`; `--bots` plays a match of bots
//! with no input. Cards are written month then kind: `1G` gwang, `9Y` yeol, `4T` tti, `3P1`
//! pi, `11S` ssangpi, `B2` bonus.

use clap::Parser;
use hwatu_core::bot::{Bot, SeedBot};
use hwatu_core::{
    Action, Card, CardSet, Decision, Event, Game, GukjinUse, Match, Player, Rules, View,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{ask, seed_or_random};

/// Play Matgo (two-player Go-Stop) against the seed tutorial's bot.
#[derive(Parser)]
struct Args {
    /// Two bots play each other with no input.
    #[arg(long)]
    bots: bool,
    /// The shuffle's seed (random when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// House rules: standard, seed or classic.
    #[arg(long, default_value = "standard")]
    rules: Rules,
    /// Games in a bots-only match.
    #[arg(long, default_value_t = 5)]
    games: u32,
    /// Money per point.
    #[arg(long, default_value_t = 100)]
    stake: u64,
}

/// The person (A) or a bot for each player.
struct Table {
    bots: [Option<SeedBot>; 2],
    names: [&'static str; 2],
}

impl Table {
    fn name(&self, player: Player) -> String {
        self.names[player.index()].to_string()
    }

    fn is_person(&self, player: Player) -> bool {
        self.bots[player.index()].is_none()
    }
}

fn main() {
    let args = Args::parse();
    let seed = seed_or_random(args.seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut table = if args.bots {
        Table {
            bots: [Some(SeedBot), Some(SeedBot)],
            names: ["bot A", "bot B"],
        }
    } else {
        Table {
            bots: [None, Some(SeedBot)],
            names: ["you", "the bot"],
        }
    };
    println!(
        "Matgo, {} rules, seed {seed}, {} per point.",
        args.rules, args.stake
    );
    let mut matgo = Match::new(args.rules, Player::A, args.stake, 100_000);
    loop {
        println!("\n=== game {} ===", matgo.games() + 1);
        if matgo.nagari_multiplier() > 1 {
            println!(
                "(after nagari this game counts x{})",
                matgo.nagari_multiplier()
            );
        }
        let mut game = matgo.new_game(&mut rng);
        if args.bots {
            for player in Player::BOTH {
                println!("{} holds {}", table.name(player), game.hand(player));
            }
            println!("floor: {}", by_month(game.floor()));
        }
        if play(&mut game, &mut table).is_none() {
            println!("\nBye.");
            return;
        }
        let Ok(settlement) = matgo.record(&game) else {
            return;
        };
        println!("\n--- settlement ---");
        for line in settlement.lines() {
            println!("  {line}");
        }
        if let Some(winner) = settlement.winner() {
            println!(
                "  payment from {} to {}: {} points x {} = {}",
                table.name(winner.other()),
                table.name(winner),
                settlement.points,
                matgo.stake(),
                settlement.payment(matgo.stake())
            );
        }
        let money = matgo.money();
        println!(
            "money: {} {} | {} {}",
            table.names[0], money[0], table.names[1], money[1]
        );
        let done = if args.bots {
            matgo.games() >= args.games
        } else {
            ask_yes_no("Another game? [y/n] ") != Some(true)
        };
        if done {
            let money = matgo.money();
            match matgo.leader() {
                Some(leader) => println!(
                    "\nAfter {} games the leader is {}, ahead by {}.",
                    matgo.games(),
                    table.name(leader),
                    money[0].abs_diff(money[1])
                ),
                None => println!("\nAfter {} games the players are even.", matgo.games()),
            }
            return;
        }
    }
}

/// Plays one game to its end; `None` when input ended.
fn play(game: &mut Game, table: &mut Table) -> Option<()> {
    let mut shown = None;
    while let Some(player) = game.to_move() {
        let view = game.view(player);
        let action = match &mut table.bots[player.index()] {
            Some(bot) => bot.choose(&view)?,
            None => {
                // Show the table again whenever the hand or the floor has changed.
                if shown != Some((view.hand, view.floor)) {
                    show(&view, table);
                    shown = Some((view.hand, view.floor));
                }
                choose(game, &view)?
            }
        };
        let events = game.apply(action).ok()?;
        narrate(&events, table);
    }
    Some(())
}

/// The table as the person sees it.
fn show(view: &View, table: &Table) {
    let me = view.player;
    let them = view.opponent();
    println!();
    println!(
        "{} has {} card(s) in hand; the stock has {}.",
        table.name(them),
        view.opponent_hand_len,
        view.stock_len
    );
    if !view.opponent_shown.is_empty() {
        println!("  shown by shaking: {}", view.opponent_shown);
    }
    println!("floor:  {}", by_month(view.floor));
    for player in [them, me] {
        println!(
            "{} captured: {}",
            table.name(player),
            by_category(view, player)
        );
    }
    for player in [them, me] {
        let tally = view.tally_of(player);
        let counts = [
            (tally.goes, "go"),
            (tally.shakes, "shake"),
            (tally.bombs, "bomb"),
            (tally.ppuks, "ppuk"),
            (tally.flip_credits, "flip-only turn"),
        ];
        let notes: Vec<String> = counts
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}{}", if *n > 1 { "s" } else { "" }))
            .collect();
        if !notes.is_empty() {
            println!("{}: {}", table.name(player), notes.join(", "));
        }
    }
    println!("your hand: {}", view.hand);
}

/// The floor grouped by month: `1: 1G 1P1 | 8: 8P2`.
fn by_month(cards: CardSet) -> String {
    let groups: Vec<String> = cards
        .months()
        .map(|m| format!("{m}: {}", cards.of_month(m)))
        .collect();
    if groups.is_empty() {
        "(empty)".into()
    } else {
        groups.join(" | ")
    }
}

/// A capture pile grouped by category, with the score.
fn by_category(view: &View, player: Player) -> String {
    let pile = view.captured_by(player);
    let pi = pile.pi_cards(view.gukjin);
    let parts = [
        ("gwang", pile & CardSet::GWANG),
        ("yeol", (pile & CardSet::YEOL) - pi),
        ("tti", pile & CardSet::TTI),
        ("pi", pi),
    ];
    let text: Vec<String> = parts
        .iter()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(name, cards)| format!("{name} {cards}"))
        .collect();
    let text = if text.is_empty() {
        "-".to_string()
    } else {
        text.join(" / ")
    };
    format!(
        "{text}  (pi value {}; score {})",
        pile.pi_value(view.gukjin),
        view.score_of(player)
    )
}

/// Asks the person for an action, checking it against the game; `None` when input ended.
fn choose(game: &Game, view: &View) -> Option<Action> {
    let legal = game.legal_actions();
    let check = |action: Action| -> Result<Action, String> {
        match game.after(action) {
            Ok(_) => Ok(action),
            Err(error) => Err(error.to_string()),
        }
    };
    match view.decision? {
        Decision::Chongtong { month } => {
            println!("You were dealt all four cards of month {month}: chongtong!");
            Some(Action::Chongtong)
        }
        Decision::Play => {
            let mut extras: Vec<String> = legal
                .iter()
                .filter(|a| matches!(a, Action::Bomb { .. } | Action::FlipOnly))
                .map(Action::to_string)
                .collect();
            extras.insert(0, "a card like 1G".into());
            let question = format!("Play ({}): ", extras.join(", "));
            let action = ask(&question, |text| {
                let looks_like_card =
                    text.starts_with(|c: char| c.is_ascii_digit() || c == 'b' || c == 'B');
                let action = match text.parse::<Card>() {
                    Ok(card) => Action::Play { card, shake: false },
                    Err(error) if looks_like_card => return Err(error.to_string()),
                    Err(_) => text.parse::<Action>().map_err(|e| e.to_string())?,
                };
                check(action)
            })?;
            match action {
                Action::Play { card, shake: false } if legal.contains(&shake_of(card)) => {
                    let month = card.month().unwrap_or(0);
                    let question = format!(
                        "Shake month {month} (show {}; doubles your points if you win)? [y/n] ",
                        view.hand.of_month(month)
                    );
                    Some(if ask_yes_no(&question)? {
                        shake_of(card)
                    } else {
                        action
                    })
                }
                _ => Some(action),
            }
        }
        Decision::Choose { card, options } => {
            let question = format!("{card} matches {options}: which do you take? ");
            ask(&question, |text| {
                let card = text.parse::<Card>().map_err(|e| e.to_string())?;
                check(Action::Choose { card })
            })
        }
        Decision::Gukjin => ask(
            "You took the gukjin (9Y): count it as [y]eol or [s]sangpi? ",
            |text| match text.to_ascii_lowercase().as_str() {
                "y" | "yeol" => Ok(Action::Gukjin(GukjinUse::Yeol)),
                "s" | "ssangpi" => Ok(Action::Gukjin(GukjinUse::Ssangpi)),
                other => Err(format!("'{other}': answer y (yeol) or s (ssangpi)")),
            },
        ),
        Decision::GoStop { score } => {
            let goes = view.tally_of(view.player).goes;
            let question = format!("You have {score} points ({goes} go so far): [g]o or [s]top? ");
            ask(&question, |text| match text.to_ascii_lowercase().as_str() {
                "g" | "go" => Ok(Action::Go),
                "s" | "stop" => Ok(Action::Stop),
                other => Err(format!("'{other}': answer g (go) or s (stop)")),
            })
        }
    }
}

fn shake_of(card: Card) -> Action {
    Action::Play { card, shake: true }
}

fn ask_yes_no(question: &str) -> Option<bool> {
    ask(question, |text| match text.to_ascii_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "n" | "no" => Ok(false),
        other => Err(format!("'{other}': answer y or n")),
    })
}

/// Tells the events in words, hiding the card a bot draws into its hand.
fn narrate(events: &[Event], table: &Table) {
    for event in events {
        let line = match *event {
            Event::Drew { player, .. }
                if !table.is_person(player) && table.is_person(player.other()) =>
            {
                format!("{} drew a card for the bonus card", table.name(player))
            }
            _ => event.describe(|p| table.name(p)),
        };
        println!("  {line}");
    }
}

//! Matgo and Go-Stop in the terminal: play bots (`--opponent`, the search bot by default in
//! Matgo), or watch bots (`--bots`). `--players 2` (the default) plays Matgo; 3 plays
//! Go-Stop among three, and 4 or 5 a Go-Stop table where each hand one or two seats sit out,
//! giving up the hand or selling their gwang ([`gostop`]).
//!
//! `cargo run --release --example matgo -- --rules standard --seed 7` from the workspace
//! root; `--bots` plays a match of bots with no input. Cards are written month then kind:
//! `1G` gwang, `9Y` yeol, `4T` tti, `3P1` pi, `11S` ssangpi, `B2` bonus. At the play prompt
//! type a card from your hand (`1G`), or an action it offers (`bomb 3`, `flip`); `play 1G`
//! and `shake 1G` work too.

mod gostop;
mod play;
mod prompt;
mod show;

use clap::{CommandFactory, Parser};
use hwatu_core::bot::{Bot, RandomBot, SearchBot, TutorialBot};
use hwatu_core::{Game, Match, Names, Player, Rules, View};
use rand::rngs::{SmallRng, StdRng};
use rand::{Rng, SeedableRng};
use tabletop_rules::{count, end_quietly_on_closed_output, say_goodbye, seed_or_random, sentence};

use crate::play::{Seats, Stopped, play};
use crate::prompt::ask_yes_no;
use crate::show::{by_category, by_month, narrate, tally_notes};

/// Play Matgo (two-player Go-Stop) or Go-Stop at a table of 3 to 5 against bots, or watch
/// bots.
///
/// Cards are written month then kind: 1G gwang, 9Y yeol, 4T tti, 3P1 pi, 11S ssangpi, B2
/// bonus. At the play prompt type a card from your hand (1G), or an action the prompt
/// offers (bomb 3, flip); play 1G and shake 1G work too.
#[derive(Parser)]
#[command(name = "matgo", version)]
struct Args {
    /// Bots play each other with no input.
    #[arg(long)]
    bots: bool,
    /// The shuffle's seed (random when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// Seats at the table: 2 plays Matgo; 3 plays Go-Stop among three; at 4 or 5 each hand
    /// one or two seats sit out, giving up the hand or selling their gwang.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=5))]
    players: u8,
    /// Matgo's house rules: standard, tutorial (the programming tutorial's house rules) or
    /// classic. A Go-Stop table (--players 3 to 5) plays the standard Go-Stop rules.
    #[arg(long, default_value = "standard")]
    rules: Rules,
    /// The bots you play, and the bots of --bots: search (the search bot), tutorial (the
    /// tutorial's heuristic bot) or random.
    #[arg(long, value_enum, default_value_t = Opponent::Search)]
    opponent: Opponent,
    /// Games (hands) in a bots-only match (at least 1).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Money per point, at most 1,000,000,000 (each player starts with 100,000; a game
    /// whose payment would not fit in the money ends the match).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(..=1_000_000_000))]
    stake: u64,
}

/// The bots on offer.
#[derive(Clone, Copy, PartialEq, clap::ValueEnum)]
enum Opponent {
    /// The search bot: determinized Monte Carlo search from its view.
    Search,
    /// The tutorial's heuristic bot: captures when it can (gwang first, then cards of a set
    /// the opponent has not started, then double pi, then yeol, then pi), always shakes and
    /// bombs, and stops when the opponent threatens a big score; at a table of four or five
    /// it gives up a hand holding no gwang and fewer than two cards of the floor's months.
    Tutorial,
    /// A bot that picks any legal action at random.
    Random,
}

impl Opponent {
    /// A bot for a Matgo player (`V` = `View`) or a seat at a Go-Stop table (`SeatView`).
    fn bot<V>(self, rng: &mut StdRng) -> Box<dyn Bot<V>>
    where
        SearchBot<SmallRng>: Bot<V>,
        TutorialBot: Bot<V>,
        RandomBot<StdRng>: Bot<V>,
    {
        match self {
            Opponent::Search => Box::new(SearchBot::new(SmallRng::seed_from_u64(rng.next_u64()))),
            Opponent::Tutorial => Box::new(TutorialBot),
            Opponent::Random => Box::new(RandomBot::new(StdRng::seed_from_u64(rng.next_u64()))),
        }
    }
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let seed = seed_or_random(args.seed);
    let mut rng = StdRng::seed_from_u64(seed);
    if args.players == 2 {
        play_matgo(&args, seed, &mut rng);
    } else if args.rules != Rules::standard() {
        let message = format!(
            "--rules {} is Matgo's: a Go-Stop table (--players {}) plays the standard Go-Stop rules",
            args.rules, args.players
        );
        Args::command()
            .error(clap::error::ErrorKind::ArgumentConflict, message)
            .exit();
    } else {
        gostop::play_match(&args, seed, &mut rng);
    }
}

/// A match of Matgo: the person (A) against a bot, or two bots.
fn play_matgo(args: &Args, seed: u64, rng: &mut StdRng) {
    let mut table: Seats<Player, View> = if args.bots {
        Seats {
            bots: vec![Some(args.opponent.bot(rng)), Some(args.opponent.bot(rng))],
            names: Names::third_person(["bot A", "bot B"]),
            viewer: None,
        }
    } else {
        Seats {
            bots: vec![None, Some(args.opponent.bot(rng))],
            names: Names::you_and(Player::A, "the bot"),
            viewer: Some(Player::A),
        }
    };
    println!(
        "Matgo, {} rules, seed {seed}, {} per point.",
        args.rules, args.stake
    );
    let mut matgo = Match::new(args.rules, Player::A, args.stake, 100_000);
    loop {
        if let Err(stopped) = play_game(&mut matgo, &mut table, args.bots, rng) {
            stopped.tell();
            return;
        }
        // `None` when input ended.
        let again = another(args, matgo.games(), "game");
        if again != Some(true) {
            tell_leader(&matgo, &table.names);
            if again.is_none() {
                say_goodbye();
            }
            return;
        }
    }
}

/// Whether to play another game (or hand) after `played`: as many as `--games` when bots
/// play, else as the person answers; `None` when input ended.
fn another(args: &Args, played: u64, noun: &str) -> Option<bool> {
    if args.bots {
        Some(played < args.games)
    } else {
        ask_yes_no(&format!("Another {noun}? [y/n] "))
    }
}

/// Deals, plays and records the next game of `matgo`, and tells its settlement and the
/// money.
fn play_game(
    matgo: &mut Match,
    table: &mut Seats<Player, View>,
    bots: bool,
    rng: &mut StdRng,
) -> Result<(), Stopped> {
    println!("\n=== game {} ===", matgo.games() + 1);
    if matgo.nagari_multiplier() > 1 {
        println!(
            "(after nagari this game counts x{})",
            matgo.nagari_multiplier()
        );
    }
    let mut game = matgo.new_game(rng);
    if bots {
        for player in Player::BOTH {
            println!("{} holds {}", table.names.name(player), game.hand(player));
        }
        println!("floor: {}", by_month(game.floor()));
    }
    narrate(&game.deal_events(), &table.names, table.viewer);
    play(&mut game, table, Game::view, show)?;
    let settlement = matgo.record(&game).map_err(|error| {
        Stopped::Unrecorded(format!("The match cannot record this game: {error}."))
    })?;
    let name = |player: Player| table.names.name(player);
    println!("\n--- settlement ---");
    for line in settlement.lines() {
        println!("  {line}");
    }
    if let Some(winner) = settlement.winner() {
        println!(
            "  payment from {} to {}: {} x {} = {}",
            name(winner.other()),
            name(winner),
            count(settlement.points, "point"),
            matgo.stake(),
            settlement.payment(matgo.stake())
        );
    }
    let money = matgo.money();
    println!(
        "money: {} {} | {} {}",
        name(Player::A),
        money[0],
        name(Player::B),
        money[1]
    );
    Ok(())
}

/// Who leads after the last game, and by how much.
fn tell_leader(matgo: &Match, names: &Names) {
    let money = matgo.money();
    match matgo.leader() {
        Some(leader) => println!(
            "\nAfter {} the leader is {}, ahead by {}.",
            count(matgo.games(), "game"),
            names.name(leader),
            money[0].abs_diff(money[1])
        ),
        None => println!(
            "\nAfter {} the players are even.",
            count(matgo.games(), "game")
        ),
    }
}

/// The table as the person sees it.
fn show(view: &View, names: &Names) {
    let me = view.player;
    let them = view.opponent();
    println!();
    println!(
        "{} has {} in hand; the stock has {}.",
        sentence(names.name(them)),
        count(view.opponent_hand_len as u64, "card"),
        count(view.stock_len as u64, "card")
    );
    if !view.opponent_shown.is_empty() {
        println!("  shown by shaking: {}", view.opponent_shown);
    }
    println!("floor:  {}", by_month(view.floor));
    for player in [them, me] {
        println!(
            "{} captured: {}",
            names.name(player),
            by_category(view.captured_by(player), view.gukjin)
        );
    }
    for player in [them, me] {
        if let Some(notes) = tally_notes(view.tally_of(player)) {
            println!("{}: {notes}", names.name(player));
        }
    }
    println!("your hand: {}", view.hand);
}

#[cfg(test)]
mod tests {
    use super::*;
    use hwatu_core::Action;

    /// A bot that always offers to go, whatever the decision.
    struct AlwaysGo;

    impl Bot for AlwaysGo {
        fn choose(&mut self, _view: &View) -> Option<Action> {
            Some(Action::Go)
        }
    }

    #[test]
    fn a_refused_bot_action_is_told_as_such_not_as_the_end_of_input() {
        let mut table: Seats<Player, View> = Seats {
            bots: vec![Some(Box::new(AlwaysGo)), Some(Box::new(TutorialBot))],
            names: Names::third_person(["bot A", "bot B"]),
            viewer: None,
        };
        let mut game = Game::new(Rules::standard(), Player::A, &mut StdRng::seed_from_u64(1));
        let before = game.clone();
        let stopped = play(&mut game, &mut table, Game::view, show).unwrap_err();
        let Stopped::BotFailed(why) = stopped else {
            panic!("{stopped:?}")
        };
        assert!(
            why.starts_with("bot A chose go, which was refused: "),
            "{why}"
        );
        assert_eq!(game, before, "the refused action changed nothing");
    }
}

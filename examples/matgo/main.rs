//! Matgo in the terminal: play a bot (`--opponent`, the search bot by default), or watch two
//! bots (`--bots`).
//!
//! `cargo run --release --example matgo -- --rules standard --seed 7` from the workspace
//! root; `--bots` plays a match of bots with no input. Cards are written month then kind:
//! `1G` gwang, `9Y` yeol, `4T` tti, `3P1` pi, `11S` ssangpi, `B2` bonus. At the play prompt
//! type a card from your hand (`1G`), or an action it offers (`bomb 3`, `flip`); `play 1G`
//! and `shake 1G` work too.

use clap::Parser;
use hwatu_core::bot::{Bot, RandomBot, SearchBot, TutorialBot};
use hwatu_core::{
    Action, Card, CardSet, Decision, Event, Game, GukjinUse, Match, Names, Player, Rules, View,
};
use rand::rngs::{SmallRng, StdRng};
use rand::{Rng, SeedableRng};
use tabletop_rules::{
    ask, count, end_quietly_on_closed_output, excerpt, say_goodbye, seed_or_random, sentence,
};

/// Play Matgo (two-player Go-Stop) against a bot, or watch two bots.
///
/// Cards are written month then kind: 1G gwang, 9Y yeol, 4T tti, 3P1 pi, 11S ssangpi, B2
/// bonus. At the play prompt type a card from your hand (1G), or an action the prompt
/// offers (bomb 3, flip); play 1G and shake 1G work too.
#[derive(Parser)]
#[command(name = "matgo", version)]
struct Args {
    /// Two bots play each other with no input.
    #[arg(long)]
    bots: bool,
    /// The shuffle's seed (random when absent).
    #[arg(long)]
    seed: Option<u64>,
    /// House rules: standard, tutorial (the programming tutorial's house rules) or classic.
    #[arg(long, default_value = "standard")]
    rules: Rules,
    /// The bot you play, and the bots of --bots: search (the search bot), tutorial (the
    /// tutorial's heuristic bot) or random.
    #[arg(long, value_enum, default_value_t = Opponent::Search)]
    opponent: Opponent,
    /// Games in a bots-only match (at least 1).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// Money per point, at most 1,000,000,000 (each player starts with 100,000; a game
    /// whose payment would not fit in the money ends the match).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(..=1_000_000_000))]
    stake: u64,
}

/// The bots on offer.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Opponent {
    /// The search bot: determinized Monte Carlo search from its view.
    Search,
    /// The tutorial's heuristic bot: captures when it can (gwang first, then cards of a set
    /// the opponent has not started, then double pi, then yeol, then pi), always shakes and
    /// bombs, and stops when the opponent threatens a big score.
    Tutorial,
    /// A bot that picks any legal action at random.
    Random,
}

impl Opponent {
    fn bot(self, rng: &mut StdRng) -> Box<dyn Bot> {
        match self {
            Opponent::Search => Box::new(SearchBot::new(SmallRng::seed_from_u64(rng.next_u64()))),
            Opponent::Tutorial => Box::new(TutorialBot),
            Opponent::Random => Box::new(RandomBot::new(StdRng::seed_from_u64(rng.next_u64()))),
        }
    }
}

/// The person (A) or a bot for each player, and how the texts name them.
struct Table {
    bots: [Option<Box<dyn Bot>>; 2],
    names: Names,
    /// The player the person plays, whose view the narration keeps to.
    person: Option<Player>,
}

impl Table {
    fn name(&self, player: Player) -> String {
        self.names.name(player).to_string()
    }
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let seed = seed_or_random(args.seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut table = if args.bots {
        Table {
            bots: [
                Some(args.opponent.bot(&mut rng)),
                Some(args.opponent.bot(&mut rng)),
            ],
            names: Names::third_person(["bot A", "bot B"]),
            person: None,
        }
    } else {
        Table {
            bots: [None, Some(args.opponent.bot(&mut rng))],
            names: Names::you_and(Player::A, "the bot"),
            person: Some(Player::A),
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
        narrate(&game.deal_events(), &table);
        match play(&mut game, &mut table) {
            Ok(()) => {}
            Err(Stopped::InputEnded) => {
                say_goodbye();
                return;
            }
            Err(Stopped::BotFailed(why)) => {
                println!("\n{why}");
                return;
            }
        }
        let settlement = match matgo.record(&game) {
            Ok(settlement) => settlement,
            Err(error) => {
                println!("\nThe match cannot record this game: {error}.");
                return;
            }
        };
        println!("\n--- settlement ---");
        for line in settlement.lines() {
            println!("  {line}");
        }
        if let Some(winner) = settlement.winner() {
            println!(
                "  payment from {} to {}: {} x {} = {}",
                table.name(winner.other()),
                table.name(winner),
                count(settlement.points, "point"),
                matgo.stake(),
                settlement.payment(matgo.stake())
            );
        }
        let money = matgo.money();
        println!(
            "money: {} {} | {} {}",
            table.name(Player::A),
            money[0],
            table.name(Player::B),
            money[1]
        );
        // `None` when input ended.
        let again = if args.bots {
            Some(matgo.games() < args.games)
        } else {
            ask_yes_no("Another game? [y/n] ")
        };
        if again != Some(true) {
            let money = matgo.money();
            match matgo.leader() {
                Some(leader) => println!(
                    "\nAfter {} the leader is {}, ahead by {}.",
                    count(matgo.games(), "game"),
                    table.name(leader),
                    money[0].abs_diff(money[1])
                ),
                None => println!(
                    "\nAfter {} the players are even.",
                    count(matgo.games(), "game")
                ),
            }
            if again.is_none() {
                say_goodbye();
            }
            return;
        }
    }
}

/// Why a game stopped before its end.
#[derive(Debug, PartialEq)]
enum Stopped {
    /// The person's input ended.
    InputEnded,
    /// A bot gave no action, or one the game refused: what happened, in words.
    BotFailed(String),
}

/// Plays one game to its end.
fn play(game: &mut Game, table: &mut Table) -> Result<(), Stopped> {
    let mut shown = None;
    while let Some(player) = game.to_move() {
        let view = game.view(player);
        let action = match &mut table.bots[player.index()] {
            Some(bot) => bot.choose(&view).ok_or_else(|| {
                Stopped::BotFailed(format!(
                    "{} has no action to take.",
                    table.names.name(player)
                ))
            })?,
            None => {
                // Show the table again whenever the hand or the floor has changed.
                if shown != Some((view.hand, view.floor)) {
                    show(&view, table);
                    shown = Some((view.hand, view.floor));
                }
                choose(game, &view).ok_or(Stopped::InputEnded)?
            }
        };
        let events = game.apply(action).map_err(|error| {
            Stopped::BotFailed(format!(
                "{} chose {action}, which was refused: {error}.",
                table.names.name(player)
            ))
        })?;
        narrate(&events, table);
    }
    Ok(())
}

/// The table as the person sees it.
fn show(view: &View, table: &Table) {
    let me = view.player;
    let them = view.opponent();
    println!();
    println!(
        "{} has {} in hand; the stock has {}.",
        sentence(&table.name(them)),
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
            .map(|(n, what)| count(u64::from(*n), what))
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
        Decision::Play => {
            let extras: Vec<String> = legal
                .iter()
                .filter(|a| {
                    matches!(
                        a,
                        Action::Bomb { .. } | Action::FlipOnly | Action::Chongtong
                    )
                })
                .map(Action::to_string)
                .collect();
            let offered: Vec<&str> = std::iter::once("a card like 1G")
                .chain(extras.iter().map(String::as_str))
                .collect();
            let question = format!("Play ({}): ", offered.join(", "));
            let action = ask(&question, |text| check(parse_play(text, &extras)?))?;
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
            let kinds: Vec<_> = options.iter().map(Card::kind).collect();
            if let (Some(first), true) = (options.first(), kinds.windows(2).all(|k| k[0] == k[1])) {
                println!("{card} matches {options}, alike: you take {first}");
                return Some(Action::Choose { card: first });
            }
            let question = format!("{card} matches {options}: which do you take? ");
            let hint = format!("type the card you take: {}", options_text(options));
            ask(&question, |text| {
                if text.is_empty() {
                    return Err(hint.clone());
                }
                // The card, or the action `take 1T`.
                let card = match (text.parse::<Card>(), text.parse::<Action>()) {
                    (Ok(card), _) | (_, Ok(Action::Choose { card })) => card,
                    (Err(error), _) => return Err(error.to_string()),
                };
                check(Action::Choose { card })
            })
        }
        Decision::Gukjin => ask(
            "You took the gukjin (9Y): count it as [y]eol or [s]sangpi? ",
            read_gukjin,
        ),
        Decision::GoStop { score } => {
            let goes = view.tally_of(view.player).goes;
            let so_far = match goes {
                0 => String::new(),
                n => format!(" ({n} go so far)"),
            };
            let points = count(u64::from(score), "point");
            let question = format!("You have {points}{so_far}: [g]o or [s]top? ");
            ask(&question, read_go_stop)
        }
    }
}

/// Reads an answer at the play prompt: a card (played without shaking), or an action in
/// notation (`bomb 3`, `flip`, `play 1G`, `shake 1G`); `extras` are the actions besides
/// plain plays that the prompt offers, named in the message for an empty answer.
fn parse_play(text: &str, extras: &[String]) -> Result<Action, String> {
    let text = text.trim();
    if text.is_empty() {
        let mut message = "type a card from your hand, like 1G".to_string();
        if !extras.is_empty() {
            message += &format!(", or {}", extras.join(" or "));
        }
        return Err(message);
    }
    let not_a_card = match text.parse::<Card>() {
        Ok(card) => return Ok(Action::Play { card, shake: false }),
        Err(error) => error,
    };
    let verb = text.split_whitespace().next().unwrap_or("");
    let offered_verb = ["play", "shake", "bomb", "flip", "chongtong"]
        .iter()
        .any(|v| v.eq_ignore_ascii_case(verb));
    match text.parse::<Action>() {
        Ok(action) => Ok(action),
        // The action's own reason: `bomb 13`, `bomb`, `play 1Q`.
        Err(error) if offered_verb => Err(error.to_string()),
        Err(_) if text.starts_with(|c: char| c.is_ascii_digit()) => Err(not_a_card.to_string()),
        Err(_) => Err(format!(
            "'{text}' is neither a card nor an action: type a card from your hand, like 1G, \
             or an action the prompt offers, like bomb 3 or flip"
        )),
    }
}

fn shake_of(card: Card) -> Action {
    Action::Play { card, shake: true }
}

fn ask_yes_no(question: &str) -> Option<bool> {
    ask(question, read_yes_no)
}

/// A yes or no: `y`, `yes`, `n` or `no` in any case.
fn read_yes_no(text: &str) -> Result<bool, String> {
    one_of(
        text,
        &[(&["y", "yes"], true), (&["n", "no"], false)],
        "type y for yes or n for no",
        "answer y or n",
    )
}

/// How the gukjin counts: `y`/`yeol` or `s`/`ssangpi` in any case.
fn read_gukjin(text: &str) -> Result<Action, String> {
    one_of(
        text,
        &[
            (&["y", "yeol"], Action::Gukjin(GukjinUse::Yeol)),
            (&["s", "ssangpi"], Action::Gukjin(GukjinUse::Ssangpi)),
        ],
        "type y to count the gukjin as yeol, or s for ssangpi",
        "answer y (yeol) or s (ssangpi)",
    )
}

/// Go or stop: `g`/`go` or `s`/`stop` in any case.
fn read_go_stop(text: &str) -> Result<Action, String> {
    one_of(
        text,
        &[(&["g", "go"], Action::Go), (&["s", "stop"], Action::Stop)],
        "type g to go on for more points, or s to stop and win now",
        "answer g (go) or s (stop)",
    )
}

/// The value of the first of `answers` whose words hold `text` (in any case); otherwise
/// `empty` for an empty answer, or the answer quoted as typed, then `hint`.
fn one_of<T: Copy>(
    text: &str,
    answers: &[(&[&str], T)],
    empty: &str,
    hint: &str,
) -> Result<T, String> {
    if text.is_empty() {
        return Err(empty.to_string());
    }
    answers
        .iter()
        .find(|(words, _)| words.iter().any(|word| word.eq_ignore_ascii_case(text)))
        .map(|&(_, value)| value)
        .ok_or_else(|| format!("'{}': {hint}", excerpt(text)))
}

/// Tells the events in words, as the person may know them (all of them when bots play);
/// the ends of turns go without saying.
fn narrate(events: &[Event], table: &Table) {
    for event in events {
        if matches!(event, Event::TurnEnded { .. }) {
            continue;
        }
        let seen = table.person.map_or(*event, |person| event.seen_by(person));
        println!("  {}", seen.describe(&table.names));
    }
}

/// The cards to choose from, for a hint: `1T or 1P1`.
fn options_text(options: CardSet) -> String {
    let cards: Vec<String> = options.iter().map(|card| card.to_string()).collect();
    cards.join(" or ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("a card")
    }

    #[test]
    fn the_play_prompt_reads_every_form_it_offers() {
        let extras = ["bomb 5".to_string(), "flip".to_string()];
        let play = |text| parse_play(text, &extras);
        let plain = Action::Play {
            card: card("1G"),
            shake: false,
        };
        assert_eq!(play("1G"), Ok(plain));
        assert_eq!(play(" 1g "), Ok(plain));
        assert_eq!(play("play 1G"), Ok(plain));
        assert_eq!(
            play("b2"),
            Ok(Action::Play {
                card: Card::B2,
                shake: false
            })
        );
        assert_eq!(play("shake 1G"), Ok(shake_of(card("1G"))));
        assert_eq!(play("bomb 5"), Ok(Action::Bomb { month: 5 }));
        assert_eq!(play("BOMB 5"), Ok(Action::Bomb { month: 5 }));
        assert_eq!(play("flip"), Ok(Action::FlipOnly));
    }

    #[test]
    fn one_word_answers_take_any_case_and_refusals_quote_them_as_typed() {
        assert_eq!(read_yes_no("YES"), Ok(true));
        assert_eq!(read_yes_no("n"), Ok(false));
        assert_eq!(
            read_yes_no(""),
            Err("type y for yes or n for no".to_string())
        );
        assert_eq!(
            read_yes_no("Maybe"),
            Err("'Maybe': answer y or n".to_string())
        );
        assert_eq!(read_go_stop("Go"), Ok(Action::Go));
        assert_eq!(read_go_stop("S"), Ok(Action::Stop));
        assert_eq!(
            read_go_stop("11S"),
            Err("'11S': answer g (go) or s (stop)".to_string())
        );
        assert_eq!(
            read_gukjin("Ssangpi"),
            Ok(Action::Gukjin(GukjinUse::Ssangpi))
        );
        assert_eq!(read_gukjin("y"), Ok(Action::Gukjin(GukjinUse::Yeol)));
        let long = "Q".repeat(500);
        assert_eq!(
            read_gukjin(&long),
            Err(format!(
                "'{}…': answer y (yeol) or s (ssangpi)",
                "Q".repeat(20)
            ))
        );
    }

    /// A bot that always offers to go, whatever the decision.
    struct AlwaysGo;

    impl Bot for AlwaysGo {
        fn choose(&mut self, _view: &View) -> Option<Action> {
            Some(Action::Go)
        }
    }

    #[test]
    fn a_refused_bot_action_is_told_as_such_not_as_the_end_of_input() {
        let mut table = Table {
            bots: [Some(Box::new(AlwaysGo)), Some(Box::new(TutorialBot))],
            names: Names::third_person(["bot A", "bot B"]),
            person: None,
        };
        let mut game = Game::new(Rules::standard(), Player::A, &mut StdRng::seed_from_u64(1));
        let before = game.clone();
        let stopped = play(&mut game, &mut table).unwrap_err();
        let Stopped::BotFailed(why) = stopped else {
            panic!("{stopped:?}")
        };
        assert!(
            why.starts_with("bot A chose go, which was refused: "),
            "{why}"
        );
        assert_eq!(game, before, "the refused action changed nothing");
    }

    #[test]
    fn the_play_prompt_says_what_to_type() {
        let extras = ["bomb 5".to_string(), "flip".to_string()];
        let play = |text| parse_play(text, &extras).unwrap_err();
        assert_eq!(
            play(""),
            "type a card from your hand, like 1G, or bomb 5 or flip"
        );
        assert_eq!(
            parse_play("", &[]).unwrap_err(),
            "type a card from your hand, like 1G"
        );
        assert!(
            play("1Q").starts_with("'1Q' is not a card"),
            "{}",
            play("1Q")
        );
        assert!(
            play("bomb 13").contains("from 1 to 12"),
            "{}",
            play("bomb 13")
        );
        assert!(play("bomb").contains("from 1 to 12"), "{}", play("bomb"));
        assert!(
            play("jump").contains("neither a card nor an action"),
            "{}",
            play("jump")
        );
    }
}

//! Play two-sided poker, the death match of "The Genius", against a bot in the terminal
//! (the thresholded near-equilibrium bot by default, the strongest), or watch a bot play
//! the card-counting bot (`--bots`).
//!
//! ```sh
//! cargo run --release --example twosided_poker
//! cargo run --release --example twosided_poker -- --grand-final --second --opponent counting
//! cargo run --release --example twosided_poker -- --bots --seed 7
//! ```

use clap::Parser;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabletop_rules::{
    ask, count, end_quietly_on_closed_output, excerpt, say_goodbye, seed_or_random, sentence,
};
use twosided_poker::bot::{Bot, Counting, Equilibrium, Random};
use twosided_poker::{
    Action, ActionErrorReason, Card, Event, Face, Match, ParseActionError, Rules, Seat,
    ShowdownReason, Shown, Side, View,
};

/// Play two-sided poker against a bot, or watch a bot play the card-counting bot (--bots).
///
/// Each card has a number on its front, which both players see, and another on its back,
/// which only its holder sees. With your first bet you declare a side: front, back or both
/// (both faces must win; every level costs double, and a win takes a 10-chip bonus).
/// Levels are chips per staked face put in this hand, not counting the ante.
///
/// How to type actions at the `>` prompt (in any case; levels in digits):
///   front 3, back 3, both 2   declare a side at a level (`bet front 3` works too);
///                             the bot's level calls it, a higher one raises
///   front                     a side alone: its level is asked next, where
///                             another action is also taken
///   call                      match the bot's level: the cards are shown
///   raise 5, or just 5        raise to level 5 once your side is declared
///   fold                      give up the hand: the bot takes the pot
/// End of input (Ctrl-D) ends the program.
#[derive(Parser, Debug)]
#[command(version, verbatim_doc_comment)]
struct Args {
    /// Play the broadcast's grand final: the 200-card deck and 40 chips each.
    #[arg(long)]
    grand_final: bool,
    /// Let the bot act first in the first hand.
    #[arg(long)]
    second: bool,
    /// End the match after this many hands; the player with more chips wins (100 by default
    /// with `--bots`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    max_hands: Option<u32>,
    /// The bot you play: thresholded (CFR+ on each hand, rare actions dropped: the strongest
    /// against the other bots), equilibrium (CFR+ on each hand: the hardest to exploit),
    /// counting (counts cards and bets by its edge) or random.
    #[arg(long, value_enum, default_value_t = Opponent::Thresholded)]
    opponent: Opponent,
    /// Watch the --opponent bot (player two) play the counting bot (player one), with no
    /// input.
    #[arg(long)]
    bots: bool,
    /// Play under the variant that charges a losing both-sides bettor 10 chips.
    #[arg(long)]
    both_penalty: bool,
    /// The seed of the shuffles, for a match that deals the same again.
    #[arg(long)]
    seed: Option<u64>,
}

/// The bots of the crate.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Opponent {
    /// `bot::Equilibrium::thresholded`: the near-equilibrium strategy without its rare actions.
    Thresholded,
    /// `bot::Equilibrium`: a near-equilibrium strategy of each hand, by CFR+.
    Equilibrium,
    /// `bot::Counting`: counts the unseen cards and bets by its edge.
    Counting,
    /// `bot::Random`: any legal action.
    Random,
}

impl Opponent {
    /// The bot, its random choices drawn from `seed`.
    fn bot(self, seed: u64) -> Box<dyn Bot> {
        let rng = StdRng::seed_from_u64(seed);
        match self {
            Opponent::Thresholded => Box::new(Equilibrium::thresholded(rng)),
            Opponent::Equilibrium => Box::new(Equilibrium::new(rng)),
            Opponent::Counting => Box::new(Counting::new()),
            Opponent::Random => Box::new(Random::new(rng)),
        }
    }

    fn label(self) -> &'static str {
        match self {
            Opponent::Thresholded => "Thresholded",
            Opponent::Equilibrium => "Equilibrium",
            Opponent::Counting => "Counting",
            Opponent::Random => "Random",
        }
    }
}

/// How the transcript names a seat: "you" or a bot.
#[derive(Clone, Copy)]
struct Name {
    label: &'static str,
    you: bool,
}

impl Name {
    /// The name with the verb agreeing: `you bet`, `the bot bets`.
    fn does(self, plain: &str, third_person: &str) -> String {
        let verb = if self.you { plain } else { third_person };
        format!("{} {verb}", self.label)
    }
}

fn main() {
    end_quietly_on_closed_output();
    let args = Args::parse();
    let mut rules = if args.grand_final {
        Rules::grand_final()
    } else {
        Rules::default()
    };
    rules.max_hands = args.max_hands.or(args.bots.then_some(100));
    if args.second {
        rules.first_player = Seat::Two;
    }
    if args.both_penalty {
        rules.both_penalty = Rules::BOTH_PENALTY;
    }
    let seed = seed_or_random(args.seed);
    let mut game = match Match::new(rules, &mut StdRng::seed_from_u64(seed)) {
        Ok(game) => game,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    println!(
        "Two-sided poker: {} chips each, {}, seed {seed}",
        rules.starting_chips, rules.deck
    );
    let mut opponent = args.opponent.bot(seed ^ 0x5eed);
    if args.bots {
        let names = [
            Name {
                label: "Counting (one)",
                you: false,
            },
            Name {
                label: match args.opponent {
                    Opponent::Counting => "Counting (two)",
                    other => other.label(),
                },
                you: false,
            },
        ];
        let mut counting = Counting::new();
        run(&mut game, names, |game, seat| match seat {
            Seat::One => counting.choose(&game.view(seat)),
            Seat::Two => opponent.choose(&game.view(seat)),
        });
    } else {
        let names = [
            Name {
                label: "you",
                you: true,
            },
            Name {
                label: "the bot",
                you: false,
            },
        ];
        run(&mut game, names, |game, seat| match seat {
            Seat::One => ask_person(game, seat),
            Seat::Two => opponent.choose(&game.view(seat)),
        });
    }
}

/// Plays the match to its end, asking `choose` for each action and printing what happens;
/// stops early when `choose` gives nothing (input ended).
fn run(game: &mut Match, names: [Name; 2], mut choose: impl FnMut(&Match, Seat) -> Option<Action>) {
    let spectator = !names[0].you;
    let show = |game: &Match| {
        // A spectator sees both cards; a player only its own view.
        let cards = spectator.then(|| [game.card(Seat::One), game.card(Seat::Two)]);
        print_hand(&game.view(Seat::One), names, cards);
    };
    show(game);
    while let Some(seat) = game.to_move() {
        let Some(action) = choose(game, seat) else {
            say_goodbye();
            return;
        };
        let events = match game.apply(action) {
            Ok(events) => events,
            Err(error) => {
                eprintln!(
                    "{} chose {action}, which was refused: {error}",
                    names[seat.index()].label
                );
                return;
            }
        };
        for event in events {
            // What player one may know of it (every event of this game is public).
            let event = event.seen_by(Seat::One);
            narrate(&event, names);
            if let Event::Ante { .. } = event {
                show(game);
            }
        }
    }
}

/// The start of a hand as player one sees it (its card, the bot's front, the count so far),
/// or for a spectator, who is given both `cards`; then the chips.
fn print_hand(view: &View<'_>, names: [Name; 2], cards: Option<[Card; 2]>) {
    let [me, them] = [view.seat(), view.opponent()].map(|s| names[s.index()]);
    println!();
    println!(
        "== Hand {} (deck {}, {} cards left); {} first.",
        view.hand(),
        view.deck(),
        view.cards_left(),
        names[view.first().index()].does("act", "acts")
    );
    match cards {
        Some(cards) => println!(
            "   Cards (front/back): {} {}, {} {}.",
            names[0].label, cards[0], names[1].label, cards[1]
        ),
        None => {
            println!(
                "   Your card: front {}, back {} ({}). The bot's front: {}.",
                view.card().front(),
                view.card().back(),
                view.card(),
                view.opponent_front()
            );
            print_history(view);
        }
    }
    println!(
        "   Chips: {} {}, {} {}; pot {}; carry-over {}.",
        me.label,
        view.my_chips(),
        them.label,
        view.opponent_chips(),
        view.pot(),
        view.carry_over()
    );
}

/// The faces seen in the current deck, hand by hand: your cards whole, the bot's front and
/// any back a showdown showed. Cards of earlier decks are back in the shuffle.
fn print_history(view: &View<'_>) {
    let earlier: Vec<String> = view
        .my_cards()
        .iter()
        .filter(|dealt| dealt.deck == view.deck() && dealt.hand < view.hand())
        .map(|dealt| {
            let face = |face| {
                view.revealed()
                    .iter()
                    .find(|r| r.hand == dealt.hand && r.seat != view.seat() && r.face == face)
                    .map_or("?".to_string(), |r| r.value.to_string())
            };
            format!(
                "h{} {} v {}/{}",
                dealt.hand,
                dealt.card,
                face(Face::Front),
                face(Face::Back)
            )
        })
        .collect();
    if !earlier.is_empty() {
        println!(
            "   Seen this deck (yours v the bot's): {}",
            earlier.join(", ")
        );
    }
}

/// One event in words.
fn narrate(event: &Event, names: [Name; 2]) {
    let name = |seat: &Seat| names[seat.index()];
    if let Event::MatchOver { .. } = event {
        println!();
    }
    let line = match event {
        Event::Deal { .. } | Event::Ante { .. } => return,
        Event::Declare { seat, side } => {
            format!("{} {side}.", name(seat).does("declare", "declares"))
        }
        Event::Reshuffle { deck } => format!("The deck ran out: deck {deck} is shuffled in."),
        Event::Bet { seat, level, paid } => format!(
            "{} at level {level} ({}).",
            name(seat).does("open", "opens"),
            count(*paid, "chip")
        ),
        Event::Raise { seat, level, paid } => format!(
            "{} to level {level} ({}).",
            name(seat).does("raise", "raises"),
            count(*paid, "chip")
        ),
        Event::Call { seat, level, paid } => format!(
            "{} level {level} ({}).",
            name(seat).does("call", "calls"),
            count(*paid, "chip")
        ),
        Event::Fold { seat } => format!(
            "{}; the backs stay hidden.",
            name(seat).does("fold", "folds")
        ),
        Event::Showdown { shown, winner } => explain_showdown(shown, *winner, names),
        Event::Tie { carry_over } => {
            format!(
                "The pot carries over: {} for the next hand's winner.",
                count(*carry_over, "chip")
            )
        }
        Event::Win { seat, chips } => {
            format!(
                "{} {}.",
                name(seat).does("take", "takes"),
                count(*chips, "chip")
            )
        }
        Event::BothBonus { seat, chips } => format!(
            "{} a both-sides bonus of {}.",
            name(seat).does("take", "takes"),
            count(*chips, "chip")
        ),
        Event::BothPenalty { seat, chips } => format!(
            "{} a both-sides penalty of {}.",
            name(seat).does("pay", "pays"),
            count(*chips, "chip")
        ),
        Event::MatchOver { outcome } => {
            let result = match outcome.winner {
                Some(seat) => format!("{} the match", name(&seat).does("win", "wins")),
                None => "The match is drawn".to_string(),
            };
            format!(
                "{result} after {}: {} {}, {} {} chips.",
                count(outcome.hands, "hand"),
                names[0].label,
                outcome.chips[0],
                names[1].label,
                outcome.chips[1]
            )
        }
        _ => event.to_string(),
    };
    println!("   {}", sentence(&line));
}

/// The showdown in words: what each side showed and why the winner won (the crate's
/// [`ShowdownReason`]).
fn explain_showdown(shown: &[Shown; 2], winner: Option<Seat>, names: [Name; 2]) -> String {
    let show = |seat: Seat| {
        let s = shown[seat.index()];
        format!("{} {s}", names[seat.index()].does("show", "shows"))
    };
    let why = ShowdownReason(*shown);
    let verdict = match winner {
        Some(seat) => names[seat.index()].does("win", "wins"),
        None => "a tie".to_string(),
    };
    format!(
        "Showdown: {}, {}; {why}: {verdict}.",
        show(Seat::One),
        show(Seat::Two)
    )
}

/// What the person typed: a whole action, or a side whose level is still to ask.
enum Answer {
    Act(Action),
    Side(Side),
}

/// Asks the person for an action until it is a legal one; `None` when input ends. The
/// person sees only `seat`'s view; the match is asked only to check an action, with the
/// reason in its own words when it refuses. A side typed alone asks for its level next.
fn ask_person(game: &Match, seat: Seat) -> Option<Action> {
    let view = game.view(seat);
    if let Some(line) = situation(&view) {
        println!("   {line}");
    }
    println!("   {}", options(&view));
    let mut pending = None;
    loop {
        let question = match pending {
            None => "   > ".to_string(),
            Some(side) => level_question(&view, side),
        };
        let answer = ask(&question, |text| {
            let answer = parse(text, &view, pending)?;
            check(game, &view, &answer)?;
            Ok(answer)
        })?;
        match answer {
            Answer::Act(action) => return Some(action),
            Answer::Side(side) => pending = Some(side),
        }
    }
}

/// Asks the match whether `answer` may be played, with the reason in its own words when
/// not; a side alone is checked as a bet on it at the least level.
fn check(game: &Match, view: &View<'_>, answer: &Answer) -> Result<(), String> {
    let action = match *answer {
        Answer::Act(action) => action,
        Answer::Side(side) => Action::Bet {
            side,
            amount: view.levels()[view.opponent().index()].max(1),
        },
    };
    game.check(action)
        .map_err(|error| format!("   Not allowed: {error}."))
}

/// The prompt for the level of `side`, which also takes any other action.
fn level_question(view: &View<'_>, side: Side) -> String {
    let range = view
        .legal()
        .bet_range(side)
        .map(|r| format!(" ({}-{})", r.start(), r.end()))
        .unwrap_or_default();
    format!("   Level for {side}{range}, or another action: ")
}

/// The bets so far this hand, once the bot has declared.
fn situation(view: &View<'_>) -> Option<String> {
    let them = view.opponent().index();
    let side = view.opponent_side()?;
    let you = match view.my_side() {
        Some(mine) => format!(
            "on {} at level {}",
            staked(mine, "your"),
            view.levels()[view.seat().index()]
        ),
        None => "undeclared".to_string(),
    };
    Some(format!(
        "The bot is on {} at level {} ({} in); you are {you}.",
        staked(side, "its"),
        view.levels()[them],
        count(view.bets()[them], "chip"),
    ))
}

/// `its front`, `your back`, `both sides`.
fn staked(side: Side, whose: &str) -> String {
    match side {
        Side::Both => "both sides".to_string(),
        side => format!("{whose} {side}"),
    }
}

/// What the person may do, with the legal ranges.
fn options(view: &View<'_>) -> String {
    let legal = view.legal();
    let sides: Vec<String> = Side::ALL
        .into_iter()
        .filter_map(|side| {
            let range = legal.bet_range(side)?;
            Some(if range.start() == range.end() {
                format!("{side} {}", range.start())
            } else {
                format!("{side} {}-{}", range.start(), range.end())
            })
        })
        .collect();
    if legal.can_call() {
        let raise = match legal.raise_range() {
            Some(r) => format!(", raise <level> ({}-{})", r.start(), r.end()),
            None => ", no raise (the limit is reached)".to_string(),
        };
        format!("You may: call{raise}, or fold.")
    } else if !legal.can_fold() {
        no_betting(view)
    } else {
        let example = Side::ALL
            .into_iter()
            .find_map(|side| Some(format!("{side} {}", legal.bet_range(side)?.start())))
            .unwrap_or_default();
        format!(
            "Declare a side and a level: {} (type e.g. `{example}`; the bot's level calls, \
             more raises), or fold.",
            sides.join(", ")
        )
    }
}

/// What to do in a hand without betting (a player has no chips after the ante, rules 2.8):
/// declare one of the sides that may be declared.
fn no_betting(view: &View<'_>) -> String {
    let legal = view.legal();
    let names: Vec<&str> = Side::ALL
        .into_iter()
        .filter(|&side| legal.bet_range(side).is_some())
        .map(Side::name)
        .collect();
    format!(
        "A player has no chips after the ante: no betting. Declare a side: {}.",
        names.join(", ")
    )
}

/// Reads what the person typed: an action in the library's notation (`bet front 3`,
/// `raise 5`, `call`, `fold`), or a shorthand: `front 3` for a bet, a side alone (`front`:
/// its level is asked next, or is 0 in a hand without betting), or a level alone, which
/// bets on `pending` (the side whose level is being asked) or else raises. Before the
/// person has a side, `call` and `raise N` are read by [`declare`]. Refusals quote the
/// text as typed.
fn parse(text: &str, view: &View<'_>, pending: Option<Side>) -> Result<Answer, String> {
    let refused = |error: ParseActionError| format!("   {error}.");
    match text.parse::<Action>() {
        Ok(action) => return declare(action, view, pending),
        Err(error) if !is_shorthand(&error) => return Err(refused(error)),
        Err(_) => {}
    }
    // A shorthand written out in the library's notation, whose errors quote what was typed.
    let expand = |full: String| {
        let action = full.parse::<Action>().map_err(|error| {
            refused(ParseActionError {
                text: text.trim().to_string(),
                ..error
            })
        })?;
        declare(action, view, pending)
    };
    let side = |word: &str| {
        word.parse::<Side>().map_err(|_| {
            format!(
                "   {:?} is not an action or a side: try front, back, both, call, raise or fold.",
                excerpt(word)
            )
        })
    };
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [] => Err(match pending {
            Some(side) => format!("   Type a level for {side}, or another action."),
            None => "   Type an action, e.g. `front 3`, `call`, `raise 5` or `fold`.".to_string(),
        }),
        [level] if is_number(level) => match pending {
            Some(side) => expand(format!("bet {side} {level}")),
            None => expand(format!("raise {level}")),
        },
        [word] if !view.legal().can_fold() => Ok(Answer::Act(Action::Bet {
            side: side(word)?,
            amount: 0,
        })),
        [word] => Ok(Answer::Side(side(word)?)),
        [word, level] => expand(format!("bet {} {level}", side(word)?)),
        _ => Err(format!(
            "   {:?} is not an action: try `front 3`, `call`, `raise 5` or `fold`.",
            text.trim()
        )),
    }
}

/// `action` as the person means it before declaring a side: at the level prompt of
/// `pending`, `call` bets that side at the bot's level and `raise N` at level N; with no
/// side pending, they are refused with a hint to name one (the first bet declares it,
/// rules 2.5). In a hand without betting, anything but a side declared at level 0 is
/// refused with the sides to declare. Any other action, or any once a side is declared,
/// stays as typed.
fn declare(action: Action, view: &View<'_>, pending: Option<Side>) -> Result<Answer, String> {
    let theirs = view.levels()[view.opponent().index()];
    let level = match action {
        Action::Bet { amount: 0, .. } => return Ok(Answer::Act(action)),
        _ if !view.legal().can_fold() => return Err(format!("   {}", no_betting(view))),
        _ if view.my_side().is_some() => return Ok(Answer::Act(action)),
        Action::Call if theirs == 0 => {
            return Err(match pending {
                Some(side) => format!("   There is no bet to call yet: type a level for {side}."),
                None => "   There is no bet to call yet: declare a side and a level, e.g. \
                         `front 1`."
                    .to_string(),
            });
        }
        Action::Call => theirs,
        Action::Raise(level) => level,
        action => return Ok(Answer::Act(action)),
    };
    match pending {
        Some(side) => Ok(Answer::Act(Action::Bet {
            side,
            amount: level,
        })),
        None => {
            let bets: Vec<String> = Side::ALL
                .into_iter()
                .filter(|&side| view.legal().bet_range(side).is_some())
                .map(|side| format!("`{side} {level}`"))
                .collect();
            Err(format!(
                "   Your first bet names your side: type {}, or a side alone and then `{action}`.",
                bets.join(" or ")
            ))
        }
    }
}

/// Whether the library refused `error`'s text for a reason the shorthand may answer: it is
/// empty or does not start with bet, raise, call or fold. Otherwise the library's reason
/// (`bet` without its side, `raise` without its level…) is the one to show.
fn is_shorthand(error: &ParseActionError) -> bool {
    matches!(
        error.reason,
        ActionErrorReason::Empty | ActionErrorReason::Verb
    )
}

/// Whether `word` is meant as a level: it starts with a digit or a sign.
fn is_number(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use twosided_poker::{Deck, DeckKind, Position};

    /// A match in which the bot (seat two) acted first: opened its front at level 1 when
    /// `bot_bets`, else nothing yet and the person (seat one) acts first.
    fn table(bot_bets: bool) -> Match {
        let first_player = if bot_bets { Seat::Two } else { Seat::One };
        let rules = Rules {
            first_player,
            ..Rules::default()
        };
        let mut game = Match::from_decks(rules, vec![Deck::new(DeckKind::Standard)]).unwrap();
        if bot_bets {
            let bet = Action::Bet {
                side: Side::Front,
                amount: 1,
            };
            game.apply(bet).unwrap();
        }
        game
    }

    fn read(game: &Match, text: &str, pending: Option<Side>) -> Result<Action, String> {
        match parse(text, &game.view(Seat::One), pending)? {
            Answer::Act(action) => Ok(action),
            Answer::Side(side) => Err(format!("side {side}")),
        }
    }

    #[test]
    fn at_a_level_prompt_call_and_raise_bet_its_side() {
        let game = table(true);
        let back = |amount| {
            Ok(Action::Bet {
                side: Side::Back,
                amount,
            })
        };
        assert_eq!(read(&game, "call", Some(Side::Back)), back(1));
        assert_eq!(read(&game, "RAISE 4", Some(Side::Back)), back(4));
        assert_eq!(read(&game, "4", Some(Side::Back)), back(4));
        assert_eq!(read(&game, "fold", Some(Side::Back)), Ok(Action::Fold));
        for action in [back(1), back(4)] {
            assert_eq!(game.check(action.unwrap()), Ok(()));
        }
    }

    #[test]
    fn call_or_raise_without_a_side_says_to_name_one() {
        let game = table(true);
        assert_eq!(
            read(&game, "call", None),
            Err(
                "   Your first bet names your side: type `front 1` or `back 1` or `both 1`, \
                 or a side alone and then `call`."
                    .to_string()
            )
        );
        let raise = read(&game, "5", None).unwrap_err();
        assert!(
            raise.contains("`front 5` or `back 5` or `both 5`"),
            "{raise}"
        );
        // Against a both-sides bet, both is not offered.
        let mut both = table(false);
        let bet = |side| Action::Bet { side, amount: 1 };
        both.apply(Action::Fold).unwrap();
        both.apply(bet(Side::Both)).unwrap();
        let refusal = read(&both, "call", None).unwrap_err();
        assert!(
            refusal.contains("type `front 1` or `back 1`, or"),
            "{refusal}"
        );
        let first = table(false);
        assert_eq!(
            read(&first, "call", Some(Side::Front)),
            Err("   There is no bet to call yet: type a level for front.".to_string())
        );
        assert!(
            read(&first, "call", None)
                .unwrap_err()
                .contains("no bet to call yet")
        );
    }

    #[test]
    fn refusals_quote_the_text_as_typed() {
        let game = table(false);
        let refusal = read(&game, "HELLO", None).unwrap_err();
        assert!(refusal.contains("\"HELLO\""), "{refusal}");
        let refusal = read(&game, "Sideways 3", None).unwrap_err();
        assert!(refusal.contains("\"Sideways\""), "{refusal}");
    }

    #[test]
    fn a_hand_without_betting_asks_for_a_side_alone() {
        // Player one has 1 chip: after the ante, none, so the hand has no betting.
        let position = Position {
            chips: [1, 57],
            carry_over: [0, 0],
            first: Seat::One,
            decks: vec![Deck::new(DeckKind::Standard)],
        };
        let game = Match::from_position(Rules::default(), position).unwrap();
        let declare = |side| Ok(Action::Bet { side, amount: 0 });
        assert_eq!(read(&game, "front", None), declare(Side::Front));
        assert_eq!(read(&game, "bet both 0", None), declare(Side::Both));
        let hint = "   A player has no chips after the ante: no betting. Declare a side: front, \
                    back, both.";
        for text in ["call", "fold", "3", "raise 1", "front 3", "bet back 2"] {
            assert_eq!(read(&game, text, None), Err(hint.to_string()), "{text}");
        }
    }

    #[test]
    fn once_a_side_is_declared_call_and_raise_stay_as_typed() {
        let mut game = table(false);
        let bet = Action::Bet {
            side: Side::Back,
            amount: 2,
        };
        game.apply(bet).unwrap();
        let answer = Action::Bet {
            side: Side::Front,
            amount: 4,
        };
        game.apply(answer).unwrap();
        assert_eq!(read(&game, "call", None), Ok(Action::Call));
        assert_eq!(read(&game, "6", None), Ok(Action::Raise(6)));
    }
}

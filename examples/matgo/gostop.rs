//! A Go-Stop table of three to five in the terminal (hwatu-core's `GoStopMatch`): the
//! person at seat A against bots, or bots alone. Each hand, at four or five seats, the seats
//! after the dealer say in turn whether they play or give up until three play; the last are
//! forced out and sell their gwang. The three then play a hand of Go-Stop, told as Matgo's
//! games are, and the match pays the hand and the sales.

use hwatu_core::bot::{Bot, TutorialBot};
use hwatu_core::{
    GoStop, GoStopMatch, GoStopRules, Names, Sale, Seat, SeatChoice, SeatView, Seating, Sitting,
    TableSettlement,
};
use rand::rngs::StdRng;
use tabletop_rules::{ask, count, say_goodbye, sentence};

use crate::play::{Seats, Stopped, play};
use crate::prompt::read_seat_choice;
use crate::show::{by_category, by_month, narrate, tally_notes};
use crate::{Args, another};

/// What each player starts the match with.
const MONEY: i64 = 100_000;
/// The seat the narration keeps to when the person sits a hand out: a seat none of the
/// hand's three (`A`, `B`, `C`) is, so that no one's drawn card is told.
const OUTSIDE: Seat = Seat::D;

/// The table's seats: a bot or the person in each, and their names.
struct Table {
    /// A bot for each table seat; `None` for the person's (seat A).
    bots: Vec<Option<Box<dyn Bot<SeatView>>>>,
    /// The table seats' names: `you`, `bot B`...; `bot A`... when bots play alone.
    names: Names<Seat>,
    /// The person's seat, `None` when bots play alone.
    person: Option<Seat>,
}

impl Table {
    fn new(args: &Args, seats: usize, rng: &mut StdRng) -> Table {
        let person = (!args.bots).then_some(Seat::A);
        let bots = Seat::first(seats)
            .map(|s| (Some(s) != person).then(|| args.opponent.bot(rng)))
            .collect();
        let names = match person {
            Some(you) => Names::you_among(you, seats, "bot"),
            None => Names::seats_called("bot", seats),
        };
        Table {
            bots,
            names,
            person,
        }
    }

    fn name(&self, seat: Seat) -> &str {
        self.names.name(seat)
    }

    /// The hand's seats `A`, `B`, `C`, played by the table seats `players`: their bots
    /// (lent to the hand until [`Table::take_back`]) and names.
    fn lend(&mut self, players: [Seat; 3]) -> Seats<Seat, SeatView> {
        let in_hand = Seat::first(3).find(|s| Some(players[s.index()]) == self.person);
        Seats {
            bots: players.map(|p| self.bots[p.index()].take()).into(),
            names: self.names.of_hand(players),
            viewer: self.person.map(|_| in_hand.unwrap_or(OUTSIDE)),
        }
    }

    /// The bots lent to a hand by [`Table::lend`], back in their table seats.
    fn take_back(&mut self, players: [Seat; 3], seats: Seats<Seat, SeatView>) {
        for (player, bot) in players.iter().zip(seats.bots) {
            self.bots[player.index()] = bot;
        }
    }
}

/// Plays a match at a table of `--players` seats until `--games` hands (bots), or until the
/// person stops.
pub fn play_match(args: &Args, seed: u64, rng: &mut StdRng) {
    let seats = usize::from(args.players);
    let rules = GoStopRules::standard();
    let mut gostop = match GoStopMatch::new(rules, seats, Seat::A, args.stake, MONEY) {
        Ok(gostop) => gostop,
        Err(error) => {
            println!("{error}");
            return;
        }
    };
    let mut table = Table::new(args, seats, rng);
    println!(
        "Go-Stop at a table of {seats}, standard rules, seed {seed}, {} per point.",
        args.stake
    );
    loop {
        if let Err(stopped) = play_hand(&mut gostop, &mut table, rng) {
            stopped.tell();
            return;
        }
        let again = another(args, gostop.hands(), "hand");
        if again != Some(true) {
            tell_leader(&gostop, &table.names);
            if again.is_none() {
                say_goodbye();
            }
            return;
        }
    }
}

/// Deals the next hand, seats the table, plays the hand and records it.
fn play_hand(gostop: &mut GoStopMatch, table: &mut Table, rng: &mut StdRng) -> Result<(), Stopped> {
    println!("\n=== hand {} ===", gostop.hands() + 1);
    if gostop.nagari_multiplier() > 1 {
        let times = gostop.nagari_multiplier();
        println!("(after nagari this hand counts x{times})");
    }
    let mut seating = gostop.deal(rng);
    tell_deal(&seating, table);
    seat_the_table(&mut seating, table, gostop.stake())?;
    let not_dealt = || Stopped::Unrecorded("The hand cannot be played from this deal.".into());
    let (players, mut hand) = seating
        .players()
        .zip(seating.hand())
        .ok_or_else(not_dealt)?;
    let mut seats = table.lend(players);
    narrate(&hand.deal_events(), &seats.names, seats.viewer);
    let played = play(&mut hand, &mut seats, GoStop::view, show);
    let names = seats.names.clone();
    table.take_back(players, seats);
    played?;
    tell_piles(&hand.view(Seat::A), &names);
    let settlement = gostop.record(&seating, &hand).map_err(|error| {
        Stopped::Unrecorded(format!("The match cannot record this hand: {error}."))
    })?;
    tell_settlement(&settlement, &names, gostop, &table.names);
    Ok(())
}

/// Who deals; when bots play alone, every seat's hand and the floor.
fn tell_deal(seating: &Seating, table: &Table) {
    let dealer = seating.dealer();
    let deals = table.names.verb(dealer, "deal");
    let plays = table.names.verb(dealer, "play");
    println!("{} {deals} and {plays}.", sentence(table.name(dealer)));
    if table.person.is_none() {
        for seat in Seat::first(seating.seats()) {
            println!("{} holds {}", table.name(seat), seating.hand_of(seat));
        }
        println!("floor: {}", by_month(seating.floor()));
    }
}

/// Asks each seat in turn whether it plays, until three play, and tells who sits out and
/// what the sellers are paid.
fn seat_the_table(seating: &mut Seating, table: &Table, stake: u64) -> Result<(), Stopped> {
    let mut asked = Vec::new();
    while let Some(seat) = seating.to_decide() {
        let choice = match Some(seat) == table.person {
            true => ask_person(seating, seat).ok_or(Stopped::InputEnded)?,
            false => bot_choice(seating, seat),
        };
        seating.decide(choice).map_err(|error| {
            let name = table.name(seat);
            Stopped::BotFailed(format!("{name}'s choice was refused: {error}."))
        })?;
        let verb = match choice {
            SeatChoice::Play => table.names.verb(seat, "play"),
            SeatChoice::GiveUp => table.names.verb(seat, "give") + " up",
        };
        println!("  {} {verb}", table.name(seat));
        asked.push(seat);
    }
    tell_placed(seating, &asked, &table.names, stake);
    Ok(())
}

/// A bot's choice: it gives up by the tutorial bot's selling rule when it may.
fn bot_choice(seating: &Seating, seat: Seat) -> SeatChoice {
    let may_give_up = seating.choices().contains(&SeatChoice::GiveUp);
    match may_give_up && TutorialBot::gives_up(seating.hand_of(seat), seating.floor()) {
        true => SeatChoice::GiveUp,
        false => SeatChoice::Play,
    }
}

/// The person's choice, shown its hand and the floor (said, not asked, when it may not give
/// up); `None` when input ended.
fn ask_person(seating: &Seating, seat: Seat) -> Option<SeatChoice> {
    println!();
    println!("floor:  {}", by_month(seating.floor()));
    println!("your hand: {}", seating.hand_of(seat));
    if !seating.choices().contains(&SeatChoice::GiveUp) {
        println!("You sat out the last hand: you play this one.");
        return Some(SeatChoice::Play);
    }
    ask(
        "Play this hand, or give it up and sit out? [p/g] ",
        read_seat_choice,
    )
}

/// Tells where the seats that were not asked sit (the dealer aside, who plays): they play
/// once enough gave up, or are forced out and sell their gwang at `stake` per point.
fn tell_placed(seating: &Seating, asked: &[Seat], names: &Names<Seat>, stake: u64) {
    if seating.seats() == 3 {
        return; // every seat plays: no one was asked, no one sits out
    }
    let sales = seating.sales();
    let placed = Seat::first(seating.seats()).filter(|s| !asked.contains(s));
    for seat in placed.filter(|s| *s != seating.dealer()) {
        let sale = sales.iter().find(|sale| sale.seller == seat);
        let text = match (seating.sitting(seat), sale) {
            (Some(Sitting::Plays), _) => {
                format!("{} too: enough gave up", names.verb(seat, "play"))
            }
            (Some(Sitting::Sells), Some(sale)) => sale_text(sale, names, stake),
            (Some(Sitting::Sells), None) => {
                format!(
                    "{} out, forced, with no gwang to sell",
                    names.verb(seat, "sit")
                )
            }
            _ => continue,
        };
        println!("  {} {text}", names.name(seat));
    }
}

/// A forced sale in words, after the seller's name: `is forced out and sells the gwang 1G
/// 3G: 2 points from each of bot B and bot C (200 each)`.
fn sale_text(sale: &Sale, names: &Names<Seat>, stake: u64) -> String {
    let payers: Vec<&str> = Seat::first(Seat::MAX)
        .filter(|s| sale.is_paid_by(*s))
        .map(|s| names.name(s))
        .collect();
    let be = match names.pronoun(sale.seller) {
        "you" => "are",
        _ => "is",
    };
    format!(
        "{be} forced out and {} the gwang {}: {} from each of {} ({} each)",
        names.verb(sale.seller, "sell"),
        sale.shown,
        count(sale.points, "point"),
        payers.join(" and "),
        sale.points.saturating_mul(stake)
    )
}

/// The hand as the person sees it: the others' hands by count, the floor, every pile and
/// tally, its own hand.
fn show(view: &SeatView, names: &Names<Seat>) {
    println!();
    for seat in Seat::first(3).filter(|s| *s != view.seat) {
        let shown = view.shown[seat.index()];
        let shaken = match shown.is_empty() {
            true => String::new(),
            false => format!(" (shown by shaking: {shown})"),
        };
        let cards = count(view.hand_lens[seat.index()] as u64, "card");
        println!(
            "{} has {cards} in hand{shaken}.",
            sentence(names.name(seat))
        );
    }
    println!("The stock has {}.", count(view.stock_len as u64, "card"));
    println!("floor:  {}", by_month(view.floor));
    tell_piles(view, names);
    println!("your hand: {}", view.hand);
}

/// Every seat's captures with their score, and its tally.
fn tell_piles(view: &SeatView, names: &Names<Seat>) {
    for seat in Seat::first(3) {
        let pile = by_category(view.captured[seat.index()], view.gukjin);
        println!("{} captured: {pile}", names.name(seat));
    }
    for seat in Seat::first(3) {
        if let Some(notes) = tally_notes(view.tallies[seat.index()]) {
            println!("{}: {notes}", names.name(seat));
        }
    }
}

/// The settlement's lines (the hand's seats named by `names`), each table seat's gain or
/// payment, and the money.
fn tell_settlement(
    settlement: &TableSettlement,
    names: &Names<Seat>,
    gostop: &GoStopMatch,
    table: &Names<Seat>,
) {
    println!("\n--- settlement ---");
    for line in settlement.hand.describe(names) {
        println!("  {line}");
    }
    for (seat, &points) in Seat::first(3).zip(&settlement.hand.instant_points) {
        if points > 0 {
            let each = count(points / 2, "point");
            println!(
                "  {}: {} received during the hand ({each} from each opponent)",
                names.name(seat),
                count(points, "point")
            );
        }
    }
    let changes: Vec<String> = Seat::first(gostop.seats())
        .zip(&settlement.transfers)
        .map(|(seat, amount)| format!("{} {amount:+}", table.name(seat)))
        .collect();
    println!("  at {} per point: {}", gostop.stake(), changes.join(", "));
    println!("money: {}", money_text(gostop, table));
}

/// Each table seat's money: `you 99700 | bot B 100300 | bot C 100000`.
fn money_text(gostop: &GoStopMatch, table: &Names<Seat>) -> String {
    let money: Vec<String> = Seat::first(gostop.seats())
        .zip(gostop.money())
        .map(|(seat, money)| format!("{} {money}", table.name(seat)))
        .collect();
    money.join(" | ")
}

/// Who leads after the last hand, or that all are even.
fn tell_leader(gostop: &GoStopMatch, table: &Names<Seat>) {
    let hands = count(gostop.hands(), "hand");
    let money = gostop.money();
    let most = money.iter().copied().max().unwrap_or(MONEY);
    let leaders: Vec<&str> = Seat::first(gostop.seats())
        .filter(|s| money.get(s.index()) == Some(&most))
        .map(|s| table.name(s))
        .collect();
    match leaders.as_slice() {
        [_, _, ..] if leaders.len() == money.len() => println!("\nAfter {hands} all are even."),
        [leader] => println!("\nAfter {hands} the leader is {leader}, with {most}."),
        _ => println!(
            "\nAfter {hands} the leaders are {}, with {most} each.",
            leaders.join(" and ")
        ),
    }
}

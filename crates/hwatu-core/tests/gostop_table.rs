//! A Go-Stop table of three to five (rules section 12.12): who plays and who sits out, the
//! forced seller's gwang paid by the non-dealers, the hand the three play, and a match that
//! carries money, the deal and the nagari multiplier across hands.

use hwatu_core::bot::{Bot, RandomBot};
use hwatu_core::{
    Card, CardSet, Deal, DealError, GoStop, GoStopMatch, GoStopRules, MatchError, Outcome,
    SalePayers, Seat, SeatChoice, Seating, SeatingError, Sitting, TableError,
};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use crate::common::s;

/// A deck order whose deal is read off by position: the first card of each month (months
/// 1 to 12), the bonus cards, then the second of each month, the third, the fourth; no four
/// cards of a month fall on the floor of any table size.
fn ordered_deck() -> Vec<Card> {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.sort_by_key(|card| (card.index() % 4, card.index()));
    deck
}

/// [`ordered_deck`] with `cards` moved to positions `at..`, the rest in order around them.
fn deck_placing(at: usize, cards: &str) -> Vec<Card> {
    let placed: Vec<Card> = s(cards).iter().collect();
    let mut deck: Vec<Card> = ordered_deck()
        .into_iter()
        .filter(|c| !placed.contains(c))
        .collect();
    deck.splice(at..at, placed);
    deck
}

fn play_out(hand: &mut GoStop, seed: u64) {
    let mut bot = RandomBot::new(StdRng::seed_from_u64(seed));
    while let Some(seat) = hand.to_move() {
        let action = bot.choose(&hand.view(seat)).expect("a legal action");
        hand.apply(action).expect("legal");
    }
}

#[test]
fn tables_of_three_to_five_only_with_the_dealer_seated() {
    let rules = GoStopRules::standard();
    let deck = ordered_deck();
    for seats in [0, 1, 2, 6, 9] {
        let table = Seating::from_deck(rules, seats, Seat::A, 0, &deck);
        assert_eq!(table, Err(TableError::Size { seats }));
        assert!(GoStopMatch::new(rules, seats, Seat::A, 1, 0).is_err());
    }
    let err = Seating::from_deck(rules, 3, Seat::D, 0, &deck).unwrap_err();
    assert_eq!(err.to_string(), "seat D is not at a table of 3");
    let short = Seating::from_deck(rules, 5, Seat::A, 0, &deck[..40]);
    assert_eq!(
        short,
        Err(TableError::Deal(DealError::DeckSize { cards: 40 }))
    );
    let mut twice = deck.clone();
    twice[3] = twice[4];
    assert!(matches!(
        Seating::from_deck(rules, 4, Seat::A, 0, &twice),
        Err(TableError::Deal(DealError::Duplicate { .. }))
    ));
}

/// Four seats, B deals: 7 cards to each in turn order from B, 6 to the floor. C and D play,
/// so A, the last before the dealer, is forced out and sells its gwang to C and D.
#[test]
fn at_four_the_last_seat_sells_when_no_one_gives_up() {
    let deck = deck_placing(21, "1G 3G 2T 5T 6T 7T 9T");
    let mut table =
        Seating::from_deck(GoStopRules::standard(), 4, Seat::B, 0, &deck).expect("deals");
    let cards = |from: usize| deck[from..from + 7].iter().copied().collect::<CardSet>();
    assert_eq!(table.hand_of(Seat::B), cards(0));
    assert_eq!(table.hand_of(Seat::C), cards(7));
    assert_eq!(table.hand_of(Seat::A), cards(21));
    assert_eq!(table.floor(), deck[28..34].iter().copied().collect());
    assert_eq!(table.sitting(Seat::B), Some(Sitting::Plays));
    assert_eq!(table.to_decide(), Some(Seat::C));
    table.decide(SeatChoice::Play).expect("C plays");
    assert_eq!(table.to_decide(), Some(Seat::D));
    table.decide(SeatChoice::Play).expect("D plays");
    assert_eq!(table.to_decide(), None);
    assert_eq!(table.sitting(Seat::A), Some(Sitting::Sells));
    assert_eq!(table.players(), Some([Seat::B, Seat::C, Seat::D]));
    // A was dealt cards 21..28, two gwang among them.
    assert_eq!(table.hand_of(Seat::A), s("1G 3G 2T 5T 6T 7T 9T"));
    let sales = table.sales();
    assert_eq!(sales.len(), 1);
    assert_eq!(
        (sales[0].seller, sales[0].shown, sales[0].points),
        (Seat::A, s("1G 3G"), 2)
    );
    assert!(
        sales[0].is_paid_by(Seat::C)
            && sales[0].is_paid_by(Seat::D)
            && !sales[0].is_paid_by(Seat::B)
    );
    assert_eq!(table.decide(SeatChoice::Play), Err(SeatingError::Decided));
    let hand = table.hand().expect("the hand");
    assert_eq!(hand.hand(Seat::A), cards(0), "the dealer is the hand's A");
    assert_eq!(hand.first(), Seat::A);
    assert_eq!(hand.stock().len(), 50 - 27);
    assert_eq!(
        &hand.stock()[16..],
        &cards(21).iter().collect::<Vec<_>>()[..],
        "under the stock"
    );
    // Under the players rule, the dealer pays too.
    let mut all = GoStopRules::standard();
    all.gwang_sale.payers = SalePayers::Players;
    all.gwang_sale.bonus_as_gwang = true;
    let mut table = Seating::from_deck(all, 4, Seat::B, 0, &deck).expect("deals");
    table.decide(SeatChoice::Play).expect("C");
    table.decide(SeatChoice::Play).expect("D");
    assert!(table.sales()[0].is_paid_by(Seat::B));
}

/// A give-up makes the others play; a seat that sat out the last hand cannot give up; at
/// five, two sit out.
#[test]
fn give_ups_bars_and_tables_of_five() {
    let deck = ordered_deck();
    let rules = GoStopRules::standard();
    let mut table = Seating::from_deck(rules, 4, Seat::A, 0, &deck).expect("deals");
    table.decide(SeatChoice::GiveUp).expect("B gives up");
    assert_eq!(table.players(), Some([Seat::A, Seat::C, Seat::D]));
    assert!(table.sales().is_empty(), "a give-up is paid nothing");
    let mut barred = Seating::from_deck(rules, 4, Seat::A, 0b0010, &deck).expect("deals");
    assert_eq!(barred.choices(), [SeatChoice::Play]);
    let before = barred.clone();
    assert_eq!(
        barred.decide(SeatChoice::GiveUp),
        Err(SeatingError::Barred { seat: Seat::B })
    );
    assert_eq!(barred, before);
    let mut five = Seating::from_deck(rules, 5, Seat::C, 0, &deck).expect("deals");
    five.decide(SeatChoice::Play).expect("D plays");
    assert_eq!(five.to_decide(), Some(Seat::E));
    five.decide(SeatChoice::GiveUp).expect("E gives up");
    assert_eq!(five.players(), None, "one more must sit out");
    five.decide(SeatChoice::Play).expect("A plays");
    assert_eq!(five.sitting(Seat::B), Some(Sitting::Sells));
    assert_eq!(five.players(), Some([Seat::C, Seat::D, Seat::A]));
    let hand = five.hand().expect("the hand");
    assert_eq!(hand.all_cards(), CardSet::MONTHS | CardSet::BONUS);
}

/// The winner deals next, the dealer stays after a nagari and the next result counts x2,
/// money is conserved; a hand is recorded once, only by its match.
#[test]
fn a_match_carries_money_deal_and_nagari() {
    let rules = GoStopRules::standard();
    let mut rng = StdRng::seed_from_u64(9);
    let (mut nagari_seen, mut won_seen, mut barred_seen) = (false, false, 0);
    for seats in 3..=5 {
        let mut table = GoStopMatch::new(rules, seats, Seat::A, 10, 1_000).expect("a table");
        let mut choices = StdRng::seed_from_u64(seats as u64);
        let mut sat_out: Vec<Seat> = Vec::new();
        for number in 0..300u64 {
            let mut seating = table.deal(&mut rng);
            while let Some(asked) = seating.to_decide() {
                if sat_out.contains(&asked) {
                    barred_seen += 1;
                    assert_eq!(
                        seating.choices(),
                        [SeatChoice::Play],
                        "no sitting out twice"
                    );
                }
                let choice = *seating.choices().choose(&mut choices).expect("a choice");
                seating.decide(choice).expect("legal");
            }
            let players = seating.players().expect("decided");
            sat_out = Seat::first(seats)
                .filter(|s| !players.contains(s))
                .collect();
            let mut hand = seating.hand().expect("three play");
            if !hand.is_over() {
                assert_eq!(table.record(&seating, &hand), Err(MatchError::NotOver));
            }
            play_out(&mut hand, number);
            let (dealer, multiplier) = (table.dealer(), table.nagari_multiplier());
            let settlement = table.record(&seating, &hand).expect("recorded");
            assert_eq!(settlement.hand.nagari_multiplier, multiplier);
            assert_eq!(settlement.transfers.iter().sum::<i64>(), 0);
            assert_eq!(table.money().iter().sum::<i64>(), 1_000 * seats as i64);
            match hand.outcome().expect("over") {
                Outcome::Nagari => {
                    nagari_seen = true;
                    assert_eq!(table.dealer(), dealer);
                    assert_eq!(table.nagari_multiplier(), 2, "capped at x2");
                }
                outcome => {
                    won_seen = true;
                    let winner = outcome.winner().expect("a winner");
                    assert_eq!(table.dealer(), settlement.players[winner.index()]);
                    assert_eq!(table.nagari_multiplier(), 1);
                }
            }
            let again = table.record(&seating, &hand);
            assert_eq!(again, Err(MatchError::AlreadyRecorded { game: number + 1 }));
        }
        let foreign = GoStop::new(rules.rules, Seat::A, &mut rng);
        let seating = table.deal(&mut rng);
        assert_eq!(
            table.record(&seating, &foreign),
            Err(MatchError::NotDealtByMatch)
        );
    }
    assert!(
        nagari_seen && won_seen && barred_seen > 50,
        "{barred_seen} barred seats asked"
    );
}

/// A payment beyond what an `i64` holds is refused, and the match is unchanged.
#[test]
fn a_payment_that_does_not_fit_is_refused() {
    let rules = GoStopRules::standard();
    let mut table = GoStopMatch::new(rules, 4, Seat::A, u64::MAX / 3, 0).expect("a table");
    let mut rng = StdRng::seed_from_u64(4);
    for number in 0..20 {
        let mut seating = table.deal(&mut rng);
        while seating.to_decide().is_some() {
            seating.decide(SeatChoice::Play).expect("play");
        }
        let mut hand = seating.hand().expect("three play");
        play_out(&mut hand, number);
        let settlement = hand.settle(&rules, 1).expect("over");
        if settlement.received() == 0 {
            continue;
        }
        assert_eq!(settlement.try_transfers(table.stake()), None);
        let before = table.clone();
        let refused = table.record(&seating, &hand);
        assert!(
            matches!(refused, Err(MatchError::Overflow { .. })),
            "{refused:?}"
        );
        assert_eq!(table, before);
        return;
    }
    panic!("no hand with a payment in 20");
}

/// A hand is recorded only with the seating it was played from.
#[test]
fn a_hand_is_recorded_only_with_its_own_seating() {
    let mut table = GoStopMatch::new(GoStopRules::standard(), 5, Seat::A, 1, 0).expect("a table");
    let mut rng = StdRng::seed_from_u64(8);
    let mut seatings = [table.deal(&mut rng), table.deal(&mut rng)];
    for seating in &mut seatings {
        while seating.to_decide().is_some() {
            seating.decide(SeatChoice::Play).expect("play");
        }
    }
    let mut hand = seatings[0].hand().expect("three play");
    play_out(&mut hand, 1);
    let before = table.clone();
    assert_eq!(
        table.record(&seatings[1], &hand),
        Err(MatchError::NotDealtByMatch)
    );
    assert_eq!(table, before);
    // The same deal with other seats playing: B gave up in the copy.
    let mut other = table.deal(&mut rng);
    let mut copy = other.clone();
    copy.decide(SeatChoice::GiveUp).expect("B gives up");
    while other.to_decide().is_some() {
        other.decide(SeatChoice::Play).expect("play");
    }
    while copy.to_decide().is_some() {
        copy.decide(SeatChoice::Play).expect("play");
    }
    assert_ne!(other.players(), copy.players());
    let mut played = other.hand().expect("three play");
    play_out(&mut played, 2);
    assert_eq!(
        table.record(&copy, &played),
        Err(MatchError::NotDealtByMatch)
    );
    assert_eq!(table, before);
    assert!(table.record(&other, &played).is_ok());
}

/// Every seating's hand can be played: a bonus card on the floor replaced by the fourth card
/// of a month is dealt again, as a table of three deals it again (20,000 deals a size).
#[test]
fn every_seating_deals_a_playable_hand() {
    let mut rng = StdRng::seed_from_u64(12);
    for seats in 3..=5 {
        let table =
            GoStopMatch::new(GoStopRules::standard(), seats, Seat::B, 1, 0).expect("a table");
        for _ in 0..20_000 {
            let mut seating = table.deal(&mut rng);
            while seating.to_decide().is_some() {
                seating.decide(SeatChoice::Play).expect("play");
            }
            assert!(seating.hand().is_some(), "{seating:?}");
        }
    }
}

/// A first player not seated at a table of three is refused by the deals, and taken as `A`
/// by a shuffle; huge stakes and multipliers saturate or are refused, never panic.
#[test]
fn unseated_first_players_and_huge_amounts_are_handled() {
    let deck: Vec<Card> = Card::all().collect();
    assert_eq!(
        Deal::three_from_deck(&deck, Seat::D),
        Err(DealError::NotSeated { player: Seat::D })
    );
    let deal = Deal {
        hands: [CardSet::EMPTY; 3],
        floor: CardSet::EMPTY,
        stock: Vec::new(),
        first: Seat::E,
    };
    let rules = GoStopRules::standard();
    assert_eq!(
        GoStop::from_deal(rules.rules, deal),
        Err(DealError::NotSeated { player: Seat::E })
    );
    assert_eq!(
        GoStop::from_deck(rules.rules, &deck, Seat::D),
        Err(DealError::NotSeated { player: Seat::D })
    );
    let mut rng = StdRng::seed_from_u64(2);
    assert_eq!(GoStop::new(rules.rules, Seat::D, &mut rng).first(), Seat::A);
    let mut hand = GoStop::new(rules.rules, Seat::A, &mut rng);
    play_out(&mut hand, 3);
    let settlement = hand.settle(&rules, u64::MAX).expect("over");
    let transfers = settlement.transfers(u64::MAX);
    assert!(
        transfers
            .iter()
            .all(|t| *t == 0 || t.unsigned_abs() >= i64::MAX.unsigned_abs()),
        "{transfers:?}"
    );
    if settlement.received() > 0 {
        assert_eq!(settlement.try_transfers(u64::MAX), None);
    }
}

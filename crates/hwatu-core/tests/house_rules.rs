//! One scenario per house rule of rules section 11, each on a hand-set deal (or hand-set
//! capture piles for the settlement's options), against the standard rule.

use crate::common;

use common::*;
use hwatu_core::{
    Action, Baks, BonusCards, BothChongtong, Card, DealError, Event, FloorFour, Game, GoBonus,
    GukjinChoice, GukjinUse, InstantPayout, InstantReason, Match, MatchError, Outcome, Rules,
    Tally, TwoCardBomb, settle,
};

fn with(change: impl FnOnce(&mut Rules)) -> Rules {
    let mut rules = Rules::standard();
    change(&mut rules);
    rules
}

#[test]
fn one_bonus_card_deals_b2_only() {
    let rules = with(|r| r.bonus_cards = BonusCards::Two);
    assert_eq!(rules.deck_size(), 49);
    assert_eq!(rules.bonus_cards.cards(), s("B2"));
    let deal = deal(A, "B3 9P1", "5P1", "12T", "3P1");
    assert_eq!(
        Game::from_deal(rules, deal).map(|_| ()),
        Err(DealError::NotInDeck { card: Card::B3 })
    );
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
    let game = Game::new(rules, A, &mut rng);
    assert_eq!(game.all_cards(), hwatu_core::CardSet::MONTHS | Card::B2);
}

#[test]
fn bonus_steal_takes_a_pi_with_each_bonus_card_captured() {
    let play = |bonus_steal: bool| {
        let rules = with(|r| r.bonus_steal = bonus_steal);
        let mut game = game(
            rules,
            B,
            "5Y 10P1",
            "2P1 9P1",
            "2P2 12T",
            "7P1 B3 8P1 4P1 6P1",
        );
        act(&mut game, "play 2P1");
        (act(&mut game, "play 10P1"), game)
    };
    let (events, game) = play(true);
    assert_eq!(
        events,
        [
            played(A, "10P1"),
            flipped(A, "B3"),
            captured(A, "B3"),
            stolen(A, "2P1"),
            flipped(A, "8P1"),
            turn_ended(A, 2),
        ]
    );
    assert_eq!(game.captured(A), s("2P1 B3"));
    let (events, _) = play(false);
    assert!(!events.iter().any(|e| matches!(e, Event::PiStolen { .. })));
}

#[test]
fn four_of_a_month_on_the_floor_is_a_redeal_a_nagari_or_the_first_players_win() {
    let floor_four = deal(B, "9P1", "5P1", "2Y 2T 2P1 2P2", "3P1");
    let dealt =
        |rule: FloorFour| Game::from_deal(with(|r| r.floor_four = rule), floor_four.clone());
    assert_eq!(
        dealt(FloorFour::Redeal),
        Err(DealError::FourOnFloor { month: 2 })
    );
    let nagari = dealt(FloorFour::Nagari).expect("dealt");
    assert_eq!(nagari.outcome(), Some(Outcome::Nagari));
    assert_eq!(nagari.deal_events(), [Event::Nagari]);
    assert_eq!(nagari.settle(1).map(|s| s.points), Some(0));
    let won = dealt(FloorFour::FirstPlayerWins).expect("dealt");
    let chongtong = Outcome::Chongtong {
        winner: B,
        month: 2,
        on_floor: true,
    };
    assert_eq!(won.outcome(), Some(chongtong));
    assert_eq!(
        won.deal_events(),
        [Event::Chongtong {
            player: B,
            month: 2,
            on_floor: true
        }]
    );
    assert_eq!(won.settle(1).map(|s| s.points), Some(10));
    // A shuffled deal under the nagari rule is never redone: some of 2,000 deals are void.
    let rules = with(|r| r.floor_four = FloorFour::Nagari);
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(9);
    let void = (0..2_000)
        .filter(|_| Game::new(rules, A, &mut rng).deal_events() == [Event::Nagari])
        .count();
    assert!(void > 0);
}

#[test]
fn both_players_dealt_a_chongtong_is_the_first_players_win_or_a_nagari() {
    let both = deal(B, "1G 1T 1P1 1P2", "4Y 4T 4P1 4P2", "12T", "3P1");
    let first_wins = Game::from_deal(Rules::standard(), both.clone()).expect("dealt");
    assert_eq!(first_wins.outcome().and_then(|o| o.winner()), Some(B));
    let rules = with(|r| r.both_chongtong = BothChongtong::Nagari);
    let nagari = Game::from_deal(rules, both).expect("dealt");
    assert_eq!(nagari.outcome(), Some(Outcome::Nagari));
    assert_eq!(nagari.deal_events(), [Event::Nagari]);
}

#[test]
fn under_play_on_a_chongtong_may_be_declared_before_the_first_turn_or_given_up() {
    let rules = with(|r| r.chongtong_play_on = true);
    let deal = |first| {
        game(
            rules,
            first,
            "9P1 10P1",
            "4Y 4T 4P1 4P2 5P1",
            "12T 5P2",
            "3P1 6P1 7P1",
        )
    };
    let mut game = deal(A);
    assert!(!game.is_over() && game.deal_events().is_empty());
    assert!(
        !game.legal_actions().contains(&Action::Chongtong),
        "A holds none"
    );
    assert_eq!(
        game.apply(Action::Chongtong),
        Err(hwatu_core::ActionError::NoChongtong)
    );
    act(&mut game, "play 9P1");
    assert!(game.legal_actions().contains(&Action::Chongtong));
    let events = act(&mut game, "chongtong");
    let chongtong = Event::Chongtong {
        player: B,
        month: 4,
        on_floor: false,
    };
    assert_eq!(events, [chongtong]);
    let won = Outcome::Chongtong {
        winner: B,
        month: 4,
        on_floor: false,
    };
    assert_eq!(game.outcome(), Some(won));
    assert_eq!(game.settle(1).map(|s| s.points), Some(10));
    // Playing a card gives it up for the rest of the game.
    let mut game = deal(B);
    act(&mut game, "play 5P1");
    act(&mut game, "play 9P1");
    assert!(!game.legal_actions().contains(&Action::Chongtong));
}

/// The three-ppuk deal of the events tests: A makes a ppuk on each of its first three turns.
const THREE_PPUK: [&str; 4] = [
    "1G 2Y 3G 9P1",
    "5P1 6P1 7P1 10P1",
    "1P1 2P1 3P1 12T",
    "1P2 8P1 2P2 8P2 3P2 4P1",
];

/// Plays the three-ppuk deal's five turns on `game`: the events of each, and the game won.
fn three_ppuk_on(mut game: Game) -> (Vec<Vec<Event>>, Game) {
    let turns = ["play 1G", "play 5P1", "play 2Y", "play 6P1", "play 3G"]
        .iter()
        .map(|action| act(&mut game, action))
        .collect();
    (turns, game)
}

/// The three-ppuk deal played under `rules`.
fn three_ppuk(rules: Rules) -> (Vec<Vec<Event>>, Game) {
    let [a, b, floor, stock] = THREE_PPUK;
    three_ppuk_on(game(rules, A, a, b, floor, stock))
}

/// The three-ppuk deal played as `matgo`'s next game and recorded: the settlement and the
/// money after it.
fn three_ppuk_recorded(mut matgo: Match) -> (hwatu_core::Settlement, [i64; 2]) {
    let [a, b, floor, stock] = THREE_PPUK;
    let (_, game) = three_ppuk_on(match_game(&matgo, A, a, b, floor, stock));
    let settlement = matgo.record(&game).expect("recorded");
    (settlement, matgo.money())
}

/// The points of the instant payments among the events of `turns`, in order.
fn instant_payments(turns: &[Vec<Event>]) -> Vec<u32> {
    turns
        .iter()
        .flatten()
        .filter_map(|e| match e {
            Event::InstantPayment { points, .. } => Some(*points),
            _ => None,
        })
        .collect()
}

#[test]
fn three_ppuk_points_and_the_early_ppuk_payout_are_rules() {
    let rules = with(|r| {
        r.three_ppuk_points = 10;
        r.early_ppuk_points = 5;
    });
    let (turns, game) = three_ppuk(rules);
    assert_eq!(instant_payments(&turns), [5, 10, 15]);
    let settlement = game.settle(1).expect("over");
    assert_eq!(settlement.points, 10);
    assert_eq!(settlement.instant_points(), [30, 0]);
    // Payouts off: no instant payment at all.
    let (turns, game) = three_ppuk(with(|r| r.early_ppuk_points = 0));
    assert!(instant_payments(&turns).is_empty());
    assert_eq!(game.settle(1).map(|s| s.points), Some(7));
}

#[test]
fn early_payouts_count_in_points_or_in_multiples_of_the_base_stake() {
    // After a nagari (x2): fixed points stay 7 + 14 + 21, the three-ppuk win doubles.
    let after_nagari = |rules: Rules| Match::new(rules, A, 1, 0).after_nagari(1);
    let (settlement, money) = three_ppuk_recorded(after_nagari(Rules::standard()));
    assert_eq!(settlement.instant_multiplier, 1);
    assert_eq!(settlement.instant_points(), [42, 0]);
    assert_eq!(settlement.points, 14);
    assert_eq!(money, [56, -56]);
    // Multiples of the base stake: the payments double with the game's stake.
    let base = with(|r| r.instant_payout = InstantPayout::BaseMultiple);
    let (settlement, money) = three_ppuk_recorded(after_nagari(base));
    assert_eq!(settlement.instant_multiplier, 2);
    assert_eq!(settlement.instant_points(), [84, 0]);
    assert_eq!(settlement.points, 14);
    assert_eq!(money, [98, -98]);
    // A jackpot game doubles them again; the events still tell the base amounts.
    let jackpot = Rules {
        jackpot_every: 1,
        ..base
    };
    let (settlement, money) = three_ppuk_recorded(after_nagari(jackpot));
    assert_eq!(settlement.instant_points(), [168, 0]);
    assert_eq!(settlement.points, 28);
    assert_eq!(money, [196, -196]);
    let (turns, _) = three_ppuk(base);
    assert_eq!(instant_payments(&turns), [7, 14, 21]);
}

#[test]
fn the_first_ttadak_pays_the_rules_points() {
    let ttadak = |points: u32| {
        let rules = with(|r| r.first_ttadak_points = points);
        let mut game = game(
            rules,
            B,
            "6Y 9P1",
            "2P1 7P1",
            "2P2 6P1 6P2 12T",
            "4P1 6T 8P1 10P1",
        );
        act(&mut game, "play 2P1");
        act(&mut game, "play 6Y")
    };
    let payment = Event::InstantPayment {
        from: B,
        to: A,
        points: 3,
        reason: InstantReason::Ttadak,
    };
    assert!(ttadak(3).contains(&payment));
    assert!(
        !ttadak(0)
            .iter()
            .any(|e| matches!(e, Event::InstantPayment { .. }))
    );
}

#[test]
fn taking_three_cards_dealt_to_the_floor_steals_a_pi_unless_the_rule_is_off() {
    let take = |dealt_pile_steal: bool| {
        let rules = with(|r| r.dealt_pile_steal = dealt_pile_steal);
        let mut game = game(
            rules,
            B,
            "7P1 9P1",
            "2P1 5Y",
            "2P2 7Y 7T 7P2 12T",
            "4P1 8P1 10P1 11P1",
        );
        act(&mut game, "play 2P1");
        act(&mut game, "play 7P1")
    };
    let taken = Event::PileTaken {
        player: A,
        month: 7,
        maker: None,
    };
    let body = |steal: &[Event]| {
        let mut events = vec![
            played(A, "7P1"),
            flipped(A, "8P1"),
            captured(A, "7Y 7T 7P1 7P2"),
            taken,
        ];
        events.extend_from_slice(steal);
        events.push(turn_ended(A, 2));
        events
    };
    assert_eq!(take(true), body(&[stolen(A, "2P1")]));
    assert_eq!(take(false), body(&[]));
}

#[test]
fn an_automatic_gukjin_takes_the_better_reading_at_once() {
    let rules = with(|r| r.gukjin = GukjinChoice::Automatic);
    // Five yeol with the gukjin: yeol scores 1, ssangpi (9 pi) nothing.
    let mut five = game(
        rules,
        A,
        "2Y 4Y 5Y 6Y 9Y",
        "1P1 3P1 7P1 8P1 10P1",
        "2P1 4P1 5P1 6P1 9P1 12T",
        "1P2 3P2 7P2 8P2 10P2 11P1 11P2 1G 3G 12Y",
    );
    let turns = [
        "play 2Y", "play 1P1", "play 4Y", "play 3P1", "play 5Y", "play 7P1", "play 6Y", "play 8P1",
    ];
    acts(&mut five, &turns);
    let events = act(&mut five, "play 9Y");
    assert_eq!(
        events,
        [
            played(A, "9Y"),
            flipped(A, "3G"),
            captured(A, "9Y 9P1"),
            Event::GukjinChosen {
                player: A,
                use_as: GukjinUse::Yeol
            },
            Event::ScoreChanged {
                player: A,
                score: 1
            },
            turn_ended(A, 9),
        ]
    );
    assert_eq!(five.gukjin(), GukjinUse::Yeol);
    // A tie (no points either way) reads ssangpi; asked, the owner decides.
    let tie = |rules: Rules| {
        let mut game = game(rules, A, "9Y 1P1", "5P1 6P1", "9P1 12T", "3P1 4P1 8P1");
        let events = act(&mut game, "play 9Y");
        (events, game)
    };
    let (events, game) = tie(rules);
    assert!(events.contains(&Event::GukjinChosen {
        player: A,
        use_as: GukjinUse::Ssangpi
    }));
    assert_eq!(game.to_move(), Some(B));
    let (_, asked) = tie(Rules::standard());
    assert_eq!(asked.decision(), Some(hwatu_core::Decision::Gukjin));
}

#[test]
fn a_two_card_bomb_is_allowed_by_rule_and_doubles_only_when_it_says_so() {
    let deal_for = |rule: TwoCardBomb| {
        let rules = with(|r| r.two_card_bomb = rule);
        game(
            rules,
            A,
            "3G 3T 9P1",
            "5P1 6P1",
            "3P1 3P2 12T",
            "8P1 4P1 10P1",
        )
    };
    let bomb = Action::Bomb { month: 3 };
    assert!(!deal_for(TwoCardBomb::Off).legal_actions().contains(&bomb));
    let mut game = deal_for(TwoCardBomb::NoMultiplier);
    assert!(game.legal_actions().contains(&bomb));
    let events = game.apply(bomb).expect("legal");
    assert_eq!(
        events,
        [
            Event::Bombed {
                player: A,
                cards: s("3G 3T")
            },
            captured(A, "3G 3T 3P1 3P2"),
            flipped(A, "8P1"),
            turn_ended(A, 1),
        ]
    );
    let tally = game.tally(A);
    assert_eq!(
        (tally.two_card_bombs, tally.bombs, tally.flip_credits),
        (1, 0, 1)
    );
    assert_eq!(game.hand(A), s("9P1"));
    // At settlement: doubled only under TwoCardBomb::Double.
    let won = Tally {
        two_card_bombs: 1,
        ..Tally::default()
    };
    let points = |rule: TwoCardBomb| {
        let rules = with(|r| r.two_card_bomb = rule);
        let piles = [s("1G 3G 8G"), s("11G")];
        let outcome = Outcome::Stop { winner: A };
        settle::settle(
            &rules,
            outcome,
            piles,
            GukjinUse::Yeol,
            [won, Tally::default()],
            1,
        )
        .points
    };
    assert_eq!(points(TwoCardBomb::NoMultiplier), 3);
    assert_eq!(points(TwoCardBomb::Double), 6);
}

/// A's win with 3 gwang and 10 pi against `loser`'s pile.
fn win_against(rules: Rules, loser: &str) -> hwatu_core::Settlement {
    let winner = s("1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2");
    let outcome = Outcome::Stop { winner: A };
    settle::settle(
        &rules,
        outcome,
        [winner, s(loser)],
        GukjinUse::Yeol,
        [Tally::default(); 2],
        1,
    )
}

#[test]
fn the_pibak_threshold_is_a_rule() {
    let seven = "11G 6P1 6P2 7P1 7P2 8P1 8P2 9P1";
    let six = "11G 6P1 6P2 7P1 7P2 8P1 8P2";
    let pibak = Baks {
        pibak: true,
        ..Baks::default()
    };
    assert_eq!(win_against(Rules::standard(), seven).baks, pibak);
    let at_six = with(|r| r.pibak_threshold = 6);
    assert_eq!(win_against(at_six, seven).baks, Baks::default());
    assert_eq!(win_against(at_six, six).baks, pibak);
    assert_eq!(win_against(at_six, six).points, (3 + 1) * 2);
}

#[test]
fn the_gwangbak_threshold_is_a_rule() {
    let one_gwang = "11G 6P1 6P2 7P1 7P2 8P1 8P2 9P1 9P2 10P1";
    assert_eq!(
        win_against(Rules::standard(), one_gwang).baks,
        Baks::default()
    );
    let at_one = with(|r| r.gwangbak_threshold = 1);
    let gwangbak = Baks {
        gwangbak: true,
        ..Baks::default()
    };
    assert_eq!(win_against(at_one, one_gwang).baks, gwangbak);
}

#[test]
fn the_go_bonus_may_add_without_doubling() {
    let rules = with(|r| r.go_bonus = GoBonus::AddOnly);
    assert_eq!(settle::go_factors(&rules, 3), (3, 1));
    assert_eq!(settle::go_factors(&rules, 5), (5, 1));
    let goes = Tally {
        goes: 4,
        ..Tally::default()
    };
    let piles = [s("1G 3G 8G 12G"), s("11G 1P1")];
    let outcome = Outcome::Stop { winner: A };
    let settlement = settle::settle(
        &rules,
        outcome,
        piles,
        GukjinUse::Yeol,
        [goes, Tally::default()],
        1,
    );
    assert_eq!(settlement.points, 4 + 4);
    let standard = settle::settle(
        &Rules::standard(),
        outcome,
        piles,
        GukjinUse::Yeol,
        [goes, Tally::default()],
        1,
    );
    assert_eq!(standard.points, (4 + 4) * 4);
}

#[test]
fn the_balance_cap_makes_the_loser_pay_at_most_what_it_has() {
    let chongtong = deal(A, "1G 1T 1P1 1P2", "2P1", "3P1", "4P1");
    let pay = |balance_cap: bool, money: [i64; 2]| {
        let rules = with(|r| r.balance_cap = balance_cap);
        let mut matgo = Match::new(rules, A, 10, 0).with_money(money);
        let game = matgo.game_from_deal(chongtong.clone()).expect("dealt");
        matgo.record(&game).expect("recorded");
        matgo.money()
    };
    // 10 points at 10 a point: 100, of which B has 30.
    assert_eq!(pay(false, [100, 30]), [200, -70]);
    assert_eq!(pay(true, [100, 30]), [130, 0]);
    assert_eq!(pay(true, [100, -5]), [100, -5], "nothing to pay with");
    assert_eq!(pay(true, [0, 500]), [100, 400]);
}

#[test]
fn every_fifth_game_of_a_match_is_a_jackpot_game_counting_double() {
    let chongtong = deal(A, "1G 1T 1P1 1P2", "2P1", "3P1", "4P1");
    let rules = with(|r| r.jackpot_every = 5);
    let mut matgo = Match::new(rules, A, 1, 0);
    let mut points = Vec::new();
    for _ in 0..10 {
        let jackpot = matgo.is_jackpot_game();
        let game = matgo.game_from_deal(chongtong.clone()).expect("dealt");
        let settlement = matgo.record(&game).expect("recorded");
        assert_eq!(settlement.jackpot_multiplier, if jackpot { 2 } else { 1 });
        points.push(settlement.points);
    }
    assert_eq!(points, [10, 10, 10, 10, 20, 10, 10, 10, 10, 20]);
    assert_eq!(matgo.money(), [120, -120]);
    let mut plain = Match::new(Rules::standard(), A, 1, 0);
    for _ in 0..5 {
        let game = plain.game_from_deal(chongtong.clone()).expect("dealt");
        assert_eq!(plain.record(&game).map(|s| s.points), Ok(10));
    }
}

#[test]
fn a_nagari_cap_below_one_counts_as_one() {
    let rules = with(|r| r.nagari_cap = Some(0));
    let matgo = Match::new(rules, A, 1, 0).after_nagari(3);
    assert_eq!(matgo.nagari_multiplier(), 1);
}

/// A game of `matgo` that A wins by stopping at 3 points under a go threshold of 3: three
/// gwang, doubled by gwangbak (B holds none), 6 points.
fn stopped(matgo: &Match) -> Game {
    let mut game = match_game(
        matgo,
        A,
        "1G 3G 8G 9P1",
        "4P1 5P1 6P1 7P1",
        "1P1 3P1 8P1 12T",
        "",
    );
    acts(
        &mut game,
        &[
            "play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G", "stop",
        ],
    );
    game
}

#[test]
fn a_winner_may_push_twice_in_a_row_doubling_the_next_game_each_time() {
    let rules = with(|r| {
        r.go_threshold = 3;
        r.push_limit = 2;
    });
    let mut matgo = Match::new(rules, B, 1, 0);
    for pushes in 1..=2 {
        let settlement = matgo.push(&stopped(&matgo)).expect("pushed");
        assert_eq!(settlement.outcome, Outcome::Stop { winner: A });
        assert_eq!(settlement.points, 6 << (pushes - 1), "forfeited");
        assert_eq!(matgo.money(), [0, 0], "no one pays a pushed game");
        assert_eq!(
            (matgo.pushes(), matgo.push_multiplier()),
            (pushes, 1 << pushes)
        );
        assert_eq!(matgo.next_first(), A, "the winner leads");
    }
    // A third push in a row is refused, and the match is unchanged: the game must be paid.
    let game = stopped(&matgo);
    let before = matgo.clone();
    assert_eq!(matgo.push(&game), Err(MatchError::PushLimit { limit: 2 }));
    assert_eq!(
        MatchError::PushLimit { limit: 1 }.to_string(),
        "the limit of 1 game pushed in a row is reached: this one must be paid"
    );
    assert_eq!(matgo, before);
    let settlement = matgo.record(&game).expect("recorded");
    assert_eq!(settlement.push_multiplier, 4);
    assert_eq!(settlement.points, 6 * 4);
    assert!(settlement.to_string().contains("after push: x4"));
    assert_eq!(matgo.money(), [24, -24]);
    assert_eq!((matgo.pushes(), matgo.push_multiplier()), (0, 1));
    // A nagari multiplier carries through a push.
    let mut matgo = Match::new(rules, A, 1, 0).after_nagari(1);
    matgo.push(&stopped(&matgo)).expect("pushed");
    assert_eq!(matgo.nagari_multiplier(), 2);
    let settlement = matgo.record(&stopped(&matgo)).expect("recorded");
    assert_eq!(settlement.points, 6 * 2 * 2);
}

#[test]
fn push_is_refused_without_the_rule_and_for_games_not_won_by_stopping() {
    let off = with(|r| r.go_threshold = 3);
    let mut matgo = Match::new(off, A, 1, 0);
    assert_eq!(matgo.push(&stopped(&matgo)), Err(MatchError::PushOff));
    assert_eq!(matgo.games(), 0);
    let on = Rules {
        push_limit: 2,
        ..off
    };
    let mut matgo = Match::new(on, A, 1, 0);
    let chongtong = matgo
        .game_from_deal(deal(A, "1G 1T 1P1 1P2", "2P1", "3P1", "4P1"))
        .expect("dealt");
    assert!(chongtong.is_over());
    assert_eq!(matgo.push(&chongtong), Err(MatchError::PushNeedsStop));
    assert_eq!(matgo.record(&chongtong).map(|s| s.points), Ok(10));
}

/// A game of `matgo` that ends in nagari at the deal: four cards of month 2 on the floor.
fn nagari_at_deal(matgo: &Match) -> Game {
    let game = match_game(matgo, A, "1G 9P1", "4P1 5P1", "2Y 2T 2P1 2P2", "");
    assert_eq!(game.outcome(), Some(Outcome::Nagari));
    game
}

/// The longest push run a `u8` allows, with a nagari before every third push: a nagari
/// does not end the run, the multipliers saturate at `u64::MAX`, the 256th push is refused,
/// and the game that must then be paid is refused as an overflow at the largest stake (or
/// paid up to the payer's money under the balance cap), the match unchanged when refused.
#[test]
fn a_push_run_at_the_u8_limit_saturates_and_nagari_does_not_end_it() {
    let rules = with(|r| {
        r.go_threshold = 3;
        r.push_limit = u8::MAX;
        r.floor_four = FloorFour::Nagari;
        r.instant_payout = InstantPayout::BaseMultiple;
    });
    for balance_cap in [false, true] {
        let rules = Rules {
            balance_cap,
            ..rules
        };
        let mut matgo = Match::new(rules, B, u64::MAX, 0).with_money([5, 5]);
        for pushes in 1..=u8::MAX {
            if pushes % 3 == 1 {
                matgo.record(&nagari_at_deal(&matgo)).expect("nagari");
                assert_eq!(matgo.pushes(), pushes - 1, "a nagari does not end the run");
            }
            let forfeited = matgo.push(&stopped(&matgo)).expect("pushed");
            assert_eq!(forfeited.outcome, Outcome::Stop { winner: A });
            assert_eq!(matgo.pushes(), pushes);
            let doubled = 1u64.checked_shl(pushes.into()).unwrap_or(u64::MAX);
            assert_eq!(matgo.push_multiplier(), doubled);
        }
        assert_eq!(matgo.money(), [5, 5], "no one paid");
        assert_eq!(matgo.nagari_multiplier(), u64::MAX);
        let game = stopped(&matgo);
        let before = matgo.clone();
        assert_eq!(
            matgo.push(&game),
            Err(MatchError::PushLimit { limit: u8::MAX })
        );
        assert_eq!(matgo, before);
        let paid = matgo.record(&game);
        if balance_cap {
            assert_eq!(paid.map(|s| s.points), Ok(u64::MAX));
            assert_eq!(matgo.money(), [10, 0], "B pays all it has");
            assert_eq!((matgo.pushes(), matgo.push_multiplier()), (0, 1));
        } else {
            let overflow = MatchError::Overflow {
                points: u64::MAX,
                stake: u64::MAX,
            };
            assert_eq!(paid, Err(overflow));
            assert_eq!(matgo, before);
        }
    }
}

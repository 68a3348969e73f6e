//! Go and stop, settlement with every factor, nagari and the match (rules sections 5 and 6).

use crate::common;

use common::*;
use hwatu_core::settle::settle;
use hwatu_core::{Action, Baks, Decision, Event, GukjinUse, Match, Outcome, Rules, Tally};

/// Classic rules where 3 points reach go/stop, so that short deals can get there.
fn low_threshold() -> Rules {
    Rules {
        go_threshold: 3,
        ..Rules::classic()
    }
}

#[test]
fn go_is_asked_at_the_threshold_then_only_when_the_base_score_rises() {
    let mut game = game(
        low_threshold(),
        A,
        "1G 3G 8G 10P1 11G 9P1",
        "4P1 5P1 6P1 7P1 2P1",
        "1P1 3P1 8P1 11P1 12T",
        "",
    );
    let events = acts(
        &mut game,
        &["play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G"],
    );
    assert_eq!(
        events.last(),
        Some(&Event::ScoreChanged {
            player: A,
            score: 3
        })
    );
    assert_eq!(game.decision(), Some(Decision::GoStop { score: 3 }));
    assert_eq!(game.legal_actions(), [Action::Go, Action::Stop]);
    assert_eq!(
        act(&mut game, "go"),
        [
            Event::Go {
                player: A,
                count: 1
            },
            turn_ended(A, 5)
        ]
    );
    assert_eq!(game.tally(A).go_score, 3);
    acts(&mut game, &["play 6P1", "play 10P1"]);
    assert_eq!(game.to_move(), Some(B), "no new point, no question");
    acts(&mut game, &["play 7P1", "play 11G"]);
    assert_eq!(game.decision(), Some(Decision::GoStop { score: 4 }));
    let events = act(&mut game, "stop");
    assert_eq!(
        events,
        [
            Event::Stop {
                player: A,
                automatic: false
            },
            turn_ended(A, 9)
        ]
    );
    let settlement = game.settle(1).expect("over");
    assert_eq!((settlement.base, settlement.go_bonus), (4, 1));
    assert_eq!(
        settlement.baks,
        Baks {
            gwangbak: true,
            ..Baks::default()
        }
    );
    assert_eq!(settlement.points, (4 + 1) * 2);
    assert_eq!(settlement.payment(100), 1000);
}

#[test]
fn a_player_with_no_card_left_stops_automatically() {
    let mut game = game(
        low_threshold(),
        A,
        "1G 3G 8G",
        "4P1 5P1 6P1",
        "1P1 3P1 8P1 12T",
        "",
    );
    let events = acts(
        &mut game,
        &["play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G"],
    );
    assert_eq!(
        body(&events).last(),
        Some(&Event::Stop {
            player: A,
            automatic: true
        })
    );
    assert_eq!(game.outcome(), Some(Outcome::Stop { winner: A }));
}

/// A winner's pile worth exactly 7: three gwang (3) and 13 pi (4).
const SEVEN: &str = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1";
/// A loser's pile that escapes every bak: a gwang and 8 pi.
const SAFE: &str = "12G 8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2";

fn tallies(winner: Tally, loser: Tally) -> [Tally; 2] {
    [winner, loser]
}

fn settle_a(rules: Rules, winner: &str, loser: &str, tally: [Tally; 2]) -> hwatu_core::Settlement {
    settle(
        &rules,
        Outcome::Stop { winner: A },
        [s(winner), s(loser)],
        GukjinUse::Yeol,
        tally,
        1,
    )
}

#[test]
fn one_to_five_go() {
    let standard = [8, 9, 20, 44, 96];
    let tutorial = [8, 9, 14, 28, 56];
    for goes in 1..=5u8 {
        let tally = tallies(
            Tally {
                goes,
                ..Tally::default()
            },
            Tally::default(),
        );
        let points = settle_a(Rules::standard(), SEVEN, SAFE, tally).points;
        assert_eq!(
            points,
            standard[usize::from(goes) - 1],
            "standard, {goes} go"
        );
        let points = settle_a(Rules::tutorial(), SEVEN, SAFE, tally).points;
        assert_eq!(
            points,
            tutorial[usize::from(goes) - 1],
            "tutorial, {goes} go"
        );
    }
    let none = settle_a(Rules::standard(), SEVEN, SAFE, [Tally::default(); 2]);
    assert_eq!((none.base, none.points, none.baks.count()), (7, 7, 0));
}

#[test]
fn shakes_and_bombs_double_each() {
    let tally = Tally {
        shakes: 1,
        bombs: 2,
        ..Tally::default()
    };
    let settlement = settle_a(Rules::standard(), SEVEN, SAFE, [tally, Tally::default()]);
    assert_eq!(settlement.shake_multiplier, 8);
    assert_eq!(settlement.points, 56);
}

#[test]
fn meongtta_needs_seven_yeol_of_the_winner_counting_the_gukjin_as_chosen() {
    let pile = "2Y 4Y 5Y 6Y 7Y 10Y 9Y 1P1";
    let yeol = settle(
        &Rules::standard(),
        Outcome::Stop { winner: A },
        [s(pile), s(SAFE)],
        GukjinUse::Yeol,
        [Tally::default(); 2],
        1,
    );
    assert_eq!(
        yeol.baks,
        Baks {
            meongtta: true,
            ..Baks::default()
        }
    );
    assert_eq!(yeol.points, 3 * 2);
    let ssangpi = settle(
        &Rules::standard(),
        Outcome::Stop { winner: A },
        [s(pile), s(SAFE)],
        GukjinUse::Ssangpi,
        [Tally::default(); 2],
        1,
    );
    assert!(ssangpi.baks.count() == 0);
}

#[test]
fn pibak_needs_the_winners_pi_and_a_loser_with_one_to_seven() {
    let loser = |pi: &str| format!("12G {pi}");
    let cases = [
        ("1P1", Some(1)),
        ("8P1 8P2 9P1 9P2 10P1 10P2 11P1", Some(7)),
        ("8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2", None),
        ("", None),
    ];
    for (pi, pibak) in cases {
        let settlement = settle_a(Rules::standard(), SEVEN, &loser(pi), [Tally::default(); 2]);
        let expected = Baks {
            pibak: pibak.is_some(),
            ..Baks::default()
        };
        assert_eq!(settlement.baks, expected, "loser pi '{pi}'");
        if let Some(value) = pibak {
            assert_eq!(settlement.players[1].pi_value, value);
        }
    }
    // Without the exemption (the tutorial's rules) a loser with no pi is in pibak.
    let tutorial = settle_a(Rules::tutorial(), SEVEN, &loser(""), [Tally::default(); 2]);
    assert_eq!(
        tutorial.baks,
        Baks {
            pibak: true,
            ..Baks::default()
        }
    );
}

#[test]
fn gwangbak_needs_the_winners_gwang_and_a_loser_without_any() {
    let settlement = settle_a(
        Rules::standard(),
        SEVEN,
        "8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2",
        [Tally::default(); 2],
    );
    assert_eq!(
        settlement.baks,
        Baks {
            gwangbak: true,
            ..Baks::default()
        }
    );
    assert_eq!(settlement.points, 14);
}

#[test]
fn gobak_when_the_loser_had_called_go() {
    let loser = Tally {
        goes: 2,
        ..Tally::default()
    };
    let settlement = settle_a(Rules::standard(), SEVEN, SAFE, [Tally::default(), loser]);
    assert_eq!(
        settlement.baks,
        Baks {
            gobak: true,
            ..Baks::default()
        }
    );
    assert_eq!(settlement.points, 14);
}

#[test]
fn the_baks_multiply_together_with_goes_shakes_and_nagari() {
    let winner_pile = "1G 3G 8G 2Y 4Y 5Y 6Y 7Y 10Y 12Y 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2";
    let winner = Tally {
        goes: 3,
        shakes: 1,
        ..Tally::default()
    };
    let loser = Tally {
        goes: 1,
        ..Tally::default()
    };
    let settlement = settle(
        &Rules::standard(),
        Outcome::Stop { winner: A },
        [s(winner_pile), s("9P1")],
        GukjinUse::Yeol,
        [winner, loser],
        2,
    );
    // 3 gwang 3 + 7 yeol 3 + 10 pi 1 = 7; 3 go: (7 + 3) x 2; shake x2; four baks x16; nagari x2.
    assert_eq!(settlement.base, 7);
    assert_eq!(settlement.baks.count(), 4);
    assert_eq!(settlement.points, (7 + 3) * 2 * 2 * 16 * 2);
    let text = settlement.to_string();
    for word in [
        "meongtta",
        "pibak",
        "gwangbak",
        "gobak",
        "3 go",
        "after nagari",
        "final: 1280",
    ] {
        assert!(text.contains(word), "{word} in:\n{text}");
    }
}

/// The match's next game, short, ending in nagari.
fn nagari_game(matgo: &Match, first: hwatu_core::Player) -> hwatu_core::Game {
    let mut game = match_game(matgo, first, "5P1", "6P1", "12T", "");
    let order = if first == A {
        ["play 5P1", "play 6P1"]
    } else {
        ["play 6P1", "play 5P1"]
    };
    let events = acts(&mut game, &order);
    assert_eq!(body(&events).last(), Some(&Event::Nagari));
    game
}

/// The match's next game, a chongtong of month 1 that `winner` leads, over at the deal.
fn chongtong_game(matgo: &Match, winner: hwatu_core::Player) -> hwatu_core::Game {
    let mut hands = ["1G 1T 1P1 1P2", "2P1"];
    if winner == B {
        hands.reverse();
    }
    let [a, b] = hands;
    let game = match_game(matgo, winner, a, b, "3P1", "4P1");
    assert!(game.is_over());
    game
}

/// The match's next game, won by A with 3 gwang (3 points under the low threshold) against
/// a loser without gwang.
fn gwang_win(matgo: &Match) -> hwatu_core::Game {
    let mut won = match_game(matgo, A, "1G 3G 8G", "4P1 5P1 6P1", "1P1 3P1 8P1 12T", "");
    acts(
        &mut won,
        &["play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G"],
    );
    won
}

#[test]
fn a_match_can_start_after_nagari_games_with_any_money() {
    let mut matgo = Match::new(low_threshold(), B, 10, 0)
        .with_money([500, -500])
        .after_nagari(2);
    assert_eq!((matgo.nagari_multiplier(), matgo.next_first()), (4, B));
    let settlement = matgo.record(&gwang_win(&matgo)).expect("over");
    // 3 gwang, gwangbak x2, after two nagari x4.
    assert_eq!(settlement.points, 3 * 2 * 4);
    assert_eq!(matgo.money(), [500 + 240, -500 - 240]);
    assert_eq!(matgo.nagari_multiplier(), 1);
}

#[test]
fn nagari_doubles_the_next_result_cumulatively_and_the_same_player_leads() {
    let rules = low_threshold();
    let mut matgo = Match::new(rules, B, 10, 1_000);
    for expected in [2, 4] {
        let settlement = matgo.record(&nagari_game(&matgo, B)).expect("over");
        assert_eq!(settlement.points, 0);
        assert_eq!(matgo.nagari_multiplier(), expected);
        assert_eq!(matgo.next_first(), B);
        assert_eq!(matgo.money(), [1_000, 1_000]);
    }
    let settlement = matgo.record(&gwang_win(&matgo)).expect("over");
    // 3 gwang, gwangbak x2, nagari x4.
    assert_eq!(settlement.points, 3 * 2 * 4);
    assert_eq!(matgo.money(), [1_240, 760]);
    assert_eq!((matgo.leader(), matgo.next_first()), (Some(A), A));
    assert_eq!(matgo.nagari_multiplier(), 1);
    assert_eq!(matgo.games(), 3);
}

#[test]
fn the_nagari_cap_limits_the_multiplier() {
    let rules = Rules {
        nagari_cap: Some(2),
        ..Rules::classic()
    };
    let mut matgo = Match::new(rules, A, 1, 0);
    for _ in 0..3 {
        matgo.record(&nagari_game(&matgo, A)).expect("over");
    }
    assert_eq!(matgo.nagari_multiplier(), 2);
}

#[test]
fn a_match_refuses_unfinished_games_and_games_it_did_not_deal() {
    use hwatu_core::MatchError;
    let mut matgo = Match::new(Rules::classic(), A, 1, 0);
    let unfinished = match_game(&matgo, A, "5P1", "6P1", "12T", "");
    assert_eq!(matgo.record(&unfinished), Err(MatchError::NotOver));
    let mut outside = game(Rules::classic(), A, "5P1", "6P1", "12T", "");
    acts(&mut outside, &["play 5P1", "play 6P1"]);
    assert_eq!(matgo.record(&outside), Err(MatchError::NotDealtByMatch));
    let other_rules = Match::new(Rules::standard(), A, 1, 0);
    let other = nagari_game(&other_rules, A);
    assert_eq!(matgo.record(&other), Err(MatchError::NotDealtByMatch));
    let before = matgo.clone();
    assert_eq!(matgo.record(&other), Err(MatchError::NotDealtByMatch));
    assert_eq!(matgo, before);
    assert_eq!(matgo.games(), 0);
    let mut ahead = Match::new(Rules::classic(), A, 1, 0);
    ahead.record(&nagari_game(&ahead, A)).expect("over");
    let second = nagari_game(&ahead, A);
    assert_eq!(matgo.record(&second), Err(MatchError::NotDealtByMatch));
}

#[test]
fn matches_built_alike_are_equal_and_deal_interchangeable_games() {
    let mut one = Match::new(Rules::classic(), A, 1, 0);
    let mut two = Match::new(Rules::classic(), A, 1, 0);
    assert_eq!(one, two);
    let game = nagari_game(&two, A);
    assert_eq!(
        game,
        nagari_game(&one, A),
        "the same deal gives equal games"
    );
    assert_eq!(one.record(&game), two.record(&game));
    assert_eq!(one, two);
}

#[test]
fn a_match_pays_each_game_once() {
    use hwatu_core::MatchError;
    let mut matgo = Match::new(Rules::standard(), A, 1, 100);
    let chongtong = chongtong_game(&matgo, A);
    // Dealt for the same number before the first is recorded.
    let rival = nagari_game(&matgo, A);
    let settlement = matgo.record(&chongtong).expect("over");
    assert_eq!(settlement.payment(1), 10);
    assert_eq!(matgo.money(), [110, 90]);
    let after_one = matgo.clone();
    let again = MatchError::AlreadyRecorded { game: 1 };
    assert_eq!(matgo.record(&chongtong), Err(again.clone()));
    assert_eq!(matgo.record(&rival), Err(again.clone()));
    assert_eq!(matgo, after_one, "a refused record changes nothing");
    assert_eq!(
        again.to_string(),
        "game 1 of the match has already been recorded"
    );
    // The next game deals as number 2.
    let second = chongtong_game(&matgo, B);
    matgo.record(&second).expect("over");
    assert_eq!(matgo.money(), [100, 100]);
    assert_eq!(matgo.games(), 2);
}

#[test]
fn a_payment_that_does_not_fit_in_the_money_is_refused() {
    use hwatu_core::MatchError;
    let mut matgo = Match::new(Rules::standard(), A, u64::MAX, 0);
    let game = chongtong_game(&matgo, A);
    let before = matgo.clone();
    let overflow = MatchError::Overflow {
        points: 10,
        stake: u64::MAX,
    };
    assert_eq!(matgo.record(&game), Err(overflow.clone()));
    assert_eq!(matgo, before);
    assert_eq!(
        overflow.to_string(),
        format!(
            "paying 10 points at {} per point would take a player's money outside {} to {}",
            u64::MAX,
            i64::MIN,
            i64::MAX
        )
    );
    // The largest stake that fits: 10 points move i64::MAX / 10 rounded down, both ways.
    let stake = (i64::MAX / 10) as u64;
    let mut matgo = Match::new(Rules::standard(), A, stake, 0);
    let settlement = matgo.record(&chongtong_game(&matgo, A)).expect("fits");
    let paid = settlement.payment(stake) as i64;
    assert_eq!(matgo.money(), [paid, -paid]);
    // Money already near the limit: the payee would overflow.
    let mut matgo = Match::new(Rules::standard(), A, 1, i64::MAX - 5);
    let game = chongtong_game(&matgo, A);
    assert_eq!(
        matgo.record(&game),
        Err(MatchError::Overflow {
            points: 10,
            stake: 1
        })
    );
    assert_eq!(matgo.games(), 0);
    // Money already near the other limit: the payer would go below i64::MIN.
    let mut matgo = Match::new(Rules::standard(), A, 1, 0).with_money([0, i64::MIN + 5]);
    let game = chongtong_game(&matgo, A);
    let before = matgo.clone();
    let overflow = MatchError::Overflow {
        points: 10,
        stake: 1,
    };
    assert_eq!(matgo.record(&game), Err(overflow.clone()));
    assert_eq!(matgo, before);
    assert!(overflow.to_string().contains(&i64::MIN.to_string()));
}

#[test]
fn instant_payments_move_money_in_a_match_never_multiplied() {
    let rules = Rules::standard();
    let mut matgo = Match::new(rules, B, 100, 10_000);
    matgo.record(&nagari_game(&matgo, B)).expect("over");
    assert_eq!(matgo.nagari_multiplier(), 2);
    let mut game = match_game(
        &matgo,
        B,
        "2P1 7P1",
        "6Y 9P1",
        "2P2 6P1 6P2 12T",
        "6T 4P1 8P1 10P1",
    );
    act(&mut game, "play 6Y");
    assert_eq!(game.tally(B).instant_points, 7);
    while game.to_move().is_some() {
        let action = game.legal_actions()[0];
        game.apply(action).expect("legal");
    }
    let settlement = matgo.record(&game).expect("over");
    assert_eq!(settlement.instant_points(), [0, 7]);
    assert_eq!(
        settlement.nagari_multiplier, 2,
        "the game's result is doubled…"
    );
    // …but the instant payment is not: 7 x 100.
    let expected_b = 10_000
        + 700
        + if settlement.winner() == Some(B) {
            settlement.payment(100) as i64
        } else {
            0
        };
    assert_eq!(matgo.money()[1], expected_b);
}

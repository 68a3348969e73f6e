//! For each bug of the tutorial's code (rules section 9), a test that shows the rule used.

use crate::common;

use common::*;
use hwatu_core::settle::settle;
use hwatu_core::{Baks, Decision, Event, GukjinUse, Outcome, Player, Rules, Tally};

/// `robPee` looked for the taker's own plain pi in the opponent's pile. The rule: the pi is
/// taken from the opponent's pile, and the change (seed rules) from the taker's own.
#[test]
fn stealing_reads_the_opponents_pile_for_the_pi_and_the_takers_for_the_change() {
    // A has no plain pi of its own; B holds a plain pi: A takes it.
    let mut game = game(
        Rules::tutorial(),
        B,
        "5Y 9P1",
        "2P1 7P1",
        "2P2 12T",
        "4P1 5P1 8P1",
    );
    act(&mut game, "play 2P1");
    let events = act(&mut game, "play 5Y");
    assert_eq!(body(&events).last(), Some(&stolen(A, "2P1")));
    // B holds only a ssangpi and A no plain pi to give as change: nothing is taken.
    let mut game = game_with(Rules::tutorial(), "5Y 9P1", "11G 7P1", "11S 12T");
    act(&mut game, "play 11G");
    let events = act(&mut game, "play 5Y");
    assert!(events.contains(&Event::Jjok {
        player: A,
        month: 5
    }));
    assert!(!events.iter().any(|e| matches!(e, Event::PiStolen { .. })));
    assert_eq!(game.captured(B), s("11G 11S"));
}

fn game_with(rules: Rules, a: &str, b: &str, floor: &str) -> hwatu_core::Game {
    // A's jjok flips 5P1 into its own pile: use 5T instead so that A has no plain pi.
    game(rules, B, a, b, floor, "4P1 5T 8P1 10P1")
}

fn stop(winner: Player, piles: [&str; 2], tallies: [Tally; 2]) -> hwatu_core::Settlement {
    settle(
        &Rules::standard(),
        Outcome::Stop { winner },
        [s(piles[0]), s(piles[1])],
        GukjinUse::Yeol,
        tallies,
        1,
    )
}

/// The result screen computed the computer's baks from the computer's own piles and goes.
#[test]
fn baks_of_a_computer_win_read_the_loser() {
    let went = Tally {
        goes: 1,
        ..Tally::default()
    };
    // B (the computer) wins after calling go; A (the loser) never went, holds a gwang and
    // 8 pi: no bak at all.
    let winner = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1";
    let loser = "12G 8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2";
    let settlement = stop(B, [loser, winner], [Tally::default(), went]);
    assert_eq!(settlement.winner(), Some(B));
    assert!(settlement.baks.count() == 0, "{:?}", settlement.baks);
    // The loser A went: gobak.
    let settlement = stop(B, [loser, winner], [went, went]);
    assert_eq!(
        settlement.baks,
        Baks {
            gobak: true,
            ..Baks::default()
        }
    );
}

/// Pibak was `loser pi cards < 7`: off by one, counting cards, ignoring the winner's pi.
#[test]
fn pibak_counts_the_losers_pi_value_up_to_seven_and_needs_the_winners_pi() {
    let winner = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1";
    // Exactly 7 pi (7 cards): pibak, which `< 7` missed.
    let seven = stop(
        A,
        [winner, "12G 8P1 8P2 9P1 9P2 10P1 10P2 11P1"],
        [Tally::default(); 2],
    );
    assert_eq!(
        seven.baks,
        Baks {
            pibak: true,
            ..Baks::default()
        }
    );
    // 6 cards worth 8 pi (two ssangpi): no pibak, which counting cards got wrong.
    let cards = stop(
        A,
        [winner, "12G 11S 12S 8P1 8P2 9P1 9P2"],
        [Tally::default(); 2],
    );
    assert!(cards.baks.count() == 0, "{:?}", cards.baks);
    // A winner who did not score pi makes no pibak.
    let no_pi = stop(A, ["1G 3G 8G 11G 12G", "9P1 9P2"], [Tally::default(); 2]);
    assert_eq!(
        no_pi.baks,
        Baks {
            gwangbak: true,
            ..Baks::default()
        },
        "gwangbak but no pibak"
    );
}

/// Gwangbak ignored whether the winner scored gwang.
#[test]
fn gwangbak_needs_the_winner_to_have_scored_gwang() {
    let winner = "1G 3G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1 7P2 8P1";
    let loser = "9P1 9P2 10P1 10P2 11P1 11P2 12S";
    let settlement = stop(A, [winner, loser], [Tally::default(); 2]);
    assert!(!settlement.baks.gwangbak, "{:?}", settlement.baks);
}

/// Meongtta was given when the loser held 7 yeol.
#[test]
fn meongtta_reads_the_winners_yeol() {
    let yeol = "2Y 4Y 5Y 6Y 7Y 10Y 12Y";
    let winner = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1";
    let loser = format!("11G 8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2 {yeol}");
    let settlement = stop(A, [winner, &loser], [Tally::default(); 2]);
    assert!(settlement.baks.count() == 0, "{:?}", settlement.baks);
    let winner = format!("1G 3G 8G {yeol}");
    let settlement = stop(A, [&winner, "11G 9P1"], [Tally::default(); 2]);
    assert!(settlement.baks.meongtta);
}

/// Go/stop was asked again when the multiplied score rose; a shake doubles it without a new
/// base point. The rule: only when the base score rises above the score at the last go.
#[test]
fn after_a_go_a_shake_without_a_new_point_asks_nothing() {
    let rules = Rules {
        go_threshold: 3,
        ..Rules::classic()
    };
    let mut game = game(
        rules,
        A,
        "1G 3G 8G 10T 10P1 10P2 11G 9P1",
        "4P1 5P1 6P1 7P1 2P1",
        "1P1 3P1 8P1 11P1 12T",
        "",
    );
    acts(
        &mut game,
        &[
            "play 1G", "play 4P1", "play 3G", "play 5P1", "play 8G", "go", "play 6P1",
        ],
    );
    act(&mut game, "shake 10P1");
    assert_eq!(game.tally(A).shakes, 1);
    assert_eq!(game.to_move(), Some(B), "the base score did not rise");
    acts(&mut game, &["play 7P1", "play 11G"]);
    assert_eq!(game.decision(), Some(Decision::GoStop { score: 4 }));
}

/// The tutorial's `pow` returned a `short` and overflowed on long go streaks.
#[test]
fn long_go_streaks_do_not_overflow() {
    let winner = "1G 3G 8G 1P1 1P2 2P1 2P2 3P1 3P2 4P1 4P2 5P1 5P2 6P1 6P2 7P1";
    let goes = |goes| Tally {
        goes,
        ..Tally::default()
    };
    let twenty = stop(
        A,
        [winner, "12G 8P1 8P2 9P1 9P2 10P1 10P2 11P1 11P2"],
        [goes(20), Tally::default()],
    );
    assert_eq!(twenty.points, (7 + 20) << 18);
    let huge = stop(A, [winner, "12G"], [goes(200), goes(200)]);
    assert_eq!(huge.points, u64::MAX, "saturates");
    assert_eq!(huge.payment(1_000), u64::MAX);
}

/// The tutorial multiplied the results on every redraw unless a flag was set. Settlement is a
/// pure function of the final state: asking twice gives the same answer and changes nothing.
#[test]
fn settling_twice_gives_the_same_answer() {
    let game = game(Rules::standard(), A, "9P1 10P1", "4Y 4T 4P1 4P2", "12T", "");
    let before = game.clone();
    let first = game.settle(1);
    assert_eq!(first, game.settle(1));
    assert_eq!(game, before);
    assert_eq!(first.map(|s| s.points), Some(10));
}

//! What follows a hand, on hand-made outcomes; properties of whole matches played by bots.

use super::table::{Next, Table};
use super::*;
use crate::game::kyoku::{AbortiveDraw, KyokuEnd, KyokuOutcome};

const S: [Seat; 4] = Seat::ALL;

fn table(round: usize, number: u8, honba: u32, points: [i32; 4]) -> Table {
    Table {
        round,
        number,
        honba,
        sticks: 1,
        points,
        seats: 4,
    }
}

fn win(winners: &[usize], points: [i32; 4]) -> KyokuOutcome {
    outcome(
        KyokuEnd::Win {
            winners: winners.iter().map(|&i| S[i]).collect(),
        },
        points,
        0,
    )
}

fn draw(tenpai: [bool; 4], points: [i32; 4]) -> KyokuOutcome {
    let end = KyokuEnd::Ryuukyoku {
        tenpai,
        nagashi: [false; 4],
    };
    outcome(end, points, 1)
}

fn outcome(end: KyokuEnd, points: [i32; 4], riichi_sticks: u32) -> KyokuOutcome {
    KyokuOutcome {
        end,
        changes: [0; 4],
        points,
        riichi_sticks,
    }
}

fn next(from: Table, outcome: &KyokuOutcome) -> Next {
    from.after(&MatchRules::tenhou(), outcome)
}

const EVEN: [i32; 4] = [25_000; 4];

#[test]
fn a_non_dealer_win_passes_the_deal_and_resets_honba() {
    let points = [20_000, 31_000, 25_000, 24_000];
    let after = next(table(0, 0, 2, EVEN), &win(&[1], points));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(0, 1, 0, points)
        })
    );
}

#[test]
fn a_dealer_win_repeats_the_deal_with_one_more_honba() {
    let points = [31_000, 23_000, 23_000, 23_000];
    let after = next(table(0, 0, 2, EVEN), &win(&[0], points));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(0, 0, 3, points)
        })
    );
    // A double ron with the dealer among the winners repeats too.
    let after = next(table(0, 0, 0, EVEN), &win(&[2, 0], points));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(0, 0, 1, points)
        })
    );
}

#[test]
fn a_draw_adds_a_honba_and_repeats_only_with_the_dealer_tenpai() {
    let tenpai = next(
        table(0, 1, 0, EVEN),
        &draw([false, true, false, false], EVEN),
    );
    assert_eq!(tenpai, Next::Hand(table(0, 1, 1, EVEN)));
    let noten = next(
        table(0, 1, 0, EVEN),
        &draw([true, false, false, false], EVEN),
    );
    assert_eq!(noten, Next::Hand(table(0, 2, 1, EVEN)));
    let abort = outcome(KyokuEnd::Abort(AbortiveDraw::KyuushuKyuuhai), EVEN, 1);
    assert_eq!(
        next(table(0, 1, 4, EVEN), &abort),
        Next::Hand(table(0, 1, 5, EVEN))
    );
}

#[test]
fn east_4_passes_to_south_1() {
    let after = next(table(0, 3, 0, EVEN), &draw([false; 4], EVEN));
    assert_eq!(after, Next::Hand(table(1, 0, 1, EVEN)));
}

#[test]
fn a_seat_below_zero_ends_the_match_at_zero_it_plays_on() {
    let points = [-100, 25_000, 50_100, 25_000];
    let after = next(table(0, 1, 0, EVEN), &win(&[2], points));
    assert_eq!(after, Next::End(MatchEnd::Tobi));
    let points = [0, 25_000, 50_000, 25_000];
    let after = next(table(0, 1, 0, EVEN), &win(&[2], points));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(0, 2, 0, points)
        })
    );
    let rules = MatchRules {
        tobi: false,
        ..MatchRules::tenhou()
    };
    let points = [-100, 25_000, 50_100, 25_000];
    let after = table(0, 1, 0, EVEN).after(&rules, &win(&[2], points));
    assert!(matches!(after, Next::Hand(_)));
}

#[test]
fn south_4_ends_the_match_when_a_seat_has_30000_else_west_1_follows() {
    let high = [30_000, 26_000, 24_000, 20_000];
    let after = next(table(1, 3, 0, EVEN), &win(&[0], high));
    assert_eq!(after, Next::End(MatchEnd::LastHand));
    let low = [29_900, 26_100, 24_000, 20_000];
    let after = next(table(1, 3, 0, EVEN), &win(&[0], low));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(2, 0, 0, low)
        })
    );
    // Without sudden death, South 4 is the last hand whatever the points.
    let rules = MatchRules {
        sudden_death: false,
        ..MatchRules::tenhou()
    };
    let after = table(1, 3, 0, EVEN).after(&rules, &win(&[0], low));
    assert_eq!(after, Next::End(MatchEnd::LastHand));
}

#[test]
fn sudden_death_ends_after_a_hand_the_dealer_does_not_repeat_reaching_30000_or_after_west_4() {
    let high = [22_000, 22_000, 26_000, 30_000];
    // West 2, the dealer (seat 1) noten and seat 3 at 30,000: the match ends.
    let after = next(
        table(2, 1, 0, EVEN),
        &draw([false, false, false, true], high),
    );
    assert_eq!(after, Next::End(MatchEnd::SuddenDeath));
    // The dealer tenpai but not first: its next hand is played even though seat 3 has
    // 30,000 (spec section 4, "The match"), and so after an abortive draw.
    let after = next(
        table(2, 1, 0, EVEN),
        &draw([false, true, false, true], high),
    );
    assert_eq!(after, Next::Hand(table(2, 1, 1, high)));
    let abort = outcome(KyokuEnd::Abort(AbortiveDraw::SuuchaRiichi), high, 4);
    assert_eq!(
        next(table(2, 1, 0, EVEN), &abort),
        Next::Hand(Table {
            sticks: 4,
            ..table(2, 1, 1, high)
        })
    );
    let low = [22_000, 22_000, 26_000, 29_900];
    let after = next(table(2, 1, 0, EVEN), &draw([false, true, false, true], low));
    assert_eq!(after, Next::Hand(table(2, 1, 1, low)));
    let after = next(table(2, 3, 0, EVEN), &draw([false; 4], low));
    assert_eq!(after, Next::End(MatchEnd::LastHand));
    // West 4's dealer repeats as any dealer does.
    let after = next(
        table(2, 3, 0, EVEN),
        &draw([false, false, false, true], low),
    );
    assert_eq!(after, Next::Hand(table(2, 3, 1, low)));
}

#[test]
fn the_last_dealer_stops_after_a_win_only_when_first() {
    let first = [23_000, 22_000, 24_000, 31_000];
    let after = next(table(1, 3, 0, EVEN), &win(&[3], first));
    assert_eq!(after, Next::End(MatchEnd::AgariYame));
    // Tied with seat 2, the dealer (seat 3) ranks second by seat order.
    let tied = [19_000, 19_000, 31_000, 31_000];
    let after = next(table(1, 3, 0, EVEN), &win(&[3], tied));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(1, 3, 1, tied)
        })
    );
    // First without 30,000: the match could not end, so the dealer plays on.
    let short = [23_000, 24_000, 24_000, 29_000];
    let after = next(table(1, 3, 0, EVEN), &win(&[3], short));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(1, 3, 1, short)
        })
    );
    let rules = MatchRules {
        agari_yame: false,
        ..MatchRules::tenhou()
    };
    let after = table(1, 3, 0, EVEN).after(&rules, &win(&[3], first));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(1, 3, 1, first)
        })
    );
}

#[test]
fn the_last_dealer_stops_when_tenpai_and_first_only_with_tenpai_yame() {
    let first = [23_000, 22_000, 24_000, 31_000];
    let dealer_tenpai = draw([false, false, false, true], first);
    let after = next(table(1, 3, 0, EVEN), &dealer_tenpai);
    assert_eq!(after, Next::End(MatchEnd::TenpaiYame));
    // In West too.
    let after = next(table(2, 3, 0, EVEN), &dealer_tenpai);
    assert_eq!(after, Next::End(MatchEnd::TenpaiYame));
    // Without tenpai-yame, the tenpai dealer plays on.
    let rules = MatchRules {
        tenpai_yame: false,
        ..MatchRules::tenhou()
    };
    let after = table(1, 3, 0, EVEN).after(&rules, &dealer_tenpai);
    assert_eq!(after, Next::Hand(table(1, 3, 1, first)));
    // After an abortive draw the dealer plays on, first with 30,000 or not.
    let abort = outcome(KyokuEnd::Abort(AbortiveDraw::KyuushuKyuuhai), first, 1);
    assert_eq!(
        next(table(1, 3, 0, EVEN), &abort),
        Next::Hand(table(1, 3, 1, first))
    );
}

#[test]
fn tonpuusen_plays_east_then_south_in_sudden_death() {
    let rules = MatchRules {
        length: MatchLength::Tonpuusen,
        ..MatchRules::tenhou()
    };
    let high = [30_000, 26_000, 24_000, 20_000];
    let low = [29_000, 27_000, 24_000, 20_000];
    let after = table(0, 3, 0, EVEN).after(&rules, &win(&[0], high));
    assert_eq!(after, Next::End(MatchEnd::LastHand));
    let after = table(0, 3, 0, EVEN).after(&rules, &win(&[0], low));
    assert_eq!(
        after,
        Next::Hand(Table {
            sticks: 0,
            ..table(1, 0, 0, low)
        })
    );
    let after = table(1, 3, 0, EVEN).after(&rules, &win(&[0], low));
    assert_eq!(after, Next::End(MatchEnd::LastHand));
}

/// A match played by four random legal bots on walls shuffled from `seed`.
fn random_match(rules: Rules, seed: u64) -> (Match, Vec<MatchEvent>, MatchResult) {
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    let mut game = Match::new(rules).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut bots: Vec<crate::bot::RandomBot<StdRng>> = (0..4)
        .map(|i| crate::bot::RandomBot::new(StdRng::seed_from_u64(seed * 4 + i)))
        .collect();
    let mut seats: Vec<&mut dyn crate::bot::KyokuBot> = bots
        .iter_mut()
        .map(|b| b as &mut dyn crate::bot::KyokuBot)
        .collect();
    let mut walls = || TileWall::shuffled(rules.red_fives, &mut rng);
    let (events, result) = crate::bot::play_out_match(&mut game, &mut seats, &mut walls).unwrap();
    (game, events, result)
}

#[test]
fn random_bots_play_a_match_to_its_end() {
    let (game, events, result) = random_match(Rules::tenhou(), 7);
    assert!(game.is_over());
    assert_eq!(game.result(), Some(&result));
    let started = events
        .iter()
        .filter(|e| matches!(e, MatchEvent::HandStarted { .. }))
        .count();
    assert_eq!(started as u32, result.hands);
    assert_eq!(events.last(), Some(&MatchEvent::MatchEnded(result)));
    assert_eq!(result.points.iter().sum::<i32>(), 100_000);
    assert!(result.hands >= 8 || result.end == MatchEnd::Tobi);
}

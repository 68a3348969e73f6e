//! `Match::chombo`: a hand thrown out with mjai.app's mangan penalty, and where the match
//! goes on after it.

use mahjong_core::{
    Match, MatchEnd, MatchError, MatchEvent, MatchLength, MatchRules, Rules, Seat, TileWall,
    chombo_deltas,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn wall(seed: u64) -> TileWall {
    TileWall::shuffled(true, &mut StdRng::seed_from_u64(seed))
}

fn dealt(rules: Rules) -> Match {
    let mut game = Match::new(rules).unwrap();
    game.deal(wall(1)).unwrap();
    game
}

#[test]
fn the_penalty_is_a_mangan_paid_as_by_tsumo() {
    assert_eq!(
        chombo_deltas(Seat::ALL[0], Seat::ALL[0]),
        [-12_000, 4_000, 4_000, 4_000]
    );
    assert_eq!(
        chombo_deltas(Seat::ALL[1], Seat::ALL[0]),
        [4_000, -8_000, 2_000, 2_000]
    );
    assert_eq!(
        chombo_deltas(Seat::ALL[0], Seat::ALL[3]),
        [-8_000, 2_000, 2_000, 4_000]
    );
}

/// Another seat's chombo: the dealer was paid, so it deals again with one more honba.
#[test]
fn after_another_seats_chombo_the_dealer_deals_again() {
    let mut game = dealt(Rules::default());
    assert_eq!(game.chombo(Seat::ALL[2]), Ok(vec![]));
    assert!(game.needs_wall());
    assert_eq!(game.points(), [29_000, 27_000, 17_000, 27_000]);
    assert_eq!(
        (game.dealer(), game.honba(), game.hand_number()),
        (Seat::ALL[0], 1, 1)
    );
}

/// The dealer's chombo: the deal passes, honba back to 0.
#[test]
fn after_the_dealers_chombo_the_deal_passes() {
    let mut game = dealt(Rules::default());
    game.chombo(Seat::ALL[0]).unwrap();
    assert_eq!(game.points(), [13_000, 29_000, 29_000, 29_000]);
    assert_eq!(
        (game.dealer(), game.honba(), game.hand_number()),
        (Seat::ALL[1], 0, 2)
    );
    // No hand in play now: nothing to throw out.
    assert_eq!(game.chombo(Seat::ALL[1]), Err(MatchError::NeedsWall));
}

/// A chombo that leaves a seat below 0 ends the match (tobi).
#[test]
fn a_chombo_below_zero_ends_the_match() {
    let mut game = dealt(Rules::default());
    for _ in 0..3 {
        game.chombo(Seat::ALL[0]).unwrap();
        if game.is_over() {
            break;
        }
        game.deal(wall(2)).unwrap();
    }
    // 25,000 - 12,000 (as dealer) - 8,000 - 8,000 < 0.
    let result = game.result().expect("over");
    assert_eq!(result.end, MatchEnd::Tobi);
    assert_eq!(result.points, [-3_000, 37_000, 33_000, 33_000]);
    assert_eq!(game.chombo(Seat::ALL[0]), Err(MatchError::Over));
}

/// In the last hand (East 4 of a tonpuusen here) the dealer's own chombo ends the match.
#[test]
fn the_dealers_chombo_in_the_last_hand_ends_the_match() {
    let rules = Rules {
        match_rules: MatchRules {
            length: MatchLength::Tonpuusen,
            ..MatchRules::tenhou()
        },
        ..Rules::default()
    };
    let mut game = dealt(rules);
    for dealer in 0..3 {
        game.chombo(Seat::ALL[dealer]).unwrap();
        game.deal(wall(3 + dealer as u64)).unwrap();
    }
    assert_eq!(game.dealer(), Seat::ALL[3]);
    let events = game.chombo(Seat::ALL[3]).unwrap();
    assert!(
        matches!(events[..], [MatchEvent::MatchEnded(_)]),
        "{events:?}"
    );
    assert_eq!(game.result().unwrap().end, MatchEnd::LastHand);
}

//! The bots' reasoning: card counting reads the unseen cards, and bots act only on their
//! turn. Their strength is measured in `strength.rs`.

use rand::SeedableRng;
use rand::rngs::StdRng;
use twosided_poker::bot::{Bot, Counting, Equilibrium, Odds, Random};
use twosided_poker::{Action, Card, Deck, DeckKind, Match, Rules, Seat, Side};

#[test]
fn odds_count_the_unseen_cards() {
    // Hand 1: player one holds 5/8, player two 5/3. Hand 2: player one 6/1, player two 5/9.
    let cards: Vec<Card> = ["5/8", "5/3", "6/1", "5/9"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let deck = Deck::stacked(DeckKind::Standard, &cards).unwrap();
    let mut game = Match::from_decks(Rules::default(), vec![deck]).unwrap();
    let odds = Odds::new(&game.view(Seat::One));
    // Unseen cards with front 5: 5/x for x not 5 and not 8 (player one holds 5/8).
    assert_eq!(odds.opponent_back(8), 0.0);
    assert_eq!(odds.opponent_back(5), 0.0);
    assert!((odds.opponent_back(3) - 1.0 / 8.0).abs() < 1e-12);

    // Player two bets its back and loses the showdown: its 3 is shown.
    game.apply(Action::Bet {
        side: Side::Front,
        amount: 1,
    })
    .unwrap();
    game.apply(Action::Bet {
        side: Side::Back,
        amount: 1,
    })
    .unwrap();
    let view = game.view(Seat::One);
    assert_eq!(view.opponent_front(), 5);
    let odds = Odds::new(&view);
    // Now 5/3 and 5/8 are known: 7 backs remain, 9 among them.
    for back in [3, 5, 8] {
        assert_eq!(odds.opponent_back(back), 0.0, "back {back}");
    }
    assert!((odds.opponent_back(9) - 1.0 / 7.0).abs() < 1e-12);

    // Player one (6/1) against an undeclared opponent showing 5: its front wins when the
    // opponent's better face is below 6, which needs a back of 1, 2 or 4 (3 of the 7), and
    // ties on a back of 6.
    let card = view.card();
    let chances = odds.chances(card, Side::Front, None);
    assert!((chances.win - 3.0 / 7.0).abs() < 1e-12, "{chances:?}");
    assert!((chances.tie - 1.0 / 7.0).abs() < 1e-12, "{chances:?}");
    // Against a declared front 5, the 6 always wins, and both sides (low face 1) never.
    assert_eq!(odds.chances(card, Side::Front, Some(Side::Front)).win, 1.0);
    assert_eq!(odds.chances(card, Side::Both, Some(Side::Front)).win, 0.0);
}

#[test]
fn bots_act_only_on_their_turn() {
    let game = Match::new(Rules::default(), &mut StdRng::seed_from_u64(5)).unwrap();
    let waiting = game.to_move().unwrap().opponent();
    assert_eq!(Counting::new().choose(&game.view(waiting)), None);
    assert_eq!(
        Random::new(StdRng::seed_from_u64(1)).choose(&game.view(waiting)),
        None
    );
    assert_eq!(
        Equilibrium::new(StdRng::seed_from_u64(1)).choose(&game.view(waiting)),
        None
    );
}

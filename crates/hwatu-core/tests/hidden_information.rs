//! Per-seat events (rules section 2: hands and the stock are hidden): what each player may
//! know of every event, checked on games that differ only in what that player cannot see.

use crate::common;

use common::*;
use hwatu_core::bot::{Bot, RandomBot};
use hwatu_core::{Action, Card, CardSet, Deal, Event, Game, Player, Rules};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// A random deal and `steps` random actions from it (fewer if the game ends first).
fn random_prefix(rules: Rules, seed: u64, steps: usize) -> Option<(Deal, Vec<Action>)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let first = Player::BOTH[(seed % 2) as usize];
    let deal = Deal::shuffled(&rules, first, &mut rng);
    let mut game = Game::from_deal(rules, deal.clone()).ok()?;
    let mut bot = RandomBot::new(rng);
    let mut actions = Vec::new();
    for _ in 0..steps {
        let Some(player) = game.to_move() else { break };
        let action = bot.choose(&game.view(player))?;
        game.apply(action).ok()?;
        actions.push(action);
    }
    Some((deal, actions))
}

/// The deal with the cards of `unseen` moved among their places (the opponent's hand and
/// the stock), rotated by `shift`: a deal that differs only in what the viewer never sees.
fn rotate_unseen(deal: &Deal, opponent: Player, unseen: CardSet, shift: usize) -> Deal {
    let in_hand = deal.hands[opponent.index()] & unseen;
    let mut moved: Vec<Card> = in_hand.iter().collect();
    let stock_slots: Vec<usize> = (0..deal.stock.len())
        .filter(|&i| unseen.contains(deal.stock[i]))
        .collect();
    moved.extend(stock_slots.iter().map(|&i| deal.stock[i]));
    if !moved.is_empty() {
        let len = moved.len();
        moved.rotate_left(shift % len);
    }
    let mut changed = deal.clone();
    let hand = &mut changed.hands[opponent.index()];
    *hand = (*hand - in_hand) | moved[..in_hand.len()].iter().copied().collect::<CardSet>();
    for (&slot, &card) in stock_slots.iter().zip(&moved[in_hand.len()..]) {
        changed.stock[slot] = card;
    }
    changed
}

/// Every event of `actions` from `deal`, as `viewer` sees it, and `viewer`'s view after each
/// action; `None` when the deal is refused or an action is.
fn seen_stream(
    rules: Rules,
    deal: Deal,
    actions: &[Action],
    viewer: Player,
) -> Option<Vec<String>> {
    let mut game = Game::from_deal(rules, deal).ok()?;
    let mut stream = vec![format!("{:?}", game.view(viewer))];
    for &action in actions {
        let events = game.apply(action).ok()?;
        stream.extend(events.iter().map(|e| format!("{:?}", e.seen_by(viewer))));
        stream.push(format!("{:?}", game.view(viewer)));
    }
    Some(stream)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// For each player, two games that differ only in cards it never sees (the opponent's
    /// hidden hand cards, those it draws, the stock below the flips) give that player the
    /// same per-seat events and the same views, action after action.
    #[test]
    fn per_seat_events_do_not_leak_hidden_cards(
        seed in any::<u64>(), steps in 1usize..40, preset in 0usize..3, shift in 1usize..20,
    ) {
        let rules = Rules::PRESETS[preset].1;
        let Some((deal, actions)) = random_prefix(rules, seed, steps) else {
            return Ok(());
        };
        let mut after = Game::from_deal(rules, deal.clone()).expect("dealt once");
        let mut events = Vec::new();
        for &action in &actions {
            events.extend(after.apply(action).expect("replayed"));
        }
        for viewer in Player::BOTH {
            let opponent = viewer.other();
            // A shake shows every card of its month held: those months are seen.
            let shaken = events.iter().fold(CardSet::EMPTY, |set, event| match *event {
                Event::Shook { player, cards } if player == opponent => {
                    set | cards.months().fold(CardSet::EMPTY, |m, month| m | CardSet::month(month))
                }
                _ => set,
            });
            let stock: CardSet = after.stock().iter().copied().collect();
            let unseen = (after.hand(opponent) | stock) - shaken;
            let changed = rotate_unseen(&deal, opponent, unseen, shift);
            let original = seen_stream(rules, deal.clone(), &actions, viewer).expect("replayed");
            // A rotation that deals the opponent four of a month changes the game at once.
            let Ok(game) = Game::from_deal(rules, changed.clone()) else { continue };
            let start = |game: &Game| (game.outcome(), game.decision());
            if start(&game) != start(&Game::from_deal(rules, deal.clone()).expect("dealt")) {
                continue;
            }
            let other = seen_stream(rules, changed, &actions, viewer);
            prop_assert_eq!(Some(original), other);
        }
    }
}

/// The opponent sees a card drawn for a bonus card as "a card", its drawer sees the card;
/// two deals that differ only in that card look the same to the opponent.
#[test]
fn a_card_drawn_for_a_bonus_card_is_seen_only_by_its_drawer() {
    let draw = |stock: &str| {
        let mut game = game(Rules::standard(), A, "B2 5P1", "6P1 7P1", "12T 11P1", stock);
        act(&mut game, "play B2")
    };
    let with_gukjin = draw("9Y 1P1 2P1");
    let with_pi = draw("3P1 1P1 9Y");
    let drew = |card| Event::Drew {
        player: A,
        card: c(card),
    };
    assert_eq!(with_gukjin[2], drew("9Y"));
    assert_eq!(with_pi[2], drew("3P1"));
    let seen =
        |events: &[Event], viewer| events.iter().map(|e| e.seen_by(viewer)).collect::<Vec<_>>();
    assert_eq!(seen(&with_gukjin, B), seen(&with_pi, B));
    assert_eq!(seen(&with_gukjin, B)[2], Event::DrewUnseen { player: A });
    assert_eq!(seen(&with_gukjin, A), with_gukjin);
    assert_ne!(seen(&with_gukjin, A), seen(&with_pi, A));
}

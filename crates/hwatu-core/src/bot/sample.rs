//! Determinization: a whole game drawn at random among those a view allows, for the search
//! bot to play out (the hidden cards dealt again, everything shown kept).

use rand::Rng;
use rand::seq::SliceRandom;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::game::Game;
use crate::gostop::{GoStop, SeatView};
use crate::view::View;

/// The cards a view does not show: the deck of its rules less its hand, the floor, both
/// capture piles and the cards waiting for a floor-card choice. They are the opponent's hand
/// and the stock.
pub(crate) fn unseen(view: &View) -> CardSet {
    let deck = CardSet::MONTHS | view.rules.bonus_cards.cards();
    deck - view.hand - view.floor - view.captured[0] - view.captured[1] - view.awaiting_choice
}

/// A game the viewer cannot tell from the one it sees, with the unseen cards dealt at random:
/// the opponent keeps the cards it showed by shaking and gets the rest of its count, the
/// stock its count in a random order. `None` when the view asks nothing of its player or is
/// not one a game can show (counts that do not add up, a hand of more than ten cards).
///
/// A card of `unlikely` is dealt to the opponent's hand with weight `weight` (0 to 1)
/// against 1 for any other unseen card: 1 deals uniformly, 0 only when nothing else is left.
pub(crate) fn sample_game<R: Rng + ?Sized>(
    view: &View,
    unlikely: CardSet,
    weight: f64,
    rng: &mut R,
) -> Option<Game> {
    let hidden = unseen(view);
    if !hidden.contains_all(view.opponent_shown) {
        return None;
    }
    let cards = hidden - view.opponent_shown;
    let drawn = view
        .opponent_hand_len
        .checked_sub(view.opponent_shown.len())?;
    if cards.len() != drawn + view.stock_len {
        return None;
    }
    let mut order = [Card::B2; Card::COUNT];
    let order = &mut order[..cards.len()];
    for (slot, card) in order.iter_mut().zip(cards) {
        *slot = card;
    }
    order.shuffle(rng);
    if !(unlikely & cards).is_empty() && weight < 1.0 {
        deal_likely_first(order, |card| unlikely.contains(card), weight, rng);
        order[drawn..].shuffle(rng);
    }
    let (opponent, stock) = order.split_at(drawn);
    let opponent = view.opponent_shown | opponent.iter().copied().collect::<CardSet>();
    Game::from_view(view, opponent, stock)
}

/// A whole Go-Stop hand drawn uniformly among those a seat's view allows: the cards it does
/// not see dealt at random to the two other hands (each keeping the cards it showed) and the
/// stock. `None` when the view's counts allow no hand.
pub(crate) fn sample_seat_game<R: Rng + ?Sized>(view: &SeatView, rng: &mut R) -> Option<GoStop> {
    let deck = CardSet::MONTHS | view.rules.bonus_cards.cards();
    let seen = view
        .captured
        .iter()
        .fold(view.hand | view.floor | view.awaiting_choice, |s, &p| s | p);
    let shown = view
        .shown
        .iter()
        .fold(CardSet::EMPTY, |all, &cards| all | cards)
        - view.hand;
    let hidden = deck - seen;
    if !hidden.contains_all(shown) {
        return None;
    }
    let cards = hidden - shown;
    let me = view.seat.index();
    let mut order = [Card::B2; Card::COUNT];
    let order = &mut order[..cards.len()];
    for (slot, card) in order.iter_mut().zip(cards) {
        *slot = card;
    }
    order.shuffle(rng);
    let mut hands = [CardSet::EMPTY; 3];
    let mut rest: &[Card] = order;
    for (seat, hand) in hands.iter_mut().enumerate().filter(|(seat, _)| *seat != me) {
        let shown = view.shown[seat];
        let count = view.hand_lens[seat].checked_sub(shown.len())?;
        if rest.len() < count {
            return None;
        }
        let (dealt, left) = rest.split_at(count);
        *hand = shown | dealt.iter().copied().collect::<CardSet>();
        rest = left;
    }
    if rest.len() != view.stock_len {
        return None;
    }
    GoStop::from_view(view, hands, rest)
}

/// Orders `cards` (already shuffled) as a weighted draw without replacement, the first
/// cards drawn first: a card for which `unlikely` holds has weight `weight`, any other 1
/// (each card's key is `ln(u) / weight` for a uniform `u`, largest first).
fn deal_likely_first<R: Rng + ?Sized>(
    cards: &mut [Card],
    unlikely: impl Fn(Card) -> bool,
    weight: f64,
    rng: &mut R,
) {
    let mut keyed = [(0.0f64, Card::B2); Card::COUNT];
    let keyed = &mut keyed[..cards.len()];
    for (slot, &card) in keyed.iter_mut().zip(cards.iter()) {
        let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
        // A weight at or below 0 (the negative zero included, whose division would give
        // +inf) deals the card last.
        let key = if !unlikely(card) {
            u.ln()
        } else if weight > 0.0 {
            u.ln() / weight
        } else {
            f64::NEG_INFINITY
        };
        *slot = (key, card);
    }
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (slot, (_, card)) in cards.iter_mut().zip(keyed.iter()) {
        *slot = *card;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, RandomBot, TutorialBot};
    use crate::player::Player;
    use crate::rules::Rules;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// Random games stopped at every decision: each drawn game shows the viewer exactly its
    /// view, keeps every card once, and offers the same legal actions.
    #[test]
    fn drawn_games_show_the_viewer_its_view() {
        let mut rng = SmallRng::seed_from_u64(5);
        let mut checked = 0;
        for (_, rules) in Rules::PRESETS {
            for _ in 0..60 {
                let mut game = Game::new(rules, Player::A, &mut rng);
                let mut bot = RandomBot::new(SmallRng::seed_from_u64(checked));
                while let Some(player) = game.to_move() {
                    let view = game.view(player);
                    let drawn = sample_game(&view, CardSet::EMPTY, 1.0, &mut rng).expect("a game");
                    assert_eq!(drawn.view(player), view);
                    assert_eq!(drawn.all_cards(), game.all_cards());
                    assert_eq!(drawn.legal_actions(), game.legal_actions());
                    checked += 1;
                    let action = bot.choose(&view).expect("an action");
                    game.apply(action).expect("legal");
                }
            }
        }
        assert!(checked > 3000, "{checked} views checked");
    }

    /// Go-Stop hands drawn from a seat's view show the seat that view, hold the hand's cards
    /// and offer its legal actions, along random hands.
    #[test]
    fn drawn_go_stop_hands_show_the_seat_its_view() {
        let mut rng = SmallRng::seed_from_u64(6);
        let mut checked = 0;
        for _ in 0..150 {
            let rules = crate::gostop::GoStopRules::standard().rules;
            let mut hand = GoStop::new(rules, crate::seat::Seat::A, &mut rng);
            let mut bot = RandomBot::new(SmallRng::seed_from_u64(checked));
            while let Some(seat) = hand.to_move() {
                let view = hand.view(seat);
                let drawn = sample_seat_game(&view, &mut rng).expect("a hand");
                assert_eq!(drawn.view(seat), view);
                assert_eq!(drawn.all_cards(), hand.all_cards());
                assert_eq!(drawn.legal_actions(), hand.legal_actions());
                checked += 1;
                let action = bot.choose(&view).expect("an action");
                hand.apply(action).expect("legal");
            }
        }
        assert!(checked > 3000, "{checked} views checked");
    }

    /// Games of the tutorial's bot: at each of A's decisions, a drawn game with weight 0
    /// deals the opponent no card of a month it passed over while other cards are left; so
    /// does any weight at or below 0, the negative zero included (whose division once gave
    /// the unlikely cards an infinite key, dealing them first).
    #[test]
    fn weight_zero_keeps_the_passed_over_months_out_of_the_opponents_hand() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut checked = 0;
        let weights = [0.0, -0.0, -1.0, f64::NEG_INFINITY];
        for weight in weights.into_iter().cycle().take(100) {
            let mut game = Game::new(Rules::standard(), Player::A, &mut rng);
            while let Some(player) = game.to_move() {
                let view = game.view(player);
                let passed = view.passed_over[player.other().index()].whole_months();
                let others = unseen(&view) - view.opponent_shown - passed;
                if !passed.is_empty() && others.len() >= view.opponent_hand_len {
                    let drawn = sample_game(&view, passed, weight, &mut rng).expect("a game");
                    let hand = drawn.hand(player.other()) - view.opponent_shown;
                    assert!(
                        (hand & passed).is_empty(),
                        "{hand} holds a month of {passed}"
                    );
                    assert_eq!(drawn.view(player), view);
                    checked += 1;
                }
                let action = TutorialBot.choose(&view).expect("an action");
                game.apply(action).expect("legal");
            }
        }
        assert!(checked > 300, "{checked} views checked");
    }

    #[test]
    fn views_that_no_game_shows_draw_nothing() {
        let mut rng = SmallRng::seed_from_u64(1);
        let game = Game::new(Rules::standard(), Player::A, &mut rng);
        let mut view = game.view(Player::A);
        view.stock_len += 1;
        assert!(sample_game(&view, CardSet::EMPTY, 1.0, &mut rng).is_none());
        let mut view = game.view(Player::A);
        view.opponent_hand_len = 30;
        assert!(sample_game(&view, CardSet::EMPTY, 1.0, &mut rng).is_none());
        let view = game.view(Player::B);
        assert!(
            sample_game(&view, CardSet::EMPTY, 1.0, &mut rng).is_none(),
            "B is not to move"
        );
    }
}

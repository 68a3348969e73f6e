//! Determinization: a whole game drawn at random among those a view allows, for the search
//! bot to play out (the hidden cards dealt again, everything shown kept).

use rand::Rng;
use rand::seq::SliceRandom;

use crate::action::Decision;
use crate::card::Card;
use crate::card_set::CardSet;
use crate::deal::Deal;
use crate::game::{Game, Phase, Turn};
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
/// A view does not show whether the gukjin was captured in the turn under way, so a game
/// drawn while its player chooses a floor card leaves the gukjin's use as it is.
pub(crate) fn sample_game<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<Game> {
    let me = view.player;
    let decision = view.decision?;
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
    let (opponent, stock) = order.split_at(drawn);
    let mut hands = [CardSet::EMPTY; 2];
    hands[me.index()] = view.hand;
    hands[me.other().index()] = view.opponent_shown | opponent.iter().copied().collect::<CardSet>();
    let deal = Deal {
        hands,
        floor: view.floor,
        stock: stock.to_vec(),
        first: me,
    };
    let mut game = Game::from_deal(view.rules, deal).ok()?;
    restore_public_state(&mut game, view, decision)?;
    Some(game)
}

/// Sets what a fresh deal does not carry over from the view: captures, ppuk piles, shown
/// cards, tallies, the gukjin's use, the decision asked and the turn under way (the played
/// card's floor-card choice first, then the flipped card's).
fn restore_public_state(game: &mut Game, view: &View, decision: Decision) -> Option<()> {
    let me = view.player;
    game.captured = view.captured;
    game.piles = view.piles.map(months_mask);
    game.revealed = [CardSet::EMPTY; 2];
    game.revealed[me.other().index()] = view.opponent_shown;
    game.tallies = view.tallies;
    game.gukjin = view.gukjin;
    game.dealt_bonus = CardSet::EMPTY;
    game.deal_end = None;
    game.outcome = None;
    let mid_turn = Turn {
        begun: true,
        piles_before: view.captured,
        gukjin_before: view.gukjin,
        three_ppuk: view.tallies[me.index()].ppuks >= 3,
        ..Turn::default()
    };
    (game.phase, game.turn) = match decision {
        Decision::Play => (Phase::Play(me), Turn::default()),
        Decision::GoStop { .. } => (Phase::GoStop(me), Turn::default()),
        Decision::Choose { card, options } => {
            let flipped = (view.awaiting_choice - CardSet::single(card)).first();
            if !view.awaiting_choice.contains(card) || view.awaiting_choice.len() > 2 {
                return None;
            }
            let turn = Turn {
                hand_pair: Some((card, options)),
                flip_pair: flipped.map(|f| (f, view.floor.same_month(f))),
                ..mid_turn
            };
            (Phase::Choose(me), turn)
        }
        Decision::Gukjin => (
            Phase::Gukjin(me),
            Turn {
                took_gukjin: true,
                ..mid_turn
            },
        ),
    };
    Some(())
}

/// The months of a set of cards as a pile mask (bit 0 for month 1).
fn months_mask(cards: CardSet) -> u16 {
    cards.months().fold(0, |mask, m| mask | 1 << (m - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, RandomBot};
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
                    let drawn = sample_game(&view, &mut rng).expect("a game");
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

    #[test]
    fn views_that_no_game_shows_draw_nothing() {
        let mut rng = SmallRng::seed_from_u64(1);
        let game = Game::new(Rules::standard(), Player::A, &mut rng);
        let mut view = game.view(Player::A);
        view.stock_len += 1;
        assert!(sample_game(&view, &mut rng).is_none());
        let mut view = game.view(Player::A);
        view.opponent_hand_len = 30;
        assert!(sample_game(&view, &mut rng).is_none());
        let view = game.view(Player::B);
        assert!(sample_game(&view, &mut rng).is_none(), "B is not to move");
    }
}

//! What the opponent's plays tell of its hand, under the search bot's opponent model.

use crate::card_set::CardSet;
use crate::view::View;

use super::search::OpponentModel;
use super::usefulness;

/// The cards an opponent playing as `model` would not hold now, by the plays `view` shows:
/// both models capture whenever they can, so a player that played a card matching nothing
/// (or took a flip-only turn holding cards) held no card of the months on the floor then
/// ([`View::passed_over`]) and no bonus card; the tutorial's bot gives away its least useful
/// card, so it held none it would have given away before any card it discarded
/// ([`View::discarded`]). A hand only shrinks, but for a card drawn for a bonus card, so what
/// was true of it then is true now.
pub(crate) fn unlikely_cards(view: &View, model: OpponentModel) -> CardSet {
    let opponent = view.opponent().index();
    let passed = view.passed_over[opponent];
    let discarded = view.discarded[opponent];
    if passed.is_empty() && discarded.is_empty() {
        return CardSet::EMPTY;
    }
    let mut unlikely = passed.whole_months() | CardSet::BONUS;
    let last_discard = discarded.iter().map(|c| (usefulness(c), c)).max();
    if let (OpponentModel::Tutorial, Some(last)) = (model, last_discard) {
        let before = CardSet::MONTHS
            .iter()
            .filter(|&c| (usefulness(c), c) < last);
        unlikely |= before.collect::<CardSet>();
    }
    unlikely
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, TutorialBot};
    use crate::game::Game;
    use crate::player::Player;
    use crate::rules::Rules;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// In games of the tutorial's bot, its hand never holds a card the inference rules out,
    /// but for cards drawn for a bonus card; the greedy model rules out fewer cards.
    #[test]
    fn the_tutorial_bots_hand_is_never_ruled_out() {
        let mut rng = SmallRng::seed_from_u64(4);
        let (mut checked, mut ruled_out) = (0, 0);
        for _ in 0..200 {
            let mut game = Game::new(Rules::classic(), Player::A, &mut rng);
            while let Some(player) = game.to_move() {
                let view = game.view(player);
                let tutorial = unlikely_cards(&view, OpponentModel::Tutorial);
                let greedy = unlikely_cards(&view, OpponentModel::Greedy);
                assert!(tutorial.contains_all(greedy));
                assert!((game.hand(player.other()) & tutorial).is_empty());
                checked += 1;
                ruled_out += tutorial.len();
                let action = TutorialBot.choose(&view).expect("an action");
                game.apply(action).expect("legal");
            }
        }
        assert!(
            ruled_out > 10 * checked,
            "{ruled_out} cards over {checked} views"
        );
    }
}

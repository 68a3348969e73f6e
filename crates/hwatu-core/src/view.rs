//! What one player may see of a game (conventions: hidden information).

use crate::action::{self, ActionList, Decision, LegalSet};
use crate::card::GukjinUse;
use crate::card_set::CardSet;
use crate::event::Outcome;
use crate::game::{Game, Tally};
use crate::player::Player;
use crate::rules::Rules;
use crate::score::Score;

/// One player's view of a game: its own hand, everything face up, and counts of the rest.
/// It never holds the opponent's hand (only the cards it showed by shaking) nor the stock
/// order. Per-player arrays are indexed by [`Player::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view this is.
    pub player: Player,
    /// The rules of the game.
    pub rules: Rules,
    /// The player to move, `None` once the game is over.
    pub to_move: Option<Player>,
    /// What this player must decide, when it is to move.
    pub decision: Option<Decision>,
    /// This player's hand.
    pub hand: CardSet,
    /// The number of cards in the opponent's hand.
    pub opponent_hand_len: usize,
    /// Cards the opponent showed by shaking that are still in its hand.
    pub opponent_shown: CardSet,
    /// The face-up floor.
    pub floor: CardSet,
    /// The played or flipped cards, face up, waiting for the mover to choose a floor card
    /// ([`Game::awaiting_choice`]).
    pub awaiting_choice: CardSet,
    /// The ppuk piles on the floor by who made them.
    pub piles: [CardSet; 2],
    /// Both capture piles.
    pub captured: [CardSet; 2],
    /// The floor cards each player passed over: the union of the floors on which it played a
    /// month card from its hand that matched none of them, or took a flip-only turn holding
    /// cards. A player who captures whenever it can (as the tutorial's bot does) holds no
    /// card of these months, but for a card it drew later for a bonus card.
    pub passed_over: [CardSet; 2],
    /// The month cards each player played from its hand that matched nothing on the floor
    /// (the plays that filled [`View::passed_over`]), wherever they are now.
    pub discarded: [CardSet; 2],
    /// How the gukjin counts.
    pub gukjin: GukjinUse,
    /// Cards left in the stock.
    pub stock_len: usize,
    /// Both tallies (goes, shakes, bombs, ppuk, flip-only turns).
    pub tallies: [Tally; 2],
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

impl View {
    pub(crate) fn of(game: &Game, player: Player) -> View {
        let opponent = player.other().index();
        let to_move = game.to_move();
        let piles = Player::BOTH.map(|p| game.ppuk_piles(p));
        View {
            player,
            rules: game.rules,
            to_move,
            decision: game.decision().filter(|_| to_move == Some(player)),
            hand: game.hands[player.index()],
            opponent_hand_len: game.hands[opponent].len(),
            opponent_shown: game.shown(player.other()),
            floor: game.floor,
            awaiting_choice: game.awaiting_choice(),
            piles,
            captured: game.captured,
            passed_over: game.passed_over,
            discarded: game.discarded,
            gukjin: game.gukjin,
            stock_len: game.stock.len(),
            tallies: game.tallies,
            outcome: game.outcome,
        }
    }

    /// The opponent.
    pub fn opponent(&self) -> Player {
        self.player.other()
    }

    /// `player`'s capture pile.
    pub fn captured_by(&self, player: Player) -> CardSet {
        self.captured[player.index()]
    }

    /// `player`'s base score by category.
    pub fn score_of(&self, player: Player) -> Score {
        Score::of(self.captured[player.index()], self.gukjin)
    }

    /// `player`'s tally.
    pub fn tally_of(&self, player: Player) -> Tally {
        self.tallies[player.index()]
    }

    /// The actions this player may take now (the same as [`Game::legal_actions`] when it is
    /// to move); empty when it is not.
    pub fn legal_actions(&self) -> ActionList {
        self.legal_set().actions()
    }

    /// The same actions as [`View::legal_actions`], as sets (empty when the player is not
    /// to move).
    pub fn legal_set(&self) -> LegalSet {
        match self.decision {
            Some(decision) => {
                let tally = self.tallies[self.player.index()];
                let cards = (self.hand, self.floor);
                action::legal(
                    decision,
                    cards,
                    (tally.flip_credits, tally.turns),
                    &self.rules,
                )
            }
            None => LegalSet::default(),
        }
    }
}

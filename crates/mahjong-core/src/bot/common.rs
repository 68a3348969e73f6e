//! What the bots share: winning whenever they can, tsumogiri in riichi, and the riichi
//! discard that leaves the most live waits.

use crate::game::action::Action;
use crate::game::view::View;
use crate::hand::concealed::Hand;
use crate::hand::tile::{KINDS, Tile};

/// `choice` when it is one of `view.legal`, else the first legal action: a view made by hand
/// may list actions that do not fit its hand, and a bot answers with one of them anyway.
pub(crate) fn legal_or_first(view: &View, choice: Option<Action>) -> Option<Action> {
    choice
        .filter(|action| view.legal.contains(action))
        .or_else(|| view.legal.first().copied())
}

/// Ron or tsumo when legal; in riichi, the drawn tile. `None` when neither applies.
pub(crate) fn forced(view: &View) -> Option<Action> {
    let legal = &view.legal;
    if let Some(&win) = legal
        .iter()
        .find(|a| matches!(a, Action::Ron | Action::Tsumo))
    {
        return Some(win);
    }
    if view.is_riichi(view.seat) {
        return legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Discard(_)));
    }
    None
}

/// Among the riichi actions of `view.legal`, the one whose waits have the most tiles
/// `unseen`, ties by lowest index (spec section 3.1, rule 1).
pub(crate) fn best_riichi(view: &View, unseen: &[u8; KINDS]) -> Option<Action> {
    let mut best: Option<(Tile, u32)> = None;
    for &action in &view.legal {
        let Action::Riichi(tile) = action else {
            continue;
        };
        let live = live_waits(&view.hand, tile, unseen);
        if best.is_none_or(|(_, most)| live > most) {
            best = Some((tile, live));
        }
    }
    best.map(|(tile, _)| Action::Riichi(tile))
}

/// The unseen copies of the waits left by discarding `tile` from `hand`.
fn live_waits(hand: &Hand, tile: Tile, unseen: &[u8; KINDS]) -> u32 {
    let mut rest = *hand;
    if rest.remove(tile).is_err() {
        return 0;
    }
    rest.waits()
        .iter()
        .map(|wait| unseen[wait.index() as usize] as u32)
        .sum()
}

#[cfg(test)]
pub(crate) mod testing {
    //! Views built by hand, for the bots' unit tests.

    use crate::game::classroom::turn_actions;
    use crate::game::seat::Seat;
    use crate::game::view::View;
    use crate::hand::concealed::Hand;
    use crate::hand::tile::Tile;

    /// Seat 0's view on its turn with `hand` (14 tiles, MPSZ), `drawn` among them, and
    /// `others` (MPSZ) in seat 1's discards.
    pub(crate) fn turn_view(hand: &str, drawn: &str, others: &str) -> View {
        let hand: Hand = hand.parse().unwrap();
        let drawn: Tile = drawn.parse().unwrap();
        let others: Vec<Tile> = if others.is_empty() {
            Vec::new()
        } else {
            others.parse::<Hand>().unwrap().tiles().collect()
        };
        View {
            rules: crate::game::rules::Rules::classroom(),
            seat: Seat::ALL[0],
            seats: 4,
            hand,
            drawn: Some(drawn),
            discards: vec![Vec::new(), others, Vec::new(), Vec::new()],
            riichi: vec![None; 4],
            live_tiles: 60,
            turn: Some(Seat::ALL[0]),
            legal: turn_actions(&hand, drawn, false),
            outcome: None,
        }
    }
}

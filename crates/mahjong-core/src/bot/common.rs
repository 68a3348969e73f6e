//! What the bots share: winning whenever they can, tsumogiri in riichi, the riichi discard
//! that leaves the most live waits, and the discard actions of a hand of the full game.

use crate::game::classroom::action::Action;
use crate::game::classroom::view::View;
use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::hand::concealed::Hand;
use crate::hand::score::TileCopy;
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// `choice` when it is one of `legal`, else the first legal action: a view made by hand may
/// list actions that do not fit its hand, and a bot answers with one of them anyway.
pub(crate) fn legal_or_first<A: Copy + PartialEq>(legal: &[A], choice: Option<A>) -> Option<A> {
    choice
        .filter(|action| legal.contains(action))
        .or_else(|| legal.first().copied())
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
    let kinds = view.legal.iter().filter_map(|&action| match action {
        Action::Riichi(tile) => Some(tile),
        _ => None,
    });
    most_live_waits(&view.hand, kinds, unseen).map(Action::Riichi)
}

/// Of the riichi discards `kinds` of `hand`, the one leaving the most live waits (tiles
/// `unseen`), ties by the first in `kinds`.
pub(crate) fn most_live_waits(
    hand: &Hand,
    kinds: impl IntoIterator<Item = Tile>,
    unseen: &[u8; KINDS],
) -> Option<Tile> {
    let mut best: Option<(Tile, u32)> = None;
    for tile in kinds {
        let live = live_waits(hand, tile, unseen);
        if best.is_none_or(|(_, most)| live > most) {
            best = Some((tile, live));
        }
    }
    best.map(|(tile, _)| tile)
}

/// The unseen copies of the waits left by discarding `tile` from `hand`.
pub(crate) fn live_waits(hand: &Hand, tile: Tile, unseen: &[u8; KINDS]) -> u32 {
    let mut rest = *hand;
    if rest.remove(tile).is_err() {
        return 0;
    }
    rest.waits()
        .iter()
        .map(|wait| unseen[wait.index() as usize] as u32)
        .sum()
}

/// Ron or tsumo when among `view.legal`.
pub(crate) fn kyoku_win(view: &KyokuView) -> Option<KyokuAction> {
    view.legal
        .iter()
        .copied()
        .find(|a| matches!(a, KyokuAction::Ron | KyokuAction::Tsumo))
}

/// A kita (three-player riichi) when among `view.legal`: every bot sets each North aside
/// as soon as it may, a dora of its own and a tile drawn in its place.
pub(crate) fn kyoku_kita(view: &KyokuView) -> Option<KyokuAction> {
    view.legal.iter().copied().find(|&a| a == KyokuAction::Kita)
}

/// The copy a discard action of `view` throws, and whether it declares riichi; `None` for
/// the other actions (and for a tsumogiri of a view with no drawn tile).
fn thrown(view: &KyokuView, action: KyokuAction) -> Option<(TileCopy, bool)> {
    match action {
        KyokuAction::Tsumogiri => view.drawn.map(|copy| (copy, false)),
        KyokuAction::RiichiTsumogiri => view.drawn.map(|copy| (copy, true)),
        KyokuAction::Discard(copy) => Some((copy, false)),
        KyokuAction::Riichi(copy) => Some((copy, true)),
        _ => None,
    }
}

fn is_tsumogiri(action: KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::Tsumogiri | KyokuAction::RiichiTsumogiri
    )
}

/// The kinds the legal discards of `view` throw, declaring riichi or not.
pub(crate) fn discard_kinds(view: &KyokuView, riichi: bool) -> TileSet {
    let mut kinds = TileSet::EMPTY;
    for (copy, _) in view
        .legal
        .iter()
        .filter_map(|&a| thrown(view, a))
        .filter(|&(_, r)| r == riichi)
    {
        kinds.insert(copy.tile);
    }
    kinds
}

/// The legal action that discards a copy of `tile`, declaring riichi or not: a plain copy
/// before the red five (a dora), the drawn tile before one from the hand.
pub(crate) fn discard_of(view: &KyokuView, tile: Tile, riichi: bool) -> Option<KyokuAction> {
    view.legal
        .iter()
        .filter_map(|&action| Some((action, thrown(view, action)?)))
        .filter(|&(_, (copy, r))| copy.tile == tile && r == riichi)
        .min_by_key(|&(action, (copy, _))| (copy.red, !is_tsumogiri(action)))
        .map(|(action, _)| action)
}

#[cfg(test)]
pub(crate) mod testing {
    //! Views built by hand, for the bots' unit tests.

    use crate::game::classroom::game::turn_actions;
    use crate::game::classroom::view::View;
    use crate::game::kyoku::{KyokuAction, KyokuView};
    use crate::game::rules::Rules;
    use crate::game::seat::Seat;
    use crate::hand::concealed::Hand;
    use crate::hand::score::{TileCopy, Wind, parse_copies};
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

    /// Seat 0's view, dealing East 1 with nothing on the table yet, holding `hand` (MPSZ,
    /// `0` a red five) with `dora` the dora indicator; not asked anything.
    pub(crate) fn kyoku_view(hand: &str, dora: &str) -> KyokuView {
        KyokuView {
            rules: Rules::tenhou(),
            seat: Seat::ALL[0],
            dealer: Seat::ALL[0],
            round_wind: Wind::East,
            concealed: copies(hand),
            drawn: None,
            offered: None,
            melds: Default::default(),
            discards: Default::default(),
            riichi: [false; 4],
            kita: [0; 4],
            dora_indicators: copies(dora),
            points: [25_000; 4],
            honba: 0,
            riichi_sticks: 0,
            live_tiles: 60,
            legal: Vec::new(),
            outcome: None,
        }
    }

    /// [`kyoku_view`] on seat 0's turn, `drawn` among the 14 tiles of `hand`, with the
    /// actions the rules allow a closed hand: tsumo when complete, tsumogiri, the discard of
    /// each other copy, and riichi with each discard that leaves it tenpai.
    pub(crate) fn kyoku_turn(hand: &str, drawn: &str) -> KyokuView {
        let mut view = kyoku_view(hand, "1z");
        let drawn: TileCopy = drawn.parse().unwrap();
        view.drawn = Some(drawn);
        let mut rest = view.concealed.clone();
        rest.remove(rest.iter().position(|&c| c == drawn).unwrap());
        let tiles = Hand::from_tiles(view.concealed.iter().map(|c| c.tile)).unwrap();
        if tiles.is_agari() {
            view.legal.push(KyokuAction::Tsumo);
        }
        view.legal.push(KyokuAction::Tsumogiri);
        view.legal
            .extend(rest.iter().map(|&c| KyokuAction::Discard(c)));
        let riichi = tiles.riichi_discards();
        if riichi.waits_after(drawn.tile).is_some() {
            view.legal.push(KyokuAction::RiichiTsumogiri);
        }
        let tenpai = rest.iter().filter(|c| riichi.waits_after(c.tile).is_some());
        view.legal.extend(tenpai.map(|&c| KyokuAction::Riichi(c)));
        view
    }

    /// [`kyoku_view`] asked about `offered` (discarded by seat 3, the previous seat), with
    /// `legal` (actions as text: `pon 55z`, `pass`).
    pub(crate) fn kyoku_claim(hand: &str, offered: &str, legal: &[&str]) -> KyokuView {
        let mut view = kyoku_view(hand, "1z");
        view.offered = Some(offered.parse().unwrap());
        view.legal = legal.iter().map(|a| a.parse().unwrap()).collect();
        view
    }

    /// Physical tiles in MPSZ, `0` for a red five.
    pub(crate) fn copies(text: &str) -> Vec<TileCopy> {
        parse_copies(text).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::kyoku_view;
    use super::*;

    #[test]
    fn a_discard_throws_a_plain_copy_before_the_red_five_and_the_drawn_tile_first() {
        let mut view = kyoku_view("123m456m789m05s5s1z", "1z");
        view.drawn = Some("5s".parse().unwrap());
        let red: TileCopy = "0s".parse().unwrap();
        let five: TileCopy = "5s".parse().unwrap();
        view.legal = vec![
            KyokuAction::Discard(red),
            KyokuAction::Discard(five),
            KyokuAction::Tsumogiri,
            KyokuAction::Riichi(red),
        ];
        let tile = five.tile;
        assert_eq!(discard_of(&view, tile, false), Some(KyokuAction::Tsumogiri));
        assert_eq!(
            discard_of(&view, tile, true),
            Some(KyokuAction::Riichi(red))
        );
        view.legal.remove(2);
        assert_eq!(
            discard_of(&view, tile, false),
            Some(KyokuAction::Discard(five))
        );
        assert_eq!(discard_kinds(&view, false), "5s".parse().unwrap());
        assert_eq!(discard_of(&view, "1z".parse().unwrap(), false), None);
    }
}

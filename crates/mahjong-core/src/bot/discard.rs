//! The efficiency bot's discard in a hand of the full game ([spec](crate::spec) section 4):
//! tile efficiency (shanten, then ukeire over the live tiles), folding against a riichi
//! when far from tenpai, and riichi when tenpai with live waits and enough of the wall
//! left.

use std::cmp::Reverse;

use crate::bot::common::{discard_kinds, discard_of};
use crate::bot::defence::Threats;
use crate::bot::efficiency::after_discard;
use crate::bot::seen::Seen;
use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// Against a riichi, a hand this far from tenpai (or farther) folds: it throws the safest
/// tile instead of the most efficient.
pub(crate) const FOLD_SHANTEN: i8 = 2;
/// Riichi wants at least this many live copies of its waits...
pub(crate) const RIICHI_LIVE_WAITS: u32 = 2;
/// ...and at least this many live tiles left in the wall (about two more own draws).
pub(crate) const RIICHI_LIVE_TILES: usize = 8;

/// The discard (with riichi when sensible) of the efficiency bot on its turn; `None` when
/// `view.legal` has no discard.
pub(crate) fn choose_discard(
    view: &KyokuView,
    seen: &Seen,
    threats: &Threats,
) -> Option<KyokuAction> {
    let kinds = discard_kinds(view, false).union(discard_kinds(view, true));
    let tile = best_discard(seen, threats, kinds)?;
    let mut rest = seen.hand;
    let tenpai = rest.remove(tile).is_ok() && rest.shanten() == 0;
    let riichi = (tenpai && riichi_is_sensible(view, seen, tile))
        .then(|| discard_of(view, tile, true))
        .flatten();
    riichi.or_else(|| discard_of(view, tile, false))
}

/// The kind to throw among `kinds`: the lowest shanten, then the most ukeire, then a
/// non-dora, a non-yakuhai, an honor or terminal, the lowest index; when another seat is
/// in riichi and even the best discard leaves the hand [`FOLD_SHANTEN`] or more from
/// tenpai, the least dangerous first.
fn best_discard(seen: &Seen, threats: &Threats, kinds: TileSet) -> Option<Tile> {
    let shanten_without = |tile: Tile| {
        let mut rest = seen.hand;
        let _ = rest.remove(tile);
        rest.shanten()
    };
    let best = kinds.iter().map(shanten_without).min()?;
    let folding = threats.any() && best >= FOLD_SHANTEN;
    let efficiency = |tile: Tile| {
        let (shanten, ukeire) = after_discard(&seen.hand, tile, &seen.unseen);
        let tie = (
            seen.dora.contains(tile),
            seen.yakuhai.contains(tile),
            !tile.is_terminal_or_honor(),
            tile,
        );
        (shanten, Reverse(ukeire), tie)
    };
    // The ukeire (the costly part) is counted only among the tiles tied on the first key.
    let tied = if folding {
        let danger = |t: Tile| threats.danger(t, &seen.unseen);
        let least = kinds.iter().map(danger).min()?;
        kinds
            .iter()
            .filter(|&t| danger(t) == least)
            .collect::<TileSet>()
    } else {
        kinds
            .iter()
            .filter(|&t| shanten_without(t) == best)
            .collect::<TileSet>()
    };
    match tied.len() {
        1 => tied.iter().next(),
        _ => tied.iter().min_by_key(|&t| efficiency(t)),
    }
}

/// Riichi with `tile` thrown: waits not furiten with at least [`RIICHI_LIVE_WAITS`] live
/// copies, and at least [`RIICHI_LIVE_TILES`] tiles left to draw.
fn riichi_is_sensible(view: &KyokuView, seen: &Seen, tile: Tile) -> bool {
    let mut rest = seen.hand;
    if rest.remove(tile).is_err() {
        return false;
    }
    let waits = rest.waits();
    let own = &view.discards[view.seat.index()];
    // Throwing a wait, or having thrown one, is furiten: riichi could only win by tsumo.
    let furiten = waits.contains(tile) || own.iter().any(|d| waits.contains(d.tile.tile));
    let live: u32 = waits
        .iter()
        .map(|w| seen.unseen[w.index() as usize] as u32)
        .sum();
    !furiten && live >= RIICHI_LIVE_WAITS && view.live_tiles >= RIICHI_LIVE_TILES
}

#[cfg(test)]
mod tests {
    use crate::bot::KyokuBot;
    use crate::bot::common::testing::{copies, kyoku_turn};
    use crate::bot::efficiency::EfficiencyBot;
    use crate::game::kyoku::{DiscardedTile, KyokuAction, KyokuView};

    fn choose(view: &KyokuView) -> KyokuAction {
        let action = EfficiencyBot.choose(view).unwrap();
        assert!(view.legal.contains(&action), "{action} is not legal");
        action
    }

    fn discard(text: &str) -> KyokuAction {
        KyokuAction::Discard(text.parse().unwrap())
    }

    /// `seat`'s pile: `tiles` (MPSZ), the first a riichi declaration when `riichi`.
    fn pile(view: &mut KyokuView, seat: usize, tiles: &str, riichi: bool) {
        view.riichi[seat] = riichi;
        view.discards[seat] = copies(tiles)
            .into_iter()
            .enumerate()
            .map(|(i, tile)| DiscardedTile {
                tile,
                tsumogiri: false,
                riichi: riichi && i == 0,
                called: false,
            })
            .collect();
    }

    #[test]
    fn declares_riichi_when_tenpai_with_live_waits() {
        // 5s or 9s leaves a tanki on the other, three copies live each: the terminal goes.
        let view = kyoku_turn("123m456m789m123p59s", "9s");
        assert_eq!(choose(&view), KyokuAction::RiichiTsumogiri);
        let view = kyoku_turn("123m456m789m123p59s", "5s");
        assert_eq!(choose(&view), KyokuAction::Riichi("9s".parse().unwrap()));
    }

    #[test]
    fn stays_dama_on_dead_waits_furiten_or_late() {
        // Waits on 5s with three seen, or on 9s with three seen: one live copy each.
        let mut dead = kyoku_turn("123m456m789m123p59s", "9s");
        pile(&mut dead, 1, "555999s", false);
        assert_eq!(choose(&dead), KyokuAction::Tsumogiri);
        // Its own 5s thrown earlier, and only 9s may go: a riichi on 5s would be furiten.
        let mut furiten = kyoku_turn("123m456m789m123p59s", "9s");
        pile(&mut furiten, 0, "5s", false);
        furiten.legal = vec![KyokuAction::Tsumogiri, KyokuAction::RiichiTsumogiri];
        assert_eq!(choose(&furiten), KyokuAction::Tsumogiri);
        // Free to choose, it throws 5s and waits on 9s: three live copies, not furiten.
        furiten = kyoku_turn("123m456m789m123p59s", "9s");
        pile(&mut furiten, 0, "5s", false);
        assert_eq!(choose(&furiten), KyokuAction::Riichi("5s".parse().unwrap()));
        let mut late = kyoku_turn("123m456m789m123p59s", "9s");
        late.live_tiles = 7;
        assert_eq!(choose(&late), KyokuAction::Tsumogiri);
    }

    #[test]
    fn keeps_the_wider_wait_and_sheds_a_guest_wind_first() {
        // 1-shanten; dropping 9s keeps 13p and 45s, dropping 1p only 45s and 9s.
        let view = kyoku_turn("123m456m789m13p459s", "9s");
        assert_eq!(choose(&view), KyokuAction::Tsumogiri);
        // Two isolated honors: the non-yakuhai North goes before the green dragon.
        let view = kyoku_turn("123m456m789m13p46z", "6z");
        assert_eq!(choose(&view), discard("4z"));
    }

    #[test]
    fn folds_against_a_riichi_when_far_from_tenpai() {
        // Five steps from tenpai: the genbutsu 5m goes before the isolated honors.
        let mut view = kyoku_turn("245m368p257s12346z", "6z");
        pile(&mut view, 1, "5m8s", true);
        assert_eq!(choose(&view), discard("5m"));
        // Without the riichi, the efficient discard: an honor.
        view.riichi[1] = false;
        assert!(
            choose(&view).to_string().ends_with('z'),
            "{}",
            choose(&view)
        );
        // With no genbutsu in hand, a suji terminal (1m: 4m thrown) before a raw middle tile.
        let mut view = kyoku_turn("158m3689p257s3344z", "9p");
        pile(&mut view, 2, "4m", true);
        assert_eq!(choose(&view), discard("1m"));
    }

    #[test]
    fn pushes_against_a_riichi_when_one_step_from_tenpai() {
        // 1-shanten: throwing the genbutsu 4m would cost a step, throwing 5z none.
        let mut view = kyoku_turn("123m456m45m78p299s5z", "5z");
        view.legal = vec![KyokuAction::Tsumogiri, discard("4m")];
        pile(&mut view, 1, "4m", true);
        assert_eq!(choose(&view), KyokuAction::Tsumogiri);
    }
}

//! The legal actions as the hand computed them before they were made fast: from scratch,
//! every seat's waits recomputed from its tiles, every riichi discard tried one by one,
//! in `Vec`s. The differential test holds [`Kyoku::legal`] to it.

use crate::game::kyoku::claims::{called_meld, chi_shapes, kuikae, takes};
use crate::game::kyoku::player::Concealed;
use crate::game::kyoku::{ClaimOn, Kyoku, KyokuAction, Phase};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::{TileCopy, Yaku};
use crate::hand::tile_set::TileSet;

/// Every action the seat to move may take, in the order of [`Kyoku::legal`].
pub(crate) fn legal_actions(kyoku: &Kyoku) -> Vec<KyokuAction> {
    match kyoku.phase {
        Phase::Over => Vec::new(),
        Phase::Turn {
            seat,
            drawn,
            rinshan,
            kuikae,
        } => turn_actions(kyoku, seat, drawn, rinshan, kuikae),
        Phase::Claims {
            from,
            tile,
            on,
            asked,
            ..
        } => {
            let mut actions = claim_options(kyoku, asked, from, tile, on);
            actions.push(KyokuAction::Pass);
            actions
        }
    }
}

fn turn_actions(
    kyoku: &Kyoku,
    seat: Seat,
    drawn: Option<TileCopy>,
    rinshan: bool,
    kuikae: TileSet,
) -> Vec<KyokuAction> {
    let player = &kyoku.players[seat.index()];
    let mut actions = Vec::new();
    if let Some(tile) = drawn {
        if kyoku.score_tsumo(seat, tile, rinshan).is_some() {
            actions.push(KyokuAction::Tsumo);
        }
        let terminals = player.tiles.hand.kinds().iter();
        if kyoku.rules.abortive_draws
            && kyoku.first_turn(seat)
            && terminals.filter(|t| t.is_terminal_or_honor()).count() >= 9
        {
            actions.push(KyokuAction::KyuushuKyuuhai);
        }
        let mut kans = crate::game::kyoku::LegalActions::default();
        kyoku.kan_actions(seat, tile, &mut kans);
        actions.extend(kans.iter());
        // Kita: three seats, a North held, a live tile for the replacement; in riichi only
        // the drawn North.
        let north = crate::hand::tile::NORTH;
        if kyoku.rules.seats == 3
            && kyoku.live_tiles() > 0
            && player.tiles.hand.contains(north)
            && (player.riichi.is_none() || tile.tile == north)
        {
            actions.push(KyokuAction::Kita);
        }
    }
    if player.riichi.is_some() {
        actions.push(KyokuAction::Tsumogiri);
        return actions;
    }
    let rest = drawn.map_or(player.tiles, |d| player.tiles.without(d));
    if drawn.is_some() {
        actions.push(KyokuAction::Tsumogiri);
    }
    actions.extend(
        rest.copies()
            .filter(|c| !kuikae.contains(c.tile))
            .map(KyokuAction::Discard),
    );
    let may_riichi = player.is_closed()
        && (kyoku.points[seat.index()] >= 1_000 || kyoku.rules.riichi_below_1000)
        && kyoku.live_tiles() >= kyoku.rules.seats
        && drawn.is_some();
    if may_riichi {
        let tenpai = |copy: TileCopy| !player.tiles.without(copy).hand.waits().is_empty();
        if drawn.is_some_and(tenpai) {
            actions.push(KyokuAction::RiichiTsumogiri);
        }
        actions.extend(
            rest.copies()
                .filter(|&c| tenpai(c))
                .map(KyokuAction::Riichi),
        );
    }
    actions
}

fn claim_options(
    kyoku: &Kyoku,
    seat: Seat,
    from: Seat,
    tile: TileCopy,
    on: ClaimOn,
) -> Vec<KyokuAction> {
    let mut options = Vec::new();
    if seat == from {
        return options;
    }
    if may_ron(kyoku, seat, tile, on) {
        options.push(KyokuAction::Ron);
    }
    let player = &kyoku.players[seat.index()];
    // After four kans by more than one seat, the next discard may only be ronned.
    let kans_per_seat = kyoku.players.each_ref().map(|p| p.kans());
    let suukaikan = kyoku.rules.abortive_draws
        && kans_per_seat.iter().sum::<usize>() == 4
        && !kans_per_seat.contains(&4);
    if on != ClaimOn::Discard || kyoku.live_tiles() == 0 || player.riichi.is_some() || suukaikan {
        return options;
    }
    let tiles = &player.tiles;
    let mut calls = Vec::new();
    for [a, b] in takes(tiles, tile.tile, 2) {
        calls.push((KyokuAction::Pon(a, b), a, b));
    }
    if kyoku.rules.seats == MAX_SEATS && from.next(MAX_SEATS) == seat {
        for (ta, tb) in chi_shapes(tile.tile) {
            for [a, _] in takes(tiles, ta, 1) {
                for [b, _] in takes(tiles, tb, 1) {
                    calls.push((KyokuAction::Chi(a, b), a, b));
                }
            }
        }
    }
    let allowed = |&(action, a, b): &(KyokuAction, TileCopy, TileCopy)| {
        called_meld(action, tile, tiles)
            .is_some_and(|meld| keeps_a_discard(tiles, a, b, kuikae(tile.tile, meld)))
    };
    options.extend(calls.iter().filter(|c| allowed(c)).map(|c| c.0));
    if tiles.hand.count(tile.tile) == 3 && kyoku.kans_in_melds() < 4 {
        options.push(KyokuAction::OpenKan);
    }
    options
}

/// Whether `seat` may ron `tile`: waiting on it (its waits computed now), not furiten, a
/// yaku; on a closed kan only by kokushi, when the rules let kokushi rob one.
fn may_ron(kyoku: &Kyoku, seat: Seat, tile: TileCopy, on: ClaimOn) -> bool {
    let player = &kyoku.players[seat.index()];
    let waits = player.tiles.hand.waits();
    if !waits.contains(tile.tile) || (kyoku.rules.furiten && player.is_furiten(waits)) {
        return false;
    }
    let last_tile = on == ClaimOn::Discard && kyoku.live_tiles() == 0;
    let chankan = on == ClaimOn::AddedKan;
    let by = crate::hand::score::WinBy::Ron;
    let Some(win) = kyoku.score_win(seat, tile, by, false, chankan, last_tile) else {
        return false;
    };
    let kokushi = win.score.han_of(Yaku::Kokushi) > 0;
    on != ClaimOn::ClosedKan || (kyoku.rules.kokushi_robs_closed_kan && kokushi)
}

/// Whether a hand of these concealed tiles, minus `a` and `b`, keeps a kind it may discard.
fn keeps_a_discard(tiles: &Concealed, a: TileCopy, b: TileCopy, forbidden: TileSet) -> bool {
    let rest = tiles.without(a).without(b);
    rest.hand.kinds().bits() & !forbidden.bits() != 0
}

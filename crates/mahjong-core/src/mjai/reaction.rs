//! A seat's action as the mjai line a bot answers with.

use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::game::seat::Seat;
use crate::hand::score::{MeldKind, TileCopy};
use crate::hand::tile::Tile;
use crate::mjai::event::MjaiEvent;
use crate::mjai::names::KYUSHUKYUHAI;
use crate::mjai::tile::MjaiTile;

/// Whether `action` declares riichi.
pub(super) fn is_riichi(action: &KyokuAction) -> bool {
    matches!(
        action,
        KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri
    )
}

/// The mjai line of `action`, one of `view.legal`: a riichi is `reach` until it has been
/// `declared`, then its `dahai`; a ron or call names `from`, the seat whose discard (or
/// kan) is offered; `None` for a pass.
pub(super) fn reaction(
    view: &KyokuView,
    action: KyokuAction,
    declared: bool,
    from: Option<Seat>,
) -> Option<MjaiEvent> {
    let actor = view.seat.index() as u8;
    let drawn = view.drawn.map(MjaiTile::from);
    let offered = view.offered.map(MjaiTile::from);
    let target = from.map_or(actor, |seat| seat.index() as u8);
    let dahai = |pai: Option<MjaiTile>, tsumogiri: bool| {
        pai.map(|pai| MjaiEvent::Dahai {
            actor,
            pai,
            tsumogiri,
        })
    };
    let call = |kind: &str, consumed: Vec<TileCopy>| {
        let consumed = consumed.into_iter().map(MjaiTile::from).collect();
        Some(MjaiEvent::call(kind, actor, target, offered?, consumed))
    };
    match action {
        KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri if !declared => {
            Some(MjaiEvent::Reach { actor })
        }
        KyokuAction::Tsumogiri | KyokuAction::RiichiTsumogiri => dahai(drawn, true),
        KyokuAction::Discard(tile) | KyokuAction::Riichi(tile) => dahai(Some(tile.into()), false),
        KyokuAction::Tsumo => Some(hora(actor, actor, drawn)),
        KyokuAction::Ron => Some(hora(actor, target, offered)),
        KyokuAction::Chi(a, b) => call("chi", vec![a, b]),
        KyokuAction::Pon(a, b) => call("pon", vec![a, b]),
        KyokuAction::OpenKan => call("daiminkan", held(view, view.offered?.tile)),
        KyokuAction::ClosedKan(tile) => Some(MjaiEvent::Ankan {
            actor,
            consumed: held(view, tile).into_iter().map(MjaiTile::from).collect(),
        }),
        KyokuAction::AddedKan(tile) => added_kan(view, actor, tile),
        KyokuAction::KyuushuKyuuhai => Some(MjaiEvent::Ryukyoku {
            actor: Some(actor),
            reason: Some(KYUSHUKYUHAI.to_string()),
            tenpais: None,
            deltas: None,
            scores: None,
        }),
        KyokuAction::Pass => None,
        KyokuAction::Kita => Some(MjaiEvent::Nukidora {
            actor,
            pai: MjaiTile::Known(TileCopy::plain(crate::hand::tile::NORTH)),
        }),
    }
}

/// A `hora` line as a bot writes it: who, from whom, on which tile.
fn hora(actor: u8, target: u8, pai: Option<MjaiTile>) -> MjaiEvent {
    MjaiEvent::Hora {
        actor,
        target,
        pai,
        uradora_markers: None,
        yakus: None,
        fu: None,
        fan: None,
        hora_points: None,
        deltas: None,
        scores: None,
    }
}

/// The copies of `tile` among the seat's concealed tiles.
fn held(view: &KyokuView, tile: Tile) -> Vec<TileCopy> {
    view.concealed
        .iter()
        .copied()
        .filter(|c| c.tile == tile)
        .collect()
}

/// The `kakan` line adding a held copy of `tile` to the seat's pon of it.
fn added_kan(view: &KyokuView, actor: u8, tile: Tile) -> Option<MjaiEvent> {
    let pon = view.melds[view.seat.index()]
        .iter()
        .find(|m| m.meld.kind() == MeldKind::Pon && m.meld.tile() == tile)?;
    let added = *held(view, tile).first()?;
    Some(MjaiEvent::Kakan {
        actor,
        pai: added.into(),
        consumed: pon.meld.copies().map(MjaiTile::from).collect(),
    })
}

//! The table of a hand as JavaScript reads it, made from mahjong-core's views
//! ([`KyokuView`]): each seat's melds, river, riichi and points, the dora indicators, and
//! the concealed tiles of the seats whose views are given.

use mahjong_core::{DiscardedTile, KyokuView, TableMeld};
use serde::Serialize;

use crate::mahjong::notation::tile_names;

/// A meld on the table (the TypeScript `MahjongMeld`).
#[derive(Serialize)]
pub(crate) struct MeldJs {
    text: String,
    kind: &'static str,
    tiles: Vec<String>,
    from: Option<usize>,
    called: Option<String>,
}

impl MeldJs {
    pub(crate) fn of(meld: &TableMeld) -> MeldJs {
        let copies: Vec<_> = meld.meld.copies().collect();
        MeldJs {
            text: meld.meld.to_string(),
            kind: meld.meld.kind().word(),
            tiles: tile_names(&copies),
            from: meld.from.map(|s| s.index()),
            called: meld.called.map(|t| t.to_string()),
        }
    }
}

/// A discard (the TypeScript `MahjongDiscard`).
#[derive(Serialize)]
struct DiscardJs {
    tile: String,
    tsumogiri: bool,
    riichi: bool,
    called: bool,
}

impl DiscardJs {
    fn of(discard: &DiscardedTile) -> DiscardJs {
        DiscardJs {
            tile: discard.tile.to_string(),
            tsumogiri: discard.tsumogiri,
            riichi: discard.riichi,
            called: discard.called,
        }
    }
}

/// One seat (the TypeScript `MahjongSeat`).
#[derive(Serialize)]
struct SeatJs {
    hand: Option<Vec<String>>,
    drawn: Option<String>,
    melds: Vec<MeldJs>,
    discards: Vec<DiscardJs>,
    riichi: bool,
    kita: u8,
    points: i32,
}

/// The table (the TypeScript `MahjongTable`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct TableJs {
    players: usize,
    dealer: usize,
    round_wind: String,
    honba: u32,
    riichi_sticks: u32,
    dora_indicators: Vec<String>,
    live_tiles: usize,
    seats: Vec<SeatJs>,
}

impl TableJs {
    /// The public table of `view`, with the concealed tiles of the seats whose `views`
    /// are given (the view's own seat's among them when it is).
    pub(crate) fn of(view: &KyokuView, views: &[&KyokuView]) -> TableJs {
        let seats = (0..view.melds.len())
            .map(|s| {
                let own = views.iter().find(|v| v.seat.index() == s);
                SeatJs {
                    hand: own.map(|v| tile_names(&v.concealed)),
                    drawn: own.and_then(|v| v.drawn).map(|t| t.to_string()),
                    melds: view.melds[s].iter().map(MeldJs::of).collect(),
                    discards: view.discards[s].iter().map(DiscardJs::of).collect(),
                    riichi: view.riichi[s],
                    kita: view.kita[s],
                    points: view.points[s],
                }
            })
            .collect();
        TableJs {
            players: view.rules.seats,
            dealer: view.dealer.index(),
            round_wind: view.round_wind.letter().to_string(),
            honba: view.honba,
            riichi_sticks: view.riichi_sticks,
            dora_indicators: tile_names(&view.dora_indicators),
            live_tiles: view.live_tiles,
            seats,
        }
    }
}

/// What one seat may know (the TypeScript `MahjongView`): its table, with its own tiles
/// only, what it is offered, its legal actions and the hand's outcome.
#[derive(Serialize)]
pub(crate) struct ViewJs<'a> {
    seat: usize,
    offered: Option<String>,
    legal: Vec<String>,
    outcome: &'a Option<mahjong_core::KyokuOutcome>,
    #[serde(flatten)]
    table: TableJs,
}

impl<'a> ViewJs<'a> {
    pub(crate) fn of(view: &'a KyokuView) -> ViewJs<'a> {
        ViewJs {
            seat: view.seat.index(),
            offered: view.offered.map(|t| t.to_string()),
            legal: view.legal.iter().map(ToString::to_string).collect(),
            outcome: &view.outcome,
            table: TableJs::of(view, &[view]),
        }
    }
}

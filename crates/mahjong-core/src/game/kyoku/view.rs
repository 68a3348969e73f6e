//! What one seat may know of a hand of the full game ([spec](crate::spec) section 4): its
//! own tiles, every meld and discard, riichi declarations, dora indicators, scores, honba,
//! sticks, tiles left and its legal actions. Never another seat's concealed tiles, the
//! wall's order, or whether another seat is being asked about a claim.

use crate::game::kyoku::event::{DiscardedTile, TableMeld};
use crate::game::kyoku::{Kyoku, KyokuAction, KyokuOutcome, Phase};
use crate::game::rules::Rules;
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::score::{TileCopy, Wind};

/// One seat's view of a hand, made by [`Kyoku::view`]. Bots choose from it alone.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KyokuView {
    /// The rules.
    pub rules: Rules,
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The dealer (East).
    pub dealer: Seat,
    /// The round wind.
    pub round_wind: Wind,
    /// The seat's concealed tiles in index order (the drawn tile included).
    pub concealed: Vec<TileCopy>,
    /// The tile just drawn, while the seat is to act on it.
    pub drawn: Option<TileCopy>,
    /// The tile offered to this seat for a claim, while it is asked.
    pub offered: Option<TileCopy>,
    /// Every seat's melds, by seat index.
    pub melds: [Vec<TableMeld>; MAX_SEATS],
    /// Every seat's discards with their tsumogiri, riichi and called marks, by seat index.
    pub discards: [Vec<DiscardedTile>; MAX_SEATS],
    /// Which seats have declared riichi.
    pub riichi: [bool; MAX_SEATS],
    /// The North tiles each seat has declared aside (kita, three-player riichi), by seat
    /// index.
    pub kita: [u8; MAX_SEATS],
    /// The dora indicators shown.
    pub dora_indicators: Vec<TileCopy>,
    /// Every seat's points.
    pub points: [i32; MAX_SEATS],
    /// Honba counters.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
    /// Live tiles left to draw.
    pub live_tiles: usize,
    /// What this seat may do now (empty when it is not asked).
    pub legal: Vec<KyokuAction>,
    /// How the hand ended, once it has.
    pub outcome: Option<KyokuOutcome>,
}

impl Kyoku {
    /// What `seat` may know now.
    pub fn view(&self, seat: Seat) -> KyokuView {
        let mut view = KyokuView {
            rules: self.rules,
            seat,
            dealer: self.start.dealer,
            round_wind: self.start.round_wind,
            concealed: Vec::new(),
            drawn: None,
            offered: None,
            melds: Default::default(),
            discards: Default::default(),
            riichi: [false; MAX_SEATS],
            kita: [0; MAX_SEATS],
            dora_indicators: Vec::new(),
            points: self.points,
            honba: self.start.honba,
            riichi_sticks: self.sticks,
            live_tiles: self.live_tiles(),
            legal: Vec::new(),
            outcome: None,
        };
        self.view_into(seat, &mut view);
        view
    }

    /// Makes `view` what `seat` may know now, equal to [`Kyoku::view`], reusing the
    /// allocations of its lists: a driver that keeps one view and refreshes it before each
    /// action allocates nothing once the lists have grown.
    pub fn view_into(&self, seat: Seat, view: &mut KyokuView) {
        let (drawn, offered) = match self.phase {
            Phase::Turn { seat: s, drawn, .. } if s == seat => (drawn, None),
            Phase::Claims { asked, tile, .. } if asked == seat => (None, Some(tile)),
            _ => (None, None),
        };
        view.rules = self.rules;
        view.seat = seat;
        view.dealer = self.start.dealer;
        view.round_wind = self.start.round_wind;
        self.players[seat.index()]
            .tiles
            .copies_into(&mut view.concealed);
        view.drawn = drawn;
        view.offered = offered;
        for (s, player) in self.players.iter().enumerate() {
            view.melds[s].clone_from(&player.melds);
            view.discards[s].clone_from(&player.discards);
            view.riichi[s] = player.riichi.is_some();
            view.kita[s] = player.kita;
        }
        view.dora_indicators.clear();
        view.dora_indicators
            .extend_from_slice(self.dora_indicators());
        view.points = self.points;
        view.honba = self.start.honba;
        view.riichi_sticks = self.sticks;
        view.live_tiles = self.live_tiles();
        view.legal.clear();
        if self.to_move() == Some(seat) {
            view.legal.extend_from_slice(self.legal());
        }
        view.outcome.clone_from(&self.outcome);
    }
}

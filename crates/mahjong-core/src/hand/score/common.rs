//! The yaku every reading of a hand shares (spec section 5): the situation, yakuhai and
//! the colors, read from bit masks of the kinds held, and the yakuman that need no reading.

use crate::hand::lanes::count8;
use crate::hand::score::evaluate::Context;
use crate::hand::score::kinds::{
    DRAGONS, EAST, GREENS, HONORS, SUIT, TERMINALS, TERMINALS_AND_HONORS, WHITE, WINDS,
};
use crate::hand::score::rules::Renhou;
use crate::hand::score::win::Riichi;
use crate::hand::score::yaku::{Yaku, YakuHan};
use crate::hand::tile::Tile;

impl Context<'_> {
    pub(super) fn seat(&self) -> Tile {
        self.win.seat_wind.tile()
    }

    pub(super) fn round(&self) -> Tile {
        self.win.round_wind.tile()
    }

    /// The yaku that do not depend on the reading: the situation, yakuhai, the colors,
    /// and the yakuman that hold in every reading.
    pub(super) fn common_yaku(&self) -> YakuHan {
        let mut yaku = YakuHan::none(self.closed);
        self.situation_yaku(&mut yaku);
        self.tile_yaku(&mut yaku);
        self.common_yakuman(&mut yaku);
        yaku
    }

    fn situation_yaku(&self, yaku: &mut YakuHan) {
        let (win, closed, tsumo) = (self.win, self.closed, self.tsumo);
        let mut add = |holds: bool, y: Yaku| yaku.add_if(holds, y);
        add(win.riichi == Riichi::Riichi, Yaku::Riichi);
        add(win.riichi == Riichi::Double, Yaku::DoubleRiichi);
        add(win.ippatsu, Yaku::Ippatsu);
        add(tsumo && closed, Yaku::MenzenTsumo);
        add(win.last_tile && tsumo, Yaku::Haitei);
        add(win.last_tile && !tsumo, Yaku::Houtei);
        add(win.rinshan, Yaku::Rinshan);
        add(win.chankan, Yaku::Chankan);
        if self.is_renhou() && self.rules.renhou == Renhou::Mangan {
            yaku.add_renhou_mangan();
        }
    }

    fn is_renhou(&self) -> bool {
        self.win.first_turn && !self.tsumo && !self.win.is_dealer()
    }

    /// Yaku read from the tiles alone: tanyao, yakuhai, shousangen, sankantsu, honroutou,
    /// honitsu, chinitsu.
    fn tile_yaku(&self, yaku: &mut YakuHan) {
        let tanyao = self.only(!TERMINALS_AND_HONORS) && (self.closed || self.rules.open_tanyao);
        yaku.add_if(tanyao, Yaku::Tanyao);
        let dragons = [Yaku::YakuhaiHaku, Yaku::YakuhaiHatsu, Yaku::YakuhaiChun];
        for (i, y) in dragons.into_iter().enumerate() {
            yaku.add_if(self.triplets >> (WHITE + i) & 1 == 1, y);
        }
        let triplet = |tile: Tile| self.triplets >> tile.index() & 1 == 1;
        yaku.add_if(triplet(self.seat()), Yaku::YakuhaiSeatWind);
        yaku.add_if(triplet(self.round()), Yaku::YakuhaiRoundWind);
        let shousangen = count8(self.triplets >> WHITE) == 2 && self.pairs & DRAGONS != 0;
        yaku.add_if(shousangen, Yaku::Shousangen);
        yaku.add_if(self.kans == 3, Yaku::Sankantsu);
        yaku.add_if(self.only(TERMINALS_AND_HONORS), Yaku::Honroutou);
        let suits = (0..3).filter(|&s| self.held & SUIT << (9 * s) != 0).count();
        let honors = self.held & HONORS != 0;
        yaku.add_if(suits == 1 && honors, Yaku::Honitsu);
        yaku.add_if(suits == 1 && !honors, Yaku::Chinitsu);
    }

    /// The yakuman every reading has: tenhou, chiihou, renhou (under its rule), daisangen,
    /// the winds, tsuuiisou, chinroutou, ryuuiisou, chuuren, suukantsu.
    fn common_yakuman(&self, yaku: &mut YakuHan) {
        let double = self.rules.double_yakuman;
        let (first, dealer) = (self.win.first_turn, self.win.is_dealer());
        let wind_sets = count8((self.triplets & WINDS) >> EAST);
        let mut set = |holds: bool, y: Yaku| yaku.add_yakuman(holds, y, false);
        set(first && self.tsumo && dealer, Yaku::Tenhou);
        set(first && self.tsumo && !dealer, Yaku::Chiihou);
        let renhou = self.is_renhou() && self.rules.renhou == Renhou::Yakuman;
        set(renhou, Yaku::Renhou);
        set(self.triplets & DRAGONS == DRAGONS, Yaku::Daisangen);
        let shousuushii = wind_sets == 3 && self.pairs & WINDS != 0;
        set(shousuushii, Yaku::Shousuushii);
        set(self.only(HONORS), Yaku::Tsuuiisou);
        set(self.only(TERMINALS), Yaku::Chinroutou);
        set(self.only(GREENS), Yaku::Ryuuiisou);
        set(self.kans == 4, Yaku::Suukantsu);
        yaku.add_yakuman(wind_sets == 4, Yaku::Daisuushii, double);
        if let Some(pure) = self.chuuren() {
            yaku.add_yakuman(true, Yaku::Chuuren, pure && double);
        }
    }

    /// `Some(pure)` for chuuren: no meld at all, one suit `1112345678999` and one more;
    /// pure (junsei) when the winning tile was the extra one (the nine-sided wait).
    fn chuuren(&self) -> Option<bool> {
        if !self.win.melds.is_empty() {
            return None;
        }
        // Without melds every tile is concealed: one suit and nothing else.
        let suit = (0..3).find(|&s| self.only(SUIT << (9 * s)))?;
        let counts = &self.win.concealed.counts()[suit * 9..suit * 9 + 9];
        let base = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        if counts.iter().zip(base).any(|(&c, b)| c < b) {
            return None;
        }
        let extra = counts.iter().zip(base).position(|(&c, b)| c > b)?;
        Some(suit * 9 + extra == self.win.winning_tile.tile.index() as usize)
    }

    /// Whether every kind held is in `kinds` (a bit per kind).
    pub(super) fn only(&self, kinds: u64) -> bool {
        self.held & !kinds == 0
    }
}

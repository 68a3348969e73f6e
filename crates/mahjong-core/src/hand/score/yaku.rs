//! The yaku and yakuman (spec section 5), by their romaji names.

use std::fmt;

/// A yaku or yakuman, by its romaji name, in the order scores list them (yakuman first,
/// then the situation, then the shape, as the shared test data orders them). `Display`
/// writes [`Yaku::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Yaku {
    /// Tenhou: the dealer wins on its dealt hand (yakuman).
    Tenhou,
    /// Chiihou: a non-dealer wins by tsumo on its first draw, no call made (yakuman).
    Chiihou,
    /// Renhou: a non-dealer wins by ron before its first draw (only under
    /// [`Renhou`](crate::score::Renhou) other than `Off`).
    Renhou,
    /// Kokushi musou, thirteen orphans: one of each terminal and honor and a pair of one
    /// (yakuman).
    Kokushi,
    /// Suuankou, four concealed triplets (yakuman).
    Suuankou,
    /// Daisangen, big three dragons: three dragon triplets (yakuman).
    Daisangen,
    /// Shousuushii, little four winds: three wind triplets and a wind pair (yakuman).
    Shousuushii,
    /// Daisuushii, big four winds: four wind triplets (yakuman).
    Daisuushii,
    /// Tsuuiisou, all honors (yakuman).
    Tsuuiisou,
    /// Chinroutou, all terminals (yakuman).
    Chinroutou,
    /// Ryuuiisou, all green: only 2, 3, 4, 6, 8 sou and green dragons (yakuman).
    Ryuuiisou,
    /// Chuuren poutou, nine gates: 1112345678999 of one suit and one more, closed (yakuman).
    Chuuren,
    /// Suukantsu, four kans (yakuman).
    Suukantsu,
    /// Riichi: a closed hand declared ready (1 han, closed only).
    Riichi,
    /// Double riichi: riichi on the first uninterrupted turn (2 han, closed only).
    DoubleRiichi,
    /// Ippatsu: a win within one go-around after riichi, no call in between (1 han).
    Ippatsu,
    /// Menzen tsumo: a closed hand wins on its own draw (1 han, closed only).
    MenzenTsumo,
    /// Haitei raoyue: tsumo on the last tile of the live wall (1 han).
    Haitei,
    /// Houtei raoyui: ron on the last discard (1 han).
    Houtei,
    /// Rinshan kaihou: tsumo on the replacement tile of a kan (1 han).
    Rinshan,
    /// Chankan: ron on a tile added to a kan (1 han).
    Chankan,
    /// Pinfu: closed, four sequences, a pair that is not yakuhai, a two-sided wait (1 han,
    /// closed only).
    Pinfu,
    /// Tanyao, all simples: no terminal or honor (1 han; open only under
    /// [`ScoringRules::open_tanyao`](crate::score::ScoringRules::open_tanyao)).
    Tanyao,
    /// Iipeikou: two identical sequences (1 han, closed only).
    Iipeikou,
    /// Yakuhai: a triplet of white dragons, haku (1 han).
    YakuhaiHaku,
    /// Yakuhai: a triplet of green dragons, hatsu (1 han).
    YakuhaiHatsu,
    /// Yakuhai: a triplet of red dragons, chun (1 han).
    YakuhaiChun,
    /// Yakuhai: a triplet of the seat wind (1 han).
    YakuhaiSeatWind,
    /// Yakuhai: a triplet of the round wind (1 han; with the seat wind, a double wind
    /// counts both).
    YakuhaiRoundWind,
    /// Chiitoitsu, seven pairs (2 han, closed only, 25 fu).
    Chiitoitsu,
    /// Chanta: every set and the pair hold a terminal or honor, with a sequence (2 han, 1
    /// open).
    Chanta,
    /// Ittsu, pure straight: 123, 456, 789 of one suit (2 han, 1 open).
    Ittsu,
    /// Sanshoku doujun: the same sequence in the three suits (2 han, 1 open).
    Sanshoku,
    /// Sanshoku doukou: the same triplet in the three suits (2 han).
    SanshokuDoukou,
    /// Toitoi: four triplets (2 han).
    Toitoi,
    /// Sanankou: three concealed triplets (2 han).
    Sanankou,
    /// Sankantsu: three kans (2 han).
    Sankantsu,
    /// Shousangen, little three dragons: two dragon triplets and a dragon pair (2 han).
    Shousangen,
    /// Honroutou: only terminals and honors (2 han).
    Honroutou,
    /// Honitsu, half flush: one suit and honors (3 han, 2 open).
    Honitsu,
    /// Junchan: every set and the pair hold a terminal, no honor, with a sequence (3 han,
    /// 2 open).
    Junchan,
    /// Ryanpeikou: two pairs of identical sequences (3 han, closed only).
    Ryanpeikou,
    /// Chinitsu, full flush: one suit, no honors (6 han, 5 open).
    Chinitsu,
}

/// The han of one yakuman in a score's han count.
pub(crate) const YAKUMAN_HAN: u8 = 13;

/// The number of [`Yaku`].
pub(crate) const YAKU_COUNT: usize = Yaku::Chinitsu as usize + 1;

/// Declares [`Yaku::ALL`] and [`Yaku::name`] from one list of the variants, in order, with
/// their names.
macro_rules! yaku_names {
    ($($variant:ident => $name:literal,)*) => {
        impl Yaku {
            /// Every yaku in list order.
            pub const ALL: [Yaku; YAKU_COUNT] = [$(Yaku::$variant),*];

            /// The romaji name in snake case, as the shared test data writes it: `riichi`,
            /// `yakuhai_haku`, `sanshoku_doukou`, `kokushi`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Yaku::$variant => $name,)*
                }
            }
        }
    };
}

yaku_names! {
    Tenhou => "tenhou",
    Chiihou => "chiihou",
    Renhou => "renhou",
    Kokushi => "kokushi",
    Suuankou => "suuankou",
    Daisangen => "daisangen",
    Shousuushii => "shousuushii",
    Daisuushii => "daisuushii",
    Tsuuiisou => "tsuuiisou",
    Chinroutou => "chinroutou",
    Ryuuiisou => "ryuuiisou",
    Chuuren => "chuuren",
    Suukantsu => "suukantsu",
    Riichi => "riichi",
    DoubleRiichi => "double_riichi",
    Ippatsu => "ippatsu",
    MenzenTsumo => "menzen_tsumo",
    Haitei => "haitei",
    Houtei => "houtei",
    Rinshan => "rinshan",
    Chankan => "chankan",
    Pinfu => "pinfu",
    Tanyao => "tanyao",
    Iipeikou => "iipeikou",
    YakuhaiHaku => "yakuhai_haku",
    YakuhaiHatsu => "yakuhai_hatsu",
    YakuhaiChun => "yakuhai_chun",
    YakuhaiSeatWind => "yakuhai_seat_wind",
    YakuhaiRoundWind => "yakuhai_round_wind",
    Chiitoitsu => "chiitoitsu",
    Chanta => "chanta",
    Ittsu => "ittsu",
    Sanshoku => "sanshoku",
    SanshokuDoukou => "sanshoku_doukou",
    Toitoi => "toitoi",
    Sanankou => "sanankou",
    Sankantsu => "sankantsu",
    Shousangen => "shousangen",
    Honroutou => "honroutou",
    Honitsu => "honitsu",
    Junchan => "junchan",
    Ryanpeikou => "ryanpeikou",
    Chinitsu => "chinitsu",
}

impl Yaku {
    /// Whether it is a yakuman (worth one limit hand; 13 han in a score's han count).
    /// Renhou is one only under [`Renhou::Yakuman`](crate::score::Renhou::Yakuman).
    pub const fn is_yakuman(self) -> bool {
        (self as usize) <= Yaku::Suukantsu as usize
    }

    /// Its han in a closed hand and in an open one (`None` when it needs a closed hand);
    /// 13 for a yakuman. Renhou and open tanyao depend on the rules: this gives renhou as a
    /// yakuman and tanyao as open-allowed, the common values.
    pub const fn han(self) -> (u8, Option<u8>) {
        use Yaku::*;
        match self {
            Kokushi | Suuankou | Chuuren | Tenhou | Chiihou | Renhou => (13, None),
            y if y.is_yakuman() => (13, Some(13)),
            Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou => (1, None),
            DoubleRiichi | Chiitoitsu => (2, None),
            Ryanpeikou => (3, None),
            Chanta | Ittsu | Sanshoku => (2, Some(1)),
            SanshokuDoukou | Toitoi | Sanankou | Sankantsu | Shousangen | Honroutou => (2, Some(2)),
            Honitsu | Junchan => (3, Some(2)),
            Chinitsu => (6, Some(5)),
            _ => (1, Some(1)),
        }
    }
}

impl fmt::Display for Yaku {
    /// The romaji name, [`Yaku::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The han of each yaku a hand has, indexed by [`Yaku`] (0 = not present), with their sum
/// and the sum of the yakuman among them kept as they change, so that a reading's han is
/// one load rather than a sum over every yaku.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct YakuHan {
    han: [u8; YAKU_COUNT],
    /// The sum of `han`.
    total: u16,
    /// The sum of the han of 13 or more (the yakuman).
    yakuman: u16,
}

impl YakuHan {
    /// No yaku.
    pub(crate) const NONE: YakuHan = YakuHan {
        han: [0; YAKU_COUNT],
        total: 0,
        yakuman: 0,
    };

    /// Gives `yaku` `han` han (replacing what it had).
    #[inline]
    pub(crate) fn set(&mut self, yaku: Yaku, han: u8) {
        let old = std::mem::replace(&mut self.han[yaku as usize], han);
        let yakuman = |han: u8| {
            if han >= YAKUMAN_HAN {
                u16::from(han)
            } else {
                0
            }
        };
        self.total = self.total - u16::from(old) + u16::from(han);
        self.yakuman = self.yakuman - yakuman(old) + yakuman(han);
    }

    /// Gives `yaku` its han in a closed or open hand, when it counts there.
    #[inline]
    pub(crate) fn add(&mut self, yaku: Yaku, closed: bool) {
        let (closed_han, open_han) = yaku.han();
        let han = if closed { Some(closed_han) } else { open_han };
        if let Some(han) = han {
            self.set(yaku, han);
        }
    }

    /// The sum of the han.
    #[inline]
    pub(crate) fn total(&self) -> u32 {
        u32::from(self.total)
    }

    /// Whether any yakuman is present (13 han or more: renhou under
    /// [`Renhou::Mangan`](crate::score::Renhou::Mangan) has 5 and is not one).
    #[inline]
    pub(crate) fn has_yakuman(&self) -> bool {
        self.yakuman > 0
    }

    /// Only the yakuman (every other yaku cleared).
    #[inline]
    pub(crate) fn yakuman_only(mut self) -> YakuHan {
        self.han
            .iter_mut()
            .filter(|han| **han < YAKUMAN_HAN)
            .for_each(|han| *han = 0);
        self.total = self.yakuman;
        self
    }

    /// The yaku present, in list order, with their han.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Yaku, u8)> + '_ {
        Yaku::ALL
            .iter()
            .zip(self.han)
            .filter(|&(_, han)| han > 0)
            .map(|(&yaku, han)| (yaku, han))
    }
}

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

/// The yaku a hand has, as one bit per [`Yaku`] (bit `yaku as usize`), with whether the
/// hand is closed (which gives each yaku its han), the yakuman counted double and renhou
/// worth a mangan's 5 han: 16 bytes, copied and tested as words, its han summed from a
/// table only when asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct YakuHan {
    /// The yaku present.
    bits: u64,
    /// The yakuman among them that count double (26 han): every yakuman's bit is below 16.
    double: u16,
    /// Whether the hand is closed: the closed han, else the open han.
    closed: bool,
    /// Renhou counts 5 han, not a yakuman ([`Renhou::Mangan`](crate::score::Renhou)).
    renhou_mangan: bool,
}

/// The bits of the yakuman (renhou included), all below 16.
const YAKUMAN_BITS: u64 = (1 << (Yaku::Suukantsu as u64 + 1)) - 1;
const _: () = assert!(YAKUMAN_BITS < 1 << 16);

/// The yaku with open han, as bits.
const OPEN_ALLOWED: u64 = {
    let mut bits = 0;
    let mut i = 0;
    while i < YAKU_COUNT {
        if Yaku::ALL[i].han().1.is_some() {
            bits |= 1 << i;
        }
        i += 1;
    }
    bits
};

/// The han of each yaku in a closed hand and in an open one (0: not open), by index.
const HAN: [[u8; YAKU_COUNT]; 2] = {
    let mut table = [[0; YAKU_COUNT]; 2];
    let mut i = 0;
    while i < YAKU_COUNT {
        let (closed, open) = Yaku::ALL[i].han();
        table[0][i] = closed;
        table[1][i] = match open {
            Some(han) => han,
            None => 0,
        };
        i += 1;
    }
    table
};

impl YakuHan {
    /// No yaku yet, in a closed or an open hand.
    pub(crate) const fn none(closed: bool) -> YakuHan {
        YakuHan {
            bits: 0,
            double: 0,
            closed,
            renhou_mangan: false,
        }
    }

    /// The han table of the hand's closedness.
    #[inline]
    fn table(&self) -> &'static [u8; YAKU_COUNT] {
        &HAN[usize::from(!self.closed)]
    }

    /// Adds `yaku` when `holds` and it counts in the hand (closed, or allowed open).
    #[inline]
    pub(crate) fn add_if(&mut self, holds: bool, yaku: Yaku) {
        let allowed = if self.closed { u64::MAX } else { OPEN_ALLOWED };
        self.bits |= u64::from(holds) << yaku as u64 & allowed;
    }

    /// Adds `yaku`, when it counts in the hand (see [`YakuHan::add_if`]).
    #[inline]
    pub(crate) fn add(&mut self, yaku: Yaku) {
        self.add_if(true, yaku);
    }

    /// Adds the yakuman `yaku` when `holds`, counted double when `double` (26 han).
    #[inline]
    pub(crate) fn add_yakuman(&mut self, holds: bool, yaku: Yaku, double: bool) {
        let bit = u64::from(holds) << yaku as u64;
        self.bits |= bit;
        self.double |= (bit & YAKUMAN_BITS & 0u64.wrapping_sub(u64::from(double))) as u16;
    }

    /// Adds renhou worth 5 han (a mangan), not a yakuman.
    pub(crate) fn add_renhou_mangan(&mut self) {
        self.bits |= 1 << Yaku::Renhou as u64;
        self.renhou_mangan = true;
    }

    /// The bits of the yakuman present.
    #[inline]
    fn yakuman_bits(&self) -> u64 {
        let renhou = u64::from(self.renhou_mangan) << Yaku::Renhou as u64;
        self.bits & YAKUMAN_BITS & !renhou
    }

    /// The han of `yaku` (0 when absent).
    fn han_of(&self, yaku: Yaku) -> u8 {
        let bit = 1 << yaku as u64;
        match (self.bits & bit != 0, u64::from(self.double) & bit != 0) {
            (false, _) => 0,
            (true, true) => 2 * YAKUMAN_HAN,
            _ if yaku == Yaku::Renhou && self.renhou_mangan => 5,
            _ => self.table()[yaku as usize],
        }
    }

    /// The sum of the han.
    #[inline]
    pub(crate) fn total(&self) -> u32 {
        let table = self.table();
        let mut sum = 0u32;
        let mut rest = self.bits;
        while rest != 0 {
            sum += u32::from(table[(rest.trailing_zeros() as usize) % YAKU_COUNT]);
            rest &= rest - 1;
        }
        let mut double = u64::from(self.double) & self.bits;
        while double != 0 {
            sum += u32::from(YAKUMAN_HAN);
            double &= double - 1;
        }
        // Renhou as a mangan: 5 han, not the table's 13.
        if self.renhou_mangan && self.bits >> Yaku::Renhou as u64 & 1 == 1 {
            sum -= u32::from(YAKUMAN_HAN - 5);
        }
        sum
    }

    /// Whether any yakuman is present (renhou under
    /// [`Renhou::Mangan`](crate::score::Renhou::Mangan) has 5 han and is not one).
    #[inline]
    pub(crate) fn has_yakuman(&self) -> bool {
        self.yakuman_bits() != 0
    }

    /// Only the yakuman (every other yaku cleared).
    #[inline]
    pub(crate) fn yakuman_only(mut self) -> YakuHan {
        self.bits = self.yakuman_bits();
        self.renhou_mangan = false;
        self
    }

    /// The yaku present, in list order, with their han.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Yaku, u8)> + '_ {
        Yaku::ALL
            .iter()
            .map(|&yaku| (yaku, self.han_of(yaku)))
            .filter(|&(_, han)| han > 0)
    }
}

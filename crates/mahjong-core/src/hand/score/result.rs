//! The score of a win (spec section 5): han, fu item by item, the yaku, the limit and the
//! payment.

use std::fmt;

use crate::hand::score::fu::Fu;
use crate::hand::score::points::{Limit, Payment, Points};
use crate::hand::score::yaku::{YAKUMAN_HAN, Yaku, YakuHan};

/// What a win is worth, and why: the yaku with their han, dora, the fu item by item, the
/// limit, the payment and the total. It is `Copy` and holds no allocation.
///
/// `Display` writes the explanation a person reads: one line per yaku and dora, then han,
/// fu (item by item), limit, payment and total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    pub(crate) yaku: YakuHan,
    pub(crate) han: u32,
    pub(crate) fu: Fu,
    /// Dora, ura-dora and red fives.
    pub(crate) dora: [u8; 3],
    pub(crate) limit: Limit,
    pub(crate) basic: u32,
    pub(crate) payment: Payment,
    pub(crate) total: u32,
}

impl Score {
    /// Total han, dora included; 13 per yakuman for a yakuman hand (26 = two). A kazoe
    /// hand gives its real han (13 or more).
    pub fn han(&self) -> u32 {
        self.han
    }

    /// The fu that count: rounded up to 10, chiitoitsu 25, 0 for a yakuman hand.
    pub fn fu(&self) -> u32 {
        self.fu.total()
    }

    /// The fu item by item (empty for a yakuman hand).
    pub fn fu_items(&self) -> &Fu {
        &self.fu
    }

    /// Every yaku with its han, in [`Yaku`] order (the order of [`Yaku::ALL`]). A yakuman
    /// hand lists only its yakuman, each 13 (26 when it counts double).
    pub fn yaku(&self) -> impl Iterator<Item = (Yaku, u8)> + '_ {
        self.yaku.iter()
    }

    /// The han of `yaku`, 0 when the hand does not have it.
    pub fn han_of(&self, yaku: Yaku) -> u8 {
        self.yaku
            .iter()
            .find(|&(y, _)| y == yaku)
            .map_or(0, |(_, han)| han)
    }

    /// Dora counted: one per tile (melds included) matching an indicator's dora; 0 on a
    /// yakuman hand.
    pub fn dora(&self) -> u8 {
        self.dora[0]
    }

    /// Ura-dora counted (riichi only); 0 on a yakuman hand.
    pub fn ura_dora(&self) -> u8 {
        self.dora[1]
    }

    /// Red fives counted (aka dora); 0 on a yakuman hand or without red fives in the
    /// rules.
    pub fn red_fives(&self) -> u8 {
        self.dora[2]
    }

    /// The limit reached, if any.
    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// The basic points: fu x 2^(han + 2), or the limit's (mangan 2,000 ... yakuman 8,000
    /// each).
    pub fn basic_points(&self) -> u32 {
        self.basic
    }

    /// What the payers pay, honba included.
    pub fn payment(&self) -> Payment {
        self.payment
    }

    /// Everything the winner receives: the payments, honba included, and 1,000 per riichi
    /// stick on the table.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Whether `self` is the better reading of a hand than `other`: more basic points,
    /// then a real yakuman over kazoe, then more han, then more fu.
    pub(crate) fn beats(&self, other: &Score) -> bool {
        let key = |s: &Score| {
            let yakuman = matches!(s.limit, Limit::Yakuman(_));
            (s.basic, yakuman, s.han, s.fu.total())
        };
        key(self) > key(other)
    }
}

impl fmt::Display for Score {
    /// ```text
    /// riichi: 1 han
    /// pinfu: 1 han
    /// dora: 2 han
    /// 4 han 30 fu
    /// fu: 20 base + 10 closed ron = 30
    /// ron 7,700; total 8,700
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (yaku, han) in self.yaku() {
            match han / YAKUMAN_HAN {
                0 => writeln!(f, "{yaku}: {han} han")?,
                1 => writeln!(f, "{yaku}: yakuman")?,
                _ => writeln!(f, "{yaku}: double yakuman")?,
            }
        }
        let dora = [
            ("dora", self.dora()),
            ("aka_dora", self.red_fives()),
            ("ura_dora", self.ura_dora()),
        ];
        for (name, count) in dora.into_iter().filter(|&(_, count)| count > 0) {
            writeln!(f, "{name}: {count} han")?;
        }
        write!(f, "{} han", self.han)?;
        if self.fu() > 0 {
            write!(f, " {} fu", self.fu())?;
        }
        if self.limit != Limit::None {
            write!(f, " ({})", self.limit)?;
        }
        writeln!(f)?;
        writeln!(f, "fu: {}", self.fu)?;
        write!(f, "{}; total {}", self.payment, Points(self.total))
    }
}

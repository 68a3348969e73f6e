//! Fu, item by item (spec section 5), so that a score can say
//! `20 base + 10 closed ron + 2 kanchan wait = 32 -> 40`.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::hand::tile::Tile;

/// The shape of the wait the winning tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Wait {
    /// Two-sided: `45` waiting on 3 or 6 (no fu).
    Ryanmen,
    /// Closed: `46` waiting on 5 (2 fu).
    Kanchan,
    /// Edge: `12` waiting on 3, or `89` on 7 (2 fu).
    Penchan,
    /// Pair wait, tanki: one tile waiting for its pair (2 fu).
    Tanki,
    /// Two pairs waiting to become a triplet, shanpon (no fu; the triplet is open on a ron).
    Shanpon,
}

impl Wait {
    /// Its name: `ryanmen`, `kanchan`, `penchan`, `tanki` or `shanpon`.
    pub const fn name(self) -> &'static str {
        match self {
            Wait::Ryanmen => "ryanmen",
            Wait::Kanchan => "kanchan",
            Wait::Penchan => "penchan",
            Wait::Tanki => "tanki",
            Wait::Shanpon => "shanpon",
        }
    }

    /// Its fu: 2 for kanchan, penchan and tanki, else 0.
    pub const fn fu(self) -> u8 {
        match self {
            Wait::Kanchan | Wait::Penchan | Wait::Tanki => 2,
            Wait::Ryanmen | Wait::Shanpon => 0,
        }
    }
}

/// What a part of the fu is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FuItem {
    /// The 20 fu every hand starts with (futei).
    Base,
    /// 10 fu for a ron with a closed hand (menzen kafu).
    ClosedRon,
    /// 2 fu for a tsumo (not with pinfu).
    Tsumo,
    /// 2 fu for a kanchan, penchan or tanki wait.
    Wait(Wait),
    /// A pair of dragons, the seat wind or the round wind: 2 fu, a double wind 4 (or 2, see
    /// [`ScoringRules::double_wind_pair_fu`](crate::score::ScoringRules::double_wind_pair_fu)).
    Pair(Tile),
    /// A triplet: 2 fu open, 4 concealed, doubled for terminals and honors. A triplet
    /// completed by ron counts as open.
    Triplet {
        /// Its kind.
        tile: Tile,
        /// Whether it is concealed.
        concealed: bool,
    },
    /// A kan: 8 fu open, 16 closed, doubled for terminals and honors.
    Kan {
        /// Its kind.
        tile: Tile,
        /// Whether it is a closed kan.
        concealed: bool,
    },
    /// 10 fu that bring an open hand with no fu at all to 30.
    OpenPinfu,
    /// Chiitoitsu: always 25 fu, nothing else.
    Chiitoitsu,
}

impl fmt::Display for FuItem {
    /// `base`, `closed ron`, `tsumo`, `kanchan wait`, `pair 5z`, `closed triplet 1z`,
    /// `open kan 9m`, `open pinfu`, `chiitoitsu`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hidden = |concealed: bool| if concealed { "closed" } else { "open" };
        match *self {
            FuItem::Base => f.write_str("base"),
            FuItem::ClosedRon => f.write_str("closed ron"),
            FuItem::Tsumo => f.write_str("tsumo"),
            FuItem::Wait(wait) => write!(f, "{} wait", wait.name()),
            FuItem::Pair(tile) => write!(f, "pair {tile}"),
            FuItem::Triplet { tile, concealed } => {
                write!(f, "{} triplet {tile}", hidden(concealed))
            }
            FuItem::Kan { tile, concealed } => write!(f, "{} kan {tile}", hidden(concealed)),
            FuItem::OpenPinfu => f.write_str("open pinfu"),
            FuItem::Chiitoitsu => f.write_str("chiitoitsu"),
        }
    }
}

/// The most parts a fu count has: base, ron or tsumo, wait, pair, four sets, open pinfu.
const MAX_PARTS: usize = 9;

/// A hand's fu, item by item: `Display` writes `20 base + 10 closed ron + 2 kanchan wait =
/// 32 -> 40`. Empty (0 fu) for a yakuman hand. Equality, hashing and `Debug` read the parts
/// only.
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fu {
    /// The parts; the first `len` count, the slots after them are scratch.
    parts: [(FuItem, u8); MAX_PARTS],
    len: u8,
    /// The sum of the parts, kept as they are added.
    raw: u8,
}

impl Fu {
    /// No fu (a yakuman hand).
    pub(crate) const fn none() -> Fu {
        Fu {
            parts: [(FuItem::Base, 0); MAX_PARTS],
            len: 0,
            raw: 0,
        }
    }

    /// Adds a part worth `fu` (a part of 0 fu is left out, and parts past the ninth).
    /// Without a branch on `fu`: the part is always written to the next slot, which only
    /// counts when the part does.
    #[inline]
    pub(crate) fn add(&mut self, item: FuItem, fu: u8) {
        let len = (self.len as usize).min(MAX_PARTS - 1);
        self.parts[len] = (item, fu);
        let counts = fu > 0 && (self.len as usize) < MAX_PARTS;
        self.len += u8::from(counts);
        self.raw = self.raw.saturating_add(if counts { fu } else { 0 });
    }

    /// The parts in order, each with its fu.
    pub fn parts(&self) -> &[(FuItem, u8)] {
        &self.parts[..(self.len as usize).min(MAX_PARTS)]
    }

    /// The sum of the parts, before rounding.
    pub fn raw(&self) -> u32 {
        u32::from(self.raw)
    }

    /// The fu that counts: the sum rounded up to 10, except chiitoitsu's 25; 0 for a
    /// yakuman hand.
    pub fn total(&self) -> u32 {
        match self.parts() {
            [(FuItem::Chiitoitsu, fu)] => u32::from(*fu),
            _ => self.raw().div_ceil(10) * 10,
        }
    }
}

impl PartialEq for Fu {
    fn eq(&self, other: &Fu) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for Fu {}

impl Hash for Fu {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

impl fmt::Debug for Fu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fu")
            .field("parts", &self.parts())
            .field("raw", &self.raw)
            .finish()
    }
}

impl fmt::Display for Fu {
    /// `20 base + 10 closed ron + 2 kanchan wait = 32 -> 40`; `25 chiitoitsu = 25`;
    /// `no fu (yakuman)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.parts().is_empty() {
            return f.write_str("no fu (yakuman)");
        }
        for (i, (item, fu)) in self.parts().iter().enumerate() {
            let plus = if i == 0 { "" } else { " + " };
            write!(f, "{plus}{fu} {item}")?;
        }
        write!(f, " = {}", self.raw())?;
        if self.raw() != self.total() {
            write!(f, " -> {}", self.total())?;
        }
        Ok(())
    }
}

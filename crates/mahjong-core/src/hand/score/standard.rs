//! The standard readings of a hand (four sets and a pair) and, for each place of the
//! winning tile, the yaku and fu that depend on the reading (spec section 5). The suits'
//! readings come from the table of [`readings`](crate::score::readings); nothing here
//! allocates or recurses.

use crate::hand::score::evaluate::Context;
use crate::hand::score::fu::{Fu, FuItem, Wait};
use crate::hand::score::kinds::{EAST, HONORS, WHITE, tile_at};
use crate::hand::score::meld::{Meld, MeldKind};
use crate::hand::score::readings::{NO_PAIR, SEQUENCE_BASE, SuitReading, suit_readings};
use crate::hand::score::result::Score;
use crate::hand::score::yaku::{YAKUMAN_HAN, Yaku, YakuHan};
use crate::hand::tile::{KINDS, Tile};

/// How a set is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetKind {
    Sequence,
    Triplet,
    Kan,
}

/// One set of a reading: its tile (the lowest of a sequence), its kind, and whether it is
/// concealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Set {
    tile: Tile,
    kind: SetKind,
    concealed: bool,
}

impl Set {
    fn of_meld(meld: Meld) -> Set {
        let kind = match meld.kind() {
            MeldKind::Chi => SetKind::Sequence,
            MeldKind::Pon => SetKind::Triplet,
            _ => SetKind::Kan,
        };
        Set {
            tile: meld.tile(),
            kind,
            concealed: !meld.kind().is_open(),
        }
    }

    /// A concealed set of number suit `suit` from its code (see `readings`).
    fn of_code(suit: usize, code: u8) -> Set {
        let (number, kind) = match code.checked_sub(SEQUENCE_BASE) {
            Some(low) => (low, SetKind::Sequence),
            None => (code, SetKind::Triplet),
        };
        Set {
            tile: tile_at(suit * 9 + number as usize),
            kind,
            concealed: true,
        }
    }

    /// Whether it holds a terminal or an honor.
    fn has_terminal_or_honor(self) -> bool {
        match self.kind {
            SetKind::Sequence => matches!(self.tile.number(), 1 | 7),
            _ => self.tile.is_terminal_or_honor(),
        }
    }

    /// Its fu (0 for a sequence).
    fn fu(self) -> u8 {
        let base = match self.kind {
            SetKind::Sequence => return 0,
            SetKind::Triplet => 2,
            SetKind::Kan => 8,
        };
        base << (u8::from(self.concealed) + u8::from(self.tile.is_terminal_or_honor()))
    }

    fn fu_item(self) -> FuItem {
        let (tile, concealed) = (self.tile, self.concealed);
        match self.kind {
            SetKind::Kan => FuItem::Kan { tile, concealed },
            _ => FuItem::Triplet { tile, concealed },
        }
    }
}

/// A placeholder in a set array before it is filled.
const NO_SET: Set = Set {
    tile: Tile::ALL[0],
    kind: SetKind::Sequence,
    concealed: true,
};
impl Context<'_> {
    /// Offers the score of each standard reading and each place of the winning tile in it;
    /// whether there was any reading.
    pub(super) fn standard_readings(&self, offer: &mut impl FnMut(Option<Score>)) -> bool {
        let hand = &self.win.concealed;
        let mut sets = [NO_SET; 4];
        let mut len = 0;
        for meld in &self.win.melds {
            if let Some(slot) = sets.get_mut(len) {
                *slot = Set::of_meld(*meld);
                len += 1;
            }
        }
        let called = len;
        let mut pairs = 0;
        let mut pair = Tile::ALL[0];
        for index in EAST..KINDS {
            match hand.counts()[index] {
                0 => {}
                2 => {
                    pairs += 1;
                    pair = tile_at(index);
                }
                3 => {
                    let Some(slot) = sets.get_mut(len) else {
                        return false;
                    };
                    *slot = Set {
                        tile: tile_at(index),
                        kind: SetKind::Triplet,
                        concealed: true,
                    };
                    len += 1;
                }
                _ => return false,
            }
        }
        let mut any = false;
        for a in suit_readings(hand.rank(0)) {
            for b in suit_readings(hand.rank(1)) {
                for c in suit_readings(hand.rank(2)) {
                    let mut all = sets;
                    let (mut n, mut p, mut pair) = (len, pairs, pair);
                    let mut add = |suit, reading| {
                        add_suit(&mut all, &mut n, suit, reading, &mut p, &mut pair)
                    };
                    let fits = add(0, a) && add(1, b) && add(2, c);
                    if !fits || p != 1 || n != 4 {
                        continue;
                    }
                    any = true;
                    self.placements(&all, called, pair, offer);
                }
            }
        }
        any
    }

    /// Offers the score of each place the winning tile can have in a reading.
    fn placements(
        &self,
        sets: &[Set; 4],
        called: usize,
        pair: Tile,
        offer: &mut impl FnMut(Option<Score>),
    ) {
        let winning = self.win.winning_tile.tile;
        if pair == winning {
            offer(self.standard(sets, pair, Wait::Tanki));
        }
        for (i, set) in sets.iter().enumerate().skip(called) {
            let wait = match set.kind {
                SetKind::Sequence => {
                    let Some(at) = winning
                        .index()
                        .checked_sub(set.tile.index())
                        .filter(|&at| at < 3 && winning.suit() == set.tile.suit())
                    else {
                        continue;
                    };
                    match (at, set.tile.number()) {
                        (1, _) => Wait::Kanchan,
                        (0, 7) | (2, 1) => Wait::Penchan,
                        _ => Wait::Ryanmen,
                    }
                }
                _ if set.tile == winning => Wait::Shanpon,
                _ => continue,
            };
            let mut sets = *sets;
            if wait == Wait::Shanpon && !self.tsumo {
                sets[i].concealed = false;
            }
            offer(self.standard(&sets, pair, wait));
        }
    }

    /// The score of one standard reading, or `None` without yaku.
    fn standard(&self, sets: &[Set; 4], pair: Tile, wait: Wait) -> Option<Score> {
        let mut yaku = self.common;
        let concealed = sets
            .iter()
            .filter(|s| s.kind != SetKind::Sequence && s.concealed)
            .count();
        if concealed == 4 {
            let double = self.rules.double_yakuman && wait == Wait::Tanki;
            yaku.set(
                Yaku::Suuankou,
                if double { 2 * YAKUMAN_HAN } else { YAKUMAN_HAN },
            );
        }
        if concealed == 4 || self.common_yakuman {
            return Some(self.yakuman(yaku));
        }
        let pair_fu = self.pair_fu(pair);
        let sequences = sets.iter().filter(|s| s.kind == SetKind::Sequence).count();
        let pinfu = self.closed && sequences == 4 && wait == Wait::Ryanmen && pair_fu == 0;
        if pinfu {
            yaku.add(Yaku::Pinfu, true);
        }
        if concealed == 3 {
            yaku.add(Yaku::Sanankou, self.closed);
        }
        self.shape_yaku(&mut yaku, sets, pair);
        let fu = self.fu(sets, (pair, pair_fu), wait, pinfu);
        self.regular(yaku, fu)
    }

    /// The yaku of the sets' shapes: iipeikou or ryanpeikou, chanta or junchan, ittsu,
    /// sanshoku, sanshoku doukou, toitoi.
    fn shape_yaku(&self, yaku: &mut YakuHan, sets: &[Set; 4], pair: Tile) {
        let closed = self.closed;
        let sequences = sets.iter().filter(|s| s.kind == SetKind::Sequence);
        if closed {
            match twin_sequences(sequences.clone()) {
                1 => yaku.add(Yaku::Iipeikou, closed),
                2.. => yaku.add(Yaku::Ryanpeikou, closed),
                _ => {}
            }
        }
        let seq_bits = sequences.fold(0u32, |bits, s| bits | 1 << s.tile.index());
        let triplet_bits = sets
            .iter()
            .filter(|s| s.kind != SetKind::Sequence)
            .fold(0u64, |bits, s| bits | 1 << s.tile.index());
        if seq_bits != 0
            && sets.iter().all(|s| s.has_terminal_or_honor())
            && pair.is_terminal_or_honor()
        {
            let honors = self.held & HONORS != 0;
            yaku.add(if honors { Yaku::Chanta } else { Yaku::Junchan }, closed);
        }
        if (0..3).any(|s| seq_bits >> (9 * s) & 0b100_1001 == 0b100_1001) {
            yaku.add(Yaku::Ittsu, closed);
        }
        if seq_bits & seq_bits >> 9 & seq_bits >> 18 & 0x7f != 0 {
            yaku.add(Yaku::Sanshoku, closed);
        }
        if triplet_bits & triplet_bits >> 9 & triplet_bits >> 18 & 0x1ff != 0 {
            yaku.add(Yaku::SanshokuDoukou, closed);
        }
        if seq_bits == 0 {
            yaku.add(Yaku::Toitoi, closed);
        }
    }

    /// The fu of a reading, item by item.
    fn fu(&self, sets: &[Set; 4], (pair, pair_fu): (Tile, u8), wait: Wait, pinfu: bool) -> Fu {
        let (closed, tsumo) = (self.closed, self.tsumo);
        let mut fu = Fu::none();
        fu.add(FuItem::Base, 20);
        fu.add(FuItem::ClosedRon, if closed && !tsumo { 10 } else { 0 });
        fu.add(FuItem::Tsumo, if tsumo && !pinfu { 2 } else { 0 });
        fu.add(FuItem::Wait(wait), wait.fu());
        fu.add(FuItem::Pair(pair), pair_fu);
        for set in sets {
            fu.add(set.fu_item(), set.fu());
        }
        if !closed && fu.raw() == 20 && self.rules.open_pinfu_fu {
            fu.add(FuItem::OpenPinfu, 10);
        }
        fu
    }

    /// The fu of the pair: 2 for a dragon, 2 for the seat wind, 2 for the round wind, and
    /// the rules' value for a double wind.
    fn pair_fu(&self, pair: Tile) -> u8 {
        let (seat, round) = (pair == self.seat(), pair == self.round());
        match (pair.index() as usize >= WHITE, seat, round) {
            (true, _, _) => 2,
            (_, true, true) => self.rules.double_wind_pair_fu,
            (_, true, false) | (_, false, true) => 2,
            _ => 0,
        }
    }
}

/// Adds a suit's reading to the sets and the pair; false when it does not fit (more than
/// four sets).
fn add_suit(
    sets: &mut [Set; 4],
    len: &mut usize,
    suit: usize,
    reading: &SuitReading,
    pairs: &mut u32,
    pair: &mut Tile,
) -> bool {
    for &code in &reading.sets[..(reading.len as usize).min(4)] {
        let Some(slot) = sets.get_mut(*len) else {
            return false;
        };
        *slot = Set::of_code(suit, code);
        *len += 1;
    }
    if reading.pair != NO_PAIR {
        *pairs += 1;
        *pair = tile_at(suit * 9 + reading.pair as usize);
    }
    true
}

/// How many pairs of identical sequences there are among `sequences`: 1 is iipeikou, 2
/// ryanpeikou (four identical sequences are two pairs). A bit per lowest tile, flipped by
/// each sequence: a sequence that finds its bit set completes a pair.
fn twin_sequences<'a>(sequences: impl Iterator<Item = &'a Set>) -> usize {
    let (mut unpaired, mut twins) = (0u64, 0);
    for set in sequences {
        let bit = 1u64 << set.tile.index();
        twins += usize::from(unpaired & bit != 0);
        unpaired ^= bit;
    }
    twins
}

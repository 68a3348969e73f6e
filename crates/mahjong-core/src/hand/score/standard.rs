//! The standard readings of a hand (four sets and a pair) and, for each place of the
//! winning tile, the yaku and fu that depend on the reading (spec section 5). The suits'
//! readings come from the table of [`readings`](crate::score::readings), each with its sets
//! as bits per number, so that a reading is a few words (sets as bits per kind) and its
//! yaku are tests on them; nothing here allocates or recurses.

use crate::hand::lanes::{Lanes, gather, lanes};
use crate::hand::score::evaluate::Context;
use crate::hand::score::fu::{Fu, FuItem, Wait};
use crate::hand::score::kinds::{EAST, HONORS, TERMINALS_AND_HONORS, WHITE, tile_at};
use crate::hand::score::meld::{Meld, MeldKind};
use crate::hand::score::readings::{NO_PAIR, SuitReading, suit_readings};
use crate::hand::score::result::Score;
use crate::hand::score::yaku::{Yaku, YakuHan};
use crate::hand::tile::{KINDS, Tile};

/// The sequences that hold a terminal, by their lowest tile: from 1 and from 7 of each suit.
const TERMINAL_SEQUENCES: u32 = (1 | 1 << 6) * (1 | 1 << 9 | 1 << 18);

/// The number tiles, as bits.
const NUMBERS: u64 = (1 << EAST) - 1;

/// The melds of a hand: their sets as bits per kind (a sequence by its lowest tile) and
/// their fu items, worked out once per hand.
struct Called {
    /// Chi.
    sequences: u32,
    /// Pon, kan, ankan and kakan.
    triplets: u64,
    /// How many ankan (they count as concealed triplets).
    closed_kans: u32,
    /// How many melds.
    len: u32,
    /// The fu of each triplet and kan among them, in meld order.
    fu: [(FuItem, u8); 4],
}

impl Called {
    fn of(melds: &[Meld]) -> Called {
        let mut called = Called {
            sequences: 0,
            triplets: 0,
            closed_kans: 0,
            len: 0,
            fu: [(FuItem::Base, 0); 4],
        };
        for (meld, fu) in melds.iter().zip(&mut called.fu) {
            let (tile, kind) = (meld.tile(), meld.kind());
            let bit = 1u64 << tile.index();
            called.len += 1;
            let base = match kind {
                MeldKind::Chi => {
                    called.sequences |= bit as u32;
                    continue;
                }
                MeldKind::Pon => 2,
                MeldKind::Ankan => 16,
                MeldKind::Kan | MeldKind::Kakan => 8,
            };
            called.triplets |= bit;
            let concealed = !kind.is_open();
            called.closed_kans += u32::from(concealed);
            let item = match kind {
                MeldKind::Pon => FuItem::Triplet {
                    tile,
                    concealed: false,
                },
                _ => FuItem::Kan { tile, concealed },
            };
            *fu = (item, base << u8::from(tile.is_terminal_or_honor()));
        }
        called
    }
}

/// The honors of a hand read as sets: their triplets as bits per kind, and their pairs.
struct Honors {
    triplets: u64,
    /// How many triplets.
    sets: u32,
    /// Bit per honor (from East) held exactly twice.
    pairs: u64,
    /// How many pairs.
    pair_count: u32,
}

impl Honors {
    /// `None` when an honor is held once or four times (no standard reading).
    fn of(counts: &[u8; KINDS]) -> Option<Honors> {
        let honors = Lanes::of(&counts[EAST..]);
        if honors.exactly(1) | honors.exactly(4) != 0 {
            return None;
        }
        let (triplets, pairs) = (honors.exactly(3), honors.exactly(2));
        Some(Honors {
            triplets: gather(triplets) << EAST,
            sets: lanes(triplets) as u32,
            pairs: gather(pairs),
            pair_count: lanes(pairs) as u32,
        })
    }
}

/// One standard reading of the whole hand: the concealed sets as bits per kind.
struct Reading {
    /// Concealed sequences, by their lowest tile.
    sequences: u32,
    /// Pairs of identical concealed sequences (1 = iipeikou, 2 = ryanpeikou).
    twins: u8,
    /// Concealed triplets (kans are melds).
    triplets: u64,
    /// How many concealed triplets.
    triplet_count: u32,
    /// The pair.
    pair: Tile,
}

impl Reading {
    /// The reading of three suits' readings and the honors, or `None` when they are not
    /// four sets and a pair with the melds.
    fn of(suits: [&SuitReading; 3], honors: &Honors, called: &Called) -> Option<Reading> {
        let mut reading = Reading {
            sequences: 0,
            twins: 0,
            triplets: honors.triplets,
            triplet_count: honors.sets,
            pair: tile_at(EAST + honors.pairs.trailing_zeros() as usize),
        };
        let mut sets = called.len + honors.sets;
        let mut pairs = honors.pair_count;
        for (suit, part) in suits.into_iter().enumerate() {
            reading.sequences |= u32::from(part.sequences) << (9 * suit);
            reading.triplets |= u64::from(part.triplets) << (9 * suit);
            reading.twins += part.twins;
            reading.triplet_count += u32::from(part.triplet_count);
            sets += u32::from(part.len);
            let has_pair = part.pair != NO_PAIR;
            pairs += u32::from(has_pair);
            let pair = tile_at(9 * suit + part.pair as usize % 9);
            reading.pair = if has_pair { pair } else { reading.pair };
        }
        (sets == 4 && pairs == 1).then_some(reading)
    }
}

impl Context<'_> {
    /// Offers the score of each standard reading and each place of the winning tile in it;
    /// whether there was any reading.
    pub(super) fn standard_readings(&self, offer: &mut impl FnMut(Option<Score>)) -> bool {
        let hand = &self.win.concealed;
        let Some(honors) = Honors::of(hand.counts()) else {
            return false;
        };
        let called = Called::of(&self.win.melds);
        let mut any = false;
        for a in suit_readings(hand.rank(0)) {
            for b in suit_readings(hand.rank(1)) {
                for c in suit_readings(hand.rank(2)) {
                    if let Some(reading) = Reading::of([a, b, c], &honors, &called) {
                        any = true;
                        self.placements(&reading, &called, offer);
                    }
                }
            }
        }
        any
    }

    /// Offers the score of each place the winning tile can have in a reading: the pair,
    /// its triplet (open on a ron), each sequence that holds it.
    fn placements(
        &self,
        reading: &Reading,
        called: &Called,
        offer: &mut impl FnMut(Option<Score>),
    ) {
        let winning = self.win.winning_tile.tile;
        let index = winning.index() as u64;
        if reading.pair == winning {
            offer(self.standard(reading, called, Wait::Tanki, 0));
        }
        if reading.triplets >> index & 1 == 1 {
            let opened = if self.tsumo { 0 } else { 1 << index };
            offer(self.standard(reading, called, Wait::Shanpon, opened));
        }
        if NUMBERS >> index & 1 == 0 {
            return;
        }
        let number = winning.number();
        // The sequences from two below the winning tile to the winning tile itself.
        for at in (0..3u8).rev().filter(|&at| at < number) {
            if reading.sequences >> (index - u64::from(at)) & 1 == 0 {
                continue;
            }
            let wait = match (at, number - at) {
                (1, _) => Wait::Kanchan,
                (0, 7) | (2, 1) => Wait::Penchan,
                _ => Wait::Ryanmen,
            };
            offer(self.standard(reading, called, wait, 0));
        }
    }

    /// The score of one standard reading with the winning tile in the given place
    /// (`opened`: the bit of the triplet a ron completed, else 0), or `None` without yaku.
    fn standard(
        &self,
        reading: &Reading,
        called: &Called,
        wait: Wait,
        opened: u64,
    ) -> Option<Score> {
        let mut yaku = self.common;
        let concealed = reading.triplet_count - u32::from(opened != 0) + called.closed_kans;
        if concealed == 4 {
            let double = self.rules.double_yakuman && wait == Wait::Tanki;
            yaku.add_yakuman(true, Yaku::Suuankou, double);
        }
        if concealed == 4 || self.common_yakuman {
            return Some(self.yakuman(yaku));
        }
        let pair_fu = self.pair_fu(reading.pair);
        let sequences = reading.sequences | called.sequences;
        let triplets = reading.triplets | called.triplets;
        let pinfu = self.closed && triplets == 0 && wait == Wait::Ryanmen && pair_fu == 0;
        yaku.add_if(pinfu, Yaku::Pinfu);
        yaku.add_if(concealed == 3, Yaku::Sanankou);
        self.shape_yaku(&mut yaku, reading, sequences, triplets);
        let fu = self.fu(reading, called, (wait, opened), pair_fu, pinfu);
        self.regular(yaku, fu)
    }

    /// The yaku of the sets' shapes, from all sets as bits per kind: iipeikou or
    /// ryanpeikou, chanta or junchan, ittsu, sanshoku, sanshoku doukou, toitoi.
    fn shape_yaku(&self, yaku: &mut YakuHan, reading: &Reading, sequences: u32, triplets: u64) {
        // Only concealed sequences are twins, and both yaku need a closed hand.
        yaku.add_if(reading.twins == 1, Yaku::Iipeikou);
        yaku.add_if(reading.twins >= 2, Yaku::Ryanpeikou);
        let chanta = sequences != 0
            && sequences & !TERMINAL_SEQUENCES == 0
            && triplets & !TERMINALS_AND_HONORS == 0
            && reading.pair.is_terminal_or_honor();
        let honors = self.held & HONORS != 0;
        yaku.add_if(chanta && honors, Yaku::Chanta);
        yaku.add_if(chanta && !honors, Yaku::Junchan);
        let ittsu = (0..3).any(|s| sequences >> (9 * s) & 0b100_1001 == 0b100_1001);
        yaku.add_if(ittsu, Yaku::Ittsu);
        let sanshoku = sequences & sequences >> 9 & sequences >> 18 & 0x7f != 0;
        yaku.add_if(sanshoku, Yaku::Sanshoku);
        let doukou = triplets & triplets >> 9 & triplets >> 18 & 0x1ff != 0;
        yaku.add_if(doukou, Yaku::SanshokuDoukou);
        yaku.add_if(sequences == 0, Yaku::Toitoi);
    }

    /// The fu of a reading, item by item: base, ron or tsumo, wait, pair, the melds' sets
    /// in meld order, then the concealed triplets (honors first, as the hand is read).
    fn fu(
        &self,
        reading: &Reading,
        called: &Called,
        (wait, opened): (Wait, u64),
        pair_fu: u8,
        pinfu: bool,
    ) -> Fu {
        let (closed, tsumo) = (self.closed, self.tsumo);
        let mut fu = Fu::none();
        fu.add(FuItem::Base, 20);
        fu.add(FuItem::ClosedRon, 10 * u8::from(closed & !tsumo));
        fu.add(FuItem::Tsumo, 2 * u8::from(tsumo & !pinfu));
        fu.add(FuItem::Wait(wait), wait.fu());
        fu.add(FuItem::Pair(reading.pair), pair_fu);
        for &(item, value) in &called.fu {
            fu.add(item, value);
        }
        let triplets = reading.triplets;
        for mut bits in [triplets & HONORS, triplets & NUMBERS] {
            while bits != 0 {
                let tile = tile_at(bits.trailing_zeros() as usize);
                let concealed = opened >> tile.index() & 1 == 0;
                let value = 2 << (u8::from(concealed) + u8::from(tile.is_terminal_or_honor()));
                fu.add(FuItem::Triplet { tile, concealed }, value);
                bits &= bits - 1;
            }
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

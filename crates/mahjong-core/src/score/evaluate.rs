//! Scoring a checked win: every reading of the hand (sets and pair, seven pairs or
//! kokushi, and where the winning tile sits), its yaku and fu, and the reading that pays
//! most (spec section 5). Nothing here allocates; the standard readings come from the
//! suit table of [`readings`](crate::score::readings).

use crate::lanes::{Lanes, gather};
use crate::score::fu::{Fu, FuItem, Wait};
use crate::score::meld::{Meld, MeldKind};
use crate::score::points::{Payment, basic_points};
use crate::score::readings::{NO_PAIR, SEQUENCE_BASE, SuitReading, suit_readings};
use crate::score::result::Score;
use crate::score::rules::{Renhou, ScoringRules};
use crate::score::tile_copy::TileCopy;
use crate::score::win::{Riichi, WinBy, WinningHand};
use crate::score::yaku::{YAKUMAN_HAN, Yaku, YakuHan};
use crate::tile::{KINDS, Tile};

/// The first honor and the first dragon.
const EAST: usize = 27;
const WHITE: usize = 31;

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

/// Kinds as bits (bit `i` = the kind of index `i`): one number suit's nine (shift by 9 per
/// suit), the honors, winds, dragons, terminals (ones and nines), terminals and honors, and
/// the green tiles of ryuuiisou (2s 3s 4s 6s 8s and the green dragon).
const SUIT: u64 = 0x1ff;
const HONORS: u64 = 0x7f << EAST;
const WINDS: u64 = 0xf << EAST;
const DRAGONS: u64 = 0x7 << WHITE;
const TERMINALS: u64 = 0x101 | 0x101 << 9 | 0x101 << 18;
const TERMINALS_AND_HONORS: u64 = TERMINALS | HONORS;
const GREENS: u64 = 1 << 19 | 1 << 20 | 1 << 21 | 1 << 23 | 1 << 25 | 1 << 32;

/// A placeholder in a set array before it is filled.
const NO_SET: Set = Set {
    tile: Tile::ALL[0],
    kind: SetKind::Sequence,
    concealed: true,
};

/// The tile of index `index` (wrapped into range).
fn tile_at(index: usize) -> Tile {
    Tile::ALL[index % KINDS]
}

/// The dora a indicator points at: the next number in its suit (9 -> 1), the next wind
/// (N -> E), the next dragon (red -> white).
pub(crate) fn dora_of(indicator: Tile) -> Tile {
    let index = indicator.index() as usize;
    let (start, size) = match index {
        0..EAST => (index / 9 * 9, 9),
        EAST..WHITE => (EAST, 4),
        _ => (WHITE, 3),
    };
    tile_at(start + (index - start + 1) % size)
}

/// What is known of the win before reading the hand.
pub(crate) struct Context<'a> {
    win: &'a WinningHand,
    rules: &'a ScoringRules,
    /// Every tile, the melds included (a kan counts 4).
    counts: [u8; KINDS],
    closed: bool,
    tsumo: bool,
    /// Bit `i` set when kind `i` is held at all, at least three times, exactly twice.
    held: u64,
    triplets: u64,
    pairs: u64,
    /// Yaku every reading has (situation, colors, yakuhai, ...), closed or open han.
    common: YakuHan,
    /// Dora, ura-dora and red fives.
    dora: [u8; 3],
}

impl<'a> Context<'a> {
    /// The context of a checked win.
    pub(crate) fn new(
        win: &'a WinningHand,
        rules: &'a ScoringRules,
        counts: [u8; KINDS],
    ) -> Context<'a> {
        // Eight counts (each 0..=4 after the checks) at a time, as the bytes of a word.
        let (mut held, mut triplets, mut pairs) = (0u64, 0u64, 0u64);
        for (word, chunk) in counts.chunks(8).enumerate() {
            let lanes = Lanes::of(chunk);
            held |= gather(lanes.held()) << (8 * word);
            triplets |= gather(lanes.exactly(3) | lanes.exactly(4)) << (8 * word);
            pairs |= gather(lanes.exactly(2)) << (8 * word);
        }
        let closed = win.melds.iter().all(|meld| !meld.kind().is_open());
        let count_dora = |indicators: &[TileCopy]| -> u8 {
            indicators
                .iter()
                .map(|c| counts[dora_of(c.tile).index() as usize])
                .sum()
        };
        let ura = if win.riichi == Riichi::None {
            0
        } else {
            count_dora(&win.ura_indicators)
        };
        let red = if rules.red_fives {
            let melds = win.melds.iter().filter(|m| m.has_red_five()).count() as u8;
            win.concealed_red_fives.iter().sum::<u8>() + melds
        } else {
            0
        };
        let mut context = Context {
            win,
            rules,
            counts,
            held,
            triplets,
            pairs,
            closed,
            tsumo: win.by == WinBy::Tsumo,
            common: YakuHan::NONE,
            dora: [count_dora(&win.dora_indicators), ura, red],
        };
        context.common = context.common_yaku();
        context
    }

    fn seat(&self) -> Tile {
        self.win.seat_wind.tile()
    }

    fn round(&self) -> Tile {
        self.win.round_wind.tile()
    }

    /// The yaku that do not depend on the reading: the situation, yakuhai, the colors,
    /// and the yakuman that hold in every reading.
    fn common_yaku(&self) -> YakuHan {
        let mut yaku = YakuHan::NONE;
        self.situation_yaku(&mut yaku);
        self.tile_yaku(&mut yaku);
        self.common_yakuman(&mut yaku);
        yaku
    }

    fn situation_yaku(&self, yaku: &mut YakuHan) {
        let (win, closed, tsumo) = (self.win, self.closed, self.tsumo);
        let flags = [
            (win.riichi == Riichi::Riichi, Yaku::Riichi),
            (win.riichi == Riichi::Double, Yaku::DoubleRiichi),
            (win.ippatsu, Yaku::Ippatsu),
            (tsumo && closed, Yaku::MenzenTsumo),
            (win.last_tile && tsumo, Yaku::Haitei),
            (win.last_tile && !tsumo, Yaku::Houtei),
            (win.rinshan, Yaku::Rinshan),
            (win.chankan, Yaku::Chankan),
        ];
        for (_, y) in flags.into_iter().filter(|(holds, _)| *holds) {
            yaku.add(y, closed);
        }
        if self.is_renhou() && self.rules.renhou == Renhou::Mangan {
            yaku.set(Yaku::Renhou, 5);
        }
    }

    fn is_renhou(&self) -> bool {
        self.win.first_turn && !self.tsumo && !self.win.is_dealer()
    }

    /// Yaku read from the tiles alone: tanyao, yakuhai, shousangen, sankantsu, honroutou,
    /// honitsu, chinitsu.
    fn tile_yaku(&self, yaku: &mut YakuHan) {
        let closed = self.closed;
        if self.only(!TERMINALS_AND_HONORS) && (closed || self.rules.open_tanyao) {
            yaku.add(Yaku::Tanyao, closed);
        }
        let dragons = [Yaku::YakuhaiHaku, Yaku::YakuhaiHatsu, Yaku::YakuhaiChun];
        for (i, y) in dragons.into_iter().enumerate() {
            if self.triplets >> (WHITE + i) & 1 == 1 {
                yaku.add(y, closed);
            }
        }
        if self.triplets >> self.seat().index() & 1 == 1 {
            yaku.add(Yaku::YakuhaiSeatWind, closed);
        }
        if self.triplets >> self.round().index() & 1 == 1 {
            yaku.add(Yaku::YakuhaiRoundWind, closed);
        }
        if (self.triplets & DRAGONS).count_ones() == 2 && self.pairs & DRAGONS != 0 {
            yaku.add(Yaku::Shousangen, closed);
        }
        if self.kans() == 3 {
            yaku.add(Yaku::Sankantsu, closed);
        }
        if self.only(TERMINALS_AND_HONORS) {
            yaku.add(Yaku::Honroutou, closed);
        }
        let suits = (0..3).filter(|&s| self.held & SUIT << (9 * s) != 0).count();
        match (suits, self.held & HONORS != 0) {
            (1, true) => yaku.add(Yaku::Honitsu, closed),
            (1, false) => yaku.add(Yaku::Chinitsu, closed),
            _ => {}
        }
    }

    /// The yakuman every reading has: tenhou, chiihou, renhou (under its rule), daisangen,
    /// the winds, tsuuiisou, chinroutou, ryuuiisou, chuuren, suukantsu.
    fn common_yakuman(&self, yaku: &mut YakuHan) {
        let single = YAKUMAN_HAN;
        let double = if self.rules.double_yakuman {
            2 * single
        } else {
            single
        };
        let (first, dealer) = (self.win.first_turn, self.win.is_dealer());
        let wind_sets = (self.triplets & WINDS).count_ones();
        let list = [
            (first && self.tsumo && dealer, Yaku::Tenhou, single),
            (first && self.tsumo && !dealer, Yaku::Chiihou, single),
            (
                self.is_renhou() && self.rules.renhou == Renhou::Yakuman,
                Yaku::Renhou,
                single,
            ),
            (self.triplets & DRAGONS == DRAGONS, Yaku::Daisangen, single),
            (
                wind_sets == 3 && self.pairs & WINDS != 0,
                Yaku::Shousuushii,
                single,
            ),
            (wind_sets == 4, Yaku::Daisuushii, double),
            (self.only(HONORS), Yaku::Tsuuiisou, single),
            (self.only(TERMINALS), Yaku::Chinroutou, single),
            (self.only(GREENS), Yaku::Ryuuiisou, single),
            (self.kans() == 4, Yaku::Suukantsu, single),
        ];
        for (_, y, han) in list.into_iter().filter(|(holds, _, _)| *holds) {
            yaku.set(y, han);
        }
        if let Some(pure) = self.chuuren() {
            yaku.set(Yaku::Chuuren, if pure { double } else { single });
        }
    }

    /// `Some(pure)` for chuuren: no meld at all, one suit `1112345678999` and one more;
    /// pure (junsei) when the winning tile was the extra one (the nine-sided wait).
    fn chuuren(&self) -> Option<bool> {
        if !self.win.melds.is_empty() {
            return None;
        }
        let suit = (0..3).find(|&s| self.counts[s * 9..s * 9 + 9].iter().sum::<u8>() == 14)?;
        let counts = &self.counts[suit * 9..suit * 9 + 9];
        let base = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        if counts.iter().zip(base).any(|(&c, b)| c < b) {
            return None;
        }
        let extra = counts.iter().zip(base).position(|(&c, b)| c > b)?;
        Some(suit * 9 + extra == self.win.winning_tile.tile.index() as usize)
    }

    fn kans(&self) -> usize {
        self.win.melds.iter().filter(|m| m.kind().is_kan()).count()
    }

    /// Whether every kind held is in `kinds` (a bit per kind).
    fn only(&self, kinds: u64) -> bool {
        self.held & !kinds == 0
    }

    /// The score of the best reading.
    ///
    /// # Errors
    /// `None` when no reading is complete; `Some(None)` when no complete reading has a
    /// yaku.
    pub(crate) fn best(&self) -> Option<Option<Score>> {
        let mut best: Option<Score> = None;
        let mut offer = |score: Option<Score>| {
            if let Some(score) = score
                && best.as_ref().is_none_or(|b| score.beats(b))
            {
                best = Some(score);
            }
        };
        let mut complete = self.standard_readings(&mut offer);
        if self.win.melds.is_empty() && self.win.concealed.len() == 14 {
            if self.is_chiitoitsu() {
                complete = true;
                offer(self.chiitoitsu());
            }
            if self.is_kokushi() {
                complete = true;
                offer(self.kokushi());
            }
        }
        complete.then(|| best.map(|score| self.settle(score)))
    }

    /// Offers the score of each standard reading and each place of the winning tile in it;
    /// whether there was any reading.
    fn standard_readings(&self, offer: &mut impl FnMut(Option<Score>)) -> bool {
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
        let suits = [0, 1, 2].map(|s| suit_readings(hand.rank(s)));
        let mut any = false;
        for a in suits[0] {
            for b in suits[1] {
                for c in suits[2] {
                    let mut all = sets;
                    let (mut n, mut p, mut pair) = (len, pairs, pair);
                    let fits = [a, b, c].into_iter().enumerate().all(|(suit, reading)| {
                        add_suit(&mut all, &mut n, suit, reading, &mut p, &mut pair)
                    });
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
        if yaku.has_yakuman() {
            return Some(self.yakuman(yaku));
        }
        let closed = self.closed;
        let pair_fu = self.pair_fu(pair);
        let sequences = sets.iter().filter(|s| s.kind == SetKind::Sequence);
        let pinfu =
            closed && sequences.clone().count() == 4 && wait == Wait::Ryanmen && pair_fu == 0;
        if pinfu {
            yaku.add(Yaku::Pinfu, closed);
        }
        if closed {
            let mut lows = [u8::MAX; 4];
            for (slot, set) in lows.iter_mut().zip(sequences.clone()) {
                *slot = set.tile.index();
            }
            lows.sort_unstable();
            let mut twins = 0;
            let mut i = 0;
            while i < 4 && lows[i] != u8::MAX {
                let run = lows[i..].iter().take_while(|&&l| l == lows[i]).count();
                twins += run / 2;
                i += run;
            }
            match twins {
                1 => yaku.add(Yaku::Iipeikou, closed),
                2.. => yaku.add(Yaku::Ryanpeikou, closed),
                _ => {}
            }
        }
        let seq_bits = sequences
            .clone()
            .fold(0u32, |bits, s| bits | 1 << s.tile.index());
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
        if concealed == 3 {
            yaku.add(Yaku::Sanankou, closed);
        }
        let mut fu = Fu::none();
        fu.add(FuItem::Base, 20);
        fu.add(
            FuItem::ClosedRon,
            if closed && !self.tsumo { 10 } else { 0 },
        );
        fu.add(FuItem::Tsumo, if self.tsumo && !pinfu { 2 } else { 0 });
        fu.add(FuItem::Wait(wait), wait.fu());
        fu.add(FuItem::Pair(pair), pair_fu);
        for set in sets {
            fu.add(set.fu_item(), set.fu());
        }
        if !closed && fu.raw() == 20 && self.rules.open_pinfu_fu {
            fu.add(FuItem::OpenPinfu, 10);
        }
        self.regular(yaku, fu)
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

    /// Seven different pairs (the caller checks 14 concealed tiles and no meld).
    fn is_chiitoitsu(&self) -> bool {
        self.held == self.pairs
    }

    /// Each terminal and honor (the caller checks 14 concealed tiles and no meld).
    fn is_kokushi(&self) -> bool {
        self.held == TERMINALS_AND_HONORS
    }

    fn chiitoitsu(&self) -> Option<Score> {
        let mut yaku = self.common;
        if yaku.has_yakuman() {
            return Some(self.yakuman(yaku));
        }
        yaku.add(Yaku::Chiitoitsu, true);
        let mut fu = Fu::none();
        fu.add(FuItem::Chiitoitsu, 25);
        self.regular(yaku, fu)
    }

    fn kokushi(&self) -> Option<Score> {
        let mut yaku = self.common.yakuman_only();
        let winning = self.win.winning_tile.tile;
        let thirteen_sided = self.win.concealed.count(winning) == 2;
        let double = self.rules.double_yakuman && thirteen_sided;
        yaku.set(
            Yaku::Kokushi,
            if double { 2 * YAKUMAN_HAN } else { YAKUMAN_HAN },
        );
        Some(self.yakuman(yaku))
    }

    /// The score of a hand with a yakuman: only the yakuman count.
    fn yakuman(&self, yaku: YakuHan) -> Score {
        let yaku = yaku.yakuman_only();
        let han = yaku.total();
        self.finish(yaku, han, Fu::none(), [0; 3], han / u32::from(YAKUMAN_HAN))
    }

    /// The score of a regular hand, or `None` when it has no yaku.
    fn regular(&self, yaku: YakuHan, fu: Fu) -> Option<Score> {
        let yaku_han = yaku.total();
        if yaku_han == 0 {
            return None;
        }
        let han = yaku_han + self.dora.iter().map(|&d| u32::from(d)).sum::<u32>();
        Some(self.finish(yaku, han, fu, self.dora, 0))
    }

    /// A candidate score: everything but the payment, which [`Context::settle`] adds to
    /// the best candidate only.
    fn finish(&self, yaku: YakuHan, han: u32, fu: Fu, dora: [u8; 3], yakuman: u32) -> Score {
        let (basic, limit) = basic_points(han, fu.total(), yakuman, self.rules);
        Score {
            yaku,
            han,
            fu,
            dora,
            limit,
            basic,
            payment: Payment::Ron { discarder: 0 },
            total: 0,
        }
    }

    /// The score with its payment and total.
    fn settle(&self, mut score: Score) -> Score {
        let win = self.win;
        score.payment = Payment::of(score.basic, win.is_dealer(), self.tsumo, win.honba);
        score.total = score
            .payment
            .sum()
            .saturating_add(win.riichi_sticks.saturating_mul(1_000));
        score
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

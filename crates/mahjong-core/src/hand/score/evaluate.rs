//! Scoring a checked win (spec section 5): what is known before reading the hand, every
//! reading (four sets and a pair in `standard`, seven pairs, kokushi), and the reading
//! that pays most. Nothing here allocates.

use crate::hand::lanes::{LANES, Lanes, gather};
use crate::hand::score::check::Tiles;
use crate::hand::score::fu::{Fu, FuItem};
use crate::hand::score::kinds::{EAST, NORTH, TERMINALS_AND_HONORS, dora_in};
use crate::hand::score::points::{Payment, basic_points};
use crate::hand::score::result::Score;
use crate::hand::score::rules::ScoringRules;
use crate::hand::score::tile_copy::TileCopy;
use crate::hand::score::win::{Riichi, WinBy, WinningHand};
use crate::hand::score::yaku::{YAKUMAN_HAN, Yaku, YakuHan};
use crate::hand::tile::{KINDS, Tile};

/// What is known of the win before reading the hand.
pub(crate) struct Context<'a> {
    pub(super) win: &'a WinningHand,
    pub(super) rules: &'a ScoringRules,
    pub(super) closed: bool,
    /// How many melds are kans.
    pub(super) kans: usize,
    pub(super) tsumo: bool,
    /// Bit `i` set when kind `i` is held at all.
    pub(super) held: u64,
    /// Bit `i` set when honor `i` is held at least three times, exactly twice (the
    /// yakuhai, dragon and wind yaku read only the honors).
    pub(super) triplets: u64,
    pub(super) pairs: u64,
    /// Whether every kind is held twice or not at all (seven pairs, with 14 tiles).
    pub(super) only_pairs: bool,
    /// Yaku every reading has (situation, colors, yakuhai, ...), closed or open han.
    pub(super) common: YakuHan,
    /// Whether `common` holds a yakuman.
    pub(super) common_yakuman: bool,
    /// Dora, ura-dora and red fives.
    pub(super) dora: [u8; 3],
}

impl<'a> Context<'a> {
    /// The context of a checked win.
    pub(crate) fn new(win: &'a WinningHand, rules: &'a ScoringRules, tiles: Tiles) -> Context<'a> {
        let counts = tiles.counts;
        // Eight counts (each 0..=4 after the checks) at a time, as the bytes of a word.
        let (mut held, mut not_pairs) = (0u64, 0u64);
        let mut padded = [0u8; KINDS.next_multiple_of(8)];
        padded[..KINDS].copy_from_slice(&counts);
        for (word, chunk) in padded.as_chunks::<8>().0.iter().enumerate() {
            let lanes = Lanes(u64::from_le_bytes(*chunk));
            held |= gather(lanes.held()) << (8 * word);
            // A count of 1, 3 or 4 has bit 0 or bit 2 set.
            not_pairs |= lanes.0 & (LANES | LANES << 2);
        }
        let honors = Lanes::of(&counts[EAST..]);
        let triplets = gather(honors.exactly(3) | honors.exactly(4)) << EAST;
        let pairs = gather(honors.exactly(2)) << EAST;
        // The North tiles declared aside (kita) count as held for the indicators.
        let north = Tile::ALL[NORTH];
        let count_dora = |indicators: &[TileCopy]| -> u8 {
            indicators
                .iter()
                .map(|c| match dora_in(c.tile, rules) {
                    dora if dora == north => counts[NORTH].saturating_add(win.nukidora),
                    dora => counts[dora.index() as usize],
                })
                .fold(0u8, u8::saturating_add)
        };
        let ura = if win.riichi == Riichi::None {
            0
        } else {
            count_dora(&win.ura_indicators)
        };
        let red = if rules.red_fives {
            win.concealed_red_fives.iter().sum::<u8>() + tiles.meld_reds.iter().sum::<u8>()
        } else {
            0
        };
        let mut context = Context {
            win,
            rules,
            held,
            triplets,
            pairs,
            only_pairs: not_pairs == 0,
            closed: tiles.closed,
            kans: tiles.kans,
            tsumo: win.by == WinBy::Tsumo,
            common: YakuHan::none(tiles.closed),
            common_yakuman: false,
            // Each kita is a dora of its own (nukidora), beside the indicators'.
            dora: [
                count_dora(&win.dora_indicators).saturating_add(win.nukidora),
                ura,
                red,
            ],
        };
        context.common = context.common_yaku();
        context.common_yakuman = context.common.has_yakuman();
        context
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
        if self.win.melds.is_empty() & (self.win.concealed.len() == 14) {
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

    /// Seven different pairs (the caller checks 14 concealed tiles and no meld).
    fn is_chiitoitsu(&self) -> bool {
        self.only_pairs
    }

    /// Each terminal and honor (the caller checks 14 concealed tiles and no meld).
    fn is_kokushi(&self) -> bool {
        self.held == TERMINALS_AND_HONORS
    }

    fn chiitoitsu(&self) -> Option<Score> {
        let mut yaku = self.common;
        if self.common_yakuman {
            return Some(self.yakuman(yaku));
        }
        yaku.add(Yaku::Chiitoitsu);
        let mut fu = Fu::none();
        fu.add(FuItem::Chiitoitsu, 25);
        self.regular(yaku, fu)
    }

    fn kokushi(&self) -> Option<Score> {
        let mut yaku = self.common.yakuman_only();
        let winning = self.win.winning_tile.tile;
        let thirteen_sided = self.win.concealed.count(winning) == 2;
        let double = self.rules.double_yakuman && thirteen_sided;
        yaku.add_yakuman(true, Yaku::Kokushi, double);
        Some(self.yakuman(yaku))
    }

    /// The score of a hand with a yakuman: only the yakuman count, and only one of them
    /// without [`ScoringRules::yakuman_stack`](crate::score::ScoringRules::yakuman_stack).
    pub(super) fn yakuman(&self, yaku: YakuHan) -> Score {
        let yaku = yaku.yakuman_only();
        let mut han = yaku.total();
        if !self.rules.yakuman_stack {
            han = han.min(u32::from(YAKUMAN_HAN));
        }
        self.finish(yaku, han, Fu::none(), [0; 3], han / u32::from(YAKUMAN_HAN))
    }

    /// The score of a regular hand, or `None` when it has no yaku.
    pub(super) fn regular(&self, yaku: YakuHan, fu: Fu) -> Option<Score> {
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
        score.payment = Payment::of(
            score.basic,
            win.is_dealer(),
            self.tsumo,
            win.honba,
            self.rules,
        );
        score.total = score
            .payment
            .sum_at(self.rules.seats())
            .saturating_add(win.riichi_sticks.saturating_mul(1_000));
        score
    }
}

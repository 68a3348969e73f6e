//! Refusing a win that cannot happen, before it is scored (spec sections 4 and 5).

use crate::hand::score::error::{Contradiction, ScoreError};
use crate::hand::score::kinds::NORTH;
use crate::hand::score::meld::MeldKind;
use crate::hand::score::rules::ScoringRules;
use crate::hand::score::win::{Riichi, WinBy, WinningHand};
use crate::hand::tile::{KINDS, Suit, Tile};

/// The most melds of a hand.
const MAX_MELDS: usize = 4;

/// What the checks learn of a win's tiles, kept for scoring so that it is not worked out
/// again.
pub(crate) struct Tiles {
    /// The counts of every tile of the hand, the melds included (a kan counts 4).
    pub(crate) counts: [u8; KINDS],
    /// Whether no meld is open (a closed kan keeps the hand closed).
    pub(crate) closed: bool,
    /// How many melds are kans.
    pub(crate) kans: usize,
    /// How many melds hold a red five, per suit `[man, pin, sou]`.
    pub(crate) meld_reds: [u8; 3],
}

/// Checks the tiles and then the situation of `win`; returns what it learnt of the tiles.
///
/// # Errors
/// The first problem found, in this order: [`ScoreError::TooManyMelds`],
/// [`ScoreError::TileCount`], [`ScoreError::NotAFive`] (the winning tile, then the
/// indicators), [`ScoreError::WinningTileNotInHand`], [`ScoreError::FifthCopy`], [`ScoreError::RedWithoutFive`],
/// [`ScoreError::RedFives`], then each [`Contradiction`].
pub(crate) fn check(win: &WinningHand, rules: &ScoringRules) -> Result<Tiles, ScoreError> {
    let tiles = check_tiles(win, rules)?;
    check_situation(win, &tiles, rules)?;
    Ok(tiles)
}

fn check_tiles(win: &WinningHand, rules: &ScoringRules) -> Result<Tiles, ScoreError> {
    let melds = win.melds.offered();
    if melds > MAX_MELDS {
        return Err(ScoreError::TooManyMelds { melds });
    }
    let expected = 14 - 3 * melds;
    if win.concealed.len() != expected {
        return Err(ScoreError::TileCount {
            tiles: win.concealed.len(),
            melds,
            expected,
        });
    }
    let winning = win.winning_tile;
    let red_in_hand = |suit: Suit| win.concealed_red_fives.get(suit as usize).copied();
    if !winning.is_possible() {
        return Err(ScoreError::NotAFive { tile: winning });
    }
    let reds_of_kind = red_in_hand(winning.tile.suit())
        .filter(|_| winning.tile.number() == 5)
        .unwrap_or(0);
    let held = win.concealed.count(winning.tile);
    let copies_missing = match winning.red {
        true => held == 0 || reds_of_kind == 0,
        // Every five of the kind held is marked red: no plain one won.
        false => held <= reds_of_kind,
    };
    if copies_missing {
        return Err(ScoreError::WinningTileNotInHand { tile: winning });
    }
    let tiles = meld_tiles(win);
    let mut shown = tiles.counts;
    // Red fives per suit, in the melds and the indicators.
    let mut reds = tiles.meld_reds.map(usize::from);
    for indicators in [&win.dora_indicators, &win.ura_indicators] {
        for copy in indicators.iter() {
            if !copy.is_possible() {
                return Err(ScoreError::NotAFive { tile: *copy });
            }
            let count = &mut shown[copy.tile.index() as usize];
            *count = count.saturating_add(1);
            reds[copy.tile.suit() as usize % 3] += usize::from(copy.red);
        }
    }
    // The North tiles declared aside (kita) are copies too (at most 5 counted, enough to
    // refuse a fifth and to keep [`over_four`]'s bound).
    let north = &mut shown[NORTH];
    *north = north.saturating_add(win.nukidora.min(5));
    if let Some(index) = over_four(&shown) {
        return Err(ScoreError::FifthCopy {
            tile: Tile::ALL[index],
            count: shown[index] as usize,
        });
    }
    let allowed = usize::from(rules.red_fives);
    for (suit, reds) in [Suit::Man, Suit::Pin, Suit::Sou].into_iter().zip(reds) {
        let in_hand = red_in_hand(suit).unwrap_or(0);
        let fives = win.concealed.count(Tile::ALL[suit as usize * 9 + 4]);
        if in_hand > fives {
            return Err(ScoreError::RedWithoutFive {
                suit,
                count: in_hand,
                fives,
            });
        }
        let count = reds + in_hand as usize;
        if count > allowed {
            return Err(ScoreError::RedFives {
                suit,
                count,
                allowed,
            });
        }
    }
    Ok(tiles)
}

/// The first kind counted more than 4 times, if any: eight counts at a time as the bytes
/// of a word first (each count is at most 30, 4 in the hand, 16 in melds and 10 on
/// indicators, so adding 123 sets a byte's high bit exactly when it is over 4), then the
/// kind itself when there is one.
fn over_four(counts: &[u8; KINDS]) -> Option<usize> {
    const OVER: u64 = 0x7b7b_7b7b_7b7b_7b7b;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut padded = [0u8; KINDS.next_multiple_of(8)];
    padded[..KINDS].copy_from_slice(counts);
    let words = padded.as_chunks::<8>().0;
    if words
        .iter()
        .all(|word| (u64::from_le_bytes(*word) & !HIGH).wrapping_add(OVER) & HIGH == 0)
    {
        return None;
    }
    counts.iter().position(|&count| count > 4)
}

fn check_situation(
    win: &WinningHand,
    tiles: &Tiles,
    rules: &ScoringRules,
) -> Result<(), Contradiction> {
    use Contradiction::*;
    let riichi = win.riichi != Riichi::None;
    let (open, kans) = (!tiles.closed, tiles.kans);
    let tsumo = win.by == WinBy::Tsumo;
    let kan_win = win.rinshan | win.chankan;
    let indicators = win
        .dora_indicators
        .offered()
        .max(win.ura_indicators.offered());
    let refuse = |broken: bool, contradiction| if broken { Err(contradiction) } else { Ok(()) };
    refuse(riichi & open, RiichiOpen)?;
    refuse(win.ippatsu & !riichi, IppatsuWithoutRiichi)?;
    refuse(win.ippatsu & win.rinshan, IppatsuWithRinshan)?;
    refuse(win.rinshan & !tsumo, RinshanByRon)?;
    refuse((win.nukidora > 0) & rules.sanma.is_none(), KitaAtFourSeats)?;
    // The replacement tile of a kita is a rinshan tile too (RiichiEnv's `resolve_kita_rinshan`).
    refuse(
        win.rinshan & (kans == 0) & (win.nukidora == 0),
        RinshanWithoutKan,
    )?;
    refuse(win.chankan & tsumo, ChankanByTsumo)?;
    refuse(
        win.chankan && visible(win, win.winning_tile.tile) > 1,
        ChankanTileVisible,
    )?;
    refuse(win.last_tile & kan_win, LastTileWithKanWin)?;
    let called = !win.melds.is_empty() | riichi;
    refuse(win.first_turn & called, FirstTurnAfterCall)?;
    let other_flag = win.ippatsu | win.last_tile | kan_win;
    refuse(win.first_turn & other_flag, FirstTurnWithOtherFlag)?;
    let dealer_ron = !tsumo & win.is_dealer();
    refuse(win.first_turn & dealer_ron, FirstTurnRonByDealer)?;
    refuse(!win.ura_indicators.is_empty() & !riichi, UraWithoutRiichi)?;
    // Any seat's kan turns an indicator, so the winner's own kans do not bound them: at
    // most 1 and one per kan of the hand's four.
    refuse(indicators > 1 + 4, TooManyIndicators)
}

/// The copies of `tile` in the hand, the melds and the indicators.
fn visible(win: &WinningHand, tile: Tile) -> usize {
    let indicators = win.dora_indicators.iter().chain(win.ura_indicators.iter());
    win.concealed.count(tile) as usize
        + win
            .melds
            .iter()
            .map(|m| m.count(tile) as usize)
            .sum::<usize>()
        + indicators.filter(|c| c.tile == tile).count()
}

/// The counts of every tile of the hand (the melds included, a kan counts 4), and what
/// the melds are, in one pass over them.
fn meld_tiles(win: &WinningHand) -> Tiles {
    let mut tiles = Tiles {
        counts: *win.concealed.counts(),
        closed: true,
        kans: 0,
        meld_reds: [0; 3],
    };
    for meld in win.melds.iter() {
        let index = meld.tile().index() as usize;
        match meld.kind() {
            MeldKind::Chi => {
                for count in tiles.counts.iter_mut().skip(index).take(3) {
                    *count += 1;
                }
            }
            kind => tiles.counts[index] += kind.tiles() as u8,
        }
        tiles.closed &= !meld.kind().is_open();
        tiles.kans += usize::from(meld.kind().is_kan());
        tiles.meld_reds[meld.tile().suit() as usize % 3] += u8::from(meld.has_red_five());
    }
    tiles
}

//! Refusing a win that cannot happen, before it is scored (spec sections 4 and 5).

use crate::score::error::{Contradiction, ScoreError};
use crate::score::meld::MeldKind;
use crate::score::rules::ScoringRules;
use crate::score::win::{Riichi, WinBy, WinningHand};
use crate::tile::{KINDS, Suit, Tile};

/// The most melds of a hand.
const MAX_MELDS: usize = 4;

/// Checks the tiles and then the situation of `win`; returns the counts of every tile of
/// the hand, the melds included (a kan counts 4).
///
/// # Errors
/// The first problem found, in this order: [`ScoreError::TooManyMelds`],
/// [`ScoreError::TileCount`], [`ScoreError::WinningTileNotInHand`],
/// [`ScoreError::NotAFive`], [`ScoreError::FifthCopy`], [`ScoreError::RedWithoutFive`],
/// [`ScoreError::RedFives`], then each [`Contradiction`].
pub(crate) fn check(win: &WinningHand, rules: &ScoringRules) -> Result<[u8; KINDS], ScoreError> {
    let counts = check_tiles(win, rules)?;
    check_situation(win)?;
    Ok(counts)
}

fn check_tiles(win: &WinningHand, rules: &ScoringRules) -> Result<[u8; KINDS], ScoreError> {
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
    let red_missing = winning.red && red_in_hand(winning.tile.suit()).unwrap_or(0) == 0;
    if !win.concealed.contains(winning.tile) || red_missing {
        return Err(ScoreError::WinningTileNotInHand { tile: winning });
    }
    let indicators = || win.dora_indicators.iter().chain(win.ura_indicators.iter());
    if let Some(copy) = indicators().chain([&winning]).find(|c| !c.is_possible()) {
        return Err(ScoreError::NotAFive { tile: *copy });
    }
    let counts = all_tiles(win);
    let mut shown = counts;
    // Red fives per suit, in the melds and the indicators.
    let mut reds = [0usize; 3];
    for copy in indicators() {
        let count = &mut shown[copy.tile.index() as usize];
        *count = count.saturating_add(1);
        reds[copy.tile.suit() as usize % 3] += usize::from(copy.red);
    }
    for meld in win.melds.iter().filter(|meld| meld.has_red_five()) {
        reds[meld.tile().suit() as usize % 3] += 1;
    }
    if let Some(index) = shown.iter().position(|&count| count > 4) {
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
    Ok(counts)
}

fn check_situation(win: &WinningHand) -> Result<(), Contradiction> {
    use Contradiction::*;
    let riichi = win.riichi != Riichi::None;
    let open = win.melds.iter().any(|m| m.kind().is_open());
    let kans = win.melds.iter().filter(|m| m.kind().is_kan()).count();
    let tsumo = win.by == WinBy::Tsumo;
    let kan_win = win.rinshan || win.chankan;
    let indicators = win
        .dora_indicators
        .offered()
        .max(win.ura_indicators.offered());
    let refuse = |broken: bool, contradiction| if broken { Err(contradiction) } else { Ok(()) };
    refuse(riichi && open, RiichiOpen)?;
    refuse(win.ippatsu && !riichi, IppatsuWithoutRiichi)?;
    refuse(win.ippatsu && win.rinshan, IppatsuWithRinshan)?;
    refuse(win.rinshan && !tsumo, RinshanByRon)?;
    refuse(win.rinshan && kans == 0, RinshanWithoutKan)?;
    refuse(win.chankan && tsumo, ChankanByTsumo)?;
    refuse(
        win.chankan && visible(win, win.winning_tile.tile) > 1,
        ChankanTileVisible,
    )?;
    refuse(win.last_tile && kan_win, LastTileWithKanWin)?;
    let called = !win.melds.is_empty() || riichi;
    refuse(win.first_turn && called, FirstTurnAfterCall)?;
    let other_flag = win.ippatsu || win.last_tile || kan_win;
    refuse(win.first_turn && other_flag, FirstTurnWithOtherFlag)?;
    let dealer_ron = !tsumo && win.is_dealer();
    refuse(win.first_turn && dealer_ron, FirstTurnRonByDealer)?;
    refuse(!win.ura_indicators.is_empty() && !riichi, UraWithoutRiichi)?;
    refuse(indicators > 1 + kans, TooManyIndicators)
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

/// The counts of every tile of the hand, the melds included (a kan counts 4).
fn all_tiles(win: &WinningHand) -> [u8; KINDS] {
    let mut counts = *win.concealed.counts();
    for meld in win.melds.iter() {
        let index = meld.tile().index() as usize;
        match meld.kind() {
            MeldKind::Chi => {
                for count in counts.iter_mut().skip(index).take(3) {
                    *count += 1;
                }
            }
            kind => counts[index] += kind.tiles() as u8,
        }
    }
    counts
}

//! Refusing a win that cannot happen, before it is scored (spec sections 4 and 5).

use crate::score::error::{Contradiction, ScoreError};
use crate::score::rules::ScoringRules;
use crate::score::tile_copy::TileCopy;
use crate::score::win::{Riichi, WinBy, WinningHand};
use crate::tile::{KINDS, Suit, Tile};

/// The most melds of a hand.
const MAX_MELDS: usize = 4;

/// Checks the tiles and then the situation of `win`.
///
/// # Errors
/// The first problem found, in this order: [`ScoreError::TooManyMelds`],
/// [`ScoreError::TileCount`], [`ScoreError::WinningTileNotInHand`],
/// [`ScoreError::NotAFive`], [`ScoreError::FifthCopy`], [`ScoreError::RedWithoutFive`],
/// [`ScoreError::RedFives`], then each [`Contradiction`].
pub(crate) fn check(win: &WinningHand, rules: &ScoringRules) -> Result<(), ScoreError> {
    check_tiles(win, rules)?;
    check_situation(win)?;
    Ok(())
}

fn check_tiles(win: &WinningHand, rules: &ScoringRules) -> Result<(), ScoreError> {
    let melds = win.melds.len();
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
    let indicators = win.dora_indicators.iter().chain(&win.ura_indicators);
    if let Some(copy) = indicators
        .clone()
        .chain([&winning])
        .find(|c| !c.is_possible())
    {
        return Err(ScoreError::NotAFive { tile: *copy });
    }
    let mut counts = all_tiles(win);
    for copy in indicators.clone() {
        counts[copy.tile.index() as usize] += 1;
    }
    if let Some(tile) = Tile::ALL
        .into_iter()
        .find(|t| counts[t.index() as usize] > 4)
    {
        return Err(ScoreError::FifthCopy {
            tile,
            count: counts[tile.index() as usize] as usize,
        });
    }
    check_red_fives(win, rules, indicators)
}

fn check_red_fives<'a>(
    win: &WinningHand,
    rules: &ScoringRules,
    indicators: impl Iterator<Item = &'a TileCopy> + Clone,
) -> Result<(), ScoreError> {
    let allowed = usize::from(rules.red_fives);
    for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
        let five = Tile::new(suit, 5).unwrap_or(Tile::ALL[0]);
        let in_hand = win
            .concealed_red_fives
            .get(suit as usize)
            .copied()
            .unwrap_or(0);
        let fives = win.concealed.count(five);
        if in_hand > fives {
            return Err(ScoreError::RedWithoutFive {
                suit,
                count: in_hand,
                fives,
            });
        }
        let in_melds = win
            .melds
            .iter()
            .filter(|m| m.has_red_five() && m.tile().suit() == suit);
        let shown = indicators
            .clone()
            .filter(|c| c.red && c.tile.suit() == suit);
        let count = in_hand as usize + in_melds.count() + shown.count();
        if count > allowed {
            return Err(ScoreError::RedFives {
                suit,
                count,
                allowed,
            });
        }
    }
    Ok(())
}

fn check_situation(win: &WinningHand) -> Result<(), Contradiction> {
    use Contradiction::*;
    let riichi = win.riichi != Riichi::None;
    let open = win.melds.iter().any(|m| m.kind().is_open());
    let kans = win.melds.iter().filter(|m| m.kind().is_kan()).count();
    let tsumo = win.by == WinBy::Tsumo;
    let visible = win.concealed.count(win.winning_tile.tile) as usize
        + win
            .melds
            .iter()
            .map(|m| m.count(win.winning_tile.tile) as usize)
            .sum::<usize>()
        + win
            .dora_indicators
            .iter()
            .chain(&win.ura_indicators)
            .filter(|c| c.tile == win.winning_tile.tile)
            .count();
    let rules = [
        (riichi && open, RiichiOpen),
        (win.ippatsu && !riichi, IppatsuWithoutRiichi),
        (win.ippatsu && win.rinshan, IppatsuWithRinshan),
        (win.rinshan && !tsumo, RinshanByRon),
        (win.rinshan && kans == 0, RinshanWithoutKan),
        (win.chankan && tsumo, ChankanByTsumo),
        (win.chankan && visible > 1, ChankanTileVisible),
        (
            win.last_tile && (win.rinshan || win.chankan),
            LastTileWithKanWin,
        ),
        (
            win.first_turn && (!win.melds.is_empty() || riichi),
            FirstTurnAfterCall,
        ),
        (
            win.first_turn && (win.ippatsu || win.last_tile || win.rinshan || win.chankan),
            FirstTurnWithOtherFlag,
        ),
        (
            win.first_turn && !tsumo && win.is_dealer(),
            FirstTurnRonByDealer,
        ),
        (!win.ura_indicators.is_empty() && !riichi, UraWithoutRiichi),
        (
            win.dora_indicators.len().max(win.ura_indicators.len()) > 1 + kans,
            TooManyIndicators,
        ),
    ];
    match rules.into_iter().find(|(broken, _)| *broken) {
        Some((_, contradiction)) => Err(contradiction),
        None => Ok(()),
    }
}

/// The counts of every tile of the hand, the melds included (a kan counts 4).
pub(crate) fn all_tiles(win: &WinningHand) -> [u8; KINDS] {
    let mut counts = *win.concealed.counts();
    for meld in &win.melds {
        for tile in meld.copies() {
            counts[tile.tile.index() as usize] += 1;
        }
    }
    counts
}

//! The text form of a win: `123m456p789s11z 3m ron riichi dora 1m`.

use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::hand::concealed::{Hand, HandError, ParseHandError};
use crate::hand::score::meld::{Meld, ParseMeldError};
use crate::hand::score::tile_copy::{TileCopy, parse_copies};
use crate::hand::score::win::{Riichi, WinBy, Wind, WinningHand};
use crate::hand::tile::ParseTileError;

impl FromStr for WinningHand {
    type Err = ParseWinError;

    /// Reads a win from words separated by spaces, in any order after the hand, case
    /// ignored:
    ///
    /// - first, the concealed tiles in compact MPSZ (`123m340p789s11z`, `0` = red five):
    ///   either with the winning tile (`14 - 3 x melds` tiles) or without it (one fewer);
    /// - `chi 345m`, `pon 777p`, `kan 1111z` (open kan), `ankan 9999s`, `kakan 5555p`;
    /// - `win 3m` or just `3m`: the winning tile (added to the hand when the hand was written
    ///   without it); when it is not given, the last tile written in the hand won, and a
    ///   hand written one tile short is refused ([`ParseWinError::NoWinningTile`]);
    /// - `ron` (the default) or `tsumo`; `seat E|S|W|N` (default `S`), `round E|S|W|N`
    ///   (default `E`);
    /// - `riichi`, `double-riichi`, `ippatsu`, `last-tile` (or `haitei`, `houtei`),
    ///   `rinshan`, `chankan`, `first-turn` (or `tenhou`, `chiihou`, `renhou`);
    /// - `dora 1m7p`, `ura 9p`: indicators (the tiles shown, not the dora), repeatable;
    /// - `honba 2`, `sticks 1`: counters on the table; `kita 1`: North tiles declared aside
    ///   (three-player riichi).
    ///
    /// The result is not checked against the rules of mahjong: scoring does that.
    ///
    /// # Errors
    /// A [`ParseWinError`] naming the word that is wrong.
    fn from_str(text: &str) -> Result<WinningHand, ParseWinError> {
        let mut words = text.split_whitespace();
        let hand_text = words.next().ok_or(ParseWinError::Empty)?;
        let hand_copies = parse_copies(hand_text)?;
        let mut win = WinningHand::default();
        let mut winning_tile: Option<TileCopy> = None;
        // The words said so far that may be said once, by what they set.
        let mut said: Vec<(&str, String)> = Vec::new();
        while let Some(word) = words.next() {
            let lower = word.to_ascii_lowercase();
            if let Some(slot) = once_slot(&lower) {
                if let Some((_, earlier)) = said.iter().find(|(s, _)| *s == slot) {
                    return Err(ParseWinError::Repeated {
                        word: excerpt(word),
                        earlier: earlier.clone(),
                    });
                }
                said.push((slot, excerpt(word)));
            }
            let mut value = || {
                words.next().ok_or_else(|| ParseWinError::MissingValue {
                    word: excerpt(word),
                })
            };
            match lower.as_str() {
                "chi" | "pon" | "kan" | "ankan" | "kakan" => {
                    let meld: Meld = format!("{word} {}", value()?).parse()?;
                    win.melds.push(meld);
                }
                "win" => winning_tile = Some(value()?.parse()?),
                "ron" => win.by = WinBy::Ron,
                "tsumo" => win.by = WinBy::Tsumo,
                "seat" | "round" => {
                    let name = value()?;
                    let wind = Wind::from_name(name).ok_or_else(|| ParseWinError::NoWind {
                        text: excerpt(name),
                    })?;
                    *if lower == "seat" {
                        &mut win.seat_wind
                    } else {
                        &mut win.round_wind
                    } = wind;
                }
                "riichi" => win.riichi = Riichi::Riichi,
                "double-riichi" | "double_riichi" => win.riichi = Riichi::Double,
                "ippatsu" => win.ippatsu = true,
                "last-tile" | "haitei" | "houtei" => win.last_tile = true,
                "rinshan" => win.rinshan = true,
                "chankan" => win.chankan = true,
                "first-turn" | "tenhou" | "chiihou" | "renhou" => win.first_turn = true,
                "dora" => win.dora_indicators.extend(parse_copies(value()?)?),
                "ura" => win.ura_indicators.extend(parse_copies(value()?)?),
                "honba" | "sticks" | "kita" => {
                    let number = value()?;
                    let not_a_count = || ParseWinError::NotACount {
                        word: excerpt(word),
                        text: excerpt(number),
                    };
                    let count = number
                        .parse()
                        .ok()
                        .filter(|&n| n <= WinningHand::MOST_ON_TABLE)
                        .ok_or_else(not_a_count)?;
                    match lower.as_str() {
                        "honba" => win.honba = count,
                        "sticks" => win.riichi_sticks = count,
                        _ => {
                            win.nukidora = u8::try_from(count).map_err(|_| not_a_count())?;
                        }
                    }
                }
                _ => match word.parse::<TileCopy>() {
                    Ok(tile) if winning_tile.is_none() => {
                        said.push(("win", excerpt(word)));
                        winning_tile = Some(tile);
                    }
                    _ => {
                        return Err(ParseWinError::UnknownWord {
                            word: excerpt(word),
                        });
                    }
                },
            }
        }
        let with_win = 14usize.saturating_sub(3 * win.melds.len());
        let mut copies = hand_copies;
        let winning_tile = match winning_tile {
            Some(tile) if copies.len() + 1 == with_win => {
                copies.push(tile);
                tile
            }
            Some(tile) => tile,
            None if copies.len() + 1 == with_win => {
                return Err(ParseWinError::NoWinningTile {
                    tiles: copies.len(),
                    needed: with_win,
                });
            }
            None => *copies.last().ok_or(ParseWinError::Empty)?,
        };
        win.winning_tile = winning_tile;
        win.concealed = Hand::from_tiles(copies.iter().map(|copy| copy.tile))?;
        for copy in copies.iter().filter(|copy| copy.red) {
            if let Some(count) = win.concealed_red_fives.get_mut(copy.tile.suit() as usize) {
                *count += 1;
            }
        }
        Ok(win)
    }
}

/// What a word that may be said only once sets (`ron` and `tsumo` both set how the hand
/// won; `riichi` and `double-riichi` the riichi), or `None` for a repeatable word.
fn once_slot(lower: &str) -> Option<&'static str> {
    Some(match lower {
        "ron" | "tsumo" => "ron",
        "riichi" | "double-riichi" | "double_riichi" => "riichi",
        "last-tile" | "haitei" | "houtei" => "last-tile",
        "first-turn" | "tenhou" | "chiihou" | "renhou" => "first-turn",
        "win" => "win",
        "seat" => "seat",
        "round" => "round",
        "ippatsu" => "ippatsu",
        "rinshan" => "rinshan",
        "chankan" => "chankan",
        "honba" => "honba",
        "sticks" => "sticks",
        "kita" => "kita",
        _ => return None,
    })
}

/// Text that is not a win.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseWinError {
    /// Nothing was written.
    #[error("write the concealed tiles first, e.g. `123m456p789s1122z 2z ron riichi dora 1m`")]
    Empty,
    /// The tiles of the hand, or of indicators, are not valid notation.
    #[error(transparent)]
    Tiles(#[from] ParseHandError),
    /// The winning tile is not one tile.
    #[error(transparent)]
    Tile(#[from] ParseTileError),
    /// A meld is wrong.
    #[error(transparent)]
    Meld(#[from] ParseMeldError),
    /// The hand and the winning tile are more than 14 tiles, or a fifth copy of a kind.
    #[error(transparent)]
    Hand(#[from] HandError),
    /// No winning tile is named and the hand is one tile short of its count with the
    /// winning tile (`14 - 3 x melds`): which tile won is not known. (Read as a hand without
    /// its winning tile, it would write a text that reads back with it.)
    #[error(
        "the hand has {tiles} tiles, one short of the {needed} it needs with the winning tile: \
         name the winning tile (`win 4s` or `4s`) or write it in the hand"
    )]
    NoWinningTile {
        /// The tiles written in the hand.
        tiles: usize,
        /// The tiles a hand with these melds holds with its winning tile.
        needed: usize,
    },
    /// A word that needs a value (`dora`, `seat`, `pon`, ...) is the last word.
    #[error("`{word}` needs a value after it")]
    MissingValue {
        /// The word.
        word: String,
    },
    /// `seat` or `round` is not followed by a wind.
    #[error("`{text}` is not a wind: write E, S, W or N")]
    NoWind {
        /// What followed.
        text: String,
    },
    /// `honba`, `sticks` or `kita` is not followed by a whole number up to
    /// [`WinningHand::MOST_ON_TABLE`] (255 for `kita`).
    #[error(
        "`{word} {text}`: a count is a whole number (honba and sticks up to 1,000,000, kita \
         up to 255), as in `honba 2`"
    )]
    NotACount {
        /// The word.
        word: String,
        /// What followed it.
        text: String,
    },
    /// A word that may be said once was said again, or with another that sets the same
    /// (`ron` and `tsumo`, `riichi` and `double-riichi`, a second winning tile).
    #[error("`{word}`: `{earlier}` was said already (each may be said once)")]
    Repeated {
        /// The word said again.
        word: String,
        /// The word said before, that sets the same.
        earlier: String,
    },
    /// A word that is none of the above.
    #[error(
        "`{word}` is not understood: after the hand write melds (pon 777p), the winning tile \
         (win 3m), ron or tsumo, seat/round E|S|W|N, riichi, double-riichi, ippatsu, \
         last-tile, rinshan, chankan, first-turn, dora/ura <tiles>, honba/sticks/kita <count>"
    )]
    UnknownWord {
        /// The word (its first 20 characters).
        word: String,
    },
}

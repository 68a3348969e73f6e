//! What a seat may do in a hand of the full game ([spec](crate::spec) section 4), and why
//! an action is refused.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::excerpt::excerpt;
use crate::hand::score::TileCopy;
use crate::hand::tile::Tile;

/// One action of the seat to move in a hand of the full game. Tiles are physical copies:
/// `0m`, `0p`, `0s` are the red fives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KyokuAction {
    /// Discard the tile just drawn (tsumogiri).
    Tsumogiri,
    /// Discard this tile from the hand, not the one just drawn (tedashi).
    Discard(TileCopy),
    /// Declare riichi and discard the tile just drawn.
    RiichiTsumogiri,
    /// Declare riichi and discard this tile from the hand.
    Riichi(TileCopy),
    /// Win on the tile just drawn.
    Tsumo,
    /// Win on the discard (or the added kan) being offered.
    Ron,
    /// Call the previous seat's discard into a sequence with these two tiles of the hand.
    Chi(TileCopy, TileCopy),
    /// Call a discard into a triplet with these two tiles of the hand.
    Pon(TileCopy, TileCopy),
    /// Call a discard onto three copies of the hand (daiminkan).
    OpenKan,
    /// Declare four concealed copies of this kind (ankan).
    ClosedKan(Tile),
    /// Add the fourth copy of this kind to an own pon (kakan).
    AddedKan(Tile),
    /// Abort the hand with nine or more kinds of terminals and honors on the first turn.
    KyuushuKyuuhai,
    /// Let the offered discard (or kan) go.
    Pass,
    /// Declare a North aside as a bonus dora and draw a replacement tile (kita, or
    /// nukidora: three-player riichi only).
    Kita,
}

impl fmt::Display for KyokuAction {
    /// `tsumogiri`, `discard 5m`, `riichi tsumogiri`, `riichi 0p`, `tsumo`, `ron`,
    /// `chi 46m`, `pon 05p`, `kan`, `ankan 7z`, `kakan 5s`, `kyuushu`, `pass` or `kita`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KyokuAction::Tsumogiri => f.write_str("tsumogiri"),
            KyokuAction::Discard(tile) => write!(f, "discard {tile}"),
            KyokuAction::RiichiTsumogiri => f.write_str("riichi tsumogiri"),
            KyokuAction::Riichi(tile) => write!(f, "riichi {tile}"),
            KyokuAction::Tsumo => f.write_str("tsumo"),
            KyokuAction::Ron => f.write_str("ron"),
            KyokuAction::Chi(a, b) => write!(f, "chi {}{}", digit(*a), b),
            KyokuAction::Pon(a, b) => write!(f, "pon {}{}", digit(*a), b),
            KyokuAction::OpenKan => f.write_str("kan"),
            KyokuAction::ClosedKan(tile) => write!(f, "ankan {tile}"),
            KyokuAction::AddedKan(tile) => write!(f, "kakan {tile}"),
            KyokuAction::KyuushuKyuuhai => f.write_str("kyuushu"),
            KyokuAction::Pass => f.write_str("pass"),
            KyokuAction::Kita => f.write_str("kita"),
        }
    }
}

/// The digit of a copy in MPSZ: `0` for a red five.
fn digit(copy: TileCopy) -> char {
    copy.to_string().chars().next().unwrap_or('?')
}

impl FromStr for KyokuAction {
    type Err = ParseKyokuActionError;

    /// Reads what `Display` writes, in either case. The two tiles of a chi or pon are
    /// written as one group (`chi 46m`, `pon 05p`) or as two tiles (`pon 0p 5p`).
    fn from_str(text: &str) -> Result<KyokuAction, ParseKyokuActionError> {
        let words: Vec<String> = text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let unknown = || ParseKyokuActionError::Unknown {
            text: excerpt(text.trim()),
        };
        let action = match words[..] {
            ["tsumogiri"] => KyokuAction::Tsumogiri,
            ["riichi", "tsumogiri"] => KyokuAction::RiichiTsumogiri,
            ["tsumo"] => KyokuAction::Tsumo,
            ["ron"] => KyokuAction::Ron,
            ["kan"] => KyokuAction::OpenKan,
            ["kyuushu"] => KyokuAction::KyuushuKyuuhai,
            ["pass"] => KyokuAction::Pass,
            ["kita"] => KyokuAction::Kita,
            ["discard", tile] => KyokuAction::Discard(copy(tile)?),
            ["riichi", tile] => KyokuAction::Riichi(copy(tile)?),
            ["ankan", tile] => KyokuAction::ClosedKan(copy(tile)?.tile),
            ["kakan", tile] => KyokuAction::AddedKan(copy(tile)?.tile),
            ["chi", pair] => pair_of(pair).map(|(a, b)| KyokuAction::Chi(a, b))?,
            ["pon", pair] => pair_of(pair).map(|(a, b)| KyokuAction::Pon(a, b))?,
            ["chi", a, b] => KyokuAction::Chi(copy(a)?, copy(b)?),
            ["pon", a, b] => KyokuAction::Pon(copy(a)?, copy(b)?),
            _ => return Err(unknown()),
        };
        Ok(action)
    }
}

fn copy(word: &str) -> Result<TileCopy, ParseKyokuActionError> {
    word.parse().map_err(
        |error: crate::hand::tile::ParseTileError| ParseKyokuActionError::Tile {
            text: excerpt(word),
            reason: error.to_string(),
        },
    )
}

/// Two digits and a suit letter (`46m`, `05p`).
fn pair_of(word: &str) -> Result<(TileCopy, TileCopy), ParseKyokuActionError> {
    let chars: Vec<char> = word.chars().collect();
    match chars[..] {
        [a, b, suit] => Ok((copy(&format!("{a}{suit}"))?, copy(&format!("{b}{suit}"))?)),
        _ => Err(ParseKyokuActionError::Tile {
            text: excerpt(word),
            reason: format!(
                "`{}` is not two tiles of one suit: write them as 46m",
                excerpt(word)
            ),
        }),
    }
}

/// Text that is not an action of the full game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseKyokuActionError {
    /// Not one of the action words.
    #[error(
        "`{text}` is not an action: write tsumogiri, discard 5m, riichi 5m, riichi tsumogiri, \
         tsumo, ron, chi 46m, pon 55p, kan, ankan 7z, kakan 5s, kyuushu, pass or kita"
    )]
    Unknown {
        /// The text, trimmed (its first 20 characters and `…` when longer).
        text: String,
    },
    /// A tile of the action is not a tile.
    #[error("{reason}")]
    Tile {
        /// The text of the tile (its first 20 characters and `…` when longer).
        text: String,
        /// Why it is not a tile.
        reason: String,
    },
}

/// Why [`crate::Kyoku::apply`] refused an action; the hand is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum KyokuError {
    /// The hand has ended.
    #[error("the hand is over")]
    Over,
    /// The action is not among the seat's legal actions now; `reason` says which rule
    /// forbids it (spec section 4).
    #[error("{action} is not allowed now: {reason}")]
    NotAllowed {
        /// The action refused.
        action: KyokuAction,
        /// Why.
        reason: Refusal,
    },
}

/// The rule that forbids an action (spec section 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum Refusal {
    /// Ron, pass or a call when no discard or kan is offered.
    #[error("no discard or kan is offered")]
    NothingOffered,
    /// A turn's action while a discard or kan is offered to this seat.
    #[error("a discard or kan is offered: claim it or pass")]
    ClaimPending,
    /// A claim the seat cannot make of the offered tile: not waiting on it, furiten, no
    /// yaku, a chi not from the previous seat, not enough tiles, the last discard, in
    /// riichi, or a call that would leave only kuikae discards.
    #[error("this claim cannot be made of the offered tile (waits, furiten, yaku, tiles, kuikae)")]
    NoSuchClaim,
    /// A chi at a three-player table: sanma has no chi (spec section 6).
    #[error("three-player riichi (sanma) has no chi")]
    ChiInSanma,
    /// A kita at a four-player table: only three-player riichi sets North aside (spec
    /// section 6).
    #[error("kita is three-player riichi's (sanma); four players have no kita")]
    KitaAtFourSeats,
    /// Tsumo without a complete hand with a yaku, or with no tile drawn.
    #[error("the hand is not complete with a yaku (or no tile was drawn)")]
    NoWin,
    /// Kyuushu kyuuhai off the first uninterrupted turn or with fewer than 9 kinds.
    #[error("only on a first uninterrupted turn with 9 kinds of terminals and honors")]
    NotKyuushu,
    /// Riichi without a closed tenpai hand, 1,000 points and 4 tiles left (3 in sanma), or a
    /// second time.
    #[error("riichi needs a closed tenpai hand, 1,000 points and 4 tiles left (3 in sanma), once")]
    NoRiichi,
    /// A kan that cannot be made.
    #[error(
        "no such kan: four copies (or a pon and its fourth), a tile left, no fifth kan, and in \
         riichi only the drawn tile without changing the waits"
    )]
    NoKan,
    /// A discard of a tile not in the hand, forbidden by kuikae, or not the drawn tile in
    /// riichi.
    #[error("the tile is not in the hand, is forbidden by kuikae, or riichi allows only tsumogiri")]
    NoDiscard,
    /// A kita of three-player riichi that cannot be made: no North in the hand, no tile
    /// drawn (after a call), no live tile left for the replacement, or in riichi a North
    /// other than the drawn tile.
    #[error(
        "no kita: a North in the hand after a draw, a live tile left, and in riichi only the \
         drawn North"
    )]
    NoKita,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_back_what_they_write() {
        let red: TileCopy = "0p".parse().unwrap();
        let five: TileCopy = "5p".parse().unwrap();
        let four: TileCopy = "4m".parse().unwrap();
        let six: TileCopy = "6m".parse().unwrap();
        let actions = [
            KyokuAction::Tsumogiri,
            KyokuAction::Discard(red),
            KyokuAction::RiichiTsumogiri,
            KyokuAction::Riichi(five),
            KyokuAction::Tsumo,
            KyokuAction::Ron,
            KyokuAction::Chi(four, six),
            KyokuAction::Pon(red, five),
            KyokuAction::OpenKan,
            KyokuAction::ClosedKan(five.tile),
            KyokuAction::AddedKan(four.tile),
            KyokuAction::KyuushuKyuuhai,
            KyokuAction::Pass,
            KyokuAction::Kita,
        ];
        for action in actions {
            assert_eq!(action.to_string().parse(), Ok(action), "{action}");
        }
        assert_eq!(KyokuAction::Pon(red, five).to_string(), "pon 05p");
        assert_eq!("CHI 46M".parse(), Ok(KyokuAction::Chi(four, six)));
        assert_eq!("pon 0p 5p".parse(), Ok(KyokuAction::Pon(red, five)));
    }

    #[test]
    fn bad_actions_say_why() {
        let error = "chii 5m".parse::<KyokuAction>().unwrap_err();
        assert!(error.to_string().starts_with("`chii 5m` is not an action"));
        let error = "chi 4m".parse::<KyokuAction>().unwrap_err();
        assert!(error.to_string().contains("not two tiles"), "{error}");
        let error = "discard 8z".parse::<KyokuAction>().unwrap_err();
        assert!(error.to_string().contains("8z"), "{error}");
        assert!("".parse::<KyokuAction>().is_err());
    }
}

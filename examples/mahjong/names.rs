//! How the terminal game writes and reads tiles: per-tile codes (`1M 7Z`), compact MPSZ
//! (`17m`) or Korean (`1만 중`), red fives included (`0M`, `0m`, `적5만`).

use clap::ValueEnum;
use mahjong_core::score::TileCopy;
use mahjong_core::{Hand, Shape, Suit, Tile, TileSet, excerpt};

/// How tiles are written.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Names {
    /// `1M 2M 7Z`, one code per tile (`0M` is the red five).
    Codes,
    /// `123m7z`, compact MPSZ (`0m` is the red five).
    Mpsz,
    /// `1만 2만 중` (`적5만` is the red five).
    Korean,
}

const HONORS_KOREAN: [&str; 7] = ["동", "남", "서", "북", "백", "발", "중"];
const HONORS_ENGLISH: [&str; 7] = ["East", "South", "West", "North", "white", "green", "red"];
const SUITS_KOREAN: [(&str, char); 3] = [("만", 'm'), ("통", 'p'), ("삭", 's')];
/// What a red five is called in Korean, before its name: `적5만`.
const RED_KOREAN: &str = "적";

impl Names {
    /// One tile.
    pub fn tile(self, tile: Tile) -> String {
        self.copy(TileCopy::plain(tile))
    }

    /// One physical tile: a red five as `0M`, `0m` or `적5만`.
    pub fn copy(self, copy: TileCopy) -> String {
        let tile = copy.tile;
        match (self, tile.suit()) {
            (Names::Korean, Suit::Honor) => HONORS_KOREAN[tile.number() as usize - 1].into(),
            (Names::Korean, suit) => {
                let red = if copy.red { RED_KOREAN } else { "" };
                format!("{red}{}{}", tile.number(), SUITS_KOREAN[suit as usize].0)
            }
            (Names::Codes, _) => copy.to_string().to_uppercase(),
            (Names::Mpsz, _) => copy.to_string(),
        }
    }

    /// Text the crate wrote in MPSZ (a hand, a set of waits, a meld, a message), with each
    /// group of tiles in this notation; red fives (`0m`) stay red.
    pub fn text(self, mpsz: &str) -> String {
        if self == Names::Mpsz {
            return mpsz.to_string();
        }
        let word = |word: &str| {
            let core = word.trim_matches(|c: char| !c.is_alphanumeric());
            match mpsz_copies(core) {
                Some(copies) if !copies.is_empty() => {
                    let tiles: Vec<String> = copies.into_iter().map(|c| self.copy(c)).collect();
                    word.replacen(core, &tiles.join(" "), 1)
                }
                _ => word.to_string(),
            }
        };
        mpsz.split(' ').map(word).collect::<Vec<_>>().join(" ")
    }

    /// A concealed hand.
    pub fn hand(self, hand: &Hand) -> String {
        self.text(&hand.to_string())
    }

    /// A set of kinds (waits).
    pub fn set(self, set: TileSet) -> String {
        self.text(&set.to_string())
    }

    /// A complete hand's groups, apart (each group is one word in MPSZ, but several in the
    /// other notations), and the form's name where the crate gives one: `… 5S 5S
    /// (chiitoitsu)`.
    pub fn shape(self, shape: &Shape) -> String {
        let text = shape.to_string();
        match shape {
            Shape::Kokushi { .. } => self.text(&text),
            _ if self == Names::Mpsz => text,
            _ => {
                let (groups, form) = text.split_once(" (").unwrap_or((&text, ""));
                let groups: Vec<String> = groups.split(' ').map(|g| self.text(g)).collect();
                let form = if form.is_empty() {
                    String::new()
                } else {
                    format!(" ({form}")
                };
                groups.join(", ") + &form
            }
        }
    }

    /// What the honors are called, for the names whose honors are numbers.
    pub fn honors_legend(self) -> Option<String> {
        let honors = Tile::ALL.iter().filter(|tile| tile.is_honor());
        let named = honors
            .zip(HONORS_ENGLISH)
            .map(|(&t, name)| format!("{} {name}", self.tile(t)));
        (self != Names::Korean)
            .then(|| format!("Honors: {}.", named.collect::<Vec<_>>().join(", ")))
    }

    /// How to write a tile in this notation, for a message about a bad one.
    pub fn tile_help(self) -> String {
        let (five_pin, red) = (Tile::ALL[13], Tile::ALL[33]);
        format!(
            "write a tile like {} or {}, or its position in your hand",
            self.tile(five_pin),
            self.tile(red)
        )
    }
}

/// The tiles of a word of MPSZ groups (`123m`, `0p55p`, `7z`); `None` when it is not one.
fn mpsz_copies(word: &str) -> Option<Vec<TileCopy>> {
    let mut copies = Vec::new();
    let mut digits = Vec::new();
    for c in word.chars() {
        match c {
            '0'..='9' => digits.push(c),
            'm' | 'p' | 's' | 'z' if !digits.is_empty() => {
                for digit in digits.drain(..) {
                    copies.push(format!("{digit}{c}").parse().ok()?);
                }
            }
            _ => return None,
        }
    }
    digits.is_empty().then_some(copies)
}

/// A physical tile typed in any of the three notations (`5M`, `0m`, `5만`, `적5만`, `중`);
/// the error says how to write one in `names`.
pub fn parse_copy(text: &str, names: Names) -> Result<TileCopy, String> {
    if let Some(index) = HONORS_KOREAN.iter().position(|&name| name == text) {
        return Ok(TileCopy::plain(Tile::ALL[27 + index]));
    }
    let (red, rest) = match text.strip_prefix(RED_KOREAN) {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let korean = SUITS_KOREAN.iter().find_map(|(name, letter)| {
        let number = rest.strip_suffix(name)?;
        let number = match (red, number) {
            (false, number) => number,
            (true, "5") => "0",
            (true, _) => "", // only a five is red
        };
        Some(format!("{number}{letter}"))
    });
    let mpsz = match korean {
        Some(mpsz) => mpsz,
        None if red => String::new(),
        None => text.to_string(),
    };
    mpsz.parse()
        .map_err(|_| format!("`{}` is not a tile: {}", excerpt(text), names.tile_help()))
}

/// A tile kind typed in any of the three notations (a red five reads as a five).
pub fn parse_tile(text: &str, names: Names) -> Result<Tile, String> {
    parse_copy(text, names).map(|copy| copy.tile)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(hand: &str) -> Shape {
        hand.parse::<Hand>().unwrap().decompose().unwrap()
    }

    #[test]
    fn a_winning_shape_lists_its_groups_then_its_form() {
        let seven_pairs = shape("3355778899p3344s");
        assert_eq!(
            Names::Codes.shape(&seven_pairs),
            "3P 3P, 5P 5P, 7P 7P, 8P 8P, 9P 9P, 3S 3S, 4S 4S (chiitoitsu)"
        );
        assert_eq!(Names::Mpsz.shape(&seven_pairs), seven_pairs.to_string());
        let standard = shape("234p567p456s789s88m");
        assert_eq!(
            Names::Codes.shape(&standard),
            "2P 3P 4P, 5P 6P 7P, 4S 5S 6S, 7S 8S 9S, 8M 8M"
        );
        assert_eq!(
            Names::Korean.shape(&standard),
            "2통 3통 4통, 5통 6통 7통, 4삭 5삭 6삭, 7삭 8삭 9삭, 8만 8만"
        );
    }

    #[test]
    fn red_fives_are_written_and_read_in_every_notation() {
        let red: TileCopy = "0m".parse().unwrap();
        for names in [Names::Codes, Names::Mpsz, Names::Korean] {
            assert_eq!(parse_copy(&names.copy(red), names), Ok(red));
        }
        assert_eq!(Names::Korean.copy(red), "적5만");
        assert_eq!(
            Names::Codes.text("seat 2 calls pon 055p from seat 0"),
            "seat 2 calls pon 0P 5P 5P from seat 0"
        );
        assert_eq!(Names::Korean.text("wait 7z."), "wait 중.");
        assert!(parse_copy("적7만", Names::Korean).is_err());
        assert!(parse_copy("적중", Names::Korean).is_err());
    }
}

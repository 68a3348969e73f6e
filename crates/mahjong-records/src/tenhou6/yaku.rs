//! The yaku strings of a win (`"立直(1飜)"`, `"大三元(役満)"`) and their mjai names.
//!
//! Tenhou writes each yaku by its Japanese name with its han in parentheses, or `(役満)`
//! for a yakuman; the winds name the wind (`自風 東`, `場風 南`), the dragons the dragon
//! (`役牌 白`), and the dora come last (`ドラ`, which in three-player games counts the
//! North tiles set aside too, `赤ドラ`, `裏ドラ`); a credit of 0 han is left out (the
//! names are Tenhou's mjlog yaku list, as tenhou.net/6 shows them). tensoul writes Mahjong
//! Soul's names (`ダブル立直`, `役牌:自風牌`, `国士無双十三面待ち`, `抜きドラ` for the kita's
//! dora...) or its English names (`Riichi`, `Ura Dora`), and a 0-han `裏ドラ` (tensoul
//! `convert.js`, `parsehule`, and its `data.json` fan table); all of these are read.

use mahjong_core::mjai::yaku_name;
use mahjong_core::score::Yaku;

/// What a yaku string credits: a yaku, or one kind of dora.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Credit {
    Yaku(Yaku),
    /// Dora of the indicators.
    Dora,
    /// North tiles set aside (kita), each a dora; mjai counts them in `dora`.
    Kita,
    /// Red fives.
    Aka,
    /// Ura-dora.
    Ura,
}

/// The names of each yaku: Tenhou's first (the one written), then the other names tensoul
/// writes (Mahjong Soul's Japanese, then English).
const NAMES: [(Yaku, &[&str]); 43] = [
    (Yaku::MenzenTsumo, &["門前清自摸和", "Fully Concealed Hand"]),
    (Yaku::Riichi, &["立直", "Riichi"]),
    (Yaku::Ippatsu, &["一発", "Ippatsu"]),
    (Yaku::Chankan, &["槍槓", "Robbing a Kan"]),
    (Yaku::Rinshan, &["嶺上開花", "After a Kan"]),
    (Yaku::Haitei, &["海底摸月", "Under the Sea"]),
    (Yaku::Houtei, &["河底撈魚", "Under the River"]),
    (Yaku::Pinfu, &["平和", "Pinfu"]),
    (Yaku::Tanyao, &["断幺九", "All Simples"]),
    (Yaku::Iipeikou, &["一盃口", "Pure Double Sequence"]),
    (Yaku::YakuhaiSeatWind, &["自風", "役牌:自風牌", "Seat Wind"]),
    (
        Yaku::YakuhaiRoundWind,
        &["場風", "役牌:場風牌", "Prevalent Wind"],
    ),
    (Yaku::YakuhaiHaku, &["役牌 白", "White Dragon"]),
    (Yaku::YakuhaiHatsu, &["役牌 發", "Green Dragon"]),
    (Yaku::YakuhaiChun, &["役牌 中", "Red Dragon"]),
    (
        Yaku::DoubleRiichi,
        &["両立直", "ダブル立直", "Double Riichi"],
    ),
    (Yaku::Chiitoitsu, &["七対子", "Seven Pairs"]),
    (Yaku::Chanta, &["混全帯幺九", "Half Outside Hand"]),
    (Yaku::Ittsu, &["一気通貫", "Pure Straight"]),
    (Yaku::Sanshoku, &["三色同順", "Mixed Triple Sequence"]),
    (Yaku::SanshokuDoukou, &["三色同刻", "Triple Triplets"]),
    (Yaku::Sankantsu, &["三槓子", "Three Quads"]),
    (Yaku::Toitoi, &["対々和", "All Triplets"]),
    (Yaku::Sanankou, &["三暗刻", "Three Concealed Triplets"]),
    (Yaku::Shousangen, &["小三元", "Little Three Dragons"]),
    (Yaku::Honroutou, &["混老頭", "All Terminals and Honors"]),
    (Yaku::Ryanpeikou, &["二盃口", "Twice Pure Double Sequence"]),
    (Yaku::Junchan, &["純全帯幺九", "Fully Outside Hand"]),
    (Yaku::Honitsu, &["混一色", "Half Flush"]),
    (Yaku::Chinitsu, &["清一色", "Full Flush"]),
    (Yaku::Renhou, &["人和", "Hand of Man"]),
    (Yaku::Tenhou, &["天和", "Blessing of Heaven"]),
    (Yaku::Chiihou, &["地和", "Blessing of Earth"]),
    (Yaku::Daisangen, &["大三元", "Big Three Dragons"]),
    (Yaku::Suuankou, &["四暗刻", "Four Concealed Triplets"]),
    (Yaku::Tsuuiisou, &["字一色", "All Honors"]),
    (Yaku::Ryuuiisou, &["緑一色", "All Green"]),
    (Yaku::Chinroutou, &["清老頭", "All Terminals"]),
    (Yaku::Chuuren, &["九蓮宝燈", "Nine Gates"]),
    (Yaku::Kokushi, &["国士無双", "Thirteen Orphans"]),
    (Yaku::Daisuushii, &["大四喜", "Four Big Winds"]),
    (Yaku::Shousuushii, &["小四喜", "Four Little Winds"]),
    (Yaku::Suukantsu, &["四槓子", "Four Quads"]),
];

/// The names of the wait-shaped forms of three yakuman (suuankou tanki, kokushi's
/// thirteen-sided wait, junsei chuuren), Tenhou's first (its mjlog yaku 41, 48 and 46),
/// then Mahjong Soul's as tensoul writes them: two yakuman where the rules count them
/// double ([`ScoringRules::double_yakuman`](mahjong_core::score::ScoringRules), Mahjong
/// Soul), one in Tenhou. Daisuushii has one name and is double under the same rule.
const DOUBLE_NAMES: [(Yaku, &[&str]); 3] = [
    (
        Yaku::Suuankou,
        &["四暗刻単騎", "Single-wait Four Concealed Triplets"],
    ),
    (
        Yaku::Kokushi,
        &[
            "国士無双１３面",
            "国士無双十三面待ち",
            "Thirteen-wait Thirteen Orphans",
        ],
    ),
    (Yaku::Chuuren, &["純正九蓮宝燈", "True Nine Gates"]),
];

/// The dora credits' names, Tenhou's first.
const DORA_NAMES: [(Credit, &[&str]); 4] = [
    (Credit::Dora, &["ドラ", "Dora"]),
    (Credit::Kita, &["抜きドラ", "Kita"]),
    (Credit::Aka, &["赤ドラ", "Red Five"]),
    (Credit::Ura, &["裏ドラ", "Ura Dora"]),
];

/// The han of one yakuman, as mjai writes it (`fan` counts 13 per yakuman).
pub(super) const YAKUMAN_HAN: u32 = 13;

/// The winds' characters, East South West North.
pub(super) const WINDS: [char; 4] = ['東', '南', '西', '北'];

/// Reads one yaku string, `name(n飜)` or `name(役満)`: what it credits and its han (13 for
/// a yakuman, 26 for a double one when `double_yakuman`: the rules count the wait-shaped
/// forms and daisuushii double).
pub(super) fn parse(text: &str, double_yakuman: bool) -> Option<(Credit, u32)> {
    let (name, rest) = text.strip_suffix(')')?.rsplit_once('(')?;
    let han = match rest {
        "役満" => YAKUMAN_HAN,
        _ => rest.strip_suffix("飜")?.parse().ok()?,
    };
    let name = name.trim();
    // Tenhou names the wind after the word: `自風 東`, `場風 南`.
    let bare = match name.rsplit_once(' ') {
        Some((word, wind))
            if wind.chars().count() == 1 && WINDS.iter().any(|w| wind.starts_with(*w)) =>
        {
            word
        }
        _ => name,
    };
    let named = |table: &[(Yaku, &[&str])]| {
        table
            .iter()
            .find(|(_, names)| names.contains(&bare) || names.contains(&name))
            .map(|&(yaku, _)| yaku)
    };
    let doubled = |han: u32| match double_yakuman && han == YAKUMAN_HAN {
        true => 2 * han,
        false => han,
    };
    if let Some(yaku) = named(&DOUBLE_NAMES) {
        return Some((Credit::Yaku(yaku), doubled(han)));
    }
    let yaku = named(&NAMES);
    let han = match yaku {
        Some(Yaku::Daisuushii) => doubled(han),
        _ => han,
    };
    let yaku = yaku.map(Credit::Yaku);
    let dora = || {
        DORA_NAMES
            .iter()
            .find(|(_, names)| names.contains(&name))
            .map(|&(credit, _)| credit)
    };
    Some((yaku.or_else(dora)?, han))
}

/// The mjai `yakus` list of a win's credits: the yaku in the order mahjong-core's scores
/// list them, by mjai name (the dragons' han summed as `sangenpai`), then `dora` (kita
/// included), `akadora` and `uradora`; credits of 0 han left out, as mjai's writer does.
pub(super) fn mjai_yakus(credits: &[(Credit, u32)]) -> Vec<(String, u32)> {
    let mut sorted = credits.to_vec();
    sorted.sort_by_key(|&(credit, _)| match credit {
        Credit::Kita => Credit::Dora,
        other => other,
    });
    let mut list: Vec<(String, u32)> = Vec::new();
    for (credit, han) in sorted.into_iter().filter(|&(_, han)| han > 0) {
        let name = match credit {
            Credit::Yaku(yaku) => yaku_name(yaku),
            Credit::Dora | Credit::Kita => "dora",
            Credit::Aka => "akadora",
            Credit::Ura => "uradora",
        };
        match list.iter_mut().find(|(n, _)| n == name) {
            Some((_, total)) => *total = total.saturating_add(han),
            None => list.push((name.to_string(), han)),
        }
    }
    list
}

/// What the writer knows of the winner to name its yaku as Tenhou does.
pub(super) struct Winner {
    /// The seat wind's and the round wind's index, 0 East to 3 North.
    pub(super) seat_wind: usize,
    pub(super) round_wind: usize,
    /// Which dragons (white, green, red) the winning hand holds three or more of.
    pub(super) dragon_sets: [bool; 3],
}

/// Tenhou's yaku strings of an mjai `yakus` list: `sangenpai` split into the dragons the
/// hand holds sets of, `jikaze` and `bakaze` naming their wind, `dora` (the kita's
/// included, as Tenhou's three-player logs count them) as `ドラ`, a yakuman's han written
/// `役満`, a double yakuman by its wait-shaped form's name. `None` when a name is no
/// mjai yaku name or the dragons do not add up to `sangenpai`'s han.
pub(super) fn tenhou_strings(yakus: &[(String, u32)], winner: &Winner) -> Option<Vec<String>> {
    let mut strings = Vec::new();
    let with_han = |name: &str, han: u32, yakuman: bool| {
        if yakuman {
            format!("{name}(役満)")
        } else {
            format!("{name}({han}飜)")
        }
    };
    for (name, han) in yakus {
        let han = *han;
        match name.as_str() {
            "sangenpai" => {
                let dragons: Vec<&str> = ["役牌 白", "役牌 發", "役牌 中"]
                    .into_iter()
                    .zip(winner.dragon_sets)
                    .filter_map(|(name, held)| held.then_some(name))
                    .collect();
                if dragons.len() as u32 != han {
                    return None;
                }
                strings.extend(dragons.iter().map(|d| with_han(d, 1, false)));
            }
            "jikaze" => strings.push(with_han(
                &format!("自風 {}", WINDS[winner.seat_wind]),
                han,
                false,
            )),
            "bakaze" => strings.push(with_han(
                &format!("場風 {}", WINDS[winner.round_wind]),
                han,
                false,
            )),
            // Tenhou counts the kita's dora in `ドラ` too (its three-player logs).
            "dora" => strings.push(with_han("ドラ", han, false)),
            "akadora" => strings.push(with_han("赤ドラ", han, false)),
            "uradora" => strings.push(with_han("裏ドラ", han, false)),
            other => {
                let (yaku, names) = NAMES.iter().find(|(yaku, _)| yaku_name(*yaku) == other)?;
                // Two yakuman of a wait-shaped form (Mahjong Soul): its own name.
                let double = DOUBLE_NAMES
                    .iter()
                    .find(|(y, _)| y == yaku && han == 2 * YAKUMAN_HAN);
                let name = double.map_or(names[0], |(_, names)| names[0]);
                strings.push(with_han(name, han, yaku.is_yakuman() && han >= YAKUMAN_HAN));
            }
        }
    }
    Some(strings)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_plain(text: &str) -> Option<(Credit, u32)> {
        parse(text, false)
    }

    #[test]
    fn double_yakuman_names_count_double_only_under_double_yakuman_rules() {
        assert_eq!(
            parse("四暗刻単騎(役満)", false),
            Some((Credit::Yaku(Yaku::Suuankou), 13))
        );
        assert_eq!(
            parse("四暗刻単騎(役満)", true),
            Some((Credit::Yaku(Yaku::Suuankou), 26))
        );
        assert_eq!(
            parse("国士無双十三面待ち(役満)", true),
            Some((Credit::Yaku(Yaku::Kokushi), 26))
        );
        assert_eq!(
            parse("大四喜(役満)", true),
            Some((Credit::Yaku(Yaku::Daisuushii), 26))
        );
        assert_eq!(
            parse("四暗刻(役満)", true),
            Some((Credit::Yaku(Yaku::Suuankou), 13))
        );
        let winner = Winner {
            seat_wind: 0,
            round_wind: 0,
            dragon_sets: [false; 3],
        };
        let strings = tenhou_strings(&[("suanko".to_string(), 26)], &winner);
        assert_eq!(strings, Some(vec!["四暗刻単騎(役満)".to_string()]));
    }

    #[test]
    fn tenhou_and_tensoul_names_read() {
        assert_eq!(
            parse_plain("立直(1飜)"),
            Some((Credit::Yaku(Yaku::Riichi), 1))
        );
        assert_eq!(
            parse_plain("場風 東(1飜)"),
            Some((Credit::Yaku(Yaku::YakuhaiRoundWind), 1))
        );
        assert_eq!(
            parse_plain("役牌 白(1飜)"),
            Some((Credit::Yaku(Yaku::YakuhaiHaku), 1))
        );
        assert_eq!(
            parse_plain("役牌:自風牌(2飜)"),
            Some((Credit::Yaku(Yaku::YakuhaiSeatWind), 2))
        );
        assert_eq!(
            parse_plain("大三元(役満)"),
            Some((Credit::Yaku(Yaku::Daisangen), 13))
        );
        assert_eq!(parse_plain("Ura Dora(0飜)"), Some((Credit::Ura, 0)));
        assert_eq!(parse_plain("抜きドラ(2飜)"), Some((Credit::Kita, 2)));
        assert_eq!(parse_plain("立直"), None);
        assert_eq!(parse_plain("何か(1飜)"), None);
    }

    #[test]
    fn credits_become_mjai_yakus_in_score_order() {
        let credits = [
            (Credit::Ura, 1),
            (Credit::Yaku(Yaku::YakuhaiChun), 1),
            (Credit::Kita, 1),
            (Credit::Yaku(Yaku::Riichi), 1),
            (Credit::Dora, 2),
            (Credit::Yaku(Yaku::YakuhaiHaku), 1),
            (Credit::Aka, 0),
        ];
        let names: Vec<(String, u32)> = mjai_yakus(&credits);
        let expected = [("reach", 1), ("sangenpai", 2), ("dora", 3), ("uradora", 1)];
        assert_eq!(names, expected.map(|(n, h)| (n.to_string(), h)));
    }
}

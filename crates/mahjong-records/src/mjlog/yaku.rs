//! Tenhou's yaku ids (the `yaku` and `yakuman` attributes of `AGARI`) and the mjai `yakus`
//! list.
//!
//! The ids, 0 to 54, are Tenhou's order of its yaku names (`門前清自摸和` 0, `立直` 1, ...
//! `役牌 中` 20, `両立直` 21, ... `四槓子` 51, `ドラ` 52, `裏ドラ` 53, `赤ドラ` 54), as
//! NegativeMjark/tenhou-log's `tenhouLog.py` (`YakuNames`), mjx's `mjlog` decoder and
//! KUMJC29th/mjc-db-tenho's `Yaku.ts` list them.

use mahjong_core::mjai::yaku_name;
use mahjong_core::score::Yaku;

/// What a Tenhou yaku id counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counted {
    /// A yaku.
    Yaku(Yaku),
    /// Dora (`dora`).
    Dora,
    /// Ura dora (`uradora`).
    Uradora,
    /// Red fives (`akadora`).
    Akadora,
}

/// The yaku of each id below 52 (10-13 the seat wind E S W N, 14-17 the round wind, 41 the
/// pair-wait suuankou, 46 junsei chuuren and 48 the 13-sided kokushi, which count one
/// yakuman in Tenhou's rule).
const BY_ID: [Yaku; 52] = {
    use Yaku::*;
    [
        MenzenTsumo,
        Riichi,
        Ippatsu,
        Chankan,
        Rinshan,
        Haitei,
        Houtei,
        Pinfu,
        Tanyao,
        Iipeikou,
        YakuhaiSeatWind,
        YakuhaiSeatWind,
        YakuhaiSeatWind,
        YakuhaiSeatWind,
        YakuhaiRoundWind,
        YakuhaiRoundWind,
        YakuhaiRoundWind,
        YakuhaiRoundWind,
        YakuhaiHaku,
        YakuhaiHatsu,
        YakuhaiChun,
        DoubleRiichi,
        Chiitoitsu,
        Chanta,
        Ittsu,
        Sanshoku,
        SanshokuDoukou,
        Sankantsu,
        Toitoi,
        Sanankou,
        Shousangen,
        Honroutou,
        Ryanpeikou,
        Junchan,
        Honitsu,
        Chinitsu,
        Renhou,
        Tenhou,
        Chiihou,
        Daisangen,
        Suuankou,
        Suuankou,
        Tsuuiisou,
        Ryuuiisou,
        Chinroutou,
        Chuuren,
        Chuuren,
        Kokushi,
        Kokushi,
        Daisuushii,
        Shousuushii,
        Suukantsu,
    ]
};

/// Id of dora.
const DORA: u32 = 52;
/// Id of ura dora.
const URADORA: u32 = 53;
/// Id of red fives.
const AKADORA: u32 = 54;
/// The first id of the seat winds (E; S W N follow).
const SEAT_WIND: u32 = 10;
/// The first id of the round winds.
const ROUND_WIND: u32 = 14;
/// The first id of the dragons (white; green, red follow).
const DRAGON: u32 = 18;

/// What id `id` counts, `None` above 54.
pub(crate) fn counted(id: u32) -> Option<Counted> {
    match id {
        DORA => Some(Counted::Dora),
        URADORA => Some(Counted::Uradora),
        AKADORA => Some(Counted::Akadora),
        _ => BY_ID.get(id as usize).copied().map(Counted::Yaku),
    }
}

/// The id Tenhou writes for `yaku` (the seat and round winds and dragons are not found
/// here: they need the wind or dragon).
fn id_of(yaku: Yaku) -> Option<u32> {
    BY_ID.iter().position(|&y| y == yaku).map(|p| p as u32)
}

/// The mjai `yakus` list of a win from Tenhou's `(id, han)` pairs, as mahjong-core writes
/// it: yaku in [`Yaku::ALL`]'s order by their mjai names (the dragons summed in
/// `sangenpai`), then `dora`, `akadora`, `uradora`; none with 0 han.
pub(crate) fn yakus(pairs: &[(Counted, u32)]) -> Vec<(String, u32)> {
    let mut list: Vec<(String, u32)> = Vec::new();
    let mut add = |name: &str, han: u32| {
        if han == 0 {
            return;
        }
        match list.iter_mut().find(|(n, _)| n == name) {
            Some((_, total)) => *total += han,
            None => list.push((name.to_string(), han)),
        }
    };
    for yaku in Yaku::ALL {
        for (counted, han) in pairs {
            if *counted == Counted::Yaku(yaku) {
                add(yaku_name(yaku), *han);
            }
        }
    }
    for (extra, name) in [
        (Counted::Dora, "dora"),
        (Counted::Akadora, "akadora"),
        (Counted::Uradora, "uradora"),
    ] {
        for (counted, han) in pairs {
            if *counted == extra {
                add(name, *han);
            }
        }
    }
    list
}

/// The yaku whose mjai name is `name` (one of them for the shared names `sangenpai`,
/// `jikaze`, `bakaze`).
fn by_name(name: &str) -> Option<Yaku> {
    Yaku::ALL.into_iter().find(|&y| yaku_name(y) == name)
}

/// The most times one yakuman is written (a double yakuman twice; more is no hand).
const MAX_YAKUMAN: u32 = 2;

/// The `yaku` and `yakuman` attributes of a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TenhouYaku {
    /// `(id, han)` pairs.
    pub yaku: Vec<(u32, u32)>,
    /// Yakuman ids.
    pub yakuman: Vec<u32>,
}

/// Tenhou's `yaku` pairs (id, han) and `yakuman` ids of an mjai `yakus` list:
/// `seat_wind` and `round_wind` (0 East .. 3 North) name the wind yakuhai, `dragons` which
/// dragons the hand holds three of (the `sangenpai` han, one each). A yakuman is written once
/// per 13 han, in `yakuman`.
///
/// # Errors
/// The name of a yaku with no Tenhou id.
pub(crate) fn tenhou_ids(
    yakus: &[(String, u32)],
    seat_wind: u32,
    round_wind: u32,
    dragons: [bool; 3],
) -> Result<TenhouYaku, String> {
    let mut yaku = Vec::new();
    let mut yakuman = Vec::new();
    for (name, han) in yakus {
        match name.as_str() {
            "dora" => yaku.push((DORA, *han)),
            "akadora" => yaku.push((AKADORA, *han)),
            "uradora" => yaku.push((URADORA, *han)),
            "jikaze" => yaku.push((SEAT_WIND + seat_wind, *han)),
            "bakaze" => yaku.push((ROUND_WIND + round_wind, *han)),
            "sangenpai" => {
                let held = (0..3).filter(|&d| dragons[d as usize]);
                yaku.extend(held.map(|d| (DRAGON + d, 1)));
            }
            other => {
                let found = by_name(other).and_then(|y| Some((y, id_of(y)?)));
                let (y, id) =
                    found.ok_or_else(|| format!("the yaku `{other}` has no Tenhou id"))?;
                if y.is_yakuman() {
                    let count = (han / 13).max(1);
                    if count > MAX_YAKUMAN {
                        return Err(format!("{han} han of `{other}`, more than a hand holds"));
                    }
                    yakuman.extend(std::iter::repeat_n(id, count as usize));
                } else {
                    yaku.push((id, *han));
                }
            }
        }
    }
    Ok(TenhouYaku { yaku, yakuman })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_tenhou_lists_them() {
        assert_eq!(counted(0), Some(Counted::Yaku(Yaku::MenzenTsumo)));
        assert_eq!(counted(20), Some(Counted::Yaku(Yaku::YakuhaiChun)));
        assert_eq!(counted(21), Some(Counted::Yaku(Yaku::DoubleRiichi)));
        assert_eq!(counted(35), Some(Counted::Yaku(Yaku::Chinitsu)));
        assert_eq!(counted(37), Some(Counted::Yaku(Yaku::Tenhou)));
        assert_eq!(counted(47), Some(Counted::Yaku(Yaku::Kokushi)));
        assert_eq!(counted(51), Some(Counted::Yaku(Yaku::Suukantsu)));
        assert_eq!(counted(53), Some(Counted::Uradora));
        assert_eq!(counted(55), None);
        assert_eq!(id_of(Yaku::Kokushi), Some(47));
    }

    #[test]
    fn mjai_names_write_as_tenhou_ids() {
        let yakus: Vec<(String, u32)> =
            [("jikaze", 1), ("bakaze", 1), ("sangenpai", 2), ("dora", 3)]
                .iter()
                .map(|&(n, h)| (n.to_string(), h))
                .collect();
        // Seat wind South, round wind East, the white and red dragons.
        let TenhouYaku { yaku, yakuman } = tenhou_ids(&yakus, 1, 0, [true, false, true]).unwrap();
        assert_eq!(yaku, [(11, 1), (14, 1), (18, 1), (20, 1), (52, 3)]);
        assert!(yakuman.is_empty());
        let double: Vec<(String, u32)> = vec![("daisangen".into(), 13), ("tsuiso".into(), 13)];
        let both = tenhou_ids(&double, 0, 0, [true; 3]).unwrap();
        assert_eq!((both.yaku, both.yakuman), (vec![], vec![39, 42]));
        assert!(tenhou_ids(&[("nothing".into(), 1)], 0, 0, [false; 3]).is_err());
    }

    #[test]
    fn the_list_follows_mahjong_core_order() {
        // `yaku="1,1,0,1,54,2,53,5"`: riichi, tsumo, two red fives, five ura dora.
        let pairs: Vec<(Counted, u32)> = [(1, 1), (0, 1), (54, 2), (53, 5), (52, 0)]
            .iter()
            .map(|&(id, han)| (counted(id).unwrap(), han))
            .collect();
        let list = yakus(&pairs);
        let expected = [
            ("reach", 1),
            ("menzenchin_tsumoho", 1),
            ("akadora", 2),
            ("uradora", 5),
        ];
        let expected: Vec<(String, u32)> =
            expected.iter().map(|&(n, h)| (n.to_string(), h)).collect();
        assert_eq!(list, expected);
    }
}

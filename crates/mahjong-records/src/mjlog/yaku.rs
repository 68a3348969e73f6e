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
pub(crate) const DORA: u32 = 52;
/// Id of ura dora.
pub(crate) const URADORA: u32 = 53;
/// Id of red fives.
pub(crate) const AKADORA: u32 = 54;
/// The first id of the seat winds (E; S W N follow).
pub(crate) const SEAT_WIND: u32 = 10;
/// The first id of the round winds.
pub(crate) const ROUND_WIND: u32 = 14;
/// The first id of the dragons (white; green, red follow).
pub(crate) const DRAGON: u32 = 18;

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
pub(crate) fn id_of(yaku: Yaku) -> Option<u32> {
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
pub(crate) fn by_name(name: &str) -> Option<Yaku> {
    Yaku::ALL.into_iter().find(|&y| yaku_name(y) == name)
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

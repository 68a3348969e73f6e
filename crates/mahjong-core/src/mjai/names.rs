//! The mjai names of the yaku and of the abortive draws, as the original mjai server
//! writes them.

use crate::game::kyoku::AbortiveDraw;
use crate::hand::score::{Score, Yaku};

/// The mjai name of a yaku, as the original mjai server writes it in a `hora` line's
/// `yakus` (`reach`, `menzenchin_tsumoho`, ...). The three dragon yakuhai share `sangenpai`
/// (their han add up); the seat and round wind are `jikaze` and `bakaze`.
pub fn yaku_name(yaku: Yaku) -> &'static str {
    use Yaku::*;
    match yaku {
        Tenhou => "tenho",
        Chiihou => "chiho",
        Renhou => "renho",
        Kokushi => "kokushimuso",
        Suuankou => "suanko",
        Daisangen => "daisangen",
        Shousuushii => "shosushi",
        Daisuushii => "daisushi",
        Tsuuiisou => "tsuiso",
        Chinroutou => "chinroto",
        Ryuuiisou => "ryuiso",
        Chuuren => "churenpoton",
        Suukantsu => "sukantsu",
        Riichi => "reach",
        DoubleRiichi => "double_reach",
        Ippatsu => "ippatsu",
        MenzenTsumo => "menzenchin_tsumoho",
        Haitei => "haiteiraoyue",
        Houtei => "hoteiraoyui",
        Rinshan => "rinshankaiho",
        Chankan => "chankan",
        Pinfu => "pinfu",
        Tanyao => "tanyaochu",
        Iipeikou => "ipeko",
        YakuhaiHaku | YakuhaiHatsu | YakuhaiChun => "sangenpai",
        YakuhaiSeatWind => "jikaze",
        YakuhaiRoundWind => "bakaze",
        Chiitoitsu => "chitoitsu",
        Chanta => "honchantaiyao",
        Ittsu => "ikkitsukan",
        Sanshoku => "sanshokudojun",
        SanshokuDoukou => "sanshokudoko",
        Toitoi => "toitoiho",
        Sanankou => "sananko",
        Sankantsu => "sankantsu",
        Shousangen => "shosangen",
        Honroutou => "honroto",
        Honitsu => "honiso",
        Junchan => "junchantaiyao",
        Ryanpeikou => "ryanpeko",
        Chinitsu => "chiniso",
    }
}

/// A score's `yakus` list: each yaku by its mjai name with its han (`sangenpai` summed over
/// the dragons), then `dora`, `akadora` and `uradora` when counted.
pub(super) fn yakus(score: &Score) -> Vec<(String, u32)> {
    let mut list: Vec<(String, u32)> = Vec::new();
    let dora = [
        ("dora", score.dora()),
        ("akadora", score.red_fives()),
        ("uradora", score.ura_dora()),
    ];
    let named = score.yaku().map(|(yaku, han)| (yaku_name(yaku), han));
    for (name, han) in named.chain(dora).filter(|&(_, han)| han > 0) {
        match list.iter_mut().find(|(n, _)| n == name) {
            Some((_, total)) => *total += u32::from(han),
            None => list.push((name.to_string(), u32::from(han))),
        }
    }
    list
}

/// The `reason` word of an abortive draw in a `ryukyoku` line, as the original mjai server
/// writes it: `kyushukyuhai`, `sufonrenta`, `suchareach`, `sukaikan`, `sanchaho`.
pub fn abort_reason(draw: AbortiveDraw) -> &'static str {
    match draw {
        AbortiveDraw::KyuushuKyuuhai => KYUSHUKYUHAI,
        AbortiveDraw::SuufonRenda => "sufonrenta",
        AbortiveDraw::SuuchaRiichi => "suchareach",
        AbortiveDraw::Suukaikan => "sukaikan",
        AbortiveDraw::Sanchahou => SANCHAHO,
    }
}

/// The reason of a kyuushu kyuuhai abort, which names its `actor`.
pub(super) const KYUSHUKYUHAI: &str = "kyushukyuhai";
/// The reason of three rons on one discard.
pub(super) const SANCHAHO: &str = "sanchaho";
/// The `reason` of a hand thrown out on a chombo (mjai.app's penalty for a bot's fault).
pub(super) const CHOMBO: &str = "error";
/// The `reason` of an exhaustive draw (`ryukyoku` line), as the original mjai server
/// writes it.
pub const FANPAI: &str = "fanpai";
/// The `reason` of an exhaustive draw with a nagashi mangan (`ryukyoku` line).
pub const NAGASHIMANGAN: &str = "nagashimangan";

/// Other engines' words for a draw's `reason`, with this crate's word (riichienv 0.4.11
/// writes these).
const REASON_ALIASES: [(&str, &str); 6] = [
    ("exhaustive_draw", FANPAI),
    ("nagashi_mangan", NAGASHIMANGAN),
    ("kyushu_kyuhai", KYUSHUKYUHAI),
    ("sufuurenta", "sufonrenta"),
    ("suucha_riichi", "suchareach"),
    ("suukansansen", "sukaikan"),
];

/// This crate's word for the draw `reason` another engine writes as `word`: riichienv's
/// `exhaustive_draw`, `nagashi_mangan`, `kyushu_kyuhai`, `sufuurenta`, `suucha_riichi` and
/// `suukansansen` are [`FANPAI`], [`NAGASHIMANGAN`] and the words of [`abort_reason`]; any
/// other word is returned as it is.
pub fn reason_word(word: &str) -> &str {
    REASON_ALIASES
        .iter()
        .find(|(alias, _)| *alias == word)
        .map_or(word, |(_, ours)| ours)
}

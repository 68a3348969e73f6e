//! The `rule` object: the lobby's name (`disp`) and the red-five flags, read as rules and
//! written from them.
//!
//! Tenhou names a lobby by its room and flags (`disp`, e.g. `鳳南喰赤`): `三` three players,
//! the room (`般` `上` `特` `鳳`...), `東` tonpuusen or `南` hanchan, `喰` open tanyao
//! (kuitan), `赤` red fives, `速` fast play; Tenhou's own JSON adds `aka` (1: red fives) or,
//! in newer logs, `aka51` `aka52` `aka53` (a red 5m, 5p, 5s each). tensoul, converting
//! Mahjong Soul records, writes its room in `disp` (`金の間南喰赤`, `友人戦東喰赤`, or in
//! English `Gold Room South`, with `三`/`3-Player ` for three players) and the three
//! per-suit flags, `aka51` 0 at three seats (tensoul `convert.js`, `parse`, commit
//! f840fae). mjai-reviewer's `convlog` reads red fives from the sum of the four flags.

use mahjong_core::{MatchLength, Rules};
use serde_json::{Map, Value, json};

use super::error::TenhouError;

/// Which rules a log's lobby plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lobby {
    Tenhou,
    MahjongSoul,
}

/// Words of tensoul's `disp` that only Mahjong Soul rooms have (its Japanese room names end
/// in `の間`; friendly and tournament games; its English names are ASCII).
const MAHJONG_SOUL_WORDS: [&str; 3] = ["の間", "友人戦", "大会戦"];

/// The rules of a log: the lobby's preset (Tenhou's or Mahjong Soul's, at three seats when
/// `sanma`) with the length, open tanyao and red fives its `rule` object names.
///
/// - Mahjong Soul when `disp` holds a tensoul room name (`…の間`, `友人戦`, `大会戦`) or is
///   plain ASCII (tensoul's English names); Tenhou's otherwise.
/// - tonpuusen when `disp` holds `東` (or ` East`), hanchan otherwise.
/// - open tanyao unless a Tenhou `disp` lacks `喰` (Mahjong Soul always plays it).
/// - red fives when any of `aka`, `aka51`, `aka52`, `aka53` is above 0 (convlog's reading);
///   with none of them, when a Tenhou `disp` holds `赤` or there is no `disp`.
///
/// # Errors
/// [`TenhouError::Field`]: `rule` is not an object, or `disp` not a string, or a flag not
/// a number.
pub(super) fn rules_of(rule: Option<&Value>, sanma: bool) -> Result<Rules, TenhouError> {
    let bad = |message: &str| TenhouError::Field {
        field: "rule",
        message: message.to_string(),
    };
    let empty = Map::new();
    let rule = match rule {
        None => &empty,
        Some(value) => value.as_object().ok_or_else(|| bad("not an object"))?,
    };
    let disp = match rule.get("disp") {
        None => "",
        Some(value) => value
            .as_str()
            .ok_or_else(|| bad("`disp` is not a string"))?,
    };
    let mut flags = Vec::new();
    for flag in ["aka", "aka51", "aka52", "aka53"] {
        if let Some(value) = rule.get(flag) {
            flags.push(
                value
                    .as_i64()
                    .ok_or_else(|| bad("a red-five flag is not a number"))?,
            );
        }
    }
    let lobby = if disp.is_ascii() && !disp.is_empty()
        || MAHJONG_SOUL_WORDS.iter().any(|w| disp.contains(w))
    {
        Lobby::MahjongSoul
    } else {
        Lobby::Tenhou
    };
    let mut rules = preset(lobby, sanma);
    if disp.contains('東') || disp.contains(" East") {
        rules.match_rules.length = MatchLength::Tonpuusen;
    }
    rules.scoring.open_tanyao =
        lobby == Lobby::MahjongSoul || disp.is_empty() || disp.contains('喰');
    rules.red_fives = if flags.is_empty() {
        disp.is_empty() || lobby == Lobby::MahjongSoul || disp.contains('赤')
    } else {
        flags.iter().any(|&n| n > 0)
    };
    Ok(rules)
}

/// The preset of a lobby.
fn preset(lobby: Lobby, sanma: bool) -> Rules {
    match (lobby, sanma) {
        (Lobby::Tenhou, false) => Rules::tenhou(),
        (Lobby::Tenhou, true) => Rules::tenhou_sanma(),
        (Lobby::MahjongSoul, false) => Rules::mahjong_soul(),
        (Lobby::MahjongSoul, true) => Rules::mahjong_soul_sanma(),
    }
}

/// The `rule` object of `rules`, which [`rules_of`] reads back as the same rules: for
/// Tenhou's rules `disp` `般` (the ippan room) with `東`/`南`, `喰`, `赤` and `三` as they
/// apply, and the per-suit red flags as Tenhou's newer logs write them (all three at
/// three seats too, as in its `三鳳南喰赤` logs); for Mahjong Soul's, tensoul's form of a
/// friendly game (`友人戦南喰赤`; `aka51` 0 at three seats).
///
/// # Errors
/// [`TenhouError::Unwritable`]: the rules are not a Tenhou or Mahjong Soul preset with
/// only the length, open tanyao, red fives and start points changed, or are Mahjong Soul's without open
/// tanyao (tensoul has no name for that).
pub(super) fn rule_object(rules: &Rules) -> Result<Value, TenhouError> {
    let sanma = rules.seats == 3;
    let lobby = [Lobby::Tenhou, Lobby::MahjongSoul]
        .into_iter()
        .find(|&lobby| {
            let mut like = preset(lobby, sanma);
            like.match_rules.length = rules.match_rules.length;
            like.scoring.open_tanyao = rules.scoring.open_tanyao;
            like.red_fives = rules.red_fives;
            // The start points are the first hand's, which the log holds.
            like.match_rules.start_points = rules.match_rules.start_points;
            like == *rules
        })
        .ok_or_else(|| unwritable("rules other than Tenhou's or Mahjong Soul's lobbies"))?;
    let tonpuu = rules.match_rules.length == MatchLength::Tonpuusen;
    let (red, kuitan) = (rules.red_fives, rules.scoring.open_tanyao);
    let mut disp = String::from(if sanma { "三" } else { "" });
    match lobby {
        Lobby::Tenhou => {
            disp.push('般');
            disp.push(if tonpuu { '東' } else { '南' });
            if kuitan {
                disp.push('喰');
            }
        }
        Lobby::MahjongSoul if !kuitan => {
            return Err(unwritable("Mahjong Soul's rules without open tanyao"));
        }
        Lobby::MahjongSoul => disp.push_str(if tonpuu {
            "友人戦東喰"
        } else {
            "友人戦南喰"
        }),
    }
    if red {
        disp.push('赤');
    }
    let flag = u8::from(red);
    // Tenhou writes all three flags at three seats too (its 三鳳南喰赤 logs); tensoul
    // writes `aka51` 0 there.
    let man = if sanma && lobby == Lobby::MahjongSoul {
        0
    } else {
        flag
    };
    Ok(json!({
        "disp": disp,
        "aka53": flag,
        "aka52": flag,
        "aka51": man,
    }))
}

fn unwritable(message: &str) -> TenhouError {
    TenhouError::Unwritable {
        hand: None,
        message: message.to_string(),
    }
}

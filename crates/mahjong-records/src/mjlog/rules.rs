//! The `type` flags of the `GO` tag and the rules they name.
//!
//! The bits, as NegativeMjark/tenhou-log's `tenhouLog.py` (`GameType`), mjx's `mjlog`
//! decoder and Spines.Mahjong's `GameTypeFlag` read them: 0x01 a game of people (else
//! against the computer), 0x02 no red fives, 0x04 no open tanyao (kuitan nashi), 0x08 East
//! and South (hanchan; else East only, tonpuusen), 0x10 three players (sanma), 0x20 and 0x80
//! the lobby (0 ippan, 0x80 joukyuu, 0x20 tokujou, 0xA0 houou), 0x40 the fast game (soku).
//! Higher bits (0x100 and up: the lobbies of chips and other private rules) name nothing the
//! rules of mahjong-core hold and are not read.

use mahjong_core::{MatchLength, Rules};

/// A game of people.
pub(crate) const HUMAN: u32 = 0x01;
/// No red fives.
pub(crate) const NO_RED: u32 = 0x02;
/// No open tanyao.
pub(crate) const NO_KUITAN: u32 = 0x04;
/// East and South (hanchan).
pub(crate) const HANCHAN: u32 = 0x08;
/// Three players.
pub(crate) const SANMA: u32 = 0x10;

/// The rules `GO type` names: [`Rules::tenhou`] (or [`Rules::tenhou_sanma`] with 0x10),
/// with red fives unless 0x02, open tanyao unless 0x04, and a hanchan with 0x08, else a
/// tonpuusen.
pub(crate) fn rules_of(flags: u32) -> Rules {
    let mut rules = if flags & SANMA != 0 {
        Rules::tenhou_sanma()
    } else {
        Rules::tenhou()
    };
    let red = flags & NO_RED == 0;
    rules.red_fives = red;
    rules.scoring.red_fives = red;
    rules.scoring.open_tanyao = flags & NO_KUITAN == 0;
    rules.match_rules.length = if flags & HANCHAN != 0 {
        MatchLength::Hanchan
    } else {
        MatchLength::Tonpuusen
    };
    rules
}

/// The `GO type` of `rules` (a game of people in the ippan lobby, with the rule bits), or
/// `None` when no flags name them (rules other than Tenhou's with these choices; the start
/// points are not a flag: the first `INIT` shows them).
pub(crate) fn flags_of(rules: &Rules) -> Option<u32> {
    let mut flags = HUMAN;
    if !rules.red_fives {
        flags |= NO_RED;
    }
    if !rules.scoring.open_tanyao {
        flags |= NO_KUITAN;
    }
    if rules.match_rules.length == MatchLength::Hanchan {
        flags |= HANCHAN;
    }
    if rules.seats == 3 {
        flags |= SANMA;
    }
    let mut named = rules_of(flags);
    named.match_rules.start_points = rules.match_rules.start_points;
    (named == *rules).then_some(flags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flags_of_real_lobbies() {
        // 169 = 0xA9: houou, hanchan, people, red fives, open tanyao.
        assert_eq!(rules_of(169), Rules::tenhou());
        // 185 = 0xB9: the same at three seats.
        assert_eq!(rules_of(185), Rules::tenhou_sanma());
        // 161 = 0xA1: East only.
        assert_eq!(rules_of(161).match_rules.length, MatchLength::Tonpuusen);
        let plain = rules_of(0x07);
        assert!(!plain.red_fives && !plain.scoring.red_fives && !plain.scoring.open_tanyao);
    }

    #[test]
    fn rules_write_the_flags_they_read_from() {
        for flags in 0..0x20u32 {
            let rules = rules_of(flags | HUMAN);
            assert_eq!(flags_of(&rules), Some(flags | HUMAN));
        }
        assert_eq!(flags_of(&Rules::m_league()), None);
    }
}

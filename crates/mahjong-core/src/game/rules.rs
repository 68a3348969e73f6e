//! The rule set of a game: data, with the simplified classroom game and its solo variant
//! as presets ([spec](crate::spec) section 3), and the full game of section 4 as the
//! [`Rules::tenhou`] preset.

use crate::game::hanchan::MatchRules;
use crate::hand::score::{ScoringRules, Wind};

/// The rules a game follows: [`crate::Kyoku`] plays one hand of the full game of spec
/// section 4 and [`crate::Match`] a match of them (`Default` is [`Rules::tenhou`]);
/// [`crate::classroom::Game`] plays the classroom game of section 3 ([`Rules::classroom`])
/// and reads only `seats` and `furiten`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The number of seats, 1 to 4; seat 0 plays first. The classroom game has 4; its solo
    /// variant 1 (with one seat there is no ron). Other values are refused by
    /// [`crate::classroom::Game::new`]. The full game has 4, or 3 for three-player riichi
    /// (sanma, [`Rules::tenhou_sanma`]).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::rules_seats")
    )]
    pub seats: usize,
    /// Furiten (standard rule, section 3): a riichi player cannot ron when one of its waits
    /// is among its own discards, or after it passed a ron since declaring riichi. On by
    /// default.
    pub furiten: bool,
    /// Red fives (full game, spec section 4): one 5m, 5p and 5s of the 136 tiles are red,
    /// each a dora (at three seats a 5p and 5s). On in Tenhou, Mahjong Soul and M-League;
    /// off under WRC rules: unsourced (riichi.wiki's "World Riichi Championship rules" page
    /// does not say; the text of the WRC Rules 2015 book's section 3, "Tiles", was not
    /// found; the EMA's Riichi Competition Rules, which the WRC rules build on, say "Red
    /// fives are no longer used in Riichi competition rules", as redmahjong.com quotes them).
    /// A wall whose red fives differ from this is refused ([`RulesError::RedFives`]).
    pub red_fives: bool,
    /// Double ron (full game, section 4): two seats may ron one discard and both win. On in
    /// Tenhou and Mahjong Soul; off, only the first in turn order from the discarder wins
    /// (atamahane), as under M-League and WRC rules.
    pub double_ron: bool,
    /// Honba on a double ron (full game, section 4): on, each winner is paid the honba
    /// (300 each); off, only the winner nearest the discarder in turn order is, as with the
    /// riichi sticks. Off in Tenhou (Mortal's libriichi arena, which follows Tenhou, pays a
    /// double ron so) and in Mahjong Soul as RiichiEnv 0.4.11 plays its Mahjong Soul rule
    /// (its double rons with honba, e.g. game mode 2 seeds 167, 300 and 379 of
    /// `generate.py`'s player, pay the second winner no honba); no rule text of Mahjong
    /// Soul's own was found.
    pub honba_to_each_winner: bool,
    /// Abortive draws (full game, section 4): kyuushu kyuuhai, suufon renda, suucha riichi
    /// and suukaikan (three rons are [`Rules::triple_ron`]'s). On in Tenhou and Mahjong
    /// Soul; off under M-League and WRC rules.
    pub abortive_draws: bool,
    /// Nagashi mangan (full game, section 4): at an exhaustive draw, a seat whose discards
    /// are all terminals and honors, none called, is paid a tsumo mangan. On in Tenhou.
    pub nagashi_mangan: bool,
    /// Kokushi robbing a closed kan (full game, section 4): on, a seat waiting for kokushi
    /// musou on the kind of a closed kan may ron it (Mahjong Soul); off, no one may rob a
    /// closed kan and no seat is asked about one. Off in Tenhou (RiichiEnv's
    /// `allows_ron_on_ankan_for_kokushi_musou`: false in its Tenhou rules, true in its
    /// Mahjong Soul rules).
    pub kokushi_robs_closed_kan: bool,
    // The three-player game (sanma): read only when `seats` is 3 (tsumo payments among
    // three are `scoring.sanma`).
    /// Ron on a kita (sanma): on, a seat waiting on North may ron the North another seat
    /// declares aside (no chankan yaku: it is not a kan); off, no seat is asked. On in
    /// Tenhou's and Mahjong Soul's three-player lobbies (RiichiEnv's `handle_kita` offers
    /// the ron on a kita under both presets, checked against Tenhou and Mahjong Soul logs).
    pub kita_ron: bool,
    // The choices where the presets of other platforms differ from Tenhou (issue 25); each
    // preset's doc comment cites its source.
    /// Three rons on one discard (full game, section 4): [`TripleRon::Abort`] in Tenhou
    /// (sanchahou), [`TripleRon::AllWin`] in Mahjong Soul, [`TripleRon::HeadBump`] under
    /// M-League and WRC rules.
    pub triple_ron: TripleRon,
    /// Pao of a hand holding a pao yakuman (daisangen, daisuushii) and another yakuman:
    /// [`Pao::WholeHand`] in Tenhou (the feeder is liable for all of it),
    /// [`Pao::YakumanOnly`] in Mahjong Soul (only for the pao yakuman's part).
    pub pao: Pao,
    /// Riichi with fewer than 1,000 points (the stick is still paid, so the points may go
    /// below 0): off in Tenhou, where a seat needs 1,000; on under M-League rules, which
    /// play on below 0 (no tobi).
    pub riichi_below_1000: bool,
    /// The new dora indicator of an open or added kan is turned at once, before the
    /// replacement draw (an added kan's once no one robs it), as a closed kan's always is:
    /// on under M-League rules ("Kandora: Always flips immediately regardless of minkan or
    /// ankan ... When chankan happens, kandora will not be flipped", riichi.wiki,
    /// "M.League") and WRC rules (see [`Rules::wrc`]); off in Tenhou, which turns it after
    /// the kan's discard (spec section 4).
    pub kan_dora_at_once: bool,
    /// How wins are scored (spec section 5), the one scorer of every win.
    pub scoring: ScoringRules,
    /// How a match of hands is played and ends (spec section 4, "The match"), read by
    /// [`crate::Match`]: [`MatchRules::tenhou`] in the Tenhou preset.
    pub match_rules: MatchRules,
}

impl Rules {
    /// The simplified four-player game of a class assignment (spec section 3): four seats, riichi,
    /// tsumo, ron only in riichi, furiten.
    pub const fn classroom() -> Rules {
        Rules {
            seats: 4,
            furiten: true,
            ..Rules::tenhou()
        }
    }

    /// The full game as the Tenhou ranked lobby plays it (spec section 4), the default of
    /// [`crate::Kyoku`]: four seats, furiten, red fives, double ron with the honba to the
    /// winner nearest the discarder, the abortive draws, nagashi mangan, no robbing of a
    /// closed kan, [`ScoringRules::tenhou`] and [`MatchRules::tenhou`].
    pub const fn tenhou() -> Rules {
        Rules {
            seats: 4,
            furiten: true,
            red_fives: true,
            double_ron: true,
            honba_to_each_winner: false,
            abortive_draws: true,
            nagashi_mangan: true,
            kokushi_robs_closed_kan: false,
            kita_ron: true,
            triple_ron: TripleRon::Abort,
            pao: Pao::WholeHand,
            riichi_below_1000: false,
            kan_dora_at_once: false,
            scoring: ScoringRules::tenhou(),
            match_rules: MatchRules::tenhou(),
        }
    }

    /// Mahjong Soul's four-player ranked rule: Tenhou's, except that kokushi may rob a
    /// closed kan, three rons all win, pao covers only the pao yakuman of a hand with
    /// another yakuman, and four hands count double ([`ScoringRules::mahjong_soul`]).
    /// Sources: riichi.wiki, "Mahjong Soul", its rules section ("Triple Ron: No" among the
    /// abortive draws; pao "Composite Yakuman: Separated responsibility for each yakuman";
    /// "Seat wind tie-breaker: Applied"; bankruptcy below 0), and RiichiEnv's Mahjong Soul
    /// `GameRule` (`allows_ron_on_ankan_for_kokushi_musou`, `yakuman_pao_is_liability_only`,
    /// the four `is_*_double` flags: all true). The match is Tenhou's ([`MatchRules::tenhou`]).
    pub const fn mahjong_soul() -> Rules {
        Rules {
            kokushi_robs_closed_kan: true,
            triple_ron: TripleRon::AllWin,
            pao: Pao::YakumanOnly,
            scoring: ScoringRules::mahjong_soul(),
            ..Rules::tenhou()
        }
    }

    /// M-League's rule (the official rules at m-league.jp/about, as riichi.wiki's
    /// "M.League" page and majannavi.com's summary of them quote): Tenhou's hand, except
    /// atamahane (no double or triple ron: "ダブロン・トリプルロンはなし(全て頭ハネ)"), no
    /// abortive draws ("途中流局なし"), riichi allowed below 1,000 points ("持ち点1000点以下でも
    /// リーチ可"), no robbing of a closed kan even by kokushi ("暗カンに対する槍槓は認められない
    /// (国士無双を含む)", mahjong-space.com), every kan's dora turned at once ("槓ドラは即めくり",
    /// mahjong-space.com), and 2 fu for a double-wind pair
    /// ([`ScoringRules::m_league`]); the match is [`MatchRules::m_league`].
    pub const fn m_league() -> Rules {
        Rules {
            double_ron: false,
            triple_ron: TripleRon::HeadBump,
            abortive_draws: false,
            riichi_below_1000: true,
            kan_dora_at_once: true,
            scoring: ScoringRules::m_league(),
            match_rules: MatchRules::m_league(),
            ..Rules::tenhou()
        }
    }

    /// The World Riichi Championship rules (WRC Rules 2015, the rule book by Sylvain Malbec
    /// as ooyamaneko.net hosts it, and riichi.wiki's "World Riichi Championship rules" page
    /// for the editions since): atamahane (section 5.7.6: "only the player closer to the
    /// discarder, according to the turn order, will win"), no abortive draws (5.7: "There
    /// are no abortive draws"), no red fives, every kan's dora turned at once, before the
    /// replacement draw, and the scoring of [`ScoringRules::wrc`]; the match is
    /// [`MatchRules::wrc`]. The kan dora follows the EMA's Riichi Competition Rules 2016,
    /// whose text the WRC book's follows (riichi.wiki, "EMA Riichi Competition Rules": the
    /// 2016 edition was made to "resemble the standard set by the WRC rules", and its list
    /// of remaining differences does not name the kan dora): section 3.3.5, an open kan:
    /// "After revealing a new kan dora, the player takes a replacement tile"; 3.3.6, an
    /// added kan: "reveal a kan dora and take a replacement tile". The WRC 2015 book's own
    /// sections on kans (5.4.6 to 5.4.8) could not be read from here.
    pub const fn wrc() -> Rules {
        Rules {
            red_fives: false,
            double_ron: false,
            triple_ron: TripleRon::HeadBump,
            abortive_draws: false,
            kan_dora_at_once: true,
            scoring: ScoringRules::wrc(),
            match_rules: MatchRules::wrc(),
            ..Rules::tenhou()
        }
    }

    /// The four presets of the four-player game with their names: `tenhou`,
    /// `mahjong_soul`, `m_league`, `wrc` (the three-player ones are [`Rules::tenhou_sanma`]
    /// and [`Rules::mahjong_soul_sanma`]).
    pub const PRESETS: [(&'static str, Rules); 4] = [
        ("tenhou", Rules::tenhou()),
        ("mahjong_soul", Rules::mahjong_soul()),
        ("m_league", Rules::m_league()),
        ("wrc", Rules::wrc()),
    ];

    /// Three-player riichi (sanma) as the Tenhou three-player ranked lobby plays it: three
    /// seats, 108 tiles (2m-8m removed) with a red 5p and 5s, no chi, North declared aside
    /// (kita) as a bonus dora with a replacement draw and ronnable, tsumo-loss
    /// ([`SanmaTsumo::TsumoLoss`](crate::score::SanmaTsumo::TsumoLoss)), and
    /// [`MatchRules::tenhou_sanma`]: a hanchan from 35,000 to 40,000. The other fields are
    /// [`Rules::tenhou`]'s (the abortive draws that need four seats, suufon renda and
    /// suucha riichi, cannot happen; three rons cannot either).
    pub const fn tenhou_sanma() -> Rules {
        Rules {
            seats: 3,
            kita_ron: true,
            scoring: ScoringRules::tenhou_sanma(),
            match_rules: MatchRules::tenhou_sanma(),
            ..Rules::tenhou()
        }
    }

    /// Three-player riichi as Mahjong Soul's three-player ranked rooms play it: as
    /// [`Rules::tenhou_sanma`], with Mahjong Soul's scoring (double yakuman hands, and no
    /// tsumo-loss: [`SanmaTsumo::NorthSplit`](crate::score::SanmaTsumo::NorthSplit)) and the
    /// choices of [`Rules::mahjong_soul`]: kokushi robbing a closed kan, and pao of the pao
    /// yakuman only (RiichiEnv's `default_mjsoul_sanma` rule: its
    /// `allows_ron_on_ankan_for_kokushi_musou` and `yakuman_pao_is_liability_only` are true,
    /// as at four seats, per its rules documentation, "3-Player (Sanma) Presets"); the same
    /// match ([`MatchRules::tenhou_sanma`]).
    pub const fn mahjong_soul_sanma() -> Rules {
        Rules {
            seats: 3,
            kita_ron: true,
            scoring: ScoringRules::mahjong_soul_sanma(),
            match_rules: MatchRules::tenhou_sanma(),
            ..Rules::mahjong_soul()
        }
    }

    /// The class assignment's solo variant: one player alone, winning by tsumo only.
    pub const fn solo() -> Rules {
        Rules {
            seats: 1,
            ..Rules::classroom()
        }
    }
}

/// What happens when three seats ron one discard (spec section 4, "Claims on a discard").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TripleRon {
    /// The hand ends in an abortive draw, sanchahou (Tenhou): no one wins, the dealer
    /// repeats.
    Abort,
    /// All three win, each paid by the discarder (Mahjong Soul).
    AllWin,
    /// Only the first in turn order from the discarder wins, atamahane (M-League, WRC).
    HeadBump,
}

/// Who pays a win with a pao yakuman (daisangen, daisuushii) when the hand holds another
/// yakuman too (spec section 4, "Pao").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Pao {
    /// The feeder is liable for the whole hand: all of a tsumo, half of a ron (Tenhou).
    WholeHand,
    /// The feeder is liable only for the pao yakuman's part; the other yakuman are paid as
    /// a win without pao (Mahjong Soul).
    YakumanOnly,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::tenhou()
    }
}

/// Rules a game cannot be played by.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Not 1 to 4 seats.
    #[error("a game has 1 to 4 seats, not {seats}")]
    Seats {
        /// The number asked for.
        seats: usize,
    },
    /// The full game is played by four seats, or three (sanma).
    #[error("the full game has 4 seats (or 3 for sanma), not {seats}")]
    FullGameSeats {
        /// The number asked for.
        seats: usize,
    },
    /// The wall is not the size of the table's: 136 tiles for four seats, 108 (no 2m-8m)
    /// for three.
    #[error("a wall of {tiles} tiles is not the wall of a {seats}-seat game")]
    WallSize {
        /// The seats of the rules.
        seats: usize,
        /// The tiles of the wall.
        tiles: usize,
    },
    /// The dealer is not a seat at the table: seat 3, the empty seat of a three-player
    /// game (sanma).
    #[error("seat {dealer} cannot deal: a {seats}-seat game is dealt by seats 0 to {}", seats.saturating_sub(1))]
    Dealer {
        /// The dealer's seat index.
        dealer: usize,
        /// The seats of the rules.
        seats: usize,
    },
    /// A round a three-player game (sanma) does not play: it has no North round (spec
    /// section 6).
    #[error("a {seats}-seat game has no {wind:?} round")]
    RoundWind {
        /// The round wind asked for.
        wind: Wind,
        /// The seats of the rules.
        seats: usize,
    },
    /// A seat past the table's (seat 3 of a three-player game) holds points: the empty
    /// seat stays at 0.
    #[error("seat {seat} is not at the table of {seats} seats and cannot hold {points} points")]
    EmptySeatPoints {
        /// The seat index.
        seat: usize,
        /// Its points.
        points: i32,
        /// The seats of the rules.
        seats: usize,
    },
    /// A player asked to play a seat past the table's: seat 3, the empty seat of a
    /// three-player game (sanma).
    #[error("seat {seat} is not at the table: a {seats}-seat game is played by seats 0 to {}", seats.saturating_sub(1))]
    EmptySeat {
        /// The seat index.
        seat: usize,
        /// The seats of the rules.
        seats: usize,
    },
    /// The wall's red fives do not agree with [`Rules::red_fives`].
    #[error("{}", red_fives_message(*.wall))]
    RedFives {
        /// Whether the wall has red fives.
        wall: bool,
    },
}

/// What [`RulesError::RedFives`] says.
fn red_fives_message(wall: bool) -> &'static str {
    if wall {
        "the wall has red fives but the rules play without them"
    } else {
        "the wall has no red fives but the rules play with them"
    }
}

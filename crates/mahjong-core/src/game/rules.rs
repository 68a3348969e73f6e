//! The rule set of a game: data, with the simplified classroom game and its solo variant
//! as presets ([spec](crate::spec) section 3), and the full game of section 4 as the
//! [`Rules::tenhou`] preset.

use crate::game::hanchan::MatchRules;
use crate::hand::score::ScoringRules;

/// The rules a game follows: [`crate::Kyoku`] plays one hand of the full game of spec
/// section 4 and [`crate::Match`] a match of them (`Default` is [`Rules::tenhou`]);
/// [`crate::classroom::Game`] plays the classroom game of section 3 ([`Rules::classroom`])
/// and reads only `seats` and `furiten`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The number of seats, 1 to 4; seat 0 plays first. The classroom game has 4; its solo
    /// variant 1 (with one seat there is no ron). Other values are refused by
    /// [`crate::classroom::Game::new`]. The full game has 4, or 3 for three-player riichi
    /// (sanma, [`Rules::tenhou_sanma`]).
    pub seats: usize,
    /// Furiten (standard rule, section 3): a riichi player cannot ron when one of its waits
    /// is among its own discards, or after it passed a ron since declaring riichi. On by
    /// default.
    pub furiten: bool,
    /// Red fives (full game, spec section 4): one 5m, 5p and 5s of the 136 tiles are red,
    /// each a dora. On in Tenhou.
    pub red_fives: bool,
    /// Double ron (full game, section 4): two seats may ron one discard and both win. On in
    /// Tenhou; off, only the first in turn order from the discarder wins (atamahane).
    pub double_ron: bool,
    /// Honba on a double ron (full game, section 4): on, each winner is paid the honba
    /// (300 each); off, only the winner nearest the discarder in turn order is, as with the
    /// riichi sticks. Off in Tenhou (Mortal's libriichi arena, which follows Tenhou, pays a
    /// double ron so).
    pub honba_to_each_winner: bool,
    /// Abortive draws (full game, section 4): kyuushu kyuuhai, suufon renda, suucha riichi,
    /// suukaikan and sanchahou (three rons). On in Tenhou.
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
            scoring: ScoringRules::tenhou(),
            match_rules: MatchRules::tenhou(),
        }
    }

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
    /// tsumo-loss: [`SanmaTsumo::NorthSplit`](crate::score::SanmaTsumo::NorthSplit)), kokushi
    /// robbing a closed kan (RiichiEnv's `allows_ron_on_ankan_for_kokushi_musou`, true in its
    /// Mahjong Soul rules for both table sizes), and the same match
    /// ([`MatchRules::tenhou_sanma`]).
    pub const fn mahjong_soul_sanma() -> Rules {
        Rules {
            kokushi_robs_closed_kan: true,
            scoring: ScoringRules::mahjong_soul_sanma(),
            match_rules: MatchRules::tenhou_sanma(),
            ..Rules::tenhou_sanma()
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
}

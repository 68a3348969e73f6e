//! The rules of the match around the hands ([spec](crate::spec) section 4, "The match"):
//! its length, the points, when it ends, and the final score's uma and oka.

use crate::game::seat::MAX_SEATS;

/// How many rounds a match plays before its last hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MatchLength {
    /// East only (tonpuusen): East 1 to East 4, then South rounds in sudden death.
    Tonpuusen,
    /// East and South (hanchan): East 1 to South 4, then West rounds in sudden death. Tenhou's
    /// ranked lobby plays both; the preset is a hanchan.
    #[default]
    Hanchan,
}

impl MatchLength {
    /// The rounds played before sudden death: 1 for tonpuusen, 2 for hanchan.
    pub const fn rounds(self) -> usize {
        match self {
            MatchLength::Tonpuusen => 1,
            MatchLength::Hanchan => 2,
        }
    }
}

/// The rules of a match ([`crate::Match`], spec section 4), the field `match_rules` of
/// [`crate::Rules`]. Points are game points. [`Default`] is [`MatchRules::tenhou`]; the
/// classroom game ignores them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchRules {
    /// East only or East and South. Tenhou: hanchan.
    pub length: MatchLength,
    /// Each seat's points at the start. Tenhou: 25,000 (WRC: 30,000).
    pub start_points: i32,
    /// The points a seat needs for the match to end after its last regular hand (else
    /// sudden death follows, when on), and for agari-yame and tenpai-yame. Tenhou: 30,000.
    pub target_points: i32,
    /// Tobi: the match ends at once when a seat's points fall below 0 (exactly 0 plays
    /// on). Tenhou: on (M-League: off, play goes on below 0).
    pub tobi: bool,
    /// Sudden death: when no seat has `target_points` after the last regular hand, another
    /// round follows (West after South 4; South after East 4 in tonpuusen), ending after a
    /// hand the dealer does not repeat that leaves a seat with `target_points`, and after its
    /// fourth hand at the latest. Off, the match ends after the last regular hand (unless its
    /// dealer repeats). Tenhou: on (M-League and WRC: off).
    pub sudden_death: bool,
    /// Agari-yame: a dealer who wins the last hand (South 4, or any hand of sudden death) and
    /// is then first, with `target_points` when sudden death is on, ends the match; off, or
    /// when not first, the dealer's next hand is played, even when another seat has
    /// `target_points`. Tenhou: on (spec section 4, "The match": Tenhou, mjx and Mortal's
    /// engine end a match so). M-League and WRC: off. Mahjong Soul (Tenhou's match): on, as
    /// RiichiEnv 0.4.11 plays it under both its Tenhou and Mahjong Soul rules (its
    /// `StandardGameMode`: "the dealer automatically stops only when top and above the
    /// return-score threshold") and as a Mahjong Soul guide on its Steam discussion board
    /// says of All Last ("if the dealer is already winning then an extra hand is not
    /// played"); no rule text of Mahjong Soul's own was found.
    pub agari_yame: bool,
    /// Tenpai-yame: the same for a dealer tenpai at the exhaustive draw of the last hand.
    /// Tenhou: on (as agari-yame); off, a tenpai last dealer always plays on. M-League and
    /// WRC: off. Mahjong Soul: on, on the same grounds as agari-yame (RiichiEnv stops a
    /// last dealer's renchan whether won or tenpai).
    pub tenpai_yame: bool,
    /// Uma: points added to the final score of first, second, third and fourth place. Tenhou's
    /// raw score: none (`[0; 4]`; its ranked points are a separate table). M-League:
    /// +30,000 +10,000 -10,000 -30,000; WRC: +15,000 +5,000 -5,000 -15,000.
    pub uma: [i32; MAX_SEATS],
    /// Oka: points every seat gives up at the end, a quarter each, all to first place
    /// (25,000 start points returned at 30,000 make an oka of 20,000). Tenhou's raw
    /// score: 0.
    pub oka: i32,
    /// How seats with equal final points share the uma and oka of their places:
    /// [`Ties::SeatOrder`] in Tenhou and Mahjong Soul, [`Ties::Split`] under M-League and
    /// WRC rules.
    pub ties: Ties,
}

/// How seats that end a match with equal points are placed for uma and oka.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ties {
    /// The seat nearer the first dealer (seat 0) in seat order takes the higher place and
    /// its uma (Tenhou, Mahjong Soul).
    #[default]
    SeatOrder,
    /// The tied seats share the uma and oka of the places they hold equally (M-League,
    /// WRC); a remainder of whole points goes to the first of them in seat order.
    Split,
}

impl MatchRules {
    /// The Tenhou ranked lobby's match: a hanchan from 25,000 points, 30,000 to end, tobi,
    /// sudden death in West, agari-yame and tenpai-yame, and the raw score without uma or
    /// oka.
    pub const fn tenhou() -> MatchRules {
        MatchRules {
            length: MatchLength::Hanchan,
            start_points: 25_000,
            target_points: 30_000,
            tobi: true,
            sudden_death: true,
            agari_yame: true,
            tenpai_yame: true,
            uma: [0; MAX_SEATS],
            oka: 0,
            ties: Ties::SeatOrder,
        }
    }

    /// M-League's match (m-league.jp/about, as riichi.wiki's "M.League" page and
    /// majannavi.com quote it): a hanchan from 25,000 points returned at 30,000, uma
    /// +30/+10/-10/-30 thousand and an oka of 20,000 (the "rank points" +50/+10/-10/-30),
    /// split between tied seats ("同着の場合は順位点は分け"), no tobi ("飛びなし"), no
    /// agari-yame ("アガリ止め無し") nor tenpai-yame, and no sudden death: South 4 is the last
    /// hand ("2週をきっちりやります").
    pub const fn m_league() -> MatchRules {
        MatchRules {
            tobi: false,
            sudden_death: false,
            agari_yame: false,
            tenpai_yame: false,
            uma: [30_000, 10_000, -10_000, -30_000],
            oka: 20_000,
            ties: Ties::Split,
            ..MatchRules::tenhou()
        }
    }

    /// The WRC's match (riichi.wiki, "World Riichi Championship rules"; WRC Rules 2015
    /// section 5.9): a hanchan from 30,000 points, no oka, uma +15/+5/-5/-15 thousand
    /// averaged between tied seats, the game ending on negative points (the page's
    /// "Negative score: Game end"), no agari-yame (5.9.1) nor tenpai-yame, and no sudden
    /// death.
    pub const fn wrc() -> MatchRules {
        MatchRules {
            start_points: 30_000,
            target_points: 30_000,
            sudden_death: false,
            agari_yame: false,
            tenpai_yame: false,
            uma: [15_000, 5_000, -5_000, -15_000],
            oka: 0,
            ties: Ties::Split,
            ..MatchRules::tenhou()
        }
    }

    /// The Tenhou three-player ranked lobby's match: [`MatchRules::tenhou`] from 35,000
    /// points with 40,000 to end (Tenhou's three-player rule: 35,000 start, 40,000 returned;
    /// RiichiEnv's `starting_score` 35,000 for three players). Mahjong Soul's three-player
    /// rooms play the same match.
    pub const fn tenhou_sanma() -> MatchRules {
        MatchRules {
            start_points: 35_000,
            target_points: 40_000,
            ..MatchRules::tenhou()
        }
    }
}

impl Default for MatchRules {
    fn default() -> MatchRules {
        MatchRules::tenhou()
    }
}

//! The scoring rules as data (spec section 5): `tenhou()` and each choice other rule sets
//! make.

/// What a hand of 13 han or more without a yakuman is worth (kazoe yakuman).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KazoeLimit {
    /// One yakuman (Tenhou, Mahjong Soul).
    Yakuman,
    /// Sanbaiman, like 11-12 han (many Japanese professional leagues).
    Sanbaiman,
}

/// How a first-turn ron by a non-dealer (renhou) counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Renhou {
    /// Not a yaku (Tenhou, Mahjong Soul).
    Off,
    /// A yaku of 5 han (a mangan at least), adding to the hand's other yaku (a common house
    /// rule).
    Mangan,
    /// A yakuman (an older house rule, and some arcade rule sets).
    Yakuman,
}

/// How a tsumo is paid at a table of three (sanma), where the North seat of the
/// four-player payment is missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SanmaTsumo {
    /// Tsumo-loss (tsumo-son): the two payers pay what they would at four seats and the
    /// absent North seat's share is lost, so a tsumo is worth less than a ron. Tenhou's
    /// three-player lobby (the riichi.wiki page "Sanma", "Tsumo loss"; RiichiEnv's
    /// `calculate_score` with 3 players pays so).
    TsumoLoss,
    /// No tsumo-loss: the absent North seat's share is split between the two payers, each
    /// half rounded up to 100, so a tsumo is worth about a ron. Mahjong Soul's three-player
    /// rooms, as the riichi.wiki page "Sanma" describes them (RiichiEnv 0.4 charges
    /// tsumo-loss under both of its presets: the two sources disagree here).
    NorthSplit,
}

/// The scoring rules: each choice section 5 names, as a field. [`Default`] is
/// [`ScoringRules::tenhou`], the rule of the Tenhou ranked lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ScoringRules {
    /// Open tanyao (kuitan): tanyao counts in an open hand. On in Tenhou (the "kuitan ari"
    /// lobbies) and Mahjong Soul; off in some older Japanese rule sets.
    pub open_tanyao: bool,
    /// Red fives (aka dora): one red 5m, 5p and 5s, each 1 han on top of normal dora. On in
    /// Tenhou and Mahjong Soul; off in classic competition rules (with it off, a red five in
    /// the input is refused as an impossible tile).
    pub red_fives: bool,
    /// Kiriage mangan: 4 han 30 fu and 3 han 60 fu (1,920 basic points) round up to a
    /// mangan. Off in Tenhou and Mahjong Soul; on under M-League rules and in many Japanese
    /// professional leagues.
    pub kiriage_mangan: bool,
    /// What 13 han or more without a yakuman is worth. [`KazoeLimit::Yakuman`] in Tenhou
    /// and Mahjong Soul; M-League, WRC rules and many professional leagues stop at
    /// sanbaiman.
    pub kazoe: KazoeLimit,
    /// Double-yakuman hands: kokushi on the 13-sided wait, suuankou on a pair wait (tanki),
    /// junsei chuuren (the nine-sided wait) and daisuushii count as two yakuman. Off in
    /// Tenhou (each is one yakuman); on in Mahjong Soul.
    pub double_yakuman: bool,
    /// Renhou, a non-dealer's ron before its first draw with no call made. Off in Tenhou
    /// and Mahjong Soul; [`Renhou::Mangan`] under WRC rules.
    pub renhou: Renhou,
    /// Fu of a pair of the wind that is both seat and round wind (a double wind): 4 in
    /// Tenhou and Mahjong Soul; some rule sets (M-League, many Japanese professional
    /// leagues) count 2.
    pub double_wind_pair_fu: u8,
    /// An open hand with no fu at all (the pinfu shape, open) scores 30 fu rather than 20.
    /// On in Tenhou and Mahjong Soul; off only in rare rule sets that allow 20-fu open hands.
    pub open_pinfu_fu: bool,
    // Three-player scoring (sanma).
    /// Three-player scoring (sanma): `None` at four seats. `Some`: 2m-8m do not exist, so a
    /// 1m indicator points to 9m and a 9m one to 1m (Tenhou's and Mahjong Soul's sanma;
    /// RiichiEnv's `get_next_dora_tile`); honba are worth 100 from each of the two payers
    /// (200 on a ron); a tsumo is paid by two seats as the [`SanmaTsumo`] says.
    pub sanma: Option<SanmaTsumo>,
    /// Several yakuman in one hand add up (daisangen with tsuuiisou pays two). On in
    /// Tenhou and Mahjong Soul; off under WRC rules, where a hand is worth one yakuman at
    /// most, however many it holds and whether or not one would count double
    /// (riichi.wiki, "World Riichi Championship rules": "Every yakuman is counted as
    /// single yakuman. Plus, the maximum points awarded for any hand is capped as that of
    /// a single yakuman").
    pub yakuman_stack: bool,
}

impl ScoringRules {
    /// The Tenhou ranked lobby (spec section 5): open tanyao, red fives, no kiriage, kazoe
    /// yakuman, no double yakuman, no renhou, 4 fu for a double-wind pair, open pinfu 30 fu.
    pub const fn tenhou() -> ScoringRules {
        ScoringRules {
            open_tanyao: true,
            red_fives: true,
            kiriage_mangan: false,
            kazoe: KazoeLimit::Yakuman,
            double_yakuman: false,
            renhou: Renhou::Off,
            double_wind_pair_fu: 4,
            open_pinfu_fu: true,
            sanma: None,
            yakuman_stack: true,
        }
    }

    /// Tenhou's three-player lobby: [`ScoringRules::tenhou`] at a table of three, with
    /// tsumo-loss ([`SanmaTsumo::TsumoLoss`]).
    pub const fn tenhou_sanma() -> ScoringRules {
        ScoringRules {
            sanma: Some(SanmaTsumo::TsumoLoss),
            ..ScoringRules::tenhou()
        }
    }

    /// Mahjong Soul's three-player rooms: [`ScoringRules::mahjong_soul`] at a table of
    /// three, the North share split ([`SanmaTsumo::NorthSplit`]).
    pub const fn mahjong_soul_sanma() -> ScoringRules {
        ScoringRules {
            sanma: Some(SanmaTsumo::NorthSplit),
            ..ScoringRules::mahjong_soul()
        }
    }

    /// The seats at the table these rules score for: 3 with [`ScoringRules::sanma`], else 4.
    pub const fn seats(&self) -> usize {
        if self.sanma.is_some() { 3 } else { 4 }
    }

    /// Mahjong Soul's ranked rule: as Tenhou, and the four double-yakuman hands count
    /// double.
    pub const fn mahjong_soul() -> ScoringRules {
        ScoringRules {
            double_yakuman: true,
            ..ScoringRules::tenhou()
        }
    }

    /// M-League's scoring: Tenhou's, with 2 fu for a double-wind pair (riichi.wiki,
    /// "M.League", its notable rule variations: "Double-wind pair worths 2 fu"), no hand
    /// above sanbaiman but a yakuman (the official rules at m-league.jp/about, chapter 6
    /// article 6: "役満以外の役が複合したアガリ点は、三倍満までを上限とする", as kinmaweb.jp's
    /// kazoe-yakuman page cites it, with Sasaki Hisato's 13-han tsumo of the 2020 season,
    /// paid as a sanbaiman), and kiriage mangan (the same article, as rule summaries quote
    /// it, counts 2 han of bazoro in every hand and makes "30符6翻" and "60符5翻" a mangan:
    /// 4 han 30 fu and 3 han 60 fu here; majyan-item.com's summary: "7700は切り上げ").
    pub const fn m_league() -> ScoringRules {
        ScoringRules {
            double_wind_pair_fu: 2,
            kazoe: KazoeLimit::Sanbaiman,
            kiriage_mangan: true,
            ..ScoringRules::tenhou()
        }
    }

    /// The WRC's scoring (riichi.wiki, "World Riichi Championship rules", and the errata of
    /// the 2014 rule book by its author on reachmahjong.com): no red fives, 13 han or more
    /// is a sanbaiman ("Kazoe yakuman is not allowed"), every yakuman single and a hand
    /// worth one yakuman at most, renhou a mangan that adds to the other yaku ("Renhō is
    /// cumulative with other yaku and dora").
    pub const fn wrc() -> ScoringRules {
        ScoringRules {
            red_fives: false,
            kazoe: KazoeLimit::Sanbaiman,
            double_yakuman: false,
            yakuman_stack: false,
            renhou: Renhou::Mangan,
            ..ScoringRules::tenhou()
        }
    }
}

impl Default for ScoringRules {
    fn default() -> ScoringRules {
        ScoringRules::tenhou()
    }
}

//! No public function panics on any input (issue 10.2): hand-built views given to the bots
//! (the search bot included), hand-built tallies and piles given to the settlement, extreme
//! money, stakes and nagari counts given to a match, extreme rules, any deal, and any text
//! given to the parsers.

use hwatu_core::bot::{Bot, RandomBot, SearchBot, TutorialBot};
use hwatu_core::{
    Action, Card, CardSet, Deal, Decision, Event, Game, GukjinUse, Match, Names, Outcome, Player,
    Rules, Score, Tally, View, settle,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The set of the cards whose canonical numbers are the bits of `mask` (bits 50 and up
/// ignored: no card has them).
fn cards(mask: u64) -> CardSet {
    Card::all().filter(|c| mask >> c.index() & 1 == 1).collect()
}

fn any_tally() -> impl Strategy<Value = Tally> {
    (any::<[u8; 7]>(), any::<u32>(), any::<u64>()).prop_map(|(n, go_score, instant_points)| Tally {
        goes: n[0],
        go_score,
        shakes: n[1],
        bombs: n[2],
        two_card_bombs: n[3],
        ppuks: n[4],
        flip_credits: n[5],
        turns: n[6],
        instant_points,
    })
}

fn any_decision() -> impl Strategy<Value = Option<Decision>> {
    (0u8..5, any::<u8>(), any::<u64>(), any::<u32>()).prop_map(|(kind, card, options, score)| {
        let card = Card::from_index(card % 50).unwrap_or(Card::B2);
        match kind {
            0 => Some(Decision::Play),
            1 => Some(Decision::Choose {
                card,
                options: cards(options),
            }),
            2 => Some(Decision::Gukjin),
            3 => Some(Decision::GoStop { score }),
            _ => None,
        }
    })
}

fn any_view() -> impl Strategy<Value = View> {
    (
        any::<[u64; 11]>(),
        any_decision(),
        (any_tally(), any_tally()),
        (any::<usize>(), any::<usize>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(sets, decision, tallies, (hand_len, stock_len, b, yeol))| {
                let player = if b { Player::B } else { Player::A };
                View {
                    player,
                    rules: Rules {
                        two_card_bomb: hwatu_core::TwoCardBomb::Double,
                        ..Rules::standard()
                    },
                    to_move: decision.map(|_| player),
                    decision,
                    hand: cards(sets[0]),
                    opponent_hand_len: hand_len,
                    opponent_shown: cards(sets[1]),
                    floor: cards(sets[2]),
                    awaiting_choice: cards(sets[3]),
                    piles: [cards(sets[4]), CardSet::EMPTY],
                    captured: [cards(sets[5]), cards(sets[6])],
                    passed_over: [cards(sets[7]), cards(sets[8])],
                    discarded: [cards(sets[9]), cards(sets[10])],
                    gukjin: if yeol {
                        GukjinUse::Yeol
                    } else {
                        GukjinUse::Ssangpi
                    },
                    stock_len,
                    tallies: [tallies.0, tallies.1],
                    outcome: None,
                }
            },
        )
}

fn any_outcome() -> impl Strategy<Value = Outcome> {
    (0u8..4, any::<bool>(), any::<u8>(), any::<bool>()).prop_map(|(kind, b, month, on_floor)| {
        let winner = if b { Player::B } else { Player::A };
        match kind {
            0 => Outcome::Stop { winner },
            1 => Outcome::Chongtong {
                winner,
                month,
                on_floor,
            },
            2 => Outcome::ThreePpuk { winner },
            _ => Outcome::Nagari,
        }
    })
}

/// Rules with extreme values in every number.
fn extreme_rules(big: bool) -> Rules {
    let n = if big { u32::MAX } else { 0 };
    Rules {
        go_threshold: n,
        chongtong_points: n,
        three_ppuk_points: n,
        early_ppuk_points: n,
        first_ttadak_points: n,
        pibak_threshold: n,
        gwangbak_threshold: n,
        nagari_cap: Some(if big { u64::MAX } else { 0 }),
        ..Rules::standard()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// The bots answer any view they can be given, with one of its legal actions or nothing.
    #[test]
    fn bots_answer_any_hand_built_view(view in any_view(), seed in any::<u64>()) {
        let legal = view.legal_actions();
        let answers = [
            TutorialBot.choose(&view),
            RandomBot::new(StdRng::seed_from_u64(seed)).choose(&view),
            SearchBot::with_iterations(StdRng::seed_from_u64(seed), 8).choose(&view),
        ];
        for action in answers.into_iter().flatten() {
            prop_assert!(legal.contains(&action), "{action} not in {legal}");
        }
        let _ = TutorialBot::should_stop(&view);
    }

    /// Settlement of any piles, tallies, outcome and nagari multiplier: saturating numbers,
    /// text for every line.
    #[test]
    fn settlement_takes_any_tallies(
        piles in any::<[u64; 2]>(), tallies in (any_tally(), any_tally()), outcome in any_outcome(),
        nagari in any::<u64>(), stake in any::<u64>(), big in any::<bool>(), goes in any::<u8>(),
    ) {
        for rules in [Rules::standard(), Rules::tutorial(), extreme_rules(big)] {
            let settlement = settle::settle(
                &rules, outcome, [cards(piles[0]), cards(piles[1])], GukjinUse::Ssangpi,
                [tallies.0, tallies.1], nagari,
            );
            let _ = (settlement.payment(stake), settlement.lines(), settlement.instant_points());
            let _ = settle::go_factors(&rules, goes);
            prop_assert!(settlement.nagari_multiplier >= 1);
        }
    }

    /// Any text given to the parsers is read or refused with an error that says so.
    #[test]
    fn parsers_take_any_text(text in "\\PC{0,40}", digits in "[0-9]{1,30}[GYTSP]?[0-9]?") {
        for text in [&text, &digits, &format!("bomb {digits}"), &format!("play {digits}")] {
            let _ = text.parse::<Card>().map_err(|e| e.to_string());
            let _ = text.parse::<CardSet>().map_err(|e| e.to_string());
            let _ = text.parse::<Action>().map_err(|e| e.to_string());
            let _ = text.parse::<Rules>().map_err(|e| e.to_string());
        }
    }

    /// Any deal, however odd (cards twice, too many, bonus cards of other rules, short
    /// hands, a short stock), is dealt or refused; a dealt game plays to its end.
    #[test]
    fn any_deal_is_dealt_or_refused(
        odd in prop::collection::vec(any::<u8>(), 0..3), len in 0usize..60, masks in any::<[u64; 3]>(),
        seed in any::<u64>(), preset in 0usize..3, big in any::<bool>(),
    ) {
        use rand::seq::SliceRandom;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut deck: Vec<Card> = Card::all().collect();
        deck.shuffle(&mut rng);
        deck.truncate(len);
        deck.extend(odd.iter().filter_map(|&i| Card::from_index(i % 64)));
        let Ok(mut deal) = Deal::from_deck(&deck, Player::B) else {
            prop_assert!(deck.len() < 28);
            return Ok(());
        };
        // Hands and floor thinned by the masks: smaller than a deal makes.
        for (set, mask) in deal.hands.iter_mut().chain([&mut deal.floor]).zip(masks) {
            *set = *set & cards(mask | mask >> 1);
        }
        for rules in [Rules::PRESETS[preset].1, extreme_rules(big)] {
            let Ok(mut game) = Game::from_deal(rules, deal.clone()) else { continue };
            let mut bot = RandomBot::new(StdRng::seed_from_u64(seed));
            for _ in 0..200 {
                let Some(player) = game.to_move() else { break };
                let action = bot.choose(&game.view(player)).expect("an action");
                game.apply(action).expect("legal");
            }
            prop_assert!(game.is_over());
            let _ = game.settle(u64::MAX).map(|s| s.lines());
        }
    }

    /// Numbers out of range are refused or give nothing: players, months, card numbers.
    #[test]
    fn out_of_range_numbers_are_refused(index in any::<usize>(), small in any::<u8>(), mask in any::<u64>()) {
        prop_assert_eq!(Player::try_from(index).is_ok(), index < 2);
        prop_assert_eq!(Player::try_from(small).is_ok(), small < 2);
        prop_assert_eq!(Card::from_index(small).is_some(), small < 50);
        prop_assert_eq!(Card::of_month(small).is_some(), (1..=12).contains(&small));
        let set = cards(mask);
        let _ = (set.of_month(small), CardSet::month(small), CardSet::count_in(mask, small));
        let _ = (Score::of(set, GukjinUse::Yeol).to_string(), set.pi_value(GukjinUse::Ssangpi));
        let names = Names::you_and(Player::A, "the bot");
        let events = [
            Event::Chongtong { player: Player::A, month: small, on_floor: true },
            Event::Ppuk { player: Player::B, month: small, count: small },
            Event::TurnEnded { player: Player::B, turn: small },
            Event::InstantPayment { from: Player::A, to: Player::B, points: u32::MAX, reason: hwatu_core::InstantReason::Ppuk { turns: small } },
        ];
        for event in events {
            let _ = (event.describe(&names), event.seen_by(Player::B).to_string());
        }
    }
}

/// Money, stakes and nagari counts at their limits: the match refuses what does not fit.
#[test]
fn a_match_takes_any_money_stake_and_nagari_count() {
    let chongtong = Deal {
        hands: ["1G 1T 1P1 1P2".parse().unwrap(), "2P1".parse().unwrap()],
        floor: "3P1".parse().unwrap(),
        stock: vec![],
        first: Player::A,
    };
    for (money, stake, nagari) in [
        ([i64::MIN, i64::MAX], u64::MAX, u32::MAX),
        ([i64::MAX, i64::MIN], 1, 63),
        ([0, 0], u64::MAX, 64),
        ([i64::MIN, i64::MIN], 0, 0),
    ] {
        let mut matgo = Match::new(Rules::standard(), Player::A, stake, 0)
            .with_money(money)
            .after_nagari(nagari);
        let game = matgo.game_from_deal(chongtong.clone()).expect("dealt");
        let before = matgo.clone();
        match matgo.record(&game) {
            Ok(settlement) => assert_eq!(settlement.winner(), Some(Player::A)),
            Err(error) => {
                assert!(!error.to_string().is_empty());
                assert_eq!(matgo, before, "a refused game changes nothing");
            }
        }
    }
}

/// Rules with extreme numbers still give games that end, and decisions on every view.
#[test]
fn extreme_rules_play_to_the_end() {
    for big in [false, true] {
        let rules = extreme_rules(big);
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..100 {
            let mut game = Game::new(rules, Player::A, &mut rng);
            while let Some(player) = game.to_move() {
                let action = TutorialBot.choose(&game.view(player)).expect("an action");
                game.apply(action).expect("legal");
            }
            let settlement = game.settle(u64::MAX).expect("over");
            let _ = settlement.lines();
        }
    }
}

/// The search bot answers views of real games whose record of the opponent's plays is
/// impossible (every card passed over or discarded, its own hand among them, bonus cards),
/// at any inference weight, NaN and the infinities included; a weight outside 0 to 1 plays
/// as the nearest bound and NaN as 1, choice for choice.
#[test]
fn the_search_bot_takes_any_inference_weight_and_any_record_of_plays() {
    let same_as = [
        (f64::NAN, 1.0),
        (f64::INFINITY, 1.0),
        (7.5, 1.0),
        (-0.0, 0.0),
        (-1.0, 0.0),
        (f64::NEG_INFINITY, 0.0),
    ];
    let everything = CardSet::MONTHS | CardSet::BONUS;
    let mut rng = StdRng::seed_from_u64(8);
    let mut answered = 0;
    for round in 0..6u64 {
        let mut game = Game::new(Rules::standard(), Player::A, &mut rng);
        while let Some(player) = game.to_move() {
            let mut view = game.view(player);
            let opponent = view.opponent().index();
            match round % 3 {
                0 => view.passed_over[opponent] = everything,
                1 => view.discarded[opponent] = everything,
                _ => view.discarded[opponent] = view.hand | CardSet::BONUS,
            }
            for (weight, bound) in same_as {
                let bot = |w: f64| {
                    SearchBot::with_iterations(StdRng::seed_from_u64(round), 8)
                        .with_inference_weight(w)
                        .choose(&view)
                };
                let action = bot(weight);
                assert_eq!(action, bot(bound), "weight {weight} plays as {bound}");
                assert!(view.legal_actions().contains(&action.expect("an action")));
                answered += 1;
            }
            let action = TutorialBot.choose(&game.view(player)).expect("an action");
            game.apply(action).expect("legal");
        }
    }
    assert!(answered > 6 * 6 * 10, "{answered} answers");
}

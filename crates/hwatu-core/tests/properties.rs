//! Invariants over randomly shuffled games: every preset, random and tutorial bots.

use hwatu_core::bot::{Bot, RandomBot, TutorialBot};
use hwatu_core::{
    Action, BonusCards, BothChongtong, Card, CardSet, FloorFour, Game, GoBonus, GukjinChoice,
    GukjinUse, InstantPayout, Match, Outcome, PiSteal, Player, Rules, TwoCardBomb,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Every action there is, legal or not, to try against a game.
fn every_action() -> Vec<Action> {
    let mut actions: Vec<Action> = Card::all()
        .flat_map(|card| {
            [
                Action::Play { card, shake: false },
                Action::Play { card, shake: true },
                Action::Choose { card },
            ]
        })
        .collect();
    actions.extend((0..=13).map(|month| Action::Bomb { month }));
    actions.extend([
        Action::FlipOnly,
        Action::Gukjin(GukjinUse::Yeol),
        Action::Gukjin(GukjinUse::Ssangpi),
        Action::Go,
        Action::Stop,
        Action::Chongtong,
    ]);
    actions
}

/// The bots of a game: 0 both random, 1 both seed, 2 seed against random.
fn bots(kind: u8, seed: u64) -> [Box<dyn Bot>; 2] {
    let random = |s| Box::new(RandomBot::new(StdRng::seed_from_u64(s))) as Box<dyn Bot>;
    match kind {
        0 => [random(seed), random(seed + 1)],
        1 => [Box::new(TutorialBot), Box::new(TutorialBot)],
        _ => [Box::new(TutorialBot), random(seed)],
    }
}

fn assert_cards_conserved(game: &Game, deck: CardSet) {
    let parts = [
        game.hand(Player::A),
        game.hand(Player::B),
        game.floor(),
        game.captured(Player::A),
        game.captured(Player::B),
        game.awaiting_choice(),
    ];
    let count: usize = parts.iter().map(|p| p.len()).sum::<usize>() + game.stock().len();
    for player in Player::BOTH {
        let score = game.score(player).total();
        assert_eq!(
            game.base_score(player),
            score,
            "the kept base score is the count's"
        );
        let view = game.view(player.other());
        assert_eq!(game.shown(player), view.opponent_shown);
        assert_eq!(game.ppuk_piles(player), view.piles[player.index()]);
        assert_eq!(game.passed_over(player), view.passed_over[player.index()]);
        assert_eq!(game.discarded(player), view.discarded[player.index()]);
    }
    assert_eq!(game.all_cards(), deck, "every card is somewhere");
    assert_eq!(count, deck.len(), "no card is in two places");
}

/// Plays one game, checking the invariants at each step; returns the finished game.
fn play_checked(rules: Rules, seed: u64, kind: u8, probe: bool) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let first = if seed.is_multiple_of(2) {
        Player::A
    } else {
        Player::B
    };
    let mut game = Game::new(rules, first, &mut rng);
    let deck = CardSet::MONTHS | rules.bonus_cards.cards();
    let mut bots = bots(kind, seed);
    let universe = every_action();
    for _ in 0..200 {
        assert_cards_conserved(&game, deck);
        let Some(player) = game.to_move() else {
            return game;
        };
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "a player to move always has an action");
        let view = game.view(player);
        assert_eq!(
            view.legal_actions(),
            legal,
            "the view offers the same actions"
        );
        if probe {
            let set = game.legal_set();
            for action in &universe {
                let (in_set, listed) = (set.contains(*action), legal.contains(action));
                assert_eq!(in_set, listed, "the legal set agrees on {action}");
            }
            for &action in &legal {
                assert!(game.after(action).is_ok(), "{action} is legal");
            }
            for &action in universe.iter().filter(|a| !legal.contains(a)) {
                let before = game.clone();
                assert!(game.apply(action).is_err(), "{action} is illegal");
                assert_eq!(game, before, "a refused action changes nothing");
            }
        }
        let action = bots[player.index()]
            .choose(&view)
            .expect("bots always answer");
        assert!(legal.contains(&action), "the bot chose a legal action");
        game.apply(action).expect("a legal action is accepted");
    }
    panic!("the game did not end in 200 actions");
}

fn rules_of(index: usize) -> Rules {
    Rules::PRESETS[index % 3].1
}

/// Standard rules with every house rule of section 11 chosen by the bits of `bits`.
fn house_rules(bits: u32) -> Rules {
    let pick = |shift: u32, n: u32| ((bits >> shift) % n) as usize;
    Rules {
        bonus_cards: [
            BonusCards::None,
            BonusCards::Two,
            BonusCards::Three,
            BonusCards::TwoAndThree,
        ][pick(0, 4)],
        bonus_steal: pick(2, 2) == 1,
        go_bonus: [
            GoBonus::AddThenDouble,
            GoBonus::DoubleInsteadOfAdding,
            GoBonus::AddOnly,
        ][pick(3, 3)],
        floor_four: [
            FloorFour::Redeal,
            FloorFour::Nagari,
            FloorFour::FirstPlayerWins,
        ][pick(5, 3)],
        both_chongtong: [BothChongtong::FirstPlayerWins, BothChongtong::Nagari][pick(7, 2)],
        chongtong_play_on: pick(21, 2) == 1,
        three_ppuk_points: [7, 10][pick(8, 2)],
        early_ppuk_points: [0, 7][pick(9, 2)],
        first_ttadak_points: [0, 7][pick(10, 2)],
        dealt_pile_steal: pick(11, 2) == 1,
        gukjin: [GukjinChoice::Ask, GukjinChoice::Automatic][pick(12, 2)],
        two_card_bomb: [
            TwoCardBomb::Off,
            TwoCardBomb::NoMultiplier,
            TwoCardBomb::Double,
        ][pick(13, 3)],
        pi_steal: [PiSteal::Cheapest, PiSteal::SwapWithChange][pick(15, 2)],
        pibak_threshold: [7, 6, 5][pick(16, 3)],
        pibak_exempts_zero_pi: pick(18, 2) == 1,
        gwangbak_threshold: [0, 1][pick(19, 2)],
        nagari_cap: [None, Some(4)][pick(20, 2)],
        balance_cap: pick(22, 2) == 1,
        jackpot_every: [0, 3][pick(23, 2)],
        instant_payout: [InstantPayout::Points, InstantPayout::BaseMultiple][pick(24, 2)],
        push_limit: [0, 2][pick(25, 2)],
        ..Rules::standard()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn games_conserve_cards_accept_legal_refuse_illegal_and_end(
        seed in any::<u64>(), preset in 0usize..3, kind in 0u8..3,
    ) {
        let game = play_checked(rules_of(preset), seed, kind, true);
        prop_assert!(game.is_over() && game.outcome().is_some());
    }

    /// The same invariants under random combinations of the house rules of section 11.
    #[test]
    fn house_rules_keep_the_invariants(seed in any::<u64>(), bits in any::<u32>(), kind in 0u8..3) {
        let game = play_checked(house_rules(bits), seed, kind, true);
        prop_assert!(game.is_over() && game.outcome().is_some());
    }

    #[test]
    fn settlement_pays_only_the_loser(
        seed in any::<u64>(), preset in 0usize..3, kind in 0u8..3, games in 1usize..6,
    ) {
        let rules = rules_of(preset);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut matgo = Match::new(rules, Player::A, 10, 1_000_000);
        let mut bots = bots(kind, seed);
        for _ in 0..games {
            let mut game = matgo.new_game(&mut rng);
            while let Some(player) = game.to_move() {
                let action = bots[player.index()].choose(&game.view(player)).expect("an action");
                game.apply(action).expect("legal");
            }
            let before = matgo.money();
            let multiplier = matgo.nagari_multiplier();
            let settlement = matgo.record(&game).expect("the game is over");
            let after = matgo.money();
            prop_assert_eq!(before[0] + before[1], after[0] + after[1], "money is conserved");
            let instant = settlement.instant_points().map(|p| p as i64 * 10);
            match settlement.outcome {
                Outcome::Nagari => {
                    prop_assert_eq!(settlement.points, 0);
                    prop_assert_eq!(matgo.nagari_multiplier(), multiplier * 2);
                }
                _ => {
                    let winner = settlement.winner().expect("a winner").index();
                    let loser = 1 - winner;
                    prop_assert!(settlement.points >= 7 * multiplier, "{settlement}");
                    let won = settlement.payment(10) as i64;
                    prop_assert_eq!(after[winner] - before[winner], won + instant[winner] - instant[loser]);
                    prop_assert_eq!(matgo.nagari_multiplier(), 1);
                }
            }
        }
    }
}

/// The tutorial's bot is a real player: over a match of many games it takes money from a random
/// bot under every preset.
#[test]
fn the_tutorial_bot_beats_the_random_bot() {
    for (name, rules) in Rules::PRESETS {
        let mut rng = StdRng::seed_from_u64(11);
        let mut matgo = Match::new(rules, Player::A, 1, 0);
        let mut tutorial_bot = TutorialBot;
        let mut random_bot = RandomBot::new(StdRng::seed_from_u64(12));
        let mut wins = [0u32; 2];
        for _ in 0..500 {
            let mut game = matgo.new_game(&mut rng);
            while let Some(player) = game.to_move() {
                let view = game.view(player);
                let action = match player {
                    Player::A => tutorial_bot.choose(&view),
                    Player::B => random_bot.choose(&view),
                };
                game.apply(action.expect("an action")).expect("legal");
            }
            let settlement = matgo.record(&game).expect("over");
            if let Some(winner) = settlement.winner() {
                wins[winner.index()] += 1;
            }
        }
        assert!(wins[0] > wins[1], "{name}: wins {wins:?}");
        assert!(matgo.money()[0] > 0, "{name}: money {:?}", matgo.money());
    }
}

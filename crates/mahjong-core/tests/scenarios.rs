//! Scenario tests of the classroom game (spec section 3) on explicit walls, checking every
//! event and the outcome.

use crate::common;

use common::{game, h, pass, s, t, tsumogiri, turn, wall};
use mahjong_core::classroom::{Action, ActionError, Agari, Event, Game, Outcome, Win};
use mahjong_core::{Meld, Rules, Shape, TileSet};

/// Hands far from tenpai, for the seats a scenario does not use.
const FAR_A: &str = "147m258p369s1234z";
const FAR_B: &str = "258m369p147s5677z";
const FAR_C: &str = "369m147p258s1234z";
/// Tenpai on 5s alone (tanki).
const TANKI_5S: &str = "123m456m789m123p5s";

fn waits(text: &str) -> TileSet {
    text.parse().unwrap()
}

/// Applies `action` and checks that an illegal one leaves the game exactly unchanged.
fn refused(game: &mut Game, action: Action) -> ActionError {
    let before = game.clone();
    let error = game.apply(action).unwrap_err();
    assert_eq!(*game, before, "{action} changed the game");
    error
}

#[test]
fn the_deal_follows_the_classroom_order() {
    use rand::SeedableRng;
    let wall = mahjong_core::classroom::Wall::shuffled(&mut rand::rngs::StdRng::seed_from_u64(9));
    let tiles = wall.tiles();
    let game = Game::from_wall(Rules::classroom(), wall.clone()).unwrap();
    for seat in 0..4 {
        let mut dealt = vec![tiles[seat]];
        for round in 0..3 {
            let start = 4 + 16 * round + 4 * seat;
            dealt.extend_from_slice(&tiles[start..start + 4]);
        }
        if seat == 0 {
            dealt.push(tiles[52]);
        }
        let hand = mahjong_core::Hand::from_tiles(dealt).unwrap();
        assert_eq!(game.hand(s(seat)), Some(&hand), "seat {seat}");
    }
    assert_eq!(game.drawn(s(0)), Some(tiles[52]));
    assert_eq!(game.to_move(), Some(s(0)));
    assert_eq!(game.live_tiles(), 122 - 53);
}

#[test]
fn tsumo_without_riichi() {
    let mut game = game(Rules::classroom(), &[TANKI_5S, FAR_A, FAR_B, FAR_C], "5s");
    assert_eq!(game.legal_actions()[0], Action::Tsumo);
    let hand = h("123m456m789m123p55s");
    let events = game.apply(Action::Tsumo).unwrap();
    assert_eq!(
        events,
        [Event::Tsumo {
            seat: s(0),
            tile: t("5s"),
            hand,
            waits: waits("5s")
        }]
    );
    let shape = Shape::Standard {
        melds: vec![
            Meld::Sequence(t("1m")),
            Meld::Sequence(t("4m")),
            Meld::Sequence(t("7m")),
            Meld::Sequence(t("1p")),
        ],
        pair: t("5s"),
    };
    let agari = Agari {
        winner: s(0),
        win: Win::Tsumo,
        tile: t("5s"),
        hand,
        waits: waits("5s"),
        riichi: false,
        shape,
    };
    assert_eq!(game.outcome(), Some(&Outcome::Agari(agari)));
    assert!(game.is_over());
    assert_eq!(game.to_move(), None);
    assert!(game.legal_actions().is_empty());
    assert_eq!(refused(&mut game, Action::Tsumo), ActionError::GameOver);
}

#[test]
fn riichi_then_forced_tsumogiri_then_tsumo() {
    let draws = "9s 6z 6z 6z 1z 2z 2z 4z 5s";
    let mut game = game(Rules::classroom(), &[TANKI_5S, FAR_A, FAR_B, FAR_C], draws);
    assert!(game.legal_actions().contains(&Action::Riichi(t("5s"))));
    assert_eq!(
        refused(&mut game, Action::Riichi(t("1m"))),
        ActionError::NotTenpai { tile: t("1m") }
    );
    assert_eq!(refused(&mut game, Action::Tsumo), ActionError::NotAgari);
    let events = game.apply(Action::Riichi(t("9s"))).unwrap();
    assert_eq!(
        events,
        [
            Event::Riichi {
                seat: s(0),
                waits: Some(waits("5s"))
            },
            Event::Discard {
                seat: s(0),
                tile: t("9s")
            },
            Event::Draw {
                seat: s(1),
                tile: Some(t("6z"))
            },
        ]
    );
    // Seat 1 sees its own draw but not seat 0's waits; seat 2 sees neither.
    let seen = |seat| events.iter().map(|e| e.seen_by(seat)).collect::<Vec<_>>();
    let hidden_riichi = Event::Riichi {
        seat: s(0),
        waits: None,
    };
    assert_eq!(
        seen(s(1)),
        [hidden_riichi.clone(), events[1].clone(), events[2].clone()]
    );
    let hidden_draw = Event::Draw {
        seat: s(1),
        tile: None,
    };
    assert_eq!(seen(s(2)), [hidden_riichi, events[1].clone(), hidden_draw]);
    assert_eq!(seen(s(0))[..2], events[..2]);
    assert_eq!(seen(s(2))[2].to_string(), "seat 1 draws a tile");
    // Seat 1 discards 6z: seat 0, in riichi, answers every discard, here with a pass alone
    // (6z is not its wait), and only then seat 2 draws.
    let events = tsumogiri(&mut game);
    assert_eq!(
        events,
        [Event::Discard {
            seat: s(1),
            tile: t("6z")
        }]
    );
    assert_eq!(game.to_move(), Some(s(0)));
    assert_eq!(game.claim(), Some((s(1), t("6z"))));
    assert_eq!(
        refused(&mut game, Action::Ron),
        ActionError::NotAWait { tile: t("6z") }
    );
    assert_eq!(
        pass(&mut game),
        [Event::Draw {
            seat: s(2),
            tile: Some(t("6z"))
        }]
    );
    for _ in 2..4 {
        turn(&mut game);
    }
    // Seat 0 drew 1z: in riichi it may only discard it.
    assert_eq!(game.to_move(), Some(s(0)));
    assert_eq!(game.legal_actions(), [Action::Discard(t("1z"))]);
    assert_eq!(
        refused(&mut game, Action::Discard(t("1m"))),
        ActionError::Tsumogiri {
            drawn: t("1z"),
            tile: t("1m")
        }
    );
    assert_eq!(
        refused(&mut game, Action::Riichi(t("1z"))),
        ActionError::AlreadyRiichi
    );
    assert_eq!(
        refused(&mut game, Action::Ron),
        ActionError::NoDiscardToClaim
    );
    assert_eq!(
        refused(&mut game, Action::Pass),
        ActionError::NoDiscardToClaim
    );
    for _ in 0..4 {
        turn(&mut game);
    }
    assert_eq!(
        game.legal_actions(),
        [Action::Tsumo, Action::Discard(t("5s"))]
    );
    game.apply(Action::Tsumo).unwrap();
    let Some(Outcome::Agari(agari)) = game.outcome() else {
        panic!("no agari: {:?}", game.outcome());
    };
    assert_eq!(
        (agari.winner, agari.win, agari.riichi),
        (s(0), Win::Tsumo, true)
    );
    assert_eq!(agari.shape.to_string(), "123m 456m 789m 123p 55s");
    assert_eq!(game.discards(s(0)), Some(&[t("9s"), t("1z")][..]));
}

#[test]
fn ron_only_in_riichi() {
    // Seat 1 waits on 1z and 2z without riichi; seat 0 waits on 5s in riichi.
    let shanpon = "234m567m789p1122z";
    let mut game = game(
        Rules::classroom(),
        &[TANKI_5S, shanpon, FAR_B, FAR_C],
        "9s 6z 1z 5s",
    );
    game.apply(Action::Riichi(t("9s"))).unwrap();
    turn(&mut game);
    // Seat 2 discards 1z: seat 1 would be complete, but without riichi there is no ron, and
    // only seat 0, in riichi, answers (with a pass: 1z is not its wait).
    let events = game.apply(Action::Discard(t("1z"))).unwrap();
    assert_eq!(
        events,
        [Event::Discard {
            seat: s(2),
            tile: t("1z")
        }]
    );
    assert_eq!(game.to_move(), Some(s(0)));
    assert_eq!(
        pass(&mut game),
        [Event::Draw {
            seat: s(3),
            tile: Some(t("5s"))
        }]
    );
    // Seat 3 discards 5s: seat 0, in riichi, is asked.
    let events = game.apply(Action::Discard(t("5s"))).unwrap();
    assert_eq!(
        events,
        [Event::Discard {
            seat: s(3),
            tile: t("5s")
        }]
    );
    assert_eq!(game.to_move(), Some(s(0)));
    assert_eq!(game.claim(), Some((s(3), t("5s"))));
    assert_eq!(game.legal_actions(), [Action::Ron, Action::Pass]);
    assert_eq!(game.view(s(1)).unwrap().turn, Some(s(3)));
    assert_eq!(
        refused(&mut game, Action::Discard(t("1m"))),
        ActionError::ClaimPending {
            seat: s(0),
            tile: t("5s")
        }
    );
    let events = game.apply(Action::Ron).unwrap();
    let hand = h("123m456m789m123p55s");
    assert_eq!(
        events,
        [Event::Ron {
            seat: s(0),
            from: s(3),
            tile: t("5s"),
            hand,
            waits: waits("5s")
        }]
    );
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(s(0)));
    let Outcome::Agari(agari) = outcome else {
        panic!()
    };
    assert_eq!(agari.win, Win::Ron { from: s(3) });
    assert_eq!(
        game.discards(s(3)),
        Some(&[][..]),
        "the ron tile leaves the pile"
    );
    assert_eq!(game.view(s(2)).unwrap().outcome.as_ref(), Some(outcome));
}

/// Waits on 5s and 8s.
const RYANMEN: &str = "123m456m789m11p67s";

#[test]
fn furiten_by_own_discard() {
    let draws = "5s 8s 6z";
    for furiten in [true, false] {
        let rules = Rules {
            furiten,
            ..Rules::classroom()
        };
        let mut game = game(rules, &[RYANMEN, FAR_A, FAR_B, FAR_C], draws);
        // Seat 0 could tsumo, but declares riichi discarding one of its own waits.
        assert!(game.legal_actions().contains(&Action::Tsumo));
        game.apply(Action::Riichi(t("5s"))).unwrap();
        let events = tsumogiri(&mut game); // seat 1 discards 8s
        assert_eq!(
            events,
            [Event::Discard {
                seat: s(1),
                tile: t("8s")
            }]
        );
        assert_eq!(game.to_move(), Some(s(0)));
        if furiten {
            let error = refused(&mut game, Action::Ron);
            assert_eq!(error, ActionError::Furiten { tile: t("8s") });
            assert_eq!(
                error.to_string(),
                "furiten: no ron on 8s (a wait is among your discards, or you passed a ron \
                 since riichi)"
            );
            assert_eq!(
                pass(&mut game),
                [Event::Draw {
                    seat: s(2),
                    tile: Some(t("6z"))
                }]
            );
        } else {
            assert_eq!(game.legal_actions(), [Action::Ron, Action::Pass]);
        }
    }
}

#[test]
fn furiten_after_passing_a_ron() {
    let draws = "9s 5s 6z 8s 7z";
    for furiten in [true, false] {
        let rules = Rules {
            furiten,
            ..Rules::classroom()
        };
        let mut game = game(rules, &[RYANMEN, FAR_A, FAR_B, FAR_C], draws);
        game.apply(Action::Riichi(t("9s"))).unwrap();
        tsumogiri(&mut game); // seat 1 discards 5s
        assert_eq!(game.to_move(), Some(s(0)));
        let events = game.apply(Action::Pass).unwrap();
        assert_eq!(
            events,
            [Event::Draw {
                seat: s(2),
                tile: Some(t("6z"))
            }]
        );
        turn(&mut game);
        let events = tsumogiri(&mut game); // seat 3 discards 8s
        assert_eq!(
            events,
            [Event::Discard {
                seat: s(3),
                tile: t("8s")
            }]
        );
        if furiten {
            assert_eq!(
                refused(&mut game, Action::Ron),
                ActionError::Furiten { tile: t("8s") }
            );
            assert_eq!(
                pass(&mut game),
                [Event::Draw {
                    seat: s(0),
                    tile: Some(t("7z"))
                }]
            );
        } else {
            assert_eq!(game.claim(), Some((s(3), t("8s"))));
            game.apply(Action::Ron).unwrap();
            assert_eq!(game.outcome().and_then(Outcome::winner), Some(s(0)));
        }
    }
}

/// Seat 3's hand in [`riichi_pair`]: waiting on 5s (kanchan).
const KANCHAN_5S: &str = "234p678p789s11z46s";
/// Another hand for seat 3 there, on the same draws: waiting on 8s alone (kanchan).
const KANCHAN_8S: &str = "234p678p456s11z79s";

/// Seats 1 and 3 in riichi, seat 1 waiting on 5s and seat 3 holding `seat_3`; seat 2 then
/// discards 5s. Every other seat's discard before it is answered by the seats in riichi.
fn riichi_pair(seat_3: &str) -> Game {
    let draws = "3z 7z 6z 5z 3z 4z 5s";
    let mut game = game(Rules::classroom(), &[FAR_A, TANKI_5S, FAR_B, seat_3], draws);
    turn(&mut game);
    game.apply(Action::Riichi(t("7z"))).unwrap();
    turn(&mut game);
    game.apply(Action::Riichi(t("5z"))).unwrap();
    pass(&mut game);
    turn(&mut game);
    turn(&mut game);
    let events = tsumogiri(&mut game);
    assert_eq!(
        events,
        [Event::Discard {
            seat: s(2),
            tile: t("5s")
        }]
    );
    game
}

/// Seats 1 and 3 in riichi, both waiting on 5s, which seat 2 discards.
fn double_ron() -> Game {
    riichi_pair(KANCHAN_5S)
}

#[test]
fn double_ron_goes_to_the_first_in_turn_order() {
    for later in [Action::Ron, Action::Pass] {
        let mut game = double_ron();
        // Seat 3 comes before seat 1 in turn order after seat 2: it answers first, and its
        // ron shows only once every seat in riichi has answered.
        assert_eq!(game.to_move(), Some(s(3)));
        assert_eq!(game.apply(Action::Ron).unwrap(), []);
        assert_eq!(game.to_move(), Some(s(1)));
        assert_eq!(game.legal_actions(), [Action::Ron, Action::Pass]);
        let events = game.apply(later).unwrap();
        assert!(matches!(
            events[..],
            [Event::Ron { seat, from, .. }] if (seat, from) == (s(3), s(2))
        ));
        assert_eq!(game.outcome().and_then(Outcome::winner), Some(s(3)));
    }
}

#[test]
fn after_a_pass_the_next_seat_may_ron() {
    let mut game = double_ron();
    assert_eq!(game.apply(Action::Pass).unwrap(), []);
    assert_eq!(game.to_move(), Some(s(1)));
    let events = game.apply(Action::Ron).unwrap();
    assert!(matches!(
        events[..],
        [Event::Ron { seat, from, .. }] if (seat, from) == (s(1), s(2))
    ));

    let mut game = double_ron();
    game.apply(Action::Pass).unwrap();
    let events = game.apply(Action::Pass).unwrap();
    assert!(matches!(events[..], [Event::Draw { seat, .. }] if seat == s(3)));
}

/// Issue 20, section 3: seat 1 answered 5s at once when seat 3 could not ron it, and only
/// after seat 3 when it could, so seat 1's legal actions showed seat 3's hidden wait. Now
/// seat 3, in riichi, answers first either way, and seat 1 sees the same at every step.
#[test]
fn a_later_seats_answer_does_not_show_an_earlier_seats_wait() {
    let mut waiting = riichi_pair(KANCHAN_5S);
    let mut not_waiting = riichi_pair(KANCHAN_8S);
    let seat_1 = |game: &Game| game.view(s(1)).unwrap();
    assert_eq!(seat_1(&waiting), seat_1(&not_waiting));
    assert_eq!(waiting.to_move(), Some(s(3)));
    assert_eq!(not_waiting.to_move(), Some(s(3)));
    assert_eq!(waiting.legal_actions(), [Action::Ron, Action::Pass]);
    assert_eq!(not_waiting.legal_actions(), [Action::Pass]);
    let error = refused(&mut not_waiting, Action::Ron);
    assert_eq!(error, ActionError::NotAWait { tile: t("5s") });
    assert_eq!(
        error.to_string(),
        "5s is not a wait of the hand: no ron, pass"
    );
    // Seat 3 passes in both games; then seat 1 answers, the same way in both.
    assert_eq!(waiting.apply(Action::Pass).unwrap(), []);
    assert_eq!(not_waiting.apply(Action::Pass).unwrap(), []);
    assert_eq!(seat_1(&waiting), seat_1(&not_waiting));
    assert_eq!(seat_1(&waiting).legal, [Action::Ron, Action::Pass]);
    let won = |mut game: Game| game.apply(Action::Ron).unwrap();
    assert_eq!(won(waiting), won(not_waiting));
}

#[test]
fn ryuukyoku_when_the_live_wall_runs_out() {
    let mut game = game(Rules::classroom(), &[FAR_A, TANKI_5S, FAR_B, FAR_C], "");
    let mut discards = 0;
    let mut last = Vec::new();
    while !game.is_over() {
        last = tsumogiri(&mut game);
        discards += 1;
    }
    assert_eq!(discards, 122 - 52);
    assert_eq!(game.live_tiles(), 0);
    assert_eq!(last.last(), Some(&Event::Ryuukyoku { tenpai: vec![s(1)] }));
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Ryuukyoku { tenpai: vec![s(1)] })
    );
}

#[test]
fn solo_is_one_seat_drawing_alone() {
    let mut game = game(Rules::solo(), &[TANKI_5S], "");
    assert_eq!(game.hand(s(1)), None);
    assert!(game.view(s(1)).is_none());
    let mut discards = 0;
    while !game.is_over() {
        assert_eq!(game.to_move(), Some(s(0)));
        tsumogiri(&mut game);
        discards += 1;
    }
    assert_eq!(discards, 122 - 13);
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Ryuukyoku { tenpai: vec![s(0)] })
    );

    let mut game = game_with_draw_five();
    game.apply(Action::Tsumo).unwrap();
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(s(0)));
}

fn game_with_draw_five() -> Game {
    Game::from_wall(Rules::solo(), wall(&[TANKI_5S], "1z 5s"))
        .map(|mut game| {
            tsumogiri(&mut game);
            game
        })
        .unwrap()
}

#[test]
fn bad_rules_are_refused() {
    let error = Game::from_wall(
        Rules {
            seats: 5,
            ..Rules::classroom()
        },
        wall(&[FAR_A], ""),
    );
    assert_eq!(
        error.unwrap_err().to_string(),
        "a game has 1 to 4 seats, not 5"
    );
}

#[test]
fn kokushi_and_chiitoitsu_win_with_their_shapes() {
    let mut game = game(
        Rules::classroom(),
        &["19m19p19s1234567z", FAR_A, FAR_B, FAR_C],
        "1z",
    );
    game.apply(Action::Tsumo).unwrap();
    let Some(Outcome::Agari(agari)) = game.outcome() else {
        panic!("no agari: {:?}", game.outcome());
    };
    assert_eq!(agari.shape, Shape::Kokushi { pair: t("1z") });
    assert_eq!(agari.waits.len(), 13);

    let pairs = "1133m5577p2244s6z";
    let mut game = game_on(pairs, "6z");
    game.apply(Action::Tsumo).unwrap();
    let Some(Outcome::Agari(agari)) = game.outcome() else {
        panic!("no agari");
    };
    assert_eq!(
        agari.shape.to_string(),
        "11m 33m 55p 77p 22s 44s 66z (chiitoitsu)"
    );
    assert_eq!(agari.waits, waits("6z"));
}

/// Seat 0 holds `hand` and draws `draws` first; the other seats hold far hands.
fn game_on(hand: &str, draws: &str) -> Game {
    game(Rules::classroom(), &[hand, FAR_A, FAR_B, FAR_C], draws)
}

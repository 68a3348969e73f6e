//! A tile-efficiency player: the discard that leaves the lowest shanten, then the most live
//! tiles that lower it further (ukeire); riichi as soon as it is tenpai. In the full game
//! it also calls for a yaku, defends against a riichi and picks its riichi
//! ([`crate::bot::KyokuBot`], from the `calls` and `discard` modules).

use crate::bot::calls::{choose_claim, harmless_kan};
use crate::bot::common::{best_riichi, forced, kyoku_kita, kyoku_win, legal_or_first};
use crate::bot::defence::Threats;
use crate::bot::discard::choose_discard;
use crate::bot::seen::Seen;
use crate::bot::{Bot, KyokuBot};
use crate::game::classroom::action::Action;
use crate::game::classroom::view::View;
use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::hand::concealed::Hand;
use crate::hand::tile::{KINDS, Tile};
use crate::hand::tile_set::TileSet;

/// Minimises shanten, then maximises ukeire (the unseen tiles that would lower the shanten,
/// weighted by the waits they lead to one step from tenpai), and wins whenever it can.
///
/// In the classroom game ([`Bot`]) it declares riichi as soon as it can, with the most
/// live waits. In a hand of the full game ([`KyokuBot`], spec section 4) it also:
/// - declares riichi when tenpai with waits that are not furiten, at least 2 live copies
///   of them and at least 8 tiles left to draw (else it stays dama);
/// - calls pon on a yakuhai pair, and a pon or chi otherwise only when it already holds a
///   yakuhai triplet (a yaku that survives the call) and gets closer to tenpai;
/// - against another seat's riichi, when even its best discard leaves it 2 or more steps
///   from tenpai, throws the safest tile (genbutsu, then honors with few copies left and
///   suji) and calls nothing;
/// - makes a closed or added kan only when it costs no step and no seat is in riichi, never
///   an open kan; aborts with kyuushu kyuuhai when 3 or more steps from tenpai.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EfficiencyBot;

impl EfficiencyBot {
    /// An efficiency bot.
    pub fn new() -> EfficiencyBot {
        EfficiencyBot
    }
}

impl Bot for EfficiencyBot {
    fn choose(&mut self, view: &View) -> Option<Action> {
        if view.legal.is_empty() {
            return None;
        }
        if let Some(action) = forced(view) {
            return Some(action);
        }
        let unseen = view.unseen();
        if let Some(riichi) = best_riichi(view, &unseen) {
            return Some(riichi);
        }
        let discards = view.legal.iter().filter_map(|&a| match a {
            Action::Discard(tile) => Some(tile),
            _ => None,
        });
        // Lowest shanten, most ukeire, honors and terminals before simples, lowest index.
        let rank = |&tile: &Tile| {
            let (shanten, ukeire) = after_discard(&view.hand, tile, &unseen);
            (
                shanten,
                u32::MAX - ukeire,
                !tile.is_terminal_or_honor(),
                tile,
            )
        };
        legal_or_first(&view.legal, discards.min_by_key(rank).map(Action::Discard))
    }
}

/// Kyuushu kyuuhai when the hand is this far from tenpai, or farther.
const KYUUSHU_SHANTEN: i8 = 3;

impl KyokuBot for EfficiencyBot {
    fn choose(&mut self, view: &KyokuView) -> Option<KyokuAction> {
        // Nothing to weigh when there is at most one answer (most claims are only a pass).
        if let [] | [_] = view.legal[..] {
            return view.legal.first().copied();
        }
        let choice = kyoku_win(view).or_else(|| kyoku_kita(view)).or_else(|| {
            let seen = Seen::of(view)?;
            let threats = Threats::of(view);
            if view.offered.is_some() {
                Some(choose_claim(view, &seen, &threats))
            } else {
                own_turn(view, &seen, &threats)
            }
        });
        legal_or_first(&view.legal, choice)
    }
}

/// The efficiency bot's turn, tsumo aside.
fn own_turn(view: &KyokuView, seen: &Seen, threats: &Threats) -> Option<KyokuAction> {
    if view.riichi[view.seat.index()] {
        return harmless_kan(view, seen, threats).or(Some(KyokuAction::Tsumogiri));
    }
    let kyuushu = KyokuAction::KyuushuKyuuhai;
    if view.legal.contains(&kyuushu) && seen.hand.shanten() >= KYUUSHU_SHANTEN {
        return Some(kyuushu);
    }
    harmless_kan(view, seen, threats).or_else(|| choose_discard(view, seen, threats))
}

/// The shanten of `hand` without `tile`, and its ukeire: the unseen copies of the kinds
/// whose draw would lower that shanten. One step from tenpai (shanten 1) each such copy
/// counts as many times as the live waits of the best riichi it allows, so that of two
/// hands as fast the one heading for the wider wait wins.
pub(crate) fn after_discard(hand: &Hand, tile: Tile, unseen: &[u8; KINDS]) -> (i8, u32) {
    let mut rest = *hand;
    if rest.remove(tile).is_err() {
        return (i8::MAX, 0);
    }
    let shanten = rest.shanten();
    let mut ukeire = 0;
    for draw in may_improve(&rest, shanten).iter() {
        let live = unseen[draw.index() as usize] as u32;
        let mut next = rest;
        if live == 0 || next.add(draw).is_err() || next.shanten() >= shanten {
            continue;
        }
        // One step from tenpai, a draw is worth the live waits of the best riichi it allows.
        ukeire += live
            * if shanten == 1 {
                best_waits(&next, unseen)
            } else {
                1
            };
    }
    (shanten, ukeire)
}

/// The terminals and honors, `1m 9m 1p 9p 1s 9s 1z..7z`, as bits of a [`TileSet`].
const TERMINALS_AND_HONORS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7f << 27;

/// The kinds whose draw may lower `shanten`, the shanten of `hand`: a number within two of
/// a held number of its suit, a held honor; every kind while fewer than seven kinds are
/// held (chiitoitsu); every terminal and honor when kokushi is as close as `shanten`.
/// Any other draw is a lone tile that no form can use (the tests check it against every
/// draw of random hands): skipping it saves a third of the ukeire count's lookups.
fn may_improve(hand: &Hand, shanten: i8) -> TileSet {
    let held = hand.kinds();
    if held.len() < 7 {
        return TileSet::from_bits(u64::MAX);
    }
    let near = (0..3).fold(held.bits() & 0x7f << 27, |bits, suit| {
        let numbers = held.bits() >> (9 * suit) & 0x1ff;
        let spread = numbers | numbers << 1 | numbers << 2 | numbers >> 1 | numbers >> 2;
        bits | (spread & 0x1ff) << (9 * suit)
    });
    let orphans = TileSet::from_bits(held.bits() & TERMINALS_AND_HONORS);
    let pair = orphans.iter().any(|t| hand.count(t) >= 2);
    let kokushi = 13 - orphans.len() as i8 - i8::from(pair);
    let orphans_help = hand.len() >= 13 && kokushi <= shanten;
    TileSet::from_bits(
        near | if orphans_help {
            TERMINALS_AND_HONORS
        } else {
            0
        },
    )
}

/// The most live waits a riichi discard of `hand` leaves.
fn best_waits(hand: &Hand, unseen: &[u8; KINDS]) -> u32 {
    let live = |waits: TileSet| {
        waits
            .iter()
            .map(|w| unseen[w.index() as usize] as u32)
            .sum::<u32>()
    };
    hand.riichi_discards()
        .iter()
        .map(|(_, waits)| live(waits))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::common::testing::turn_view;

    fn choose(hand: &str, drawn: &str, others: &str) -> Action {
        Bot::choose(&mut EfficiencyBot, &turn_view(hand, drawn, others)).unwrap()
    }

    #[test]
    fn keeps_the_wider_wait() {
        // Every discard but a meld tile leaves 1-shanten; dropping 9s keeps 13p and 45s
        // (24 improving tiles), dropping 1p only 20: the lowest index is not the choice.
        assert_eq!(
            choose("123m456m789m13p459s", "9s", ""),
            Action::Discard("9s".parse().unwrap())
        );
    }

    #[test]
    fn counts_only_unseen_tiles() {
        // 8s waits on 9s, 9s on 8s: with three 9s seen, keep the wait on 8s.
        let hand = "123m456m789m123p89s";
        assert_eq!(
            choose(hand, "9s", "999s"),
            Action::Riichi("9s".parse().unwrap())
        );
    }

    #[test]
    fn riichi_when_tenpai_and_tsumo_when_complete() {
        assert_eq!(
            choose("123m456m789m123p59s", "5s", ""),
            Action::Riichi("5s".parse().unwrap())
        );
        assert_eq!(choose("123m456m789m123p55s", "5s", ""), Action::Tsumo);
    }

    #[test]
    fn ukeire_counts_improving_draws() {
        let hand: Hand = "123m456m789m1p1z59s".parse().unwrap();
        let unseen = [4; KINDS];
        // Without 1z: 123m456m789m 1p 59s, three melds and three singles: 2-shanten.
        let (shanten, ukeire) = after_discard(&hand, "1z".parse().unwrap(), &unseen);
        assert_eq!(shanten, 2);
        // Improving draws: 1p 5s 9s pair up (3 kinds), 2p 3p 3s 4s 6s 7s 8s connect.
        assert_eq!(ukeire, 4 * 10);
    }

    #[test]
    fn no_draw_outside_may_improve_lowers_the_shanten() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand::rngs::StdRng::seed_from_u64(14);
        let mut wall: Vec<Tile> = Tile::ALL.iter().flat_map(|&t| [t; 4]).collect();
        let orphans: Vec<Tile> = TileSet::from_bits(TERMINALS_AND_HONORS).iter().collect();
        for round in 0..20_000 {
            wall.shuffle(&mut rng);
            // Random 13 tiles, some with many terminals and honors (kokushi in reach), and
            // the concealed parts of open hands.
            let mut tiles: Vec<Tile> = wall[..13].to_vec();
            if round % 5 == 0 {
                let start = round % 4;
                tiles[..9].copy_from_slice(&orphans[start..start + 9]);
            }
            tiles.truncate([13, 13, 10, 7, 4][round % 5]);
            let Ok(hand) = Hand::from_tiles(tiles.iter().copied()) else {
                continue;
            };
            let allowed = may_improve(&hand, hand.shanten());
            for draw in Tile::ALL.into_iter().filter(|&t| !allowed.contains(t)) {
                let mut next = hand;
                if next.add(draw).is_ok() {
                    assert!(next.shanten() >= hand.shanten(), "{hand} + {draw}");
                }
            }
        }
    }

    mod kyoku {
        use crate::bot::KyokuBot;
        use crate::bot::common::testing::{kyoku_claim, kyoku_turn};
        use crate::bot::efficiency::EfficiencyBot;
        use crate::game::kyoku::KyokuAction;

        #[test]
        fn takes_a_winning_tile() {
            let view = kyoku_turn("123m456m789m123p55s", "5s");
            assert_eq!(EfficiencyBot.choose(&view), Some(KyokuAction::Tsumo));
            // Ron, even when a pon of the same tile is offered.
            let legal = ["ron", "pon 55s", "pass"];
            let view = kyoku_claim("123m456m789m123p5s5s", "5s", &legal);
            assert_eq!(EfficiencyBot.choose(&view), Some(KyokuAction::Ron));
        }

        #[test]
        fn in_riichi_throws_the_drawn_tile_and_calls_nothing() {
            let mut view = kyoku_turn("123m456m789m123p59s", "9s");
            view.riichi[0] = true;
            view.legal = vec![KyokuAction::Tsumogiri];
            assert_eq!(EfficiencyBot.choose(&view), Some(KyokuAction::Tsumogiri));
            let mut view = kyoku_claim("123m456m789m55p6z", "5p", &["pon 55p", "pass"]);
            view.riichi[0] = true;
            assert_eq!(EfficiencyBot.choose(&view), Some(KyokuAction::Pass));
        }

        #[test]
        fn aborts_a_hopeless_first_hand_but_not_a_kokushi_chance() {
            // Nine kinds of terminals and honors, four steps from kokushi and far from all else.
            let mut view = kyoku_turn("139m12468p1s12345z", "3m");
            view.legal.insert(0, KyokuAction::KyuushuKyuuhai);
            assert_eq!(
                EfficiencyBot.choose(&view),
                Some(KyokuAction::KyuushuKyuuhai)
            );
            // Twelve kinds: one step from kokushi.
            let mut view = kyoku_turn("19m19p19s123456z58s", "8s");
            view.legal.insert(0, KyokuAction::KyuushuKyuuhai);
            let choice = EfficiencyBot.choose(&view);
            assert!(matches!(
                choice,
                Some(KyokuAction::Tsumogiri | KyokuAction::Discard(_))
            ));
        }

        #[test]
        fn answers_with_no_action_when_not_asked() {
            let mut view = kyoku_turn("123m456m789m123p55s", "5s");
            view.legal.clear();
            assert_eq!(EfficiencyBot.choose(&view), None);
        }
    }
}

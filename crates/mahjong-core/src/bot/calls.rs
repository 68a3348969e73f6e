//! The efficiency bot's calls and kans in a hand of the full game ([spec](crate::spec)
//! section 4): a pon of a yakuhai pair, and a pon or chi otherwise only when the hand
//! already holds a yakuhai triplet and gets closer to tenpai; a closed or added kan only
//! when it costs no step and no seat is in riichi; never an open kan.
//!
//! No call for tanyao alone: measured in duplicate hands against the classroom bots
//! (opening a closed hand for tanyao when the call leaves it at most one step from
//! tenpai), it lost about 120 points a hand to staying closed for riichi.

use crate::bot::defence::Threats;
use crate::bot::discard::FOLD_SHANTEN;
use crate::bot::seen::Seen;
use crate::game::kyoku::{KyokuAction, KyokuView};
use crate::hand::concealed::Hand;
use crate::hand::tile::Tile;

/// The answer to the offered tile, ron aside: the call that keeps a yaku and brings the
/// hand closest to tenpai, or pass. In riichi, or folding against another riichi: pass.
pub(crate) fn choose_claim(view: &KyokuView, seen: &Seen, threats: &Threats) -> KyokuAction {
    let now = seen.hand.shanten();
    let Some(offered) = view.offered.map(|copy| copy.tile) else {
        return KyokuAction::Pass;
    };
    if view.riichi[view.seat.index()] || (threats.any() && now >= FOLD_SHANTEN) {
        return KyokuAction::Pass;
    }
    let calls = view.legal.iter().filter_map(|&action| match action {
        KyokuAction::Pon(a, b) | KyokuAction::Chi(a, b) => Some((action, a.tile, b.tile)),
        _ => None,
    });
    calls
        .filter_map(|(action, a, b)| {
            let after = shanten_after_call(&seen.hand, offered, a, b);
            worth_it(seen, now, action, offered, after).then_some((after, action))
        })
        .min_by_key(|&(after, _)| after)
        .map_or(KyokuAction::Pass, |(_, action)| action)
}

/// Whether a call of `offered` leaving `after` shanten keeps a yaku and is worth opening
/// for: a pon of a yakuhai pair that costs no step, or a call that gains one with a
/// yakuhai triplet already held.
fn worth_it(seen: &Seen, now: i8, action: KyokuAction, offered: Tile, after: i8) -> bool {
    let yakuhai_pon = matches!(action, KyokuAction::Pon(..)) && seen.yakuhai.contains(offered);
    if yakuhai_pon {
        after <= now
    } else {
        seen.yakuhai_triplet && after < now
    }
}

/// The shanten after calling `offered` with `a` and `b` and throwing the best tile (not
/// `offered` again: kuikae).
fn shanten_after_call(hand: &Hand, offered: Tile, a: Tile, b: Tile) -> i8 {
    let mut rest = *hand;
    if rest.remove(a).is_err() || rest.remove(b).is_err() {
        return i8::MAX;
    }
    rest.kinds()
        .iter()
        .filter(|&t| t != offered)
        .map(|t| without(&rest, t, 1))
        .min()
        .unwrap_or(i8::MAX)
}

/// A closed or added kan of `view.legal` that leaves the hand as close to tenpai as its
/// best discard would, when no other seat is in riichi (a new dora would help it).
pub(crate) fn harmless_kan(
    view: &KyokuView,
    seen: &Seen,
    threats: &Threats,
) -> Option<KyokuAction> {
    if threats.any() {
        return None;
    }
    let best = seen
        .hand
        .kinds()
        .iter()
        .map(|t| without(&seen.hand, t, 1))
        .min()?;
    view.legal.iter().copied().find(|&action| match action {
        KyokuAction::ClosedKan(tile) => without(&seen.hand, tile, 4) <= best,
        KyokuAction::AddedKan(tile) => without(&seen.hand, tile, 1) <= best,
        _ => false,
    })
}

/// The shanten of `hand` without `copies` copies of `tile` (`i8::MAX` when it holds fewer).
fn without(hand: &Hand, tile: Tile, copies: u8) -> i8 {
    let mut rest = *hand;
    for _ in 0..copies {
        if rest.remove(tile).is_err() {
            return i8::MAX;
        }
    }
    rest.shanten()
}

#[cfg(test)]
mod tests {
    use crate::bot::KyokuBot;
    use crate::bot::common::testing::{kyoku_claim, kyoku_turn};
    use crate::bot::efficiency::EfficiencyBot;
    use crate::game::kyoku::{KyokuAction, KyokuView, TableMeld};
    use crate::game::seat::Seat;

    fn choose(view: &KyokuView) -> String {
        let action = EfficiencyBot.choose(view).unwrap();
        assert!(view.legal.contains(&action), "{action} is not legal");
        action.to_string()
    }

    #[test]
    fn pons_a_yakuhai_pair() {
        // The green dragon (yakuhai for every seat) and East (seat and round wind).
        let view = kyoku_claim("23m57p234s6699s66z1z", "6z", &["pon 66z", "pass"]);
        assert_eq!(choose(&view), "pon 66z");
        let view = kyoku_claim("23m57p234s6699s11z6z", "1z", &["pon 11z", "pass"]);
        assert_eq!(choose(&view), "pon 11z");
        // South is a guest wind for the dealer in the East round: no yaku, no call.
        let view = kyoku_claim("23m57p234s6699s22z6z", "2z", &["pon 22z", "pass"]);
        assert_eq!(choose(&view), "pass");
    }

    #[test]
    fn calls_only_what_keeps_a_yaku() {
        // Chi 123m would leave terminals and honors: no tanyao, no yakuhai, so no call.
        let hand = "23m789p11s579s345z";
        let view = kyoku_claim(hand, "1m", &["chi 23m", "pass"]);
        assert_eq!(choose(&view), "pass");
        // All simples and one step from tenpai after the chi: tanyao alone, so no call.
        let view = kyoku_claim("34m567p234s6688s5z", "2m", &["chi 34m", "pass"]);
        assert_eq!(choose(&view), "pass");
        // With three red dragons concealed the same chi keeps a yaku: it calls.
        let view = kyoku_claim("34m567p234s68s777z", "2m", &["chi 34m", "pass"]);
        assert_eq!(choose(&view), "chi 34m");
        // Never an open kan.
        let view = kyoku_claim("555m567p234s6688s", "5m", &["pon 55m", "kan", "pass"]);
        assert_ne!(choose(&view), "kan");
    }

    #[test]
    fn an_open_hand_with_a_yakuhai_triplet_calls_for_speed() {
        let mut view = kyoku_claim("13m57p234s6699s", "2m", &["chi 13m", "pass"]);
        view.melds[0].push(TableMeld {
            meld: "pon 777z".parse().unwrap(),
            from: Some(Seat::ALL[2]),
            called: Some("7z".parse().unwrap()),
        });
        assert_eq!(choose(&view), "chi 13m");
    }

    #[test]
    fn makes_a_closed_kan_only_when_it_costs_nothing() {
        // 5555m is a set of its own: the kan costs no step (the hand stays tenpai on 1z).
        let mut view = kyoku_turn("5555m123p456s789s1z", "1z");
        view.legal.insert(0, "ankan 5m".parse().unwrap());
        assert_eq!(choose(&view), "ankan 5m");
        // 4444m56m: the fourth 4m is needed in 456m; without it the hand is farther off.
        let mut view = kyoku_turn("4444m56m123p456s9s1z", "1z");
        view.legal.insert(0, "ankan 4m".parse().unwrap());
        assert_ne!(choose(&view), "ankan 4m");
        // Another seat in riichi: no new dora for it.
        let mut view = kyoku_turn("5555m123p456s789s1z", "1z");
        view.legal.insert(0, "ankan 5m".parse().unwrap());
        view.riichi[1] = true;
        assert_ne!(choose(&view), "ankan 5m");
        // It throws a 5m instead, riichi on the 1z tanki.
        assert_eq!(
            EfficiencyBot.choose(&view),
            Some(KyokuAction::Riichi("5m".parse().unwrap()))
        );
    }
}

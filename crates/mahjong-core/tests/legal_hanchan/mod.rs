//! A hanchan played by choosing from `Kyoku::legal` without views, shared by the
//! `match/*_legal` benches and `benches/mahjong_callgrind.rs` (which counts its
//! instructions), so that both play the very same games.

#![allow(dead_code)]

use mahjong_core::{
    KyokuAction, LegalActions, Match, MatchEvent, MatchResult, Rules, Seat, TileWall,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Match `seed` (`Rules::tenhou()`, walls shuffled from `seed`) played to its end, each
/// seat choosing with `choose` from `Kyoku::legal`, the events going into one kept buffer:
/// the result and the actions played, or `None` when a choice or an action failed. Never
/// inlined, so that callgrind can count it alone (`--toggle-collect='*play_hanchan*'`).
#[inline(never)]
pub fn play_hanchan(
    seed: u64,
    choose: &mut dyn FnMut(Seat, &LegalActions) -> Option<KyokuAction>,
    events: &mut Vec<MatchEvent>,
) -> Option<(MatchResult, usize)> {
    let mut game = Match::new(Rules::tenhou()).ok()?;
    let mut shuffle = StdRng::seed_from_u64(seed);
    let mut actions = 0;
    while !game.is_over() {
        if game.needs_wall() {
            game.deal(TileWall::shuffled(true, &mut shuffle)).ok()?;
            continue;
        }
        let seat = game.to_move()?;
        let action = choose(seat, game.kyoku()?.legal())?;
        events.clear();
        game.apply_into(action, events).ok()?;
        actions += 1;
    }
    Some((*game.result()?, actions))
}

/// The tsumogiri player's choice among `legal`: tsumogiri, else pass, else the first action.
pub fn tsumogiri(legal: &[KyokuAction]) -> Option<KyokuAction> {
    let cheap = [KyokuAction::Tsumogiri, KyokuAction::Pass];
    let action = cheap.into_iter().find(|a| legal.contains(a));
    action.or_else(|| legal.first().copied())
}

//! The game crates' bots as [`Agent`]s.
//!
//! [`BotAgent`] wraps a bot of omok-core, hwatu-core or twosided-poker; the bot sees what its
//! own crate gives it (the omok [`omok_core::Game`], which hides nothing, or the seat's
//! `View` in the card games) and its action is mapped to an id with [`Env::id_of`]. A bot
//! that chooses nothing, or an action without an id, answers `u32::MAX`, which the
//! evaluation refuses with an error.

use crate::gostop::GoStopEnv;
use crate::matgo::MatgoEnv;
use crate::omok::OmokEnv;
use crate::poker::PokerEnv;
use crate::{Agent, Env};

/// A game crate's bot as an agent, with a name for reports.
#[derive(Debug, Clone)]
pub struct BotAgent<B> {
    name: String,
    bot: B,
}

impl<B> BotAgent<B> {
    /// Wraps `bot` under `name`.
    pub fn new(name: impl Into<String>, bot: B) -> BotAgent<B> {
        BotAgent {
            name: name.into(),
            bot,
        }
    }
}

fn id_or_max<E: Env>(env: &E, action: Option<E::Action>) -> u32 {
    action.and_then(|a| env.id_of(&a).ok()).unwrap_or(u32::MAX)
}

impl<B: omok_core::bot::Bot> Agent<OmokEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, env: &OmokEnv, _seat: usize) -> u32 {
        id_or_max(env, self.bot.choose(env.game()))
    }
}

impl<B: hwatu_core::bot::Bot> Agent<MatgoEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, env: &MatgoEnv, seat: usize) -> u32 {
        let player = if seat == 0 {
            hwatu_core::Player::A
        } else {
            hwatu_core::Player::B
        };
        id_or_max(env, self.bot.choose(&env.game().view(player)))
    }
}

impl<B: hwatu_core::bot::Bot<hwatu_core::SeatView>> Agent<GoStopEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The bot chooses from `seat`'s [`hwatu_core::SeatView`] of the hand.
    fn act(&mut self, env: &GoStopEnv, seat: usize) -> u32 {
        let view = hwatu_core::Seat::new(seat)
            .ok()
            .filter(|s| s.index() < env.num_players())
            .map(|s| env.game().view(s));
        id_or_max(env, view.and_then(|view| self.bot.choose(&view)))
    }
}

impl<B: twosided_poker::bot::Bot> Agent<PokerEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn act(&mut self, env: &PokerEnv, seat: usize) -> u32 {
        let player = if seat == 0 {
            twosided_poker::Seat::One
        } else {
            twosided_poker::Seat::Two
        };
        id_or_max(env, self.bot.choose(&env.game().view(player)))
    }
}

impl<B: mahjong_core::bot::KyokuBot> Agent<crate::mahjong::MahjongEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The bot chooses from `seat`'s [`mahjong_core::KyokuView`] of the hand being played.
    fn act(&mut self, env: &crate::mahjong::MahjongEnv, seat: usize) -> u32 {
        let view = env
            .kyoku()
            .zip(mahjong_core::Seat::new(seat))
            .map(|(kyoku, seat)| kyoku.view(seat));
        id_or_max(env, view.and_then(|view| self.bot.choose(&view)))
    }
}

impl<B: mahjong_core::bot::Bot> Agent<crate::mahjong::ClassroomEnv> for BotAgent<B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// The bot chooses from `seat`'s [`mahjong_core::classroom::View`] of the classroom game.
    fn act(&mut self, env: &crate::mahjong::ClassroomEnv, seat: usize) -> u32 {
        let view = mahjong_core::Seat::new(seat).and_then(|seat| env.game().view(seat));
        id_or_max(env, view.and_then(|view| self.bot.choose(&view)))
    }
}

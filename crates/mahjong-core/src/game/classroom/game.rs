//! The classroom game ([spec](crate::spec) section 3): the deal, turns of draw and discard, riichi,
//! tsumo, ron with furiten, and the exhaustive draw.

use rand::Rng;

use crate::game::classroom::action::{Action, ActionError};
use crate::game::classroom::event::Event;
use crate::game::classroom::outcome::{Agari, Outcome, Win};
use crate::game::classroom::view::View;
use crate::game::classroom::wall::Wall;
use crate::game::rules::{Rules, RulesError};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::game::wall::LIVE_TILES;
use crate::hand::concealed::Hand;
use crate::hand::decompose::Shape;
use crate::hand::tile::Tile;
use crate::hand::tile_set::TileSet;

/// A riichi declaration: where it is in the discards, and the waits it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Riichi {
    at: usize,
    waits: TileSet,
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Phase {
    /// `seat` drew `drawn` and must discard or declare tsumo.
    Turn {
        seat: Seat,
        drawn: Tile,
    },
    /// Every seat in riichi but `from` answers the discard `tile` of `from`, in turn order;
    /// `asked` answers now, and `rons` holds the seats that answered ron so far.
    Claim {
        from: Seat,
        tile: Tile,
        asked: Seat,
        rons: [bool; MAX_SEATS],
    },
    Over,
}

/// A validated action, ready to carry out without failing.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Plan {
    Discard {
        seat: Seat,
        tile: Tile,
        riichi: Option<TileSet>,
    },
    Tsumo {
        seat: Seat,
        tile: Tile,
        shape: Shape,
    },
    /// `seat` answers the pending discard: ron or pass.
    Answer { seat: Seat, ron: bool },
}

/// A game of the classroom rules: the whole state, hidden tiles included. Players see it through
/// [`Game::view`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game {
    rules: Rules,
    wall: Wall,
    /// Live tiles dealt and drawn so far.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::taken")
    )]
    taken: usize,
    hands: [Hand; MAX_SEATS],
    discards: [Vec<Tile>; MAX_SEATS],
    discarded: [TileSet; MAX_SEATS],
    riichi: [Option<Riichi>; MAX_SEATS],
    /// Whether the seat passed a ron since its riichi (furiten).
    passed: [bool; MAX_SEATS],
    phase: Phase,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game on a wall shuffled by `rng`, dealt, with seat 0 to discard its 14th tile.
    ///
    /// # Errors
    /// [`RulesError::Seats`] unless `rules.seats` is 1 to 4.
    pub fn new<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Result<Game, RulesError> {
        Game::from_wall(rules, Wall::shuffled(rng))
    }

    /// A game on an explicit wall, dealt in the classroom game's order: each seat takes 1 tile,
    /// then 4 tiles each, three times; then seat 0 draws.
    ///
    /// # Errors
    /// [`RulesError::Seats`] unless `rules.seats` is 1 to 4.
    pub fn from_wall(rules: Rules, wall: Wall) -> Result<Game, RulesError> {
        if !(1..=MAX_SEATS).contains(&rules.seats) {
            return Err(RulesError::Seats { seats: rules.seats });
        }
        let mut game = Game {
            rules,
            wall,
            taken: 0,
            hands: [Hand::new(); MAX_SEATS],
            discards: Default::default(),
            discarded: [TileSet::EMPTY; MAX_SEATS],
            riichi: [None; MAX_SEATS],
            passed: [false; MAX_SEATS],
            phase: Phase::Over,
            outcome: None,
        };
        for take in [1, 4, 4, 4] {
            for seat in Seat::first(rules.seats) {
                for _ in 0..take {
                    game.take(seat);
                }
            }
        }
        let first = Seat::ALL[0];
        let drawn = game.take(first);
        game.phase = Phase::Turn { seat: first, drawn };
        Ok(game)
    }

    /// Moves the next live tile into `seat`'s hand; the caller makes sure one is left.
    fn take(&mut self, seat: Seat) -> Tile {
        let tile = self.wall.live()[self.taken.min(LIVE_TILES - 1)];
        self.taken += 1;
        // A wall holds 4 copies of a kind, so a hand never gets a fifth; and a hand only
        // draws at 13 tiles.
        let _ = self.hands[seat.index()].add(tile);
        tile
    }

    /// The rules of the game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The wall, hidden from the players.
    pub fn wall(&self) -> &Wall {
        &self.wall
    }

    /// The seat that acts next (draws have already happened: it discards, declares tsumo,
    /// or answers a discard with ron or pass); `None` when the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Claim { asked, .. } => Some(asked),
            Phase::Over => None,
        }
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The number of live tiles left to draw.
    pub fn live_tiles(&self) -> usize {
        LIVE_TILES - self.taken
    }

    /// `seat`'s concealed tiles (14 while it is to discard), or `None` for no such seat.
    pub fn hand(&self, seat: Seat) -> Option<&Hand> {
        self.hands[..self.rules.seats].get(seat.index())
    }

    /// `seat`'s discards in order (a tile won by ron leaves its pile), or `None` for no
    /// such seat.
    pub fn discards(&self, seat: Seat) -> Option<&[Tile]> {
        self.discards[..self.rules.seats]
            .get(seat.index())
            .map(Vec::as_slice)
    }

    /// Whether `seat` has declared riichi.
    pub fn is_riichi(&self, seat: Seat) -> bool {
        self.riichi[seat.index()].is_some()
    }

    /// The tile `seat` has just drawn, while it is to discard.
    pub fn drawn(&self, seat: Seat) -> Option<Tile> {
        match self.phase {
            Phase::Turn { seat: turn, drawn } if turn == seat => Some(drawn),
            _ => None,
        }
    }

    /// The discard waiting for answers: the discarder and the tile. Every other seat in
    /// riichi answers it, in turn order from the discarder, whether or not it may ron.
    pub fn claim(&self) -> Option<(Seat, Tile)> {
        match self.phase {
            Phase::Claim { from, tile, .. } => Some((from, tile)),
            _ => None,
        }
    }

    /// Every action the seat to move may take, in the order: tsumo, discards (index
    /// order), riichi discards (index order); or, answering a discard, ron (when the seat may
    /// ron it) and pass. Empty only when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Claim { tile, asked, .. } if self.may_ron(asked, tile) => {
                vec![Action::Ron, Action::Pass]
            }
            Phase::Claim { .. } => vec![Action::Pass],
            Phase::Turn { seat, drawn } => turn_actions(
                &self.hands[seat.index()],
                drawn,
                self.riichi[seat.index()].is_some(),
            ),
        }
    }

    /// Plays `action` for the seat to move and returns what happened, in order: a discard
    /// is followed by the next seat's draw (or by the exhaustive draw), unless another seat
    /// is in riichi. Then every other seat in riichi answers the discard in turn order (ron
    /// or pass; pass alone when it may not ron), and after the last answer the first in
    /// turn order that answered ron wins (atamahane, spec section 3), else play moves on. An
    /// answer that is not the last reports no event. So the order of play depends only on
    /// the riichi declarations, which every seat sees, never on another seat's waits.
    ///
    /// The events tell the whole truth, as a referee sees it: every drawn tile and every
    /// riichi's waits. What one seat may know of each is `event.seen_by(seat)`
    /// ([`Event::seen_by`]): show a player (a terminal, a network client, a learning agent)
    /// only that form.
    ///
    /// # Errors
    /// An [`ActionError`] saying why the action is not legal now; the game is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, ActionError> {
        let plan = self.plan(action)?;
        Ok(self.execute(plan))
    }

    /// The game after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Game::apply`].
    pub fn after(&self, action: Action) -> Result<Game, ActionError> {
        let mut game = self.clone();
        game.apply(action)?;
        Ok(game)
    }

    /// What `seat` may know, or `None` for no such seat.
    pub fn view(&self, seat: Seat) -> Option<View> {
        let hand = *self.hand(seat)?;
        let seats = self.rules.seats;
        let turn = match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Claim { from, .. } => Some(from),
            Phase::Over => None,
        };
        let legal = if self.to_move() == Some(seat) {
            self.legal_actions()
        } else {
            Vec::new()
        };
        Some(View {
            rules: self.rules,
            seat,
            seats,
            hand,
            drawn: self.drawn(seat),
            discards: self.discards[..seats].to_vec(),
            riichi: self.riichi[..seats]
                .iter()
                .map(|r| r.map(|r| r.at))
                .collect(),
            live_tiles: self.live_tiles(),
            turn,
            legal,
            outcome: self.outcome.clone(),
        })
    }

    /// Checks `action` completely and says how to carry it out.
    fn plan(&self, action: Action) -> Result<Plan, ActionError> {
        match self.phase {
            Phase::Over => Err(ActionError::GameOver),
            Phase::Claim { tile, asked, .. } => match action {
                Action::Pass => Ok(Plan::Answer {
                    seat: asked,
                    ron: false,
                }),
                Action::Ron => {
                    self.check_ron(asked, tile)?;
                    Ok(Plan::Answer {
                        seat: asked,
                        ron: true,
                    })
                }
                _ => Err(ActionError::ClaimPending { seat: asked, tile }),
            },
            Phase::Turn { seat, drawn } => self.plan_turn(seat, drawn, action),
        }
    }

    fn plan_turn(&self, seat: Seat, drawn: Tile, action: Action) -> Result<Plan, ActionError> {
        let hand = &self.hands[seat.index()];
        let in_riichi = self.riichi[seat.index()].is_some();
        match action {
            Action::Ron | Action::Pass => Err(ActionError::NoDiscardToClaim),
            Action::Tsumo => {
                let shape = hand.decompose().ok_or(ActionError::NotAgari)?;
                Ok(Plan::Tsumo {
                    seat,
                    tile: drawn,
                    shape,
                })
            }
            Action::Discard(tile) | Action::Riichi(tile) if !hand.contains(tile) => {
                Err(ActionError::NotInHand { tile })
            }
            Action::Discard(tile) if in_riichi && tile != drawn => {
                Err(ActionError::Tsumogiri { drawn, tile })
            }
            Action::Discard(tile) => Ok(Plan::Discard {
                seat,
                tile,
                riichi: None,
            }),
            Action::Riichi(_) if in_riichi => Err(ActionError::AlreadyRiichi),
            Action::Riichi(tile) => {
                let mut rest = *hand;
                rest.remove(tile)
                    .map_err(|_| ActionError::NotInHand { tile })?;
                let waits = rest.waits();
                if waits.is_empty() {
                    return Err(ActionError::NotTenpai { tile });
                }
                Ok(Plan::Discard {
                    seat,
                    tile,
                    riichi: Some(waits),
                })
            }
        }
    }

    fn execute(&mut self, plan: Plan) -> Vec<Event> {
        let mut events = Vec::with_capacity(3);
        match plan {
            Plan::Discard { seat, tile, riichi } => {
                if let Some(waits) = riichi {
                    let at = self.discards[seat.index()].len();
                    self.riichi[seat.index()] = Some(Riichi { at, waits });
                    events.push(Event::Riichi {
                        seat,
                        waits: Some(waits),
                    });
                }
                let _ = self.hands[seat.index()].remove(tile);
                self.discards[seat.index()].push(tile);
                self.discarded[seat.index()].insert(tile);
                events.push(Event::Discard { seat, tile });
                self.open_claims(seat, tile, &mut events);
            }
            Plan::Answer { seat, ron } => self.answer(seat, ron, &mut events),
            Plan::Tsumo { seat, tile, shape } => {
                let hand = self.hands[seat.index()];
                let mut before = hand;
                let _ = before.remove(tile);
                let waits = before.waits();
                events.push(Event::Tsumo {
                    seat,
                    tile,
                    hand,
                    waits,
                });
                self.finish_agari(seat, Win::Tsumo, tile, shape, waits);
            }
        }
        events
    }

    /// Wins `seat`'s ron on `from`'s discard `tile`, when `tile` completes its hand.
    fn ron(&mut self, seat: Seat, from: Seat, tile: Tile, events: &mut Vec<Event>) -> bool {
        let mut hand = self.hands[seat.index()];
        let waits = hand.waits();
        let Some(shape) = hand.add(tile).ok().and_then(|()| hand.decompose()) else {
            return false;
        };
        self.discards[from.index()].pop();
        self.hands[seat.index()] = hand;
        events.push(Event::Ron {
            seat,
            from,
            tile,
            hand,
            waits,
        });
        self.finish_agari(seat, Win::Ron { from }, tile, shape, waits);
        true
    }

    fn finish_agari(&mut self, winner: Seat, win: Win, tile: Tile, shape: Shape, waits: TileSet) {
        self.phase = Phase::Over;
        self.outcome = Some(Outcome::Agari(Agari {
            winner,
            win,
            tile,
            hand: self.hands[winner.index()],
            waits,
            riichi: self.riichi[winner.index()].is_some(),
            shape,
        }));
    }

    /// The seats after `after` in turn order, up to the discarder `from`, that answer
    /// `from`'s discards: those in riichi (public, unlike their waits).
    fn answering_after(&self, from: Seat, after: Seat) -> impl Iterator<Item = Seat> + '_ {
        let seats = self.rules.seats;
        std::iter::successors(Some(after), move |&seat| Some(seat.next(seats)))
            .skip(1)
            .take_while(move |&seat| seat != from)
            .filter(|&seat| self.riichi[seat.index()].is_some())
    }

    /// Asks the first seat in riichi after the discarder to answer `tile`; when no other
    /// seat is in riichi, play moves on.
    fn open_claims(&mut self, from: Seat, tile: Tile, events: &mut Vec<Event>) {
        let first = self.answering_after(from, from).next();
        match first {
            Some(asked) => {
                let rons = [false; MAX_SEATS];
                self.phase = Phase::Claim {
                    from,
                    tile,
                    asked,
                    rons,
                };
            }
            None => self.next_turn(from, events),
        }
    }

    /// Records `seat`'s answer; asks the next seat in riichi, or, after the last answer,
    /// resolves: the first in turn order that answered ron wins, else every seat that
    /// passed a ron becomes furiten and play moves on.
    fn answer(&mut self, seat: Seat, ron: bool, events: &mut Vec<Event>) {
        let Phase::Claim {
            from,
            tile,
            mut rons,
            ..
        } = self.phase
        else {
            return;
        };
        rons[seat.index()] = ron;
        let next = self.answering_after(from, seat).next();
        if let Some(asked) = next {
            self.phase = Phase::Claim {
                from,
                tile,
                asked,
                rons,
            };
            return;
        }
        let answered: Vec<Seat> = self.answering_after(from, from).collect();
        for &seat in &answered {
            if rons[seat.index()] && self.ron(seat, from, tile, events) {
                return;
            }
        }
        for seat in answered {
            if self.rules.furiten && self.may_ron(seat, tile) {
                self.passed[seat.index()] = true;
            }
        }
        self.next_turn(from, events);
    }

    /// Whether `seat` may ron `tile`: in riichi, waiting on it, and not furiten.
    fn may_ron(&self, seat: Seat, tile: Tile) -> bool {
        self.check_ron(seat, tile).is_ok()
    }

    /// Why `seat` may not ron `tile`, if it may not: `tile` is not among the waits it kept
    /// at riichi (a seat not in riichi has none, and is never asked), or it is furiten.
    fn check_ron(&self, seat: Seat, tile: Tile) -> Result<(), ActionError> {
        let Some(riichi) = self.riichi[seat.index()].filter(|r| r.waits.contains(tile)) else {
            return Err(ActionError::NotAWait { tile });
        };
        let furiten = self.passed[seat.index()]
            || riichi.waits.bits() & self.discarded[seat.index()].bits() != 0;
        if self.rules.furiten && furiten {
            return Err(ActionError::Furiten { tile });
        }
        Ok(())
    }

    /// The seat after `from` draws, or the game ends in ryuukyoku when the live wall is empty.
    fn next_turn(&mut self, from: Seat, events: &mut Vec<Event>) {
        if self.live_tiles() == 0 {
            let tenpai: Vec<Seat> = Seat::first(self.rules.seats)
                .filter(|&seat| !self.hands[seat.index()].waits().is_empty())
                .collect();
            events.push(Event::Ryuukyoku {
                tenpai: tenpai.clone(),
            });
            self.phase = Phase::Over;
            self.outcome = Some(Outcome::Ryuukyoku { tenpai });
            return;
        }
        let seat = from.next(self.rules.seats);
        let drawn = self.take(seat);
        events.push(Event::Draw {
            seat,
            tile: Some(drawn),
        });
        self.phase = Phase::Turn { seat, drawn };
    }
}

/// The actions of a seat holding `hand` (14 tiles, `drawn` among them) on its turn: tsumo
/// when agari, then its discards (only `drawn` in riichi), then its riichi discards.
pub(crate) fn turn_actions(hand: &Hand, drawn: Tile, in_riichi: bool) -> Vec<Action> {
    let mut actions = Vec::with_capacity(28);
    if hand.is_agari() {
        actions.push(Action::Tsumo);
    }
    if in_riichi {
        actions.push(Action::Discard(drawn));
    } else {
        actions.extend(hand.kinds().iter().map(Action::Discard));
        let riichi = hand.riichi_discards();
        actions.extend(riichi.iter().map(|(tile, _)| Action::Riichi(tile)));
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{Bot, EfficiencyBot, RandomBot};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;

    /// `game` with every tile `seat` cannot see (the other hands, the live wall left and the
    /// dead wall) dealt again in another order; with `keep_next`, the next live tile stays
    /// where it is (it is `seat`'s next draw, which it will see).
    fn reshuffle_hidden(game: &Game, seat: Seat, keep_next: bool, rng: &mut StdRng) -> Game {
        let others: Vec<Seat> = Seat::first(game.rules.seats)
            .filter(|&s| s != seat)
            .collect();
        let kept: Vec<Tile> = match game.wall.live().get(game.taken) {
            Some(&next) if keep_next => vec![next],
            _ => Vec::new(),
        };
        let mut hidden: Vec<Tile> = others
            .iter()
            .flat_map(|&s| game.hands[s.index()].tiles())
            .chain(game.wall.tiles()[game.taken + kept.len()..].iter().copied())
            .collect();
        hidden.shuffle(rng);
        let mut copy = game.clone();
        let mut rest = hidden.into_iter();
        for &s in &others {
            let len = game.hands[s.index()].len();
            copy.hands[s.index()] = Hand::from_tiles(rest.by_ref().take(len)).unwrap();
        }
        // The wall's order is hidden too: the tiles already taken come first, in any order.
        let left: Vec<Tile> = kept.into_iter().chain(rest).collect();
        let mut taken = [4u8; 34];
        left.iter().for_each(|t| taken[t.index() as usize] -= 1);
        let mut order: Vec<Tile> = Tile::ALL
            .iter()
            .flat_map(|&t| std::iter::repeat_n(t, taken[t.index() as usize] as usize))
            .collect();
        order.extend(left);
        copy.wall = Wall::from_tiles(&order).unwrap();
        copy
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn views_show_nothing_hidden(seed in any::<u64>(), steps in 0usize..300, seat in 0usize..4) {
            let seat = Seat::ALL[seat];
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Game::new(Rules::classroom(), &mut rng).unwrap();
            let mut bot = RandomBot::new(StdRng::seed_from_u64(seed ^ 1));
            for _ in 0..steps {
                let Some(to_move) = game.to_move() else { break };
                let action = bot.choose(&game.view(to_move).unwrap()).unwrap();
                game.apply(action).unwrap();
            }
            let other = reshuffle_hidden(&game, seat, false, &mut rng);
            prop_assert_eq!(game.view(seat), other.view(seat));
            let view = game.view(seat).unwrap();
            prop_assert_eq!(view.hand, game.hands[seat.index()]);
            prop_assert_eq!(view.live_tiles, game.live_tiles());
        }


        #[test]
        fn per_seat_events_show_nothing_hidden(seed in any::<u64>()) {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = Game::new(Rules::classroom(), &mut rng).unwrap();
            let mut random = RandomBot::new(StdRng::seed_from_u64(seed ^ 1));
            let (mut compared, mut hidden_draws) = (0, 0);
            while let Some(to_move) = game.to_move() {
                // Seats 0 and 2 play for tiles, so that riichi and ron come up; 1 and 3 at random.
                let view = game.view(to_move).unwrap();
                let action = match to_move.index() % 2 {
                    0 => EfficiencyBot.choose(&view),
                    _ => random.choose(&view),
                }
                .unwrap();
                let discarder = game.claim().map_or(to_move, |(from, _)| from);
                for seat in Seat::ALL {
                    let keep_next = discarder.next(4) == seat;
                    let other = reshuffle_hidden(&game, seat, keep_next, &mut rng);
                    // A win shows the winner's hand to all, and ryuukyoku who was tenpai: another
                    // seat's hidden hand is then public, and differs between the two games.
                    let reveals = to_move != seat && matches!(action, Action::Tsumo | Action::Ron);
                    let (Ok(mine), Ok(theirs)) = (game.after(action), other.after(action)) else {
                        continue;
                    };
                    let (ends, also_ends) = (mine.outcome(), theirs.outcome());
                    if reveals || matches!((ends, also_ends), (Some(_), _) | (_, Some(_))) {
                        continue;
                    }
                    let seen = |events: Vec<Event>| -> Vec<Event> {
                        events.iter().map(|event| event.seen_by(seat)).collect()
                    };
                    let events = seen(game.clone().apply(action).unwrap());
                    hidden_draws += events
                        .iter()
                        .filter(|e| matches!(e, Event::Draw { tile: None, .. }))
                        .count();
                    prop_assert_eq!(&events, &seen(other.clone().apply(action).unwrap()));
                    compared += 1;
                }
                game.apply(action).unwrap();
            }
            prop_assert!(compared > 0 && hidden_draws > 0, "{compared} {hidden_draws}");
        }
    }
}

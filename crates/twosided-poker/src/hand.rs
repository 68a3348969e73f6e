//! One hand's betting: sides, levels, limits, and what each action does (rules 2.5-2.8).

use crate::action::{Action, Side};
use crate::card::Card;
use crate::error::ActionError;
use crate::event::{Event, EventSink};
use crate::legal::LegalActions;
use crate::seat::Seat;

/// The state of the hand being played.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Hand {
    /// The hand's number, from 1.
    pub number: u32,
    /// The number of the deck it was dealt from, from 1.
    pub deck: u32,
    /// Who acts first.
    pub first: Seat,
    /// Each seat's card.
    pub cards: [Card; 2],
    /// The ante each seat paid.
    pub ante: [u32; 2],
    /// The chips each seat has bet (without the ante): level times the side's multiplier.
    pub put: [u32; 2],
    /// Each seat's level: chips per staked face.
    pub level: [u32; 2],
    /// Each seat's declared side.
    pub side: [Option<Side>; 2],
    /// Who acts now.
    pub to_move: Seat,
    /// False when a player had no chips after the ante: each player only declares.
    pub betting: bool,
}

/// What an action that passed every check does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Step {
    /// The player declares `side` and reaches `level`, paying `paid`; `kind` says whether
    /// that opens the betting, calls, raises, or only declares.
    Bet {
        side: Option<Side>,
        level: u32,
        paid: u32,
        kind: BetKind,
    },
    /// The player folds.
    Fold,
}

/// Where the hand stands after an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum Next {
    /// The other player acts.
    Continue,
    /// A player folded: `winner` takes the pot.
    Fold { winner: Seat },
    /// Betting is over: the showdown.
    Showdown,
}

/// What a bet amounts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) enum BetKind {
    Open,
    Raise,
    Call,
    Declare,
}

impl Hand {
    /// The chips in the pot from this hand.
    pub fn pot(&self) -> u32 {
        self.ante[0] + self.ante[1] + self.put[0] + self.put[1]
    }

    /// What `seat` has put in this hand, ante included.
    pub fn stake(&self, seat: Seat) -> u32 {
        self.ante[seat.index()] + self.put[seat.index()]
    }

    /// Whether both players have declared (so the hand goes to the showdown once levels
    /// match).
    pub fn both_declared(&self) -> bool {
        self.side.iter().all(Option::is_some)
    }

    /// The highest level `seat` can reach on a side of multiplier `mult`, with all its chips.
    fn cap(&self, stacks: [u32; 2], seat: Seat, mult: u32) -> u32 {
        (stacks[seat.index()] + self.put[seat.index()]) / mult
    }

    /// The highest level the opponent of the player to move could call: with its declared
    /// side, or a single side if it has none yet (rules 2.8).
    fn opponent_cap(&self, stacks: [u32; 2]) -> u32 {
        let opp = self.to_move.opponent();
        let mult = self.side[opp.index()].map_or(1, Side::multiplier);
        self.cap(stacks, opp, mult)
    }

    /// The opponent's level.
    fn facing(&self) -> u32 {
        self.level[self.to_move.opponent().index()]
    }

    /// Whether the opponent has taken both sides, closing `Both` to the player to move.
    fn both_taken(&self) -> bool {
        self.side[self.to_move.opponent().index()] == Some(Side::Both)
    }

    /// Every legal action of the player to move.
    pub fn legal(&self, stacks: [u32; 2]) -> LegalActions {
        let me = self.to_move.index();
        let open = |side: Side| !(side == Side::Both && self.both_taken());
        if !self.betting {
            return LegalActions {
                bets: per_side(|side| open(side).then_some((0, 0))),
                ..LegalActions::default()
            };
        }
        let max = |mult| {
            self.cap(stacks, self.to_move, mult)
                .min(self.opponent_cap(stacks))
        };
        let range = |min: u32, max: u32| (min <= max).then_some((min, max));
        match self.side[me] {
            None => LegalActions {
                fold: true,
                bets: per_side(|side| {
                    let min = self.facing().max(1);
                    range(min, max(side.multiplier())).filter(|_| open(side))
                }),
                ..LegalActions::default()
            },
            Some(side) => LegalActions {
                fold: true,
                call: true,
                raise: range(self.facing() + 1, max(side.multiplier())),
                ..LegalActions::default()
            },
        }
    }

    /// Checks `action` for the player to move and says what it does.
    ///
    /// # Errors
    /// Every [`ActionError`] but `MatchOver`, as documented there.
    pub fn check(&self, stacks: [u32; 2], action: Action) -> Result<Step, ActionError> {
        let declared = self.side[self.to_move.index()];
        if !self.betting {
            return match action {
                Action::Bet { side, amount: 0 } => {
                    self.check_side(declared, side)?;
                    Ok(Step::Bet {
                        side: Some(side),
                        level: 0,
                        paid: 0,
                        kind: BetKind::Declare,
                    })
                }
                _ => Err(ActionError::DeclareOnly),
            };
        }
        let facing = self.facing();
        match (action, declared) {
            (Action::Fold, _) => Ok(Step::Fold),
            (Action::Bet { side, amount }, _) => {
                self.check_side(declared, side)?;
                let min = facing.max(1);
                if amount < min {
                    return Err(ActionError::BetTooSmall { min });
                }
                let paid = self.check_level(stacks, side, amount)?;
                let kind = match facing {
                    0 => BetKind::Open,
                    f if f == amount => BetKind::Call,
                    _ => BetKind::Raise,
                };
                Ok(Step::Bet {
                    side: Some(side),
                    level: amount,
                    paid,
                    kind,
                })
            }
            (Action::Raise(_) | Action::Call, None) => Err(ActionError::SideNotDeclared),
            (Action::Raise(amount), Some(side)) => {
                if amount <= facing {
                    return Err(ActionError::RaiseTooSmall { min: facing + 1 });
                }
                let paid = self.check_level(stacks, side, amount)?;
                Ok(Step::Bet {
                    side: None,
                    level: amount,
                    paid,
                    kind: BetKind::Raise,
                })
            }
            (Action::Call, Some(side)) => {
                let paid = self.check_level(stacks, side, facing)?;
                Ok(Step::Bet {
                    side: None,
                    level: facing,
                    paid,
                    kind: BetKind::Call,
                })
            }
        }
    }

    /// Applies a checked `step` of the player to move, moving its chips from `chips` into
    /// the pot and recording its events; says what comes next.
    pub fn apply(&mut self, step: Step, chips: &mut [u32; 2], events: &mut impl EventSink) -> Next {
        let seat = self.to_move;
        let Step::Bet {
            side,
            level,
            paid,
            kind,
        } = step
        else {
            events.record(Event::Fold { seat });
            return Next::Fold {
                winner: seat.opponent(),
            };
        };
        let i = seat.index();
        if let Some(side) = side {
            self.side[i] = Some(side);
            events.record(Event::Declare { seat, side });
        }
        chips[i] -= paid;
        self.put[i] += paid;
        self.level[i] = level;
        match kind {
            BetKind::Open => events.record(Event::Bet { seat, level, paid }),
            BetKind::Raise => events.record(Event::Raise { seat, level, paid }),
            BetKind::Call => events.record(Event::Call { seat, level, paid }),
            BetKind::Declare => {}
        }
        if kind == BetKind::Call || kind == BetKind::Declare && self.both_declared() {
            Next::Showdown
        } else {
            self.to_move = seat.opponent();
            Next::Continue
        }
    }

    /// Checks that the player to move, whose side is `declared`, may declare `side`.
    fn check_side(&self, declared: Option<Side>, side: Side) -> Result<(), ActionError> {
        if let Some(side) = declared {
            return Err(ActionError::SideAlreadyDeclared { side });
        }
        if side == Side::Both && self.both_taken() {
            return Err(ActionError::BothTaken);
        }
        Ok(())
    }

    /// Checks that the player to move can reach `level` on `side`, and the opponent could
    /// call it; returns the chips it pays.
    fn check_level(&self, stacks: [u32; 2], side: Side, level: u32) -> Result<u32, ActionError> {
        let me = self.to_move.index();
        let need = (u64::from(level) * u64::from(side.multiplier()))
            .saturating_sub(u64::from(self.put[me]));
        let have = stacks[me];
        if need > u64::from(have) {
            return Err(ActionError::InsufficientChips { need, have });
        }
        let max = self.opponent_cap(stacks);
        if level > max {
            return Err(ActionError::OpponentCannotCall { max });
        }
        // `need <= have`, a `u32`.
        Ok(need as u32)
    }
}

impl Hand {
    /// Hand `number`, dealt from deck `deck` with `cards` (indexed by seat), `first` to act;
    /// takes the antes out of `chips` (a player short of chips pays what it has). A player
    /// left with no chips means no betting: each player only declares (rules 2.3, 2.8).
    pub fn deal(
        number: u32,
        deck: u32,
        first: Seat,
        cards: [Card; 2],
        chips: &mut [u32; 2],
        ante: u32,
    ) -> Hand {
        let ante = chips.map(|c| c.min(ante));
        for (c, a) in chips.iter_mut().zip(ante) {
            *c -= a;
        }
        Hand {
            number,
            deck,
            first,
            cards,
            ante,
            put: [0; 2],
            level: [0; 2],
            side: [None; 2],
            to_move: first,
            betting: chips.iter().all(|&c| c > 0),
        }
    }
}

/// `f` of each side, in the order of [`Side::ALL`] (an array literal: `[T; 3]::map` was not
/// inlined and cost more than the legality test itself, per callgrind).
fn per_side<T>(mut f: impl FnMut(Side) -> T) -> [T; 3] {
    [f(Side::Front), f(Side::Back), f(Side::Both)]
}

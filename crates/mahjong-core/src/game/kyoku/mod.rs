//! One hand (kyoku) of the full game under Tenhou rules ([spec](crate::spec) section 4):
//! the physical wall with red fives and the dead wall, the deal, draws and discards, riichi,
//! calls and kans, furiten, wins scored by [`crate::score`], draws and their payments.
//!
//! The files of this module are the game side of the full rules (`game/` in the layout of
//! the conventions); they depend on the hand analysis and the scorer, never the reverse.

mod action;
mod claims;
mod event;
mod legal;
// A hand as an mjai client follows it: only the mjai bot uses it.
#[cfg(feature = "mjai")]
mod observed;
mod player;
mod settle;
mod turn;
mod view;
pub(crate) mod wall;

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod reference;

pub use action::{KyokuAction, KyokuError, ParseKyokuActionError, Refusal};
pub use event::{AbortiveDraw, DiscardedTile, KyokuEvent, PaymentReason, TableMeld};
pub use legal::{LegalActions, MAX_LEGAL_ACTIONS};
#[cfg(feature = "mjai")]
pub(crate) use observed::Unfollowable;
pub use view::KyokuView;
pub use wall::{MAX_INDICATORS, RINSHAN_TILES, TileWall};

use rand::Rng;

use crate::game::rules::{Rules, RulesError};
use crate::game::seat::{MAX_SEATS, Seat};
use crate::hand::concealed::Hand;
use crate::hand::score::{TileCopy, Wind};
use crate::hand::tile_set::TileSet;
use player::Player;

/// Whether the full game can be played by `rules.seats` seats: four, or three (sanma).
///
/// # Errors
/// [`RulesError::FullGameSeats`] otherwise.
pub(crate) fn check_seats(rules: &Rules) -> Result<(), RulesError> {
    match rules.seats {
        3 | MAX_SEATS => Ok(()),
        seats => Err(RulesError::FullGameSeats { seats }),
    }
}

/// The table a hand starts from: who deals, the round wind, the points, honba and riichi
/// sticks (spec section 4). [`Default`]: seat 0 deals East 1 with 25,000 points each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KyokuStart {
    /// The dealer (East).
    pub dealer: Seat,
    /// The round wind.
    pub round_wind: Wind,
    /// Each seat's points, by seat index.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::points")
    )]
    pub points: [i32; MAX_SEATS],
    /// Honba counters: 300 points each on a win.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_count")
    )]
    pub honba: u32,
    /// Riichi sticks left on the table by earlier hands, 1,000 points each.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_count")
    )]
    pub riichi_sticks: u32,
}

impl Default for KyokuStart {
    fn default() -> KyokuStart {
        KyokuStart {
            dealer: Seat::ALL[0],
            round_wind: Wind::East,
            points: [25_000; MAX_SEATS],
            honba: 0,
            riichi_sticks: 0,
        }
    }
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KyokuEnd {
    /// One or two seats won (double ron), in turn order from the discarder.
    Win {
        /// The winners.
        winners: Vec<Seat>,
    },
    /// The live wall ran out (ryuukyoku).
    Ryuukyoku {
        /// Tenpai seats, by seat index.
        tenpai: [bool; MAX_SEATS],
        /// Nagashi mangan seats, by seat index.
        nagashi: [bool; MAX_SEATS],
    },
    /// An abortive draw.
    Abort(AbortiveDraw),
}

/// The end of a hand: how, and each seat's points after it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KyokuOutcome {
    /// How it ended.
    pub end: KyokuEnd,
    /// Each seat's point change over the hand (riichi sticks paid included), by seat index;
    /// a change past the `i32` range (only from hand-built extreme points) saturates.
    pub changes: [i32; MAX_SEATS],
    /// Each seat's points after the hand.
    pub points: [i32; MAX_SEATS],
    /// Riichi sticks left on the table for the next hand.
    pub riichi_sticks: u32,
}

/// What a discard, an added kan or a closed kan may be claimed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum ClaimOn {
    /// Ron, pon, open kan, chi.
    Discard,
    /// Ron only (chankan).
    AddedKan,
    /// Ron by kokushi only (asked only when [`Rules::kokushi_robs_closed_kan`]).
    ClosedKan,
    /// Ron only, no chankan (a North declared aside, asked only when [`Rules::kita_ron`]).
    Kita,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum Phase {
    /// `seat` must act: after a draw (`drawn`, from the dead wall when `rinshan`), or after
    /// a chi or pon (`drawn` is `None`, `kuikae` the kinds it may not discard).
    Turn {
        seat: Seat,
        drawn: Option<TileCopy>,
        rinshan: bool,
        kuikae: TileSet,
    },
    /// The seats that may claim `tile` answer in turn order from `from`; `asked` answers now.
    Claims {
        from: Seat,
        tile: TileCopy,
        on: ClaimOn,
        asked: Seat,
        answers: [Option<crate::game::kyoku::KyokuAction>; MAX_SEATS],
    },
    Over,
}

/// One hand of the full game: the whole state, hidden tiles included. Seats see it through
/// [`Kyoku::view`]; every transition is [`Kyoku::apply`].
///
/// Claims on a discard (or an added kan, or a closed kan when
/// [`Rules::kokushi_robs_closed_kan`] lets kokushi rob one) are asked of every other seat,
/// one at a time in turn order from the discarder: a seat with no claim has only [`KyokuAction::Pass`], so the
/// order of play tells no seat whether another could claim. Once all the others have answered,
/// the claims are resolved by priority (ron > pon / kan > chi).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Kyoku {
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::full_game_rules")
    )]
    rules: Rules,
    start: KyokuStart,
    wall: TileWall,
    /// Live tiles dealt and drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::taken")
    )]
    taken: usize,
    /// Replacement tiles drawn.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::rinshan")
    )]
    rinshan: usize,
    /// Kans declared (a robbed added kan included).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::kans")
    )]
    kans: usize,
    /// Dora indicators shown.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::indicators")
    )]
    indicators: usize,
    /// Kan dora to turn after the next discard, or at the next kan (open and added kans).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::kans")
    )]
    pending_dora: usize,
    players: [Player; MAX_SEATS],
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::points")
    )]
    points: [i32; MAX_SEATS],
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::table_count")
    )]
    sticks: u32,
    /// A call or kan has been made: the first uninterrupted go-around is over.
    interrupted: bool,
    /// The seat whose riichi discard waits to pass without ron.
    pending_riichi: Option<Seat>,
    /// Pao: the seat that fed the last set of a daisangen or daisuushii, by seat index.
    pao: [Option<Seat>; MAX_SEATS],
    phase: Phase,
    outcome: Option<KyokuOutcome>,
    /// The legal actions of the seat to move, made once after each transition.
    legal: LegalActions,
}

impl Kyoku {
    /// A hand on a wall shuffled by `rng`, dealt, with the dealer to act on its 14 tiles.
    ///
    /// # Errors
    /// [`RulesError::FullGameSeats`] unless `rules.seats` is 4 or 3 (sanma, on a wall of
    /// 108 tiles: [`TileWall::for_rules`]); [`RulesError::Dealer`] when `start.dealer` is
    /// not at the table (seat 3 at three seats); [`RulesError::RoundWind`] for a North
    /// round at three seats; [`RulesError::EmptySeatPoints`] when `start.points` gives the
    /// empty seat 3 of a three-player game any points.
    pub fn new<R: Rng + ?Sized>(
        rules: Rules,
        start: KyokuStart,
        rng: &mut R,
    ) -> Result<Kyoku, RulesError> {
        Kyoku::from_wall(rules, start, TileWall::for_rules(&rules, rng))
    }

    /// A hand on an explicit wall, dealt as spec section 4 says: from the dealer in turn
    /// order each seat takes 4 tiles, three times, then 1 tile each; the dealer draws its
    /// 14th tile (wall index 52, or 39 at three seats) and acts.
    ///
    /// # Errors
    /// [`RulesError::FullGameSeats`] unless `rules.seats` is 4 or 3;
    /// [`RulesError::WallSize`] unless the wall has 136 tiles at four seats, 108 at three;
    /// [`RulesError::Dealer`] when `start.dealer` is not at the table (seat 3 at three
    /// seats); [`RulesError::RoundWind`] for a North round at three seats;
    /// [`RulesError::EmptySeatPoints`] when `start.points` gives the empty seat 3 of a
    /// three-player game any points; [`RulesError::RedFives`] when the wall has red
    /// fives and the rules none
    /// ([`Rules::red_fives`]), or the other way round.
    pub fn from_wall(rules: Rules, start: KyokuStart, wall: TileWall) -> Result<Kyoku, RulesError> {
        let red = wall.tiles().iter().any(|copy| copy.red);
        if red != rules.red_fives {
            return Err(RulesError::RedFives { wall: red });
        }
        let mut kyoku = Kyoku::undealt(rules, start, wall)?;
        let order: [Seat; MAX_SEATS] = std::array::from_fn(|i| kyoku.seat_at(i));
        for take in [4, 4, 4, 1] {
            for &seat in &order[..rules.seats] {
                for _ in 0..take {
                    let tile = kyoku.wall.live(kyoku.taken);
                    kyoku.taken += 1;
                    kyoku.players[seat.index()].tiles.add(tile);
                }
            }
        }
        kyoku.players.iter_mut().for_each(Player::refresh);
        let mut events = Vec::new();
        kyoku.draw(start.dealer, &mut events);
        kyoku.refresh_legal();
        Ok(kyoku)
    }

    /// A hand on `wall` before the deal: no tile taken, the first dora indicator shown.
    ///
    /// # Errors
    /// As [`Kyoku::from_wall`].
    fn undealt(rules: Rules, start: KyokuStart, wall: TileWall) -> Result<Kyoku, RulesError> {
        check_seats(&rules)?;
        let dealer = start.dealer.index();
        if dealer >= rules.seats {
            let seats = rules.seats;
            return Err(RulesError::Dealer { dealer, seats });
        }
        if rules.seats == 3 && start.round_wind == Wind::North {
            let (wind, seats) = (start.round_wind, rules.seats);
            return Err(RulesError::RoundWind { wind, seats });
        }
        if let Some(seat) = (rules.seats..MAX_SEATS).find(|&s| start.points[s] != 0) {
            return Err(RulesError::EmptySeatPoints {
                seat,
                points: start.points[seat],
                seats: rules.seats,
            });
        }
        if wall.is_sanma() != (rules.seats == 3) {
            return Err(RulesError::WallSize {
                seats: rules.seats,
                tiles: wall.tiles().len(),
            });
        }
        Ok(Kyoku {
            rules,
            start,
            wall,
            taken: 0,
            rinshan: 0,
            kans: 0,
            indicators: 1,
            pending_dora: 0,
            players: std::array::from_fn(|_| Player::with_room()),
            points: start.points,
            sticks: start.riichi_sticks,
            interrupted: false,
            pending_riichi: None,
            pao: [None; MAX_SEATS],
            phase: Phase::Over,
            outcome: None,
            legal: LegalActions::default(),
        })
    }

    /// The seat `offset` places after the dealer in turn order.
    fn seat_at(&self, offset: usize) -> Seat {
        Seat::ALL[(self.start.dealer.index() + offset) % self.rules.seats]
    }

    /// The seats at the table, in seat order: four, or three in sanma.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<> {
        Seat::first(self.rules.seats)
    }

    /// The seat wind of `seat` (the dealer is East; in sanma there is no North seat).
    pub fn seat_wind(&self, seat: Seat) -> Wind {
        let seats = self.rules.seats;
        Wind::ALL[(seat.index() + seats - self.start.dealer.index() % seats) % seats]
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The table the hand started from.
    pub fn start(&self) -> &KyokuStart {
        &self.start
    }

    /// The wall, hidden from the players.
    pub fn wall(&self) -> &TileWall {
        &self.wall
    }

    /// Each seat's points now, by seat index.
    pub fn points(&self) -> [i32; MAX_SEATS] {
        self.points
    }

    /// Riichi sticks on the table now.
    pub fn riichi_sticks(&self) -> u32 {
        self.sticks
    }

    /// The dora indicators shown (1, and one per kan once turned).
    pub fn dora_indicators(&self) -> &[TileCopy] {
        self.wall.dora_indicators(self.indicators)
    }

    /// Live tiles left to draw: 122 (94 in sanma) minus the tiles dealt and drawn, minus
    /// one per kan or kita (the dead wall takes one back for each replacement tile).
    pub fn live_tiles(&self) -> usize {
        self.wall
            .live_len()
            .saturating_sub(self.taken + self.rinshan)
    }

    /// The North tiles `seat` has declared aside (kita, three-player riichi), each a bonus
    /// dora; public.
    pub fn kita(&self, seat: Seat) -> u8 {
        self.players[seat.index()].kita
    }

    /// The seat to act; `None` once the hand is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Claims { asked, .. } => Some(asked),
            Phase::Over => None,
        }
    }

    /// Whether the hand has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// How the hand ended, once it has.
    pub fn outcome(&self) -> Option<&KyokuOutcome> {
        self.outcome.as_ref()
    }

    /// `seat`'s melds in the order made.
    pub fn melds(&self, seat: Seat) -> &[TableMeld] {
        &self.players[seat.index()].melds
    }

    /// `seat`'s discards in order, called ones marked.
    pub fn discards(&self, seat: Seat) -> &[DiscardedTile] {
        &self.players[seat.index()].discards
    }

    /// `seat`'s concealed tiles as physical copies, in index order (a red five first).
    pub fn concealed(&self, seat: Seat) -> Vec<TileCopy> {
        let mut copies = Vec::with_capacity(self.players[seat.index()].tiles.hand.len());
        self.players[seat.index()].tiles.copies_into(&mut copies);
        copies
    }

    /// Whether `seat` has declared riichi (its stick paid or not yet).
    pub fn is_riichi(&self, seat: Seat) -> bool {
        self.players[seat.index()].riichi.is_some()
    }

    /// `seat`'s concealed tiles as kind counts (the drawn tile included): the kinds of
    /// [`Kyoku::concealed`], read without allocating. Like it, hidden from the other seats.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.players[seat.index()].tiles.hand
    }

    /// Whether `seat`'s concealed tiles hold the red five of man, pin and sou, in that
    /// order. Hidden from the other seats.
    pub fn red_fives(&self, seat: Seat) -> [bool; 3] {
        self.players[seat.index()].tiles.red
    }

    /// `seat`'s waits: with `3n+1` concealed tiles the kinds that would complete them
    /// ([`Hand::waits`]); empty with `3n+2` (on its turn). Hidden from the other seats.
    pub fn waits(&self, seat: Seat) -> TileSet {
        self.players[seat.index()].waits
    }

    /// Whether `seat` is furiten now (spec section 4): one of its waits is among its own
    /// discards, or it let a winning tile pass since its last discard (or since its
    /// riichi). Always false with `3n+2` concealed tiles, which have no waits.
    pub fn is_furiten(&self, seat: Seat) -> bool {
        let player = &self.players[seat.index()];
        !player.waits.is_empty() && player.is_furiten(player.waits)
    }

    /// Every action the seat to move may take, in a fixed order; empty only once the hand
    /// is over. The same list as [`Kyoku::legal`], in a `Vec`.
    pub fn legal_actions(&self) -> Vec<KyokuAction> {
        self.legal().to_vec()
    }

    /// Every action the seat to move may take, in the order of [`Kyoku::legal_actions`],
    /// without allocating: at most [`MAX_LEGAL_ACTIONS`]; empty only once the hand is over.
    ///
    /// The list is made once after each transition: the claims of a seat from its tile
    /// counts and the waits it keeps up to date (furiten is a test of those waits against
    /// its discards), the riichi discards from one look-up of the hand-analysis tables; the
    /// scorer runs only when a win is actually there.
    pub fn legal(&self) -> &LegalActions {
        &self.legal
    }

    /// Brings the kept legal actions up to date after a transition. A seat asked about a
    /// claim it cannot have (most answers of a hand) gets its lone `Pass` written in place.
    /// A turn's list is written in place too, once what the whole hand allows is known.
    fn refresh_legal(&mut self) {
        match self.phase {
            Phase::Claims {
                from,
                tile,
                on,
                asked,
                ..
            } if !self.may_claim(asked, from, tile, on) => {
                self.legal.clear();
                self.legal.push(KyokuAction::Pass);
            }
            Phase::Turn {
                seat,
                drawn,
                rinshan,
                kuikae,
            } => {
                let rights = self.turn_rights(seat, drawn, rinshan);
                self.legal.clear();
                let player = &self.players[seat.index()];
                turn::turn_list(player, drawn, kuikae, rights, &mut self.legal);
            }
            _ => {
                let mut legal = LegalActions::default();
                self.legal_into(&mut legal);
                self.legal = legal;
            }
        }
    }

    /// Appends the legal actions of the seat to move to `legal`.
    fn legal_into(&self, legal: &mut LegalActions) {
        match self.phase {
            Phase::Over => {}
            Phase::Turn {
                seat,
                drawn,
                rinshan,
                kuikae,
            } => self.turn_actions(seat, drawn, rinshan, kuikae, legal),
            Phase::Claims {
                from,
                tile,
                on,
                asked,
                ..
            } => {
                self.claim_options(asked, from, tile, on, legal);
                legal.push(KyokuAction::Pass);
            }
        }
    }

    /// Plays `action` for the seat to move and returns what happened, in order.
    ///
    /// The events tell the whole truth; what one seat may know of each is
    /// [`KyokuEvent::seen_by`].
    ///
    /// # Errors
    /// [`KyokuError::Over`] once the hand has ended; [`KyokuError::NotAllowed`] for an
    /// action not among [`Kyoku::legal_actions`], with the rule that forbids it. The hand is
    /// then unchanged.
    pub fn apply(&mut self, action: KyokuAction) -> Result<Vec<KyokuEvent>, KyokuError> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`Kyoku::apply`], appending the events to `events` instead of returning a new
    /// `Vec`: a driver that keeps every event (or clears one buffer per action) allocates
    /// nothing per action.
    ///
    /// # Errors
    /// As [`Kyoku::apply`]; `events` is then unchanged too.
    pub fn apply_into(
        &mut self,
        action: KyokuAction,
        events: &mut Vec<KyokuEvent>,
    ) -> Result<(), KyokuError> {
        if self.is_over() {
            return Err(KyokuError::Over);
        }
        if !self.legal().contains(&action) {
            return Err(KyokuError::NotAllowed {
                action,
                reason: self.refusal(action),
            });
        }
        match self.phase {
            Phase::Turn {
                seat,
                drawn,
                rinshan,
                ..
            } => self.play_turn(seat, drawn, rinshan, action, events),
            Phase::Claims { .. } => self.answer(action, events),
            Phase::Over => {}
        }
        self.refresh_legal();
        Ok(())
    }

    /// The hand after `action`, leaving this one as it is.
    ///
    /// # Errors
    /// As [`Kyoku::apply`].
    pub fn after(&self, action: KyokuAction) -> Result<Kyoku, KyokuError> {
        let mut kyoku = self.clone();
        kyoku.apply(action)?;
        Ok(kyoku)
    }

    /// Whether `seat` has made no discard and no call has been made: the first
    /// uninterrupted turn.
    fn first_turn(&self, seat: Seat) -> bool {
        !self.interrupted && self.players[seat.index()].discards.is_empty()
    }

    /// All kans made (kept in `kans`, counted when the kan is declared).
    fn kans(&self) -> usize {
        self.kans
    }

    /// All kans among the melds: what `kans` keeps.
    #[cfg(test)]
    fn kans_in_melds(&self) -> usize {
        self.players.iter().map(Player::kans).sum()
    }

    /// The seat after `seat` in turn order at this table.
    fn next_seat(&self, seat: Seat) -> Seat {
        seat.next(self.rules.seats)
    }

    /// `seat` draws the next live tile.
    fn draw(&mut self, seat: Seat, events: &mut Vec<KyokuEvent>) {
        let tile = self.wall.live(self.taken);
        self.taken += 1;
        self.take(seat, tile, false, events);
    }

    /// `seat` draws the next replacement tile after a kan.
    fn draw_rinshan(&mut self, seat: Seat, events: &mut Vec<KyokuEvent>) {
        let tile = self.wall.rinshan(self.rinshan);
        self.rinshan += 1;
        self.take(seat, tile, true, events);
    }

    fn take(&mut self, seat: Seat, tile: TileCopy, rinshan: bool, events: &mut Vec<KyokuEvent>) {
        let player = &mut self.players[seat.index()];
        player.tiles.add(tile);
        player.refresh();
        events.push(KyokuEvent::Draw {
            seat,
            tile: Some(tile),
            rinshan,
        });
        self.phase = Phase::Turn {
            seat,
            drawn: Some(tile),
            rinshan,
            kuikae: TileSet::EMPTY,
        };
    }

    /// The dora indicator of an open or added kan: waiting to be shown after the kan's
    /// discard, or shown now with [`Rules::kan_dora_at_once`](crate::Rules::kan_dora_at_once).
    fn add_kan_dora(&mut self, events: &mut Vec<KyokuEvent>) {
        self.pending_dora += 1;
        if self.rules.kan_dora_at_once {
            self.turn_dora(events);
        }
    }

    /// Turns the kan dora waiting to be shown.
    fn turn_dora(&mut self, events: &mut Vec<KyokuEvent>) {
        while self.pending_dora > 0 && self.indicators < MAX_INDICATORS {
            self.pending_dora -= 1;
            self.indicators += 1;
            if let Some(&tile) = self.dora_indicators().last() {
                events.push(KyokuEvent::DoraIndicator { tile });
            }
        }
        self.pending_dora = 0;
    }

    /// Moves `points` from `payer` (or the table's sticks) to `payee` (or the table).
    fn pay(
        &mut self,
        payer: Option<Seat>,
        payee: Option<Seat>,
        points: u32,
        reason: PaymentReason,
        events: &mut Vec<KyokuEvent>,
    ) {
        let signed = i32::try_from(points).unwrap_or(i32::MAX);
        if let Some(payer) = payer {
            self.points[payer.index()] = self.points[payer.index()].saturating_sub(signed);
        }
        if let Some(payee) = payee {
            self.points[payee.index()] = self.points[payee.index()].saturating_add(signed);
        }
        events.push(KyokuEvent::Payment {
            payer,
            payee,
            points,
            reason,
        });
    }

    /// Ends the hand.
    fn finish(&mut self, end: KyokuEnd) {
        let mut changes = [0; MAX_SEATS];
        for (i, change) in changes.iter_mut().enumerate() {
            *change = self.points[i].saturating_sub(self.start.points[i]);
        }
        self.phase = Phase::Over;
        self.outcome = Some(KyokuOutcome {
            end,
            changes,
            points: self.points,
            riichi_sticks: self.sticks,
        });
    }
}

//! What the two hwatu environments share ([`crate::matgo::MatgoEnv`] at a table of two,
//! [`crate::gostop::GoStopEnv`] at a table of three): the 164 action ids, the legal-id bits,
//! the seeded deal, the card planes and scalars of the observation, the redeal of what a
//! seat cannot see, and [`HwatuTable`], the state both keep with the [`crate::Env`] methods
//! they both implement the same way (each environment holds one and delegates to it).
//! Everything here is generic over hwatu-core's [`Table`] of `N` seats, so that the two
//! environments write nothing twice; the tables of ids and planes are in
//! [`crate::matgo::MatgoEnv`]'s and [`crate::gostop::GoStopEnv`]'s docs.

use std::fmt;

use hwatu_core::{
    Action, Card, CardSet, Decision, Deck, GukjinUse, LegalSet, Rules, SeatIndex, Table,
};

use crate::bits::{write_bits, write_rows};
use crate::seed::{SplitMix64, derive, shuffle};
use crate::{EnvError, MAX_PLAYERS, Rewards, Step, check_id, check_len, check_seat};

/// The size of the action space of both hwatu environments.
pub(crate) const ACTIONS: usize = 164;

/// Columns of an observation plane: the 48 month cards and the two bonus cards.
pub(crate) const COLUMNS: usize = Card::COUNT;

/// How many decks of one seed may be dealt before a game that does not end at the deal is
/// found (a deal ends at once with a chongtong; four of a month on the floor is redealt).
pub(crate) const MAX_DEALS: u64 = 64;

/// The first id of each kind of action.
pub(crate) mod id {
    pub const PLAY: u32 = 0;
    pub const SHAKE: u32 = 50;
    pub const BOMB: u32 = 98;
    pub const FLIP: u32 = 110;
    pub const CHOOSE: u32 = 111;
    pub const GUKJIN_YEOL: u32 = 159;
    pub const GUKJIN_SSANGPI: u32 = 160;
    pub const GO: u32 = 161;
    pub const STOP: u32 = 162;
    pub const CHONGTONG: u32 = 163;
}

/// The observation planes at a table of `n` seats: hand, floor, `n` capture piles, `n - 1`
/// shown hands, the cards awaiting a choice and the options, `n` ppuk piles, `n` passed-over
/// and `n` discarded sets, the unseen cards, the scalars: `5n + 5`.
pub(crate) const fn planes(n: usize) -> usize {
    5 * n + 5
}

/// The most card planes of any table here (three seats): the scratch array's length.
const MAX_CARD_PLANES: usize = planes(3) - 1;

/// `v` as a `u8`, saturating at 255.
pub(crate) fn sat(v: impl TryInto<u8>) -> u8 {
    v.try_into().unwrap_or(u8::MAX)
}

/// The id of an action (every action has one).
pub(crate) fn encode(action: Action) -> u32 {
    let card = |c: Card| u32::from(c.index());
    match action {
        Action::Play {
            card: c,
            shake: false,
        } => id::PLAY + card(c),
        Action::Play {
            card: c,
            shake: true,
        } => id::SHAKE + card(c),
        Action::Bomb { month } => id::BOMB + u32::from(month.clamp(1, 12)) - 1,
        Action::FlipOnly => id::FLIP,
        Action::Choose { card: c } => id::CHOOSE + card(c),
        Action::Gukjin(GukjinUse::Yeol) => id::GUKJIN_YEOL,
        Action::Gukjin(GukjinUse::Ssangpi) => id::GUKJIN_SSANGPI,
        Action::Go => id::GO,
        Action::Stop => id::STOP,
        Action::Chongtong => id::CHONGTONG,
    }
}

/// The action an id stands for, `None` for an id out of range or naming no card.
pub(crate) fn decode(id: u32) -> Option<Action> {
    let card = |i: u32| Card::from_index(u8::try_from(i).ok()?);
    Some(match id {
        0..50 => Action::Play {
            card: card(id - id::PLAY)?,
            shake: false,
        },
        50..98 => Action::Play {
            card: card(id - id::SHAKE)?,
            shake: true,
        },
        98..110 => Action::Bomb {
            month: (id - id::BOMB + 1) as u8,
        },
        110 => Action::FlipOnly,
        111..159 => Action::Choose {
            card: card(id - id::CHOOSE)?,
        },
        159 => Action::Gukjin(GukjinUse::Yeol),
        160 => Action::Gukjin(GukjinUse::Ssangpi),
        161 => Action::Go,
        162 => Action::Stop,
        163 => Action::Chongtong,
        _ => return None,
    })
}

/// The legal ids of a [`LegalSet`] as bits: id `i` is bit `i % 64` of word `i / 64`.
pub(crate) fn legal_bits(legal: &LegalSet) -> [u64; 3] {
    let mut bits = [0u64; 3];
    let mut put = |first: u32, set: u64| {
        let (word, shift) = ((first / 64) as usize, first % 64);
        bits[word] |= set << shift;
        if shift > 0 && word + 1 < bits.len() {
            bits[word + 1] |= set >> (64 - shift);
        }
    };
    put(id::PLAY, legal.play.bits());
    put(id::SHAKE, legal.shake.bits());
    put(id::BOMB, u64::from(legal.bomb_months));
    put(id::FLIP, u64::from(legal.flip_only));
    put(id::CHOOSE, legal.choose.bits());
    put(id::GUKJIN_YEOL, if legal.gukjin { 0b11 } else { 0 });
    put(id::GO, if legal.go_stop { 0b11 } else { 0 });
    put(id::CHONGTONG, u64::from(legal.chongtong));
    bits
}

/// Whether bit `id` of the legal bits is set (false past them).
pub(crate) fn is_legal_id(legal: &[u64; 3], id: u32) -> bool {
    let (word, bit) = ((id / 64) as usize, id % 64);
    legal.get(word).is_some_and(|w| w >> bit & 1 != 0)
}

/// The action of an id the caller checked is legal now.
///
/// # Errors
/// [`EnvError::IllegalAction`] for an id that names no action.
pub(crate) fn action_of_checked(id: u32) -> Result<Action, EnvError> {
    // Not `ok_or`: its error would be built and dropped at every decision.
    match decode(id) {
        Some(action) => Ok(action),
        None => Err(EnvError::IllegalAction { id }),
    }
}

/// The id of `action` when it is legal now.
///
/// # Errors
/// [`EnvError::GameOver`] when `over`; [`EnvError::NoId`] for an action no id stands for (a
/// bomb of a month out of 1..=12, a shake or choice of a bonus card);
/// [`EnvError::NotLegal`] when not legal now.
pub(crate) fn id_of(legal: &[u64; 3], over: bool, action: Action) -> Result<u32, EnvError> {
    if over {
        return Err(EnvError::GameOver);
    }
    if decode(encode(action)) != Some(action) {
        return Err(EnvError::NoId {
            action: action.to_string(),
        });
    }
    let id = encode(action);
    if is_legal_id(legal, id) {
        Ok(id)
    } else {
        Err(EnvError::NotLegal {
            action: action.to_string(),
        })
    }
}

/// A table from an explicit deck order led by `first`, `None` when the deal is refused or
/// ends at once.
pub(crate) fn deal<S: SeatIndex, const N: usize>(
    rules: Rules,
    deck: &[Card],
    first: S,
) -> Option<Table<S, N>> {
    Table::from_deck(rules, deck, first)
        .ok()
        .filter(|g| !g.is_over())
}

/// The first deck of `seed`'s sequence that deals a table with a decision, and that deck:
/// deck `k` is `Deck::of(&rules)` shuffled by `SplitMix64::new(derive(seed, k))`, for
/// `k = 0, 1, ...` below [`MAX_DEALS`] (no allocation: the caller copies the deck where it
/// keeps it).
pub(crate) fn seeded_table<S: SeatIndex, const N: usize>(
    rules: Rules,
    seed: u64,
    first: S,
) -> Option<(Table<S, N>, Deck)> {
    (0..MAX_DEALS).find_map(|k| {
        let mut deck = Deck::of(&rules);
        shuffle(deck.cards_mut(), &mut SplitMix64::new(derive(seed, k)));
        deal(rules, deck.cards(), first).map(|game| (game, deck))
    })
}

/// A table that `seat` cannot tell from `table`: the cards it has not seen (every other
/// seat's hand but the cards shown by shaking, and the stock) redealt among their places in
/// `deck`, dealt with `first` leading and `history` replayed; a redeal the history cannot be
/// replayed on is drawn again, up to 16 times. Returns the table and its deck.
pub(crate) fn redeal<S: SeatIndex, const N: usize>(
    table: &Table<S, N>,
    deck: &[Card],
    history: &[Action],
    seat: S,
    seed: u64,
) -> Option<(Table<S, N>, Vec<Card>)> {
    let mut hidden: CardSet = table.stock().iter().copied().collect();
    for other in (0..N).filter_map(S::from_index).filter(|&s| s != seat) {
        hidden |= table.hand(other) - table.shown(other);
    }
    let slots: Vec<usize> = (0..deck.len())
        .filter(|&i| hidden.contains(deck[i]))
        .collect();
    (0..16).find_map(|k| {
        let mut cards: Vec<Card> = slots.iter().map(|&i| deck[i]).collect();
        shuffle(&mut cards, &mut SplitMix64::new(derive(seed, k)));
        let mut redealt = deck.to_vec();
        for (&slot, card) in slots.iter().zip(cards) {
            redealt[slot] = card;
        }
        let mut game = deal(*table.rules(), &redealt, table.first())?;
        for &action in history {
            game.apply_without_events(action).ok()?;
        }
        Some((game, redealt))
    })
}

/// The state of a hwatu environment at a table of `N` seats `S`, and the [`crate::Env`]
/// methods both environments implement alike: [`crate::matgo::MatgoEnv`] and
/// [`crate::gostop::GoStopEnv`] each hold one and delegate to it. Every deal is led by seat
/// 0 (`Player::A`, `Seat::A`).
#[derive(Clone)]
pub(crate) struct HwatuTable<S, const N: usize> {
    /// The game, and in it the rules (not kept twice: a smaller environment touches fewer
    /// cache lines in a batch).
    pub(crate) game: Table<S, N>,
    /// The deck order dealt, kept for [`crate::Env::determinize`] and snapshots.
    deck: Vec<Card>,
    /// Every action since the deal.
    history: Vec<Action>,
    /// The legal ids now, one bit each (id `i` is bit `i % 64` of word `i / 64`), computed
    /// once per decision: the mask and the legality checks read it.
    legal: [u64; 3],
}

impl<S: SeatIndex, const N: usize> HwatuTable<S, N> {
    /// The table `game` with the deck it was dealt from and the actions since.
    fn of(game: Table<S, N>, deck: Vec<Card>, history: Vec<Action>) -> HwatuTable<S, N> {
        HwatuTable {
            legal: legal_bits(&game.legal_set()),
            game,
            deck,
            history,
        }
    }

    /// The table dealt from seed 0 under `rules`, `first` leading.
    ///
    /// # Errors
    /// [`EnvError::Config`] when no deal of the seed's sequence gives an `episode` (the
    /// message's word for one: a game, a hand) with a decision.
    pub(crate) fn new(rules: Rules, first: S, episode: &str) -> Result<HwatuTable<S, N>, EnvError> {
        let (table, deck) = seeded_table(rules, 0, first).ok_or_else(|| EnvError::Config {
            reason: format!(
                "no deal of {MAX_DEALS} gives a {episode} with a decision under these rules"
            ),
        })?;
        Ok(HwatuTable::of(
            table,
            deck.cards().to_vec(),
            Vec::with_capacity(64),
        ))
    }

    /// The table dealt from `deck` under `rules`, `first` leading, with `history` replayed:
    /// what a snapshot is read back as.
    ///
    /// # Errors
    /// [`EnvError::Snapshot`] naming `deck` when the deal is refused, `history` when an
    /// action is.
    #[cfg(feature = "serde")]
    pub(crate) fn replayed(
        rules: Rules,
        first: S,
        deck: Vec<Card>,
        history: Vec<Action>,
    ) -> Result<HwatuTable<S, N>, EnvError> {
        let mut game =
            Table::from_deck(rules, &deck, first).map_err(|e| EnvError::snapshot("deck", e))?;
        for (i, &action) in history.iter().enumerate() {
            game.apply_without_events(action).map_err(|e| {
                EnvError::snapshot("history", format!("action {i} ({action}): {e}"))
            })?;
        }
        Ok(HwatuTable::of(game, deck, history))
    }

    /// [`crate::Env::reset`]: the first deal of `seed`'s sequence under the table's rules and
    /// with its first seat; unchanged when no deal of the sequence has a decision.
    pub(crate) fn reset(&mut self, seed: u64) {
        if let Some((game, deck)) = seeded_table(*self.game.rules(), seed, self.game.first()) {
            self.legal = legal_bits(&game.legal_set());
            self.game = game;
            self.deck.clear();
            self.deck.extend_from_slice(deck.cards());
            self.history.clear();
        }
    }

    /// [`crate::Env::to_move`].
    pub(crate) fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(S::index)
    }

    /// [`crate::Env::write_action_mask`].
    pub(crate) fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        check_len("action_mask", ACTIONS, out.len())?;
        write_bits(out, &self.legal);
        Ok(())
    }

    /// [`crate::Env::write_observation`] of the [`planes`]`(N)` planes ([`write_observation`]);
    /// returns the seats in `seat`'s order and the first scalar column left at 0, for the
    /// caller's own scalars.
    pub(crate) fn write_observation(
        &self,
        seat: usize,
        out: &mut [u8],
    ) -> Result<([S; N], usize), EnvError> {
        check_seat(seat, N)?;
        check_len("observation", planes(N) * COLUMNS, out.len())?;
        let Some(seats) = seats_from::<S, N>(seat) else {
            return Err(EnvError::NoSuchSeat {
                seat,
                num_players: N,
            });
        };
        Ok((seats, write_observation(&self.game, seats, out)))
    }

    /// [`crate::Env::step`], the terminal rewards being `final_rewards` of the game.
    pub(crate) fn step(
        &mut self,
        id: u32,
        final_rewards: impl FnOnce(&Table<S, N>) -> Rewards,
    ) -> Result<Step, EnvError> {
        let action = self.action_of(id)?;
        // The environment reads the state, not the events: none is built.
        self.game
            .apply_without_events(action)
            .map_err(|_| EnvError::IllegalAction { id })?;
        self.history.push(action);
        self.legal = legal_bits(&self.game.legal_set());
        let terminated = self.game.is_over();
        let rewards = if terminated {
            final_rewards(&self.game)
        } else {
            [0.0; MAX_PLAYERS]
        };
        Ok(Step {
            rewards,
            terminated,
            to_move: self.to_move(),
        })
    }

    /// [`crate::Env::returns`], the terminal rewards being `final_rewards` of the game.
    pub(crate) fn returns(
        &self,
        final_rewards: impl FnOnce(&Table<S, N>) -> Rewards,
    ) -> Option<Rewards> {
        self.game.is_over().then(|| final_rewards(&self.game))
    }

    /// [`crate::Env::legal_actions`].
    pub(crate) fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions().to_vec()
    }

    /// [`crate::Env::action_of`].
    pub(crate) fn action_of(&self, id: u32) -> Result<Action, EnvError> {
        self.check_legal(id)?;
        action_of_checked(id)
    }

    /// [`crate::Env::check_legal`], from the legal bits.
    pub(crate) fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        check_id(id, ACTIONS, self.game.is_over(), |id| {
            is_legal_id(&self.legal, id)
        })
    }

    /// [`crate::Env::id_of`].
    pub(crate) fn id_of(&self, action: Action) -> Result<u32, EnvError> {
        id_of(&self.legal, self.game.is_over(), action)
    }

    /// [`crate::Env::determinize`]: the table [`redeal`] gives for `seat` (`None` for a seat
    /// past the table's, or when no redeal can replay the history).
    pub(crate) fn determinize(&self, seat: usize, seed: u64) -> Option<HwatuTable<S, N>> {
        check_seat(seat, N).ok()?;
        let seat = S::from_index(seat)?;
        let (game, deck) = redeal(&self.game, &self.deck, &self.history, seat, seed)?;
        Some(HwatuTable::of(game, deck, self.history.clone()))
    }

    /// The environment's `Debug`, as a derive on an environment holding these fields (and
    /// `rules` after the game, when given) writes it: `name { game, [rules,] deck,
    /// history, legal }`.
    pub(crate) fn fmt_debug(
        &self,
        f: &mut fmt::Formatter<'_>,
        name: &str,
        rules: Option<&dyn fmt::Debug>,
    ) -> fmt::Result {
        let mut out = f.debug_struct(name);
        out.field("game", &self.game);
        if let Some(rules) = rules {
            out.field("rules", rules);
        }
        out.field("deck", &self.deck)
            .field("history", &self.history)
            .field("legal", &self.legal)
            .finish()
    }

    /// The environment's `Serialize`, as a derive on an environment holding `head` then
    /// these fields wrote it: `name { head, deck, history }`, and `legal` after them when
    /// `legal`.
    #[cfg(feature = "serde")]
    pub(crate) fn serialize<Ser: serde::Serializer>(
        &self,
        serializer: Ser,
        name: &'static str,
        head: (&'static str, &impl serde::Serialize),
        legal: bool,
    ) -> Result<Ser::Ok, Ser::Error> {
        use serde::ser::SerializeStruct;
        let mut out = serializer.serialize_struct(name, 3 + usize::from(legal))?;
        out.serialize_field(head.0, head.1)?;
        out.serialize_field("deck", &self.deck)?;
        out.serialize_field("history", &self.history)?;
        if legal {
            out.serialize_field("legal", &self.legal)?;
        }
        out.end()
    }
}

/// The seats of a table of `N` in the order an observer sees them: `seat` first, then each
/// seat after it in turn order (`None` for a seat index past the table's).
pub(crate) fn seats_from<S: SeatIndex, const N: usize>(seat: usize) -> Option<[S; N]> {
    let mut seats = [S::from_index(0)?; N];
    for (k, s) in seats.iter_mut().enumerate() {
        *s = S::from_index((seat + k) % N)?;
    }
    Some(seats)
}

/// Writes the [`planes`]`(N)` planes of the observation of `seats[0]` (the seats in the
/// observer's order, [`seats_from`]) into `out`, whose length the caller checked; returns the
/// first column of the scalar plane left at 0 for the caller's own scalars.
///
/// Card planes, a 1 at card `c` meaning: 0 in the seat's hand; 1 on the floor; then per seat
/// in the observer's order, its capture pile; per other seat, the cards it showed by shaking
/// and still holds; the cards waiting for a floor-card choice; the two floor cards the seat
/// must choose between; per seat, its ppuk piles; per seat, the floor cards it passed over;
/// per seat, the month cards it discarded; the cards the seat has not seen. Then the scalar
/// plane (counts saturate at 255): per tally value `i` (base score, goes, shakes, bombs,
/// ppuk, flip-only credits, turns, instant points received) and seat `k` in the observer's
/// order, column `N i + k`; then each other seat's hand size; the stock size; 1 when the seat
/// is to move; the decision (play, choose, gukjin, go/stop), one-hot over four columns; 1 when
/// the gukjin counts as ssangpi.
pub(crate) fn write_observation<S: SeatIndex, const N: usize>(
    table: &Table<S, N>,
    seats: [S; N],
    out: &mut [u8],
) -> usize {
    let me = seats[0];
    let decision = table.decision().filter(|_| table.to_move() == Some(me));
    let options = match decision {
        Some(Decision::Choose { options, .. }) => options,
        _ => CardSet::EMPTY,
    };
    let hand = table.hand(me);
    let deck = CardSet::MONTHS | table.rules().bonus_cards.cards();
    let mut seen = hand | table.floor() | table.awaiting_choice();
    let mut sets = [0u64; MAX_CARD_PLANES];
    let mut n = 0;
    let mut push = |set: CardSet| {
        if let Some(slot) = sets.get_mut(n) {
            *slot = set.bits();
        }
        n += 1;
    };
    push(hand);
    push(table.floor());
    for &s in &seats {
        seen |= table.captured(s);
        push(table.captured(s));
    }
    for &s in &seats[1..] {
        seen |= table.shown(s);
        push(table.shown(s));
    }
    push(table.awaiting_choice());
    push(options);
    for &s in &seats {
        push(table.ppuk_piles(s));
    }
    for &s in &seats {
        push(table.passed_over(s));
    }
    for &s in &seats {
        push(table.discarded(s));
    }
    push(deck - seen);
    let card_planes = planes(N) - 1;
    let rows = out.as_chunks_mut::<COLUMNS>().0;
    let Some((scalars, cards)) = rows
        .get_mut(..=card_planes)
        .and_then(|r| r.split_last_mut())
    else {
        return COLUMNS;
    };
    write_rows(cards, &sets[..card_planes.min(MAX_CARD_PLANES)]);
    *scalars = [0; COLUMNS];
    write_scalars(table, &seats, decision, scalars)
}

/// The scalar plane (see [`write_observation`]); returns the first column left at 0.
fn write_scalars<S: SeatIndex, const N: usize>(
    table: &Table<S, N>,
    seats: &[S; N],
    decision: Option<Decision>,
    out: &mut [u8; COLUMNS],
) -> usize {
    for (k, &p) in seats.iter().enumerate() {
        let t = table.tally(p);
        let values = [
            sat(table.base_score(p)),
            t.goes,
            t.shakes,
            t.bombs,
            t.ppuks,
            t.flip_credits,
            t.turns,
            sat(t.instant_points),
        ];
        for (i, v) in values.into_iter().enumerate() {
            out[N * i + k] = v;
        }
    }
    let mut at = 8 * N;
    for &s in &seats[1..] {
        out[at] = sat(table.hand(s).len());
        at += 1;
    }
    out[at] = sat(table.stock().len());
    out[at + 1] = u8::from(table.to_move() == Some(seats[0]));
    let decision = match decision {
        Some(Decision::Play) => Some(0),
        Some(Decision::Choose { .. }) => Some(1),
        Some(Decision::Gukjin) => Some(2),
        Some(Decision::GoStop { .. }) => Some(3),
        None => None,
    };
    if let Some(i) = decision {
        out[at + 2 + i] = 1;
    }
    out[at + 6] = u8::from(table.gukjin() == GukjinUse::Ssangpi);
    at + 7
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_actions_are_one_to_one() {
        let mut seen = 0;
        for id in 0..ACTIONS as u32 {
            if let Some(action) = decode(id) {
                assert_eq!(encode(action), id, "{action}");
                seen += 1;
            }
        }
        // Shaking and choosing take month cards only (48 each); every other id decodes.
        assert_eq!(seen, 50 + 48 + 12 + 1 + 48 + 2 + 2 + 1);
        assert_eq!(decode(98), Some(Action::Bomb { month: 1 }));
        assert_eq!(decode(109), Some(Action::Bomb { month: 12 }));
        assert_eq!(decode(ACTIONS as u32), None);
    }

    #[test]
    fn plane_counts() {
        assert_eq!(planes(2), 15);
        assert_eq!(planes(3), 20);
        assert_eq!(MAX_CARD_PLANES, 19);
    }
}

//! Two-sided poker as an environment ([`PokerEnv`]), over `twosided-poker`.

use twosided_poker::{Action, Card, Deck, Face, LegalActions, Match, Reveal, Rules, Seat, Side};

use crate::seed::{SplitMix64, derive, shuffle};
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step, check_id, check_len, check_seat};

/// The hand limit of the environment when the rules set none (a match without a limit has
/// no bound on its length).
pub const DEFAULT_MAX_HANDS: u32 = 100;

/// The most starting chips the environment takes (the action space grows with them).
pub const MAX_ENV_CHIPS: u32 = 1000;

/// The highest hand limit the environment takes: [`Env::determinize`] deals every deck order
/// the limit may need, one per 45 hands or so.
pub const MAX_ENV_HANDS: u32 = 10_000;

/// The length of [`PokerEnv`]'s observation vector.
pub const POKER_OBS_LEN: usize = 159;

/// Offsets of the observation's sections (see [`PokerEnv`]).
mod at {
    pub const OWN_FRONT: usize = 0;
    pub const OWN_BACK: usize = 10;
    pub const OPP_FRONT: usize = 20;
    pub const OWN_SIDE: usize = 30;
    pub const OPP_SIDE: usize = 34;
    pub const SCALARS: usize = 38;
    pub const KNOWN: usize = 48;
    pub const FRONT_ONLY: usize = 148;
    pub const ACTIONS: usize = 158;
}

/// Two-sided poker: a match of hands between seat 0 ([`Seat::One`]) and seat 1
/// ([`Seat::Two`]), under [`Rules`] (the 90-card deck by default, the 200-card grand-final
/// deck with [`Rules::grand_final`], [`twosided_poker::DeckKind`]).
///
/// - **Ids**, with `L = 2 * starting_chips` (the highest level any player can reach):
///
///   | id | action |
///   |---|---|
///   | 0 | fold |
///   | 1 | call |
///   | `2 + a` | bet front, level `a` (`0..=L`) |
///   | `2 + (L+1) + a` | bet back, level `a` |
///   | `2 + 2(L+1) + a` | bet both, level `a` |
///   | `2 + 3(L+1) + a` | raise to level `a` |
///
///   `num_actions = 2 + 4(L+1)`: 246 for 30 chips, 326 for the grand final's 40. A bet is a
///   player's first betting action of the hand (it declares the side; at level 0 only when a
///   player has no chips, rules 2.8); levels count chips per staked face (rules 2.5-2.7).
/// - **Observation** `[159]` `u8`, seen by `seat` (what [`Match::view`] gives the seat, read
///   through the match's accessors of public information and the seat's own card; counts
///   saturate at 255):
///
///   | index | content |
///   |---|---|
///   | 0..10 | own front, one-hot by value 1..10 |
///   | 10..20 | own back, one-hot |
///   | 20..30 | opponent's front, one-hot |
///   | 30..34 | own side: none, front, back, both (one-hot) |
///   | 34..38 | opponent's side, the same |
///   | 38 | own level; 39 opponent's level |
///   | 40 | own chips; 41 opponent's chips; 42 pot; 43 carry-over |
///   | 44 | 1 when the seat is to move; 45 1 when it acted first this hand |
///   | 46 | hands left before the limit; 47 cards left in the deck |
///   | 48..148 | cards of the current deck the seat knows were dealt: count at `10 (front-1) + (back-1)` (its own cards, and the opponent's whose back was shown) |
///   | 148..158 | the opponent's fronts dealt from the current deck whose back was not shown, count by value |
///   | 158 | betting actions so far this hand |
/// - **Rewards** in chips, when a hand ends: each seat's change in half the chip difference
///   `(own chips - opponent's chips) / 2` since the last hand ended, so that the match's
///   return is each seat's chips won (final minus starting). Zero-sum.
/// - **Seed:** the deck orders of the match are `Deck` orders of the rules' kind, the `k`-th
///   (from 0) shuffled by [`shuffle`] from `SplitMix64::new(derive(seed, k))` from the order
///   of [`twosided_poker::DeckKind::cards`]; enough of them for the hand limit. The match is
///   made with the first and each next one is added ([`Match::add_deck_order`]) when the
///   deck being dealt runs out, so a short match shuffles one deck only.
/// - **Bound:** the match ends at `rules.max_hands` (at most [`MAX_ENV_HANDS`]) or
///   [`DEFAULT_MAX_HANDS`]; each hand takes
///   at most `L + 2` decisions (every raise lifts the level).
/// - **Snapshots** (feature `serde`) are read back as the rules, the deck orders' source and
///   the actions, and replayed; [`EnvError::Snapshot`] when the rules are not the
///   environment's, the replay is refused or it does not give the snapshot's match.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "PokerSnapshot"))]
pub struct PokerEnv {
    /// The match, under the environment's rules (its hand limit set).
    game: Match,
    /// Where the match's deck orders came from, for [`Env::determinize`].
    decks: DeckSource,
    /// The deck orders given to the match so far: [`DeckSource::Seed`] gives the next one
    /// when the deck being dealt runs out.
    decks_given: u32,
    /// Every action played since the reset.
    history: Vec<Action>,
    /// Half the chip difference of seat 0 at the last hand's end.
    standing: f32,
    returns: Rewards,
    counts: Counts,
    /// The reveals the counts have taken in ([`Match::revealed`]'s length then): checked at
    /// every step here, beside the match, so that a step that reveals nothing reads neither
    /// seat's counts (in a batch they are cache lines fetched from afar).
    reveals_counted: usize,
    /// The legal actions now (`Match::legal`), computed once per decision: the mask and
    /// the legality checks read it.
    legal: LegalActions,
}

/// What a [`PokerEnv`] snapshot is rebuilt from: the match (for its rules, and to compare),
/// where its deck orders came from, and the actions.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct PokerSnapshot {
    game: Match,
    decks: DeckSource,
    history: Vec<Action>,
}

#[cfg(feature = "serde")]
impl TryFrom<PokerSnapshot> for PokerEnv {
    type Error = EnvError;

    /// The match of the snapshot's rules dealt from its deck source with the actions
    /// replayed, which must be the snapshot's match.
    fn try_from(snapshot: PokerSnapshot) -> Result<PokerEnv, EnvError> {
        let PokerSnapshot {
            game: wanted,
            decks,
            history,
        } = snapshot;
        let rules = *wanted.rules();
        let fresh = PokerEnv::new(rules).map_err(|e| EnvError::snapshot("game", e))?;
        if fresh.rules() != &rules {
            return Err(EnvError::snapshot("game", "has no hand limit"));
        }
        let (orders, given) = match &decks {
            DeckSource::Seed(seed) => (vec![deck_order(&rules, *seed, 0)], 1),
            DeckSource::Orders(orders) => (orders.clone(), orders.len()),
        };
        let given = u32::try_from(given).map_err(|e| EnvError::snapshot("decks", e))?;
        let game = Match::from_decks(rules, orders).map_err(|e| EnvError::snapshot("decks", e))?;
        let mut env = PokerEnv::with_match(game, decks, given);
        for (i, &action) in history.iter().enumerate() {
            let refused = |e: &dyn std::fmt::Display| {
                EnvError::snapshot("history", format!("action {i} ({action:?}): {e}"))
            };
            let id = env.encode(action).ok_or_else(|| refused(&"no id"))?;
            env.step(id).map_err(|e| refused(&e))?;
        }
        if env.game != wanted {
            return Err(EnvError::snapshot(
                "game",
                "is not the match its decks and actions give",
            ));
        }
        Ok(env)
    }
}

/// Where a [`PokerEnv`]'s deck orders came from. A reset keeps only its seed and
/// [`Env::determinize`] deals the orders again from it: the match holds them already, and a
/// second copy per environment cost memory (a batch's environments stop fitting the caches)
/// and a copy at every reset.
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
enum DeckSource {
    /// `deal_decks(rules, seed)`.
    Seed(u64),
    /// Explicit orders (a determinized environment's redeal).
    Orders(Vec<Deck>),
}

impl DeckSource {
    fn orders(&self, rules: &Rules) -> Vec<Deck> {
        match self {
            DeckSource::Seed(seed) => deal_decks(rules, *seed),
            DeckSource::Orders(decks) => decks.clone(),
        }
    }
}

/// The bytes of a seat's known cards in [`Counts`]: two cards to a byte.
const KNOWN_BYTES: usize = (at::FRONT_ONLY - at::KNOWN) / 2;

/// What each seat knows of the current deck, kept up to date at every step: the cards it
/// knows were dealt (the observation's entries `at::KNOWN..at::FRONT_ONLY`), and the
/// opponent's fronts whose back was not shown, by value (`at::FRONT_ONLY..at::ACTIONS`).
///
/// The known cards are kept two to a byte: a card's count in one deck is at most its
/// copies in the deck (4 in the grand final's), so a nibble holds it, and both seats' counts
/// take 124 bytes (two cache lines) instead of 224: in a batch, where each environment's
/// lines come from far caches at every step, that is lines less to fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Counts {
    /// The deck counted, from 1.
    deck: u32,
    /// Per seat (seat 0's first), the count of the card at [`known_at`] `k` in nibble
    /// `k % 2` (the low one first) of byte `k / 2`.
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    known: [u8; 2 * KNOWN_BYTES],
    /// Per seat, the opponent's fronts whose back was not shown, count by value.
    front_only: [[u8; 10]; 2],
}

impl Counts {
    fn new() -> Counts {
        Counts {
            deck: 1,
            known: [0; 2 * KNOWN_BYTES],
            front_only: [[0; 10]; 2],
        }
    }

    /// Counts one more of the card at [`known_at`] `k` for seat `index` (a count reaches
    /// at most 4, the copies of a card in a deck, so its nibble never carries).
    fn add_known(&mut self, index: usize, k: usize) {
        if let Some(byte) = self.known.get_mut(index * KNOWN_BYTES + k / 2) {
            *byte = byte.wrapping_add(1 << (4 * (k % 2)));
        }
    }

    /// Writes seat `index`'s counts as the observation's entries `at::KNOWN..at::ACTIONS`
    /// (`out` is those 110 entries).
    fn write(&self, index: usize, out: &mut [u8]) {
        let (known, front_only) = out.split_at_mut(2 * KNOWN_BYTES);
        let bytes = &self.known[index * KNOWN_BYTES..(index + 1) * KNOWN_BYTES];
        for (pair, &byte) in known.chunks_exact_mut(2).zip(bytes) {
            pair[0] = byte & 0x0f;
            pair[1] = byte >> 4;
        }
        front_only.copy_from_slice(&self.front_only[index]);
    }

    /// Takes in the reveals of `game` from the `from`-th on, in order: a front dealt shows
    /// its holder the whole card and the opponent the front; a back shown at a showdown
    /// turns the opponent's count of that front into a known card. A reveal from another
    /// deck than the counted one starts the counts again.
    fn take_in(&mut self, game: &Match, from: usize) {
        let reveals = game.revealed();
        for (i, r) in reveals.iter().enumerate().skip(from) {
            if r.deck != self.deck {
                *self = Counts {
                    deck: r.deck,
                    ..Counts::new()
                };
            }
            let (holder, other) = (r.seat.index(), r.seat.opponent().index());
            let value = usize::from(r.value) - 1;
            match r.face {
                Face::Front => {
                    if let Some(card) = dealt_card(game, r) {
                        self.add_known(holder, known_at(card.front(), card.back()));
                    }
                    bump(&mut self.front_only[other][value]);
                }
                Face::Back => {
                    let front = reveals[..i]
                        .iter()
                        .rev()
                        .find(|f| f.hand == r.hand && f.seat == r.seat && f.face == Face::Front);
                    if let Some(f) = front {
                        let count = &mut self.front_only[other][usize::from(f.value) - 1];
                        *count = count.saturating_sub(1);
                        self.add_known(other, known_at(f.value, r.value));
                    }
                }
            }
        }
    }
}

/// Where the card `front/back` is counted in a seat's counts.
fn known_at(front: u8, back: u8) -> usize {
    10 * usize::from(front - 1) + usize::from(back - 1)
}

fn bump(count: &mut u8) {
    *count = count.saturating_add(1);
}

/// The card whose front `reveal` shows, as its holder saw it dealt: the current hand's (a
/// front is counted in the step that deals it), else found in the holder's record.
fn dealt_card(game: &Match, reveal: &Reveal) -> Option<Card> {
    if reveal.hand == game.hand_number() {
        return Some(game.card(reveal.seat));
    }
    let view = game.view(reveal.seat);
    let dealt = view.my_cards().iter().rev();
    dealt
        .filter(|d| d.hand == reveal.hand && d.deck == reveal.deck)
        .map(|d| d.card)
        .next()
}

/// Sets every entry of `part` to 1, with a few overlapping 8- or 16-byte stores when it is
/// at most 32 long (a range of a mask row, most often), which costs less than the call of
/// `fill` (`memset`) for so few bytes.
fn fill_ones(part: &mut [u8]) {
    const ONES: [u8; 16] = [1; 16];
    let n = part.len();
    match n {
        16..=32 => {
            part[..16].copy_from_slice(&ONES);
            part[n - 16..].copy_from_slice(&ONES);
        }
        8..=15 => {
            part[..8].copy_from_slice(&ONES[..8]);
            part[n - 8..].copy_from_slice(&ONES[..8]);
        }
        _ => part.fill(1),
    }
}

fn seat_of(index: usize) -> Seat {
    if index == 0 { Seat::One } else { Seat::Two }
}

fn side_slot(side: Option<Side>) -> usize {
    match side {
        None => 0,
        Some(Side::Front) => 1,
        Some(Side::Back) => 2,
        Some(Side::Both) => 3,
    }
}

fn sat(v: impl TryInto<u8>) -> u8 {
    v.try_into().unwrap_or(u8::MAX)
}

impl PokerEnv {
    /// A match under `rules` (its hand limit is `rules.max_hands`, or [`DEFAULT_MAX_HANDS`]).
    ///
    /// # Errors
    /// [`EnvError::Config`] when the rules are not playable, give more than
    /// [`MAX_ENV_CHIPS`] starting chips or a hand limit above [`MAX_ENV_HANDS`].
    pub fn new(rules: Rules) -> Result<PokerEnv, EnvError> {
        let config = |reason: String| EnvError::Config { reason };
        rules.validate().map_err(|e| config(e.to_string()))?;
        if rules.starting_chips > MAX_ENV_CHIPS {
            return Err(config(format!(
                "{} starting chips: the environment takes at most {MAX_ENV_CHIPS}",
                rules.starting_chips
            )));
        }
        if let Some(limit) = rules.max_hands.filter(|&l| l > MAX_ENV_HANDS) {
            return Err(config(format!(
                "a limit of {limit} hands: the environment takes at most {MAX_ENV_HANDS}"
            )));
        }
        let rules = Rules {
            max_hands: Some(rules.max_hands.unwrap_or(DEFAULT_MAX_HANDS)),
            ..rules
        };
        let game = Match::from_decks(rules, vec![deck_order(&rules, 0, 0)])
            .map_err(|e| config(e.to_string()))?;
        Ok(PokerEnv::with_match(game, DeckSource::Seed(0), 1))
    }

    /// An environment at the start of `game`, dealt from `decks` of which the match holds
    /// the first `decks_given`.
    fn with_match(game: Match, decks: DeckSource, decks_given: u32) -> PokerEnv {
        let mut env = PokerEnv {
            legal: LegalActions::default(),
            game,
            decks,
            decks_given,
            history: Vec::new(),
            standing: 0.0,
            returns: [0.0; MAX_PLAYERS],
            counts: Counts::new(),
            reveals_counted: 0,
        };
        env.begin();
        env
    }

    /// Starts the episode of the match just made or restarted: nothing played or counted
    /// yet, then the first deal counted.
    fn begin(&mut self) {
        self.legal = self.game.legal();
        self.history.clear();
        self.standing = 0.0;
        self.returns = [0.0; MAX_PLAYERS];
        self.counts = Counts::new();
        self.reveals_counted = 0;
        self.update_counts();
    }

    /// The match being played.
    #[must_use]
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The rules, with the hand limit the environment plays to.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.game.rules()
    }

    fn top_level(&self) -> u32 {
        2 * self.game.rules().starting_chips
    }

    fn decode(&self, id: u32) -> Action {
        let span = self.top_level() + 1;
        match id {
            0 => Action::Fold,
            1 => Action::Call,
            _ => {
                let (group, amount) = ((id - 2) / span, (id - 2) % span);
                match Side::ALL.get(group as usize) {
                    Some(&side) => Action::Bet { side, amount },
                    None => Action::Raise(amount),
                }
            }
        }
    }

    fn encode(&self, action: Action) -> Option<u32> {
        let span = self.top_level() + 1;
        let within = |a: u32| (a < span).then_some(a);
        match action {
            Action::Fold => Some(0),
            Action::Call => Some(1),
            Action::Bet { side, amount } => {
                let group = Side::ALL.iter().position(|&s| s == side)? as u32;
                within(amount).map(|a| 2 + group * span + a)
            }
            Action::Raise(amount) => within(amount).map(|a| 2 + 3 * span + a),
        }
    }

    /// Brings both seats' counts up to date. Cards are dealt and shown together with new
    /// reveals: with none, nothing is new.
    fn update_counts(&mut self) {
        let reveals = self.game.revealed().len();
        if reveals == self.reveals_counted {
            return;
        }
        self.counts.take_in(&self.game, self.reveals_counted);
        self.reveals_counted = reveals;
    }

    /// Gives the match its next deck order from the seed once the deck being dealt runs out
    /// (the next hand takes a fresh deck), if the hand limit can reach it.
    fn give_next_deck(&mut self) {
        if self.game.cards_left() >= 2 || self.decks_given != self.game.deck_number() {
            return;
        }
        if let DeckSource::Seed(seed) = self.decks
            && self.decks_given < deck_count(self.game.rules())
        {
            let deck = deck_order(self.game.rules(), seed, u64::from(self.decks_given));
            if self.game.add_deck_order(deck).is_ok() {
                self.decks_given += 1;
            }
        }
    }

    /// Half the chip difference, seat 0's way.
    fn standing_now(&self) -> f32 {
        (self.game.chips(Seat::One) as f32 - self.game.chips(Seat::Two) as f32) / 2.0
    }
}

/// The number of deck orders a match needs to reach the hand limit (a deck deals two cards
/// a hand, and the next deck is started when fewer than two are left).
fn deck_count(rules: &Rules) -> u32 {
    let hands_per_deck = (rules.deck.size() / 2) as u32;
    rules
        .max_hands
        .unwrap_or(DEFAULT_MAX_HANDS)
        .div_ceil(hands_per_deck)
        .max(1)
}

/// The `k`-th deck order (from 0) of a match from `seed`: [`shuffle`] of the full deck from
/// `SplitMix64::new(derive(seed, k))`, done on the deck itself.
fn deck_order(rules: &Rules, seed: u64, k: u64) -> Deck {
    let mut deck = Deck::new(rules.deck);
    let mut rng = SplitMix64::new(derive(seed, k));
    deck.shuffle_with(|n| rng.below(n as u64) as usize);
    deck
}

/// Every deck order of a match from `seed` ([`deck_order`] for each of [`deck_count`]).
fn deal_decks(rules: &Rules, seed: u64) -> Vec<Deck> {
    (0..u64::from(deck_count(rules)))
        .map(|k| deck_order(rules, seed, k))
        .collect()
}

impl Env for PokerEnv {
    type Action = Action;

    fn num_players(&self) -> usize {
        2
    }

    fn num_actions(&self) -> usize {
        2 + 4 * (self.top_level() as usize + 1)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![POKER_OBS_LEN]
    }

    fn observation_len(&self) -> usize {
        POKER_OBS_LEN
    }

    fn reset(&mut self, seed: u64) {
        let first = deck_order(self.game.rules(), seed, 0);
        if self.game.restart(vec![first]).is_ok() {
            self.decks = DeckSource::Seed(seed);
            self.decks_given = 1;
            self.begin();
        }
    }

    fn to_move(&self) -> Option<usize> {
        self.game.to_move().map(Seat::index)
    }

    fn write_action_mask(&self, out: &mut [u8]) -> Result<(), EnvError> {
        check_len("action_mask", self.num_actions(), out.len())?;
        out.fill(0);
        let legal = self.legal;
        let span = self.top_level() as usize + 1;
        out[0] = u8::from(legal.can_fold());
        out[1] = u8::from(legal.can_call());
        let ranges = [
            legal.bet_range(Side::Front),
            legal.bet_range(Side::Back),
            legal.bet_range(Side::Both),
            legal.raise_range(),
        ];
        for (group, range) in ranges.into_iter().enumerate() {
            if let Some(range) = range {
                let start = 2 + group * span;
                let (lo, hi) = (
                    *range.start() as usize,
                    (*range.end() as usize).min(span - 1),
                );
                if lo <= hi {
                    fill_ones(&mut out[start + lo..=start + hi]);
                }
            }
        }
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, 2)?;
        check_len("observation", POKER_OBS_LEN, out.len())?;
        let game = &self.game;
        let (me, them) = (seat_of(seat), seat_of(1 - seat));
        let head = &mut out[..at::KNOWN];
        head[..at::SCALARS].fill(0);
        let card = game.card(me);
        head[at::OWN_FRONT + usize::from(card.front()) - 1] = 1;
        head[at::OWN_BACK + usize::from(card.back()) - 1] = 1;
        // The opponent's front is public; its back is not read.
        head[at::OPP_FRONT + usize::from(game.card(them).front()) - 1] = 1;
        head[at::OWN_SIDE + side_slot(game.side(me))] = 1;
        head[at::OPP_SIDE + side_slot(game.side(them))] = 1;
        let hands_left = game
            .rules()
            .max_hands
            .unwrap_or(DEFAULT_MAX_HANDS)
            .saturating_sub(game.hand_number());
        let scalars = [
            sat(game.level(me)),
            sat(game.level(them)),
            sat(game.chips(me)),
            sat(game.chips(them)),
            sat(game.pot()),
            sat(game.carry_over()),
            u8::from(game.to_move() == Some(me)),
            u8::from(game.first() == me),
            sat(hands_left),
            sat(game.cards_left()),
        ];
        head[at::SCALARS..].copy_from_slice(&scalars);
        self.counts.write(seat, &mut out[at::KNOWN..at::ACTIONS]);
        out[at::ACTIONS] = sat(game.actions().len());
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        let action = self.action_of(id)?;
        let hand = self.game.hand_number();
        // The environment reads the match, not its events.
        self.game
            .apply_quiet(action)
            .map_err(|_| EnvError::IllegalAction { id })?;
        self.history.push(action);
        self.legal = self.game.legal();
        self.update_counts();
        self.give_next_deck();
        let mut rewards = [0.0; MAX_PLAYERS];
        if self.game.is_over() || self.game.hand_number() != hand {
            let now = self.standing_now();
            rewards[0] = now - self.standing;
            rewards[1] = -rewards[0];
            self.standing = now;
            self.returns[0] += rewards[0];
            self.returns[1] += rewards[1];
        }
        Ok(Step {
            rewards,
            terminated: self.game.is_over(),
            to_move: self.to_move(),
        })
    }

    fn returns(&self) -> Option<Rewards> {
        self.game.is_over().then_some(self.returns)
    }

    fn max_episode_decisions(&self) -> usize {
        let hands = self.game.rules().max_hands.unwrap_or(DEFAULT_MAX_HANDS) as usize;
        hands * (self.top_level() as usize + 2)
    }

    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        self.action_of(id).map(|_| ())
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Action, EnvError> {
        // Any id decodes (one past the range to some raise, refused below): decoded once.
        let action = self.decode(id);
        check_id(id, self.num_actions(), self.game.is_over(), |_| {
            self.legal.contains(action)
        })?;
        Ok(action)
    }

    fn id_of(&self, action: &Action) -> Result<u32, EnvError> {
        if self.game.is_over() {
            return Err(EnvError::GameOver);
        }
        let id = self.encode(*action).ok_or_else(|| EnvError::NoId {
            action: action.to_string(),
        })?;
        if self.legal.contains(*action) {
            Ok(id)
        } else {
            Err(EnvError::NotLegal {
                action: action.to_string(),
            })
        }
    }

    fn determinize(&self, seat: usize, seed: u64) -> Option<PokerEnv> {
        check_seat(seat, 2).ok()?;
        let decks = redeal_unseen(
            &self.game,
            &self.decks.orders(self.game.rules()),
            seat_of(seat),
            seed,
        )?;
        let game = Match::from_decks(*self.game.rules(), decks.clone()).ok()?;
        let given = u32::try_from(decks.len()).ok()?;
        let mut other = PokerEnv::with_match(game, DeckSource::Orders(decks), given);
        other.history.reserve(self.history.len());
        for &action in &self.history {
            let id = other.encode(action)?;
            other.step(id).ok()?;
        }
        Some(other)
    }
}

/// The deck orders with every card `seat` has not seen redealt from `seed`: in the current
/// deck, the opponent's cards whose back was not shown get another card of the same front,
/// and the cards not dealt yet are shuffled; the later decks are shuffled anew.
fn redeal_unseen(game: &Match, decks: &[Deck], seat: Seat, seed: u64) -> Option<Vec<Deck>> {
    let view = game.view(seat);
    let current = view.deck();
    let index = (current as usize).checked_sub(1)? % decks.len().max(1);
    let mut cards = decks.get(index)?.cards().to_vec();
    let reveals = view.revealed();
    let fronts: Vec<_> = reveals
        .iter()
        .filter(|r| r.deck == current && r.face == Face::Front)
        .collect();
    // The j-th hand of the deck took cards 2j (seat one) and 2j + 1 (seat two).
    let dealt = fronts.len();
    let opponent = seat.opponent();
    let hidden: Vec<usize> = fronts
        .iter()
        .enumerate()
        .filter(|(_, f)| f.seat == opponent)
        .filter(|(_, f)| {
            !reveals.iter().any(|b| {
                b.deck == current && b.hand == f.hand && b.seat == opponent && b.face == Face::Back
            })
        })
        .map(|(position, _)| position)
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut pool: Vec<usize> = hidden.iter().copied().chain(dealt..cards.len()).collect();
    let original = cards.clone();
    // Each hidden card takes a random pooled card of the same front.
    for &slot in &hidden {
        let front = original[slot].front();
        let candidates: Vec<usize> = (0..pool.len())
            .filter(|&k| original[pool[k]].front() == front)
            .collect();
        let pick = *candidates.get(rng.below(candidates.len() as u64) as usize)?;
        cards[slot] = original[pool.swap_remove(pick)];
    }
    let mut rest: Vec<Card> = pool.iter().map(|&p| original[p]).collect();
    shuffle(&mut rest, &mut rng);
    for (slot, card) in (dealt..cards.len()).zip(rest) {
        cards[slot] = card;
    }
    let mut out = decks.to_vec();
    out[index] = Deck::from_cards(game.rules().deck, cards).ok()?;
    for (k, deck) in out.iter_mut().enumerate().skip(index + 1) {
        let mut later = deck.cards().to_vec();
        shuffle(&mut later, &mut SplitMix64::new(derive(seed, k as u64)));
        *deck = Deck::from_cards(deck.kind(), later).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_decodes_to_an_action_that_encodes_back() {
        for rules in [Rules::default(), Rules::grand_final()] {
            let env = PokerEnv::new(rules).unwrap();
            let n = env.num_actions() as u32;
            assert_eq!(n, 2 + 4 * (2 * rules.starting_chips + 1));
            for id in 0..n {
                assert_eq!(env.encode(env.decode(id)), Some(id), "id {id}");
            }
            assert_eq!(
                env.decode(2 + 5),
                Action::Bet {
                    side: Side::Front,
                    amount: 5
                }
            );
            let span = 2 * rules.starting_chips + 1;
            assert_eq!(
                env.decode(2 + 2 * span + 3),
                Action::Bet {
                    side: Side::Both,
                    amount: 3
                }
            );
            assert_eq!(env.decode(n - 1), Action::Raise(span - 1));
            assert_eq!(env.encode(Action::Raise(span)), None);
        }
    }

    /// A hand limit past [`MAX_ENV_HANDS`] is refused (its determinization dealt every
    /// deck the limit may need: 2^31 hands ran out of memory); one at the limit
    /// determinizes.
    #[test]
    fn a_hand_limit_past_the_most_is_refused() {
        let at = |max_hands| Rules {
            max_hands: Some(max_hands),
            ..Rules::default()
        };
        for limit in [MAX_ENV_HANDS + 1, 1 << 31] {
            assert!(matches!(
                PokerEnv::new(at(limit)),
                Err(EnvError::Config { .. })
            ));
        }
        let env = PokerEnv::new(at(MAX_ENV_HANDS)).unwrap();
        assert!(env.determinize(0, 1).is_some());
    }

    /// A determinized environment determinizes again: it redeals from the orders its match
    /// was made of (not from the seed of the last reset, which dealt other orders), so the
    /// seat's observation is the same in all three.
    #[test]
    fn a_determinized_environment_determinizes_again() {
        let mut env = PokerEnv::new(Rules::default()).unwrap();
        env.reset(5);
        let mut mask = vec![0u8; env.num_actions()];
        for _ in 0..12 {
            env.write_action_mask(&mut mask).unwrap();
            let id = mask.iter().rposition(|&m| m == 1).unwrap() as u32;
            env.step(id).unwrap();
        }
        let observe = |e: &PokerEnv| {
            let mut obs = [0u8; POKER_OBS_LEN];
            e.write_observation(0, &mut obs).unwrap();
            obs
        };
        let once = env.determinize(0, 8).unwrap();
        let twice = once.determinize(0, 9).unwrap();
        assert_eq!(observe(&once), observe(&env));
        assert_eq!(observe(&twice), observe(&env));
        assert_eq!(twice.game().card(Seat::One), env.game().card(Seat::One));
    }

    /// What `seat` knows of the current deck, counted from scratch from its view (every
    /// face shown and every card it was dealt), laid out as [`Counts::write`] writes it.
    fn counted_from_scratch(game: &Match, seat: Seat) -> Vec<u8> {
        let view = game.view(seat);
        let mut known = [[0u8; 10]; 10];
        let mut front_only = [0u8; 10];
        let reveals = view.revealed();
        let current = |deck: u32| deck == view.deck();
        for (i, r) in reveals.iter().enumerate() {
            if !current(r.deck) || r.seat == seat {
                continue;
            }
            let v = usize::from(r.value) - 1;
            match r.face {
                Face::Front => front_only[v] += 1,
                Face::Back => {
                    let front = reveals[..i]
                        .iter()
                        .rev()
                        .find(|f| f.hand == r.hand && f.seat == r.seat && f.face == Face::Front)
                        .unwrap();
                    let fv = usize::from(front.value) - 1;
                    front_only[fv] -= 1;
                    known[fv][v] += 1;
                }
            }
        }
        for d in view.my_cards().iter().filter(|d| current(d.deck)) {
            known[usize::from(d.card.front() - 1)][usize::from(d.card.back() - 1)] += 1;
        }
        known.iter().flatten().chain(&front_only).copied().collect()
    }

    /// The counts kept step by step (only when reveals come) equal the counts taken from
    /// scratch over every reveal, at every decision of random matches of both decks, some
    /// long enough to reshuffle (the hand limit's matches folded to the end).
    #[test]
    fn kept_counts_equal_counts_taken_from_scratch() {
        let mut rng = SplitMix64::new(3);
        for rules in [Rules::default(), Rules::grand_final()] {
            let mut env = PokerEnv::new(rules).unwrap();
            let mut mask = vec![0u8; env.num_actions()];
            for seed in 0..6 {
                env.reset(seed);
                while !env.game().is_over() {
                    for seat in Seat::BOTH {
                        let fresh = counted_from_scratch(env.game(), seat);
                        let mut kept = [0u8; at::ACTIONS - at::KNOWN];
                        env.counts.write(seat.index(), &mut kept);
                        assert_eq!(&kept[..], &fresh[..], "{seat}, match {seed}");
                    }
                    env.write_action_mask(&mut mask).unwrap();
                    let legal: Vec<u32> = (0..mask.len() as u32)
                        .filter(|&id| mask[id as usize] == 1)
                        .collect();
                    let id = if seed % 2 == 0 {
                        legal[0]
                    } else {
                        legal[rng.below(legal.len() as u64) as usize]
                    };
                    env.step(id).unwrap();
                }
            }
        }
    }

    /// The deck orders given to the match one by one as it needs them deal the same match
    /// as the whole list of [`deal_decks`] given at the start: every view of both seats is
    /// the same at every decision of matches folded to the hand limit (three decks).
    #[test]
    fn decks_given_one_by_one_deal_the_whole_list() {
        for rules in [Rules::default(), Rules::grand_final()] {
            let mut env = PokerEnv::new(Rules {
                max_hands: Some(140),
                ..rules
            })
            .unwrap();
            env.reset(17);
            let mut whole = Match::from_decks(*env.rules(), deal_decks(env.rules(), 17)).unwrap();
            while !whole.is_over() {
                for seat in Seat::BOTH {
                    assert_eq!(env.game().view(seat), whole.view(seat));
                }
                env.step(0).unwrap();
                whole.apply(Action::Fold).unwrap();
            }
            assert_eq!(env.game().outcome(), whole.outcome());
            assert_eq!(env.game().hands_played(), 140);
            assert_eq!(env.game().deck_number(), whole.deck_number());
            assert_eq!(env.decks_given, deck_count(env.rules()));
        }
    }

    /// Folding the first hand costs the ante: -1 / +1, paid when the hand ends.
    #[test]
    fn a_fold_pays_the_ante_when_the_hand_ends() {
        let mut env = PokerEnv::new(Rules::default()).unwrap();
        env.reset(3);
        assert_eq!(env.to_move(), Some(0));
        let step = env.step(0).unwrap();
        assert_eq!(
            step,
            Step {
                rewards: [-1.0, 1.0, 0.0, 0.0],
                terminated: false,
                to_move: Some(1)
            }
        );
        assert_eq!(
            (env.game().chips(Seat::One), env.game().chips(Seat::Two)),
            (28, 30)
        );
    }

    /// A bet and a call go to the showdown: both backs are shown, so each seat then knows
    /// the other's card, and the winner gets the level it won.
    #[test]
    fn a_showdown_shows_the_backs_to_both_seats() {
        let mut env = PokerEnv::new(Rules::default()).unwrap();
        env.reset(11);
        let (one, two) = (env.game().card(Seat::One), env.game().card(Seat::Two));
        let bet_back_2 = 2 + 61 + 2;
        env.step(bet_back_2).unwrap();
        let step = env.step(bet_back_2).unwrap(); // the same level: a call
        let expected = match one.back().cmp(&two.back()) {
            std::cmp::Ordering::Greater => 3.0,
            std::cmp::Ordering::Less => -3.0,
            std::cmp::Ordering::Equal => 0.0,
        };
        assert_eq!(step.rewards[0], expected, "{one} against {two}");
        let mut obs = [0u8; POKER_OBS_LEN];
        env.write_observation(0, &mut obs).unwrap();
        let at_card =
            |c: Card| at::KNOWN + 10 * usize::from(c.front() - 1) + usize::from(c.back() - 1);
        assert!(
            obs[at_card(two)] >= 1,
            "seat 0 saw seat 1's card at the showdown"
        );
        assert!(obs[at_card(one)] >= 1, "and knows its own");
        assert_eq!(
            obs[at::FRONT_ONLY..at::ACTIONS].iter().sum::<u8>(),
            1,
            "only the new hand's front"
        );
    }
}

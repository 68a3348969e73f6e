//! Two-sided poker as an environment ([`PokerEnv`]), over `twosided-poker`.

use twosided_poker::{Action, Card, Deck, Event, Face, LegalActions, Match, Rules, Seat, Side};

use crate::seed::{SplitMix64, derive, shuffle};
use crate::{Env, EnvError, MAX_PLAYERS, Rewards, Step, check_id, check_len, check_seat};

/// The hand limit of the environment when the rules set none (a match without a limit has
/// no bound on its length).
pub const DEFAULT_MAX_HANDS: u32 = 100;

/// The most starting chips the environment takes (the action space grows with them).
pub const MAX_ENV_CHIPS: u32 = 1000;

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
/// - **Observation** `[159]` `u8`, seen by `seat` (built from [`Match::view`]; counts saturate
///   at 255):
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
///   of [`twosided_poker::DeckKind::cards`]; enough of them for the hand limit.
/// - **Bound:** the match ends at `rules.max_hands` or [`DEFAULT_MAX_HANDS`]; each hand takes
///   at most `L + 2` decisions (every raise lifts the level).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PokerEnv {
    rules: Rules,
    game: Match,
    /// Where the match's deck orders came from, for [`Env::determinize`].
    decks: DeckSource,
    /// Every action played since the reset.
    history: Vec<Action>,
    /// Half the chip difference of seat 0 at the last hand's end.
    standing: f32,
    returns: Rewards,
    counts: [Counting; 2],
    /// The reveals the counts have taken in ([`Match::revealed`]'s length then): checked at
    /// every step here, beside the match, so that a step that reveals nothing reads neither
    /// seat's counts (in a batch they are cache lines fetched from afar).
    reveals_counted: usize,
    /// The legal actions now (`Match::legal`), computed once per decision: the mask and
    /// the legality checks read it.
    legal: LegalActions,
    #[cfg_attr(feature = "serde", serde(skip))]
    events: Vec<Event>,
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

/// What one seat knows of the current deck, kept up to date at every step.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Counting {
    deck: u32,
    /// Own cards already counted.
    dealt_seen: usize,
    known: [[u8; 10]; 10],
    front_only: [u8; 10],
}

impl Counting {
    fn new() -> Counting {
        Counting {
            deck: 1,
            dealt_seen: 0,
            known: [[0; 10]; 10],
            front_only: [0; 10],
        }
    }

    fn enter_deck(&mut self, deck: u32) {
        if deck != self.deck {
            self.deck = deck;
            self.known = [[0; 10]; 10];
            self.front_only = [0; 10];
        }
    }

    /// Counts what `seat` learnt from the reveals from the `from`-th on and the cards dealt
    /// to it since the last call.
    fn update(&mut self, game: &Match, seat: Seat, from: usize) {
        let view = game.view(seat);
        let reveals = view.revealed();
        for (i, r) in reveals.iter().enumerate().skip(from) {
            self.enter_deck(r.deck);
            if r.seat == seat {
                continue;
            }
            let v = usize::from(r.value) - 1;
            match r.face {
                Face::Front => self.front_only[v] = self.front_only[v].saturating_add(1),
                Face::Back => {
                    let front = reveals[..i]
                        .iter()
                        .rev()
                        .find(|f| f.hand == r.hand && f.seat == r.seat && f.face == Face::Front);
                    if let Some(f) = front {
                        let fv = usize::from(f.value) - 1;
                        self.front_only[fv] = self.front_only[fv].saturating_sub(1);
                        self.known[fv][v] = self.known[fv][v].saturating_add(1);
                    }
                }
            }
        }
        let dealt = view.my_cards();
        for d in dealt.iter().skip(self.dealt_seen) {
            self.enter_deck(d.deck);
            let (f, b) = (
                usize::from(d.card.front() - 1),
                usize::from(d.card.back() - 1),
            );
            self.known[f][b] = self.known[f][b].saturating_add(1);
        }
        self.dealt_seen = dealt.len();
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
    /// [`EnvError::Config`] when the rules are not playable or give more than
    /// [`MAX_ENV_CHIPS`] starting chips.
    pub fn new(rules: Rules) -> Result<PokerEnv, EnvError> {
        let config = |reason: String| EnvError::Config { reason };
        rules.validate().map_err(|e| config(e.to_string()))?;
        if rules.starting_chips > MAX_ENV_CHIPS {
            return Err(config(format!(
                "{} starting chips: the environment takes at most {MAX_ENV_CHIPS}",
                rules.starting_chips
            )));
        }
        let rules = Rules {
            max_hands: Some(rules.max_hands.unwrap_or(DEFAULT_MAX_HANDS)),
            ..rules
        };
        let game =
            Match::from_decks(rules, deal_decks(&rules, 0)).map_err(|e| config(e.to_string()))?;
        let mut env = PokerEnv {
            rules,
            legal: game.legal(),
            game,
            decks: DeckSource::Seed(0),
            history: Vec::new(),
            standing: 0.0,
            returns: [0.0; MAX_PLAYERS],
            counts: [Counting::new(), Counting::new()],
            reveals_counted: 0,
            events: Vec::with_capacity(8),
        };
        env.update_counts();
        Ok(env)
    }

    /// The match being played.
    #[must_use]
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The rules, with the hand limit the environment plays to.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn top_level(&self) -> u32 {
        2 * self.rules.starting_chips
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
        for (i, counting) in self.counts.iter_mut().enumerate() {
            counting.update(&self.game, seat_of(i), self.reveals_counted);
        }
        self.reveals_counted = reveals;
    }

    /// Half the chip difference, seat 0's way.
    fn standing_now(&self) -> f32 {
        (self.game.chips(Seat::One) as f32 - self.game.chips(Seat::Two) as f32) / 2.0
    }
}

/// The deck orders of a match from `seed`: enough for the hand limit (a deck deals two cards
/// a hand, and the next deck is started when fewer than two are left).
fn deal_decks(rules: &Rules, seed: u64) -> Vec<Deck> {
    let hands_per_deck = (rules.deck.size() / 2) as u32;
    let count = rules
        .max_hands
        .unwrap_or(DEFAULT_MAX_HANDS)
        .div_ceil(hands_per_deck)
        .max(1);
    (0..u64::from(count))
        .filter_map(|k| {
            let mut cards = rules.deck.cards().to_vec();
            shuffle(&mut cards, &mut SplitMix64::new(derive(seed, k)));
            Deck::from_cards(rules.deck, cards).ok()
        })
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
        if let Ok(game) = Match::from_decks(self.rules, deal_decks(&self.rules, seed)) {
            self.legal = game.legal();
            self.game = game;
            self.decks = DeckSource::Seed(seed);
            self.history.clear();
            self.standing = 0.0;
            self.returns = [0.0; MAX_PLAYERS];
            self.counts = [Counting::new(), Counting::new()];
            self.reveals_counted = 0;
            self.update_counts();
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
        let mut fill = |start: usize, range: Option<std::ops::RangeInclusive<u32>>| {
            if let Some(r) = range {
                let (lo, hi) = (*r.start() as usize, (*r.end() as usize).min(span - 1));
                if lo <= hi {
                    out[start + lo..=start + hi].fill(1);
                }
            }
        };
        for (g, side) in Side::ALL.into_iter().enumerate() {
            fill(2 + g * span, legal.bet_range(side));
        }
        fill(2 + 3 * span, legal.raise_range());
        Ok(())
    }

    fn write_observation(&self, seat: usize, out: &mut [u8]) -> Result<(), EnvError> {
        check_seat(seat, 2)?;
        check_len("observation", POKER_OBS_LEN, out.len())?;
        out.fill(0);
        let view = self.game.view(seat_of(seat));
        let (me, them) = (seat, 1 - seat);
        let card = view.card();
        out[at::OWN_FRONT + usize::from(card.front()) - 1] = 1;
        out[at::OWN_BACK + usize::from(card.back()) - 1] = 1;
        out[at::OPP_FRONT + usize::from(view.opponent_front()) - 1] = 1;
        let sides = view.sides();
        out[at::OWN_SIDE + side_slot(sides[me])] = 1;
        out[at::OPP_SIDE + side_slot(sides[them])] = 1;
        let (levels, chips) = (view.levels(), view.chips());
        let hands_left = self
            .rules
            .max_hands
            .unwrap_or(DEFAULT_MAX_HANDS)
            .saturating_sub(view.hand());
        let scalars = [
            sat(levels[me]),
            sat(levels[them]),
            sat(chips[me]),
            sat(chips[them]),
            sat(view.pot()),
            sat(view.carry_over()),
            u8::from(view.to_move() == Some(seat_of(seat))),
            u8::from(view.first() == seat_of(seat)),
            sat(hands_left),
            sat(view.cards_left()),
        ];
        out[at::SCALARS..at::KNOWN].copy_from_slice(&scalars);
        let counting = &self.counts[seat];
        for (row, known) in out[at::KNOWN..at::FRONT_ONLY]
            .chunks_exact_mut(10)
            .zip(&counting.known)
        {
            row.copy_from_slice(known);
        }
        out[at::FRONT_ONLY..at::ACTIONS].copy_from_slice(&counting.front_only);
        out[at::ACTIONS] = sat(view.actions().len());
        Ok(())
    }

    fn step(&mut self, id: u32) -> Result<Step, EnvError> {
        let action = self.action_of(id)?;
        let hand = self.game.hand_number();
        self.events.clear();
        self.game
            .apply_into(action, &mut self.events)
            .map_err(|_| EnvError::IllegalAction { id })?;
        // The events are scratch: the environment reads the state, not them.
        self.events.clear();
        self.history.push(action);
        self.legal = self.game.legal();
        self.update_counts();
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
        let hands = self.rules.max_hands.unwrap_or(DEFAULT_MAX_HANDS) as usize;
        hands * (self.top_level() as usize + 2)
    }

    fn check_legal(&self, id: u32) -> Result<(), EnvError> {
        check_id(id, self.num_actions(), self.game.is_over(), |id| {
            self.legal.contains(self.decode(id))
        })
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.game.legal_actions()
    }

    fn action_of(&self, id: u32) -> Result<Action, EnvError> {
        self.check_legal(id)?;
        Ok(self.decode(id))
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
            &self.decks.orders(&self.rules),
            seat_of(seat),
            seed,
        )?;
        let game = Match::from_decks(self.rules, decks.clone()).ok()?;
        let mut other = PokerEnv {
            legal: game.legal(),
            game,
            decks: DeckSource::Orders(decks),
            history: Vec::with_capacity(self.history.len()),
            standing: 0.0,
            returns: [0.0; MAX_PLAYERS],
            counts: [Counting::new(), Counting::new()],
            reveals_counted: 0,
            events: Vec::new(),
            rules: self.rules,
        };
        other.update_counts();
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

    /// The counts kept step by step (only when reveals come) equal the counts taken from
    /// scratch over every reveal, at every decision of random matches.
    #[test]
    fn kept_counts_equal_counts_taken_from_scratch() {
        let mut env = PokerEnv::new(Rules::default()).unwrap();
        let mut rng = SplitMix64::new(3);
        let mut mask = vec![0u8; env.num_actions()];
        for seed in 0..4 {
            env.reset(seed);
            while !env.game().is_over() {
                for (i, kept) in env.counts.iter().enumerate() {
                    let mut fresh = Counting::new();
                    fresh.update(env.game(), seat_of(i), 0);
                    assert_eq!(*kept, fresh, "seat {i}, match {seed}");
                }
                env.write_action_mask(&mut mask).unwrap();
                let legal: Vec<u32> = (0..mask.len() as u32)
                    .filter(|&id| mask[id as usize] == 1)
                    .collect();
                env.step(legal[rng.below(legal.len() as u64) as usize])
                    .unwrap();
            }
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

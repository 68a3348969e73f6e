//! Resolving a turn: the played card, the flip, every capture case, stealing, go and stop
//! (rules sections 3, 5, 10 and 11).

use crate::card::{Card, GukjinUse};
use crate::card_set::CardSet;
use crate::event::{Event, EventSink, InstantReason, Outcome};
use crate::game::{Phase, Table, Turn, at, turn_order};
use crate::rules::{GukjinChoice, PiSteal};
use crate::score::Score;
use crate::seat::SeatIndex;

/// The month bit of `month` (1 to 12) in a pile mask; 0 for another number.
fn month_bit(month: u8) -> u16 {
    match month {
        1..=12 => 1 << (month - 1),
        _ => 0,
    }
}

impl<S: SeatIndex, const N: usize> Table<S, N> {
    /// Notes the piles when a turn begins.
    fn begin(&mut self) {
        if !self.turn.begun {
            self.turn.begun = true;
            self.turn.piles_before = self.captured;
            self.turn.gukjin_before = self.gukjin;
            self.turn.scores_before = self.base_scores;
        }
    }

    /// Starts a turn proper (not a bonus card from the hand).
    fn start_turn(&mut self, player: S) {
        self.begin();
        let turns = &mut self.tallies[player.index()].turns;
        *turns = turns.saturating_add(1);
    }

    /// The number of the turn under way (or just ended), counting every player's from 1.
    fn turn_number(&self) -> u8 {
        (self.tallies.iter()).fold(0, |sum, tally| sum.saturating_add(tally.turns))
    }

    /// The other seats, in turn order from the one after `player`.
    pub(crate) fn opponents(player: S) -> impl Iterator<Item = S> {
        turn_order(player, N).skip(1)
    }

    /// A chongtong declared under the play-on rule: the game ends before any turn of the
    /// player (no turn ends).
    pub(crate) fn declare_chongtong(&mut self, player: S, events: &mut impl EventSink<S>) {
        let Some(month) = self.hands[player.index()].months_with(4).next() else {
            return;
        };
        events.push(Event::Chongtong {
            player,
            month,
            on_floor: false,
        });
        self.outcome = Some(Outcome::Chongtong {
            winner: player,
            month,
            on_floor: false,
        });
        self.phase = Phase::Over;
    }

    pub(crate) fn play(
        &mut self,
        player: S,
        card: Card,
        shake: bool,
        events: &mut impl EventSink<S>,
    ) {
        let i = player.index();
        self.hands[i].remove(card);
        if card.is_bonus() {
            events.push(Event::BonusPlayed { player, card });
            self.play_bonus(player, card, events);
            return;
        }
        events.push(Event::Played { player, card });
        if self.floor.same_month(card).is_empty() {
            self.passed_over[i] |= self.floor;
            self.discarded[i].insert(card);
        }
        self.start_turn(player);
        if shake {
            let cards = self.hands[i].same_month(card) | card;
            self.revealed[i] |= cards;
            self.tallies[i].shakes = self.tallies[i].shakes.saturating_add(1);
            events.push(Event::Shook { player, cards });
        }
        let last_card = self.hands[i].is_empty();
        let flip = self.flip(player, events);
        let flip_used = self.resolve_hand(player, card, flip, last_card, events);
        if let (Some(flip), false) = (flip, flip_used) {
            self.resolve_flip(player, flip, events);
        }
        self.continue_turn(player, events);
    }

    /// A bonus card played from the hand: captured, replaced from the stock, play again.
    fn play_bonus(&mut self, player: S, card: Card, events: &mut impl EventSink<S>) {
        self.begin();
        self.capture(player, card.into(), events);
        if let Some(drawn) = self.stock.draw() {
            self.hands[player.index()].insert(drawn);
            events.push(Event::Drew {
                player,
                card: drawn,
            });
        }
        if !self.can_move(player) {
            self.finish_turn(player, events);
        }
    }

    /// A bomb: the three (or, by house rule, two) cards of `month` held take the floor's.
    pub(crate) fn bomb(&mut self, player: S, month: u8, events: &mut impl EventSink<S>) {
        let i = player.index();
        self.start_turn(player);
        let cards = self.hands[i].of_month(month);
        self.hands[i] -= cards;
        let tally = &mut self.tallies[i];
        if cards.len() == 2 {
            tally.two_card_bombs = tally.two_card_bombs.saturating_add(1);
            tally.flip_credits = tally.flip_credits.saturating_add(1);
        } else {
            tally.bombs = tally.bombs.saturating_add(1);
            tally.flip_credits = tally.flip_credits.saturating_add(2);
        }
        events.push(Event::Bombed { player, cards });
        let taken = cards | self.floor.of_month(month);
        self.floor -= taken;
        self.capture(player, taken, events);
        self.steal(player, events);
        if let Some(flip) = self.flip(player, events) {
            self.resolve_flip(player, flip, events);
        }
        self.continue_turn(player, events);
    }

    pub(crate) fn flip_only(&mut self, player: S, events: &mut impl EventSink<S>) {
        if !self.hands[player.index()].is_empty() {
            self.passed_over[player.index()] |= self.floor;
        }
        self.start_turn(player);
        let credits = &mut self.tallies[player.index()].flip_credits;
        *credits = credits.saturating_sub(1);
        events.push(Event::FlipOnly { player });
        if let Some(flip) = self.flip(player, events) {
            self.resolve_flip(player, flip, events);
        }
        self.continue_turn(player, events);
    }

    /// Flips the stock until a month card shows, capturing bonus cards on the way.
    fn flip(&mut self, player: S, events: &mut impl EventSink<S>) -> Option<Card> {
        loop {
            let card = self.stock.draw()?;
            events.push(Event::Flipped { player, card });
            if !card.is_bonus() {
                return Some(card);
            }
            self.capture(player, card.into(), events);
        }
    }

    /// Resolves the played card with the flip (the table of section 3); returns whether the
    /// flip was used up by it (jjok, ppuk, ttadak).
    fn resolve_hand(
        &mut self,
        player: S,
        card: Card,
        flip: Option<Card>,
        last_card: bool,
        events: &mut impl EventSink<S>,
    ) -> bool {
        let month = card.month().unwrap_or(0);
        let on_floor = self.floor.of_month(month);
        let same_month = flip.filter(|f| f.month() == Some(month));
        match (on_floor.len(), same_month) {
            (0, Some(flip)) => {
                self.capture(player, card | flip, events);
                if !last_card {
                    events.push(Event::Jjok { player, month });
                    self.steal(player, events);
                }
                true
            }
            (1, Some(flip)) if last_card => {
                self.floor -= on_floor;
                self.capture(player, on_floor | card | flip, events);
                true
            }
            (1, Some(flip)) => {
                self.floor |= card | flip;
                self.make_ppuk(player, month, events);
                true
            }
            (2, Some(flip)) => {
                self.floor -= on_floor;
                self.capture(player, on_floor | card | flip, events);
                events.push(Event::Ttadak { player, month });
                self.steal(player, events);
                if self.tallies[player.index()].turns == 1 {
                    let points = self.rules.first_ttadak_points;
                    self.pay_instantly(player, InstantReason::Ttadak, points, events);
                }
                true
            }
            (0, _) => {
                self.floor.insert(card);
                false
            }
            (1, _) => {
                self.floor -= on_floor;
                self.capture(player, on_floor | card, events);
                false
            }
            (2, _) => {
                self.turn.hand_pair = Some((card, on_floor));
                false
            }
            _ => {
                self.take_pile(player, card, on_floor, events);
                false
            }
        }
    }

    /// Resolves the flipped card alone against the floor.
    fn resolve_flip(&mut self, player: S, card: Card, events: &mut impl EventSink<S>) {
        let on_floor = self.floor.same_month(card);
        match on_floor.len() {
            0 => {
                self.floor.insert(card);
            }
            1 => {
                self.floor -= on_floor;
                self.capture(player, on_floor | card, events);
            }
            2 => self.turn.flip_pair = Some((card, on_floor)),
            _ => self.take_pile(player, card, on_floor, events),
        }
    }

    /// Takes a pile of three of a month with its fourth card: 1 pi stolen, 2 for ja-ppuk,
    /// and for a pile dealt to the floor 1 under [`crate::Rules::dealt_pile_steal`].
    fn take_pile(&mut self, player: S, card: Card, pile: CardSet, events: &mut impl EventSink<S>) {
        let month = card.month().unwrap_or(0);
        let bit = month_bit(month);
        let maker = turn_order(player, N).find(|&p| at(&self.piles, p) & bit != 0);
        for piles in &mut self.piles {
            *piles &= !bit;
        }
        self.floor -= pile;
        self.capture(player, pile | card, events);
        let steals = if maker == Some(player) {
            events.push(Event::JaPpuk { player, month });
            2
        } else {
            events.push(Event::PileTaken {
                player,
                month,
                maker,
            });
            u8::from(maker.is_some() || self.rules.dealt_pile_steal)
        };
        for _ in 0..steals {
            self.steal(player, events);
        }
    }

    /// A ppuk: the pile stays on the floor; instant payments and three ppuk.
    fn make_ppuk(&mut self, player: S, month: u8, events: &mut impl EventSink<S>) {
        let i = player.index();
        self.piles[i] |= month_bit(month);
        let tally = &mut self.tallies[i];
        tally.ppuks = tally.ppuks.saturating_add(1);
        let (count, turns) = (tally.ppuks, tally.turns);
        events.push(Event::Ppuk {
            player,
            month,
            count,
        });
        if count == turns && turns <= 3 {
            let reason = InstantReason::Ppuk { turns };
            let points = self
                .rules
                .early_ppuk_points
                .saturating_mul(u32::from(turns));
            self.pay_instantly(player, reason, points, events);
        }
        if count == 3 {
            self.turn.three_ppuk = true;
        }
    }

    /// An instant payment of `points` to `player` from each opponent (none for 0 points: the
    /// rule is off).
    fn pay_instantly(
        &mut self,
        player: S,
        reason: InstantReason,
        points: u32,
        events: &mut impl EventSink<S>,
    ) {
        if points == 0 {
            return;
        }
        for from in Self::opponents(player) {
            let tally = &mut self.tallies[player.index()];
            tally.instant_points = tally.instant_points.saturating_add(u64::from(points));
            events.push(Event::InstantPayment {
                from,
                to: player,
                points,
                reason,
            });
        }
    }

    /// Moves `cards` to `player`'s pile; a bonus card among them steals a pi under
    /// [`crate::Rules::bonus_steal`].
    fn capture(&mut self, player: S, cards: CardSet, events: &mut impl EventSink<S>) {
        self.captured[player.index()] |= cards;
        if cards.contains(Card::GUKJIN) {
            self.turn.took_gukjin = true;
        }
        events.push(Event::Captured { player, cards });
        if self.rules.bonus_steal {
            for _ in (cards & CardSet::BONUS).iter() {
                self.steal(player, events);
            }
        }
    }

    pub(crate) fn choose(&mut self, player: S, card: Card, events: &mut impl EventSink<S>) {
        let pair = match self.turn.hand_pair {
            Some(_) => self.turn.hand_pair.take(),
            None => self.turn.flip_pair.take(),
        };
        if let Some((matched, _)) = pair {
            self.floor.remove(card);
            self.capture(player, matched | card, events);
        }
        self.continue_turn(player, events);
    }

    pub(crate) fn choose_gukjin(
        &mut self,
        player: S,
        use_as: GukjinUse,
        events: &mut impl EventSink<S>,
    ) {
        self.gukjin = use_as;
        self.turn.took_gukjin = false;
        events.push(Event::GukjinChosen { player, use_as });
        self.continue_turn(player, events);
    }

    /// Asks the turn's pending choices in order (hand card, flip, gukjin), then ends it.
    fn continue_turn(&mut self, player: S, events: &mut impl EventSink<S>) {
        if self.turn.hand_pair.is_some() || self.turn.flip_pair.is_some() {
            self.phase = Phase::Choose(player);
        } else if self.turn.took_gukjin && self.rules.gukjin == GukjinChoice::Ask {
            self.phase = Phase::Gukjin(player);
        } else if self.turn.took_gukjin {
            let use_as = self.better_gukjin_use(player);
            self.choose_gukjin(player, use_as, events);
        } else {
            self.finish_turn(player, events);
        }
    }

    /// The gukjin's reading that gives `player` the higher base score, ssangpi on a tie
    /// ([`GukjinChoice::Automatic`]).
    fn better_gukjin_use(&self, player: S) -> GukjinUse {
        let pile = self.captured[player.index()];
        let total = |use_as| Score::of(pile, use_as).total();
        if total(GukjinUse::Yeol) > total(GukjinUse::Ssangpi) {
            GukjinUse::Yeol
        } else {
            GukjinUse::Ssangpi
        }
    }

    /// Every base score now, in the turn under way: a pile that has not changed since the
    /// turn began (nor the gukjin's use) keeps its score of then, uncounted.
    pub(crate) fn turn_scores(&self) -> [u32; N] {
        let mut scores = self.turn.scores_before;
        for (i, score) in scores.iter_mut().enumerate() {
            let pile = self.captured[i];
            if pile != self.turn.piles_before[i] || self.gukjin != self.turn.gukjin_before {
                *score = Score::of(pile, self.gukjin).total();
            }
        }
        scores
    }

    /// Ends the turn: sweep, score changes, three ppuk, go/stop, next player.
    fn finish_turn(&mut self, player: S, events: &mut impl EventSink<S>) {
        let last_turn = !turn_order(player, N).any(|p| self.can_move(p));
        if self.floor.is_empty() && !last_turn {
            events.push(Event::Sweep { player });
            self.steal(player, events);
        }
        let scores = self.turn_scores();
        for (i, (&score, &before)) in scores.iter().zip(&self.turn.scores_before).enumerate() {
            if let (Some(player), true) = (S::from_index(i), score != before) {
                events.push(Event::ScoreChanged { player, score });
            }
        }
        self.base_scores = scores;
        let three_ppuk = self.turn.three_ppuk;
        self.turn = Turn::default();
        if three_ppuk {
            events.push(Event::ThreePpuk { player });
            self.end(player, Outcome::ThreePpuk { winner: player }, events);
            return;
        }
        let score = self.base_score(player);
        let tally = self.tallies[player.index()];
        if score >= self.rules.go_threshold && (tally.goes == 0 || score > tally.go_score) {
            if self.can_move(player) {
                self.phase = Phase::GoStop(player);
            } else {
                self.stop(player, true, events);
            }
            return;
        }
        self.advance(player, events);
    }

    /// Ends `player`'s turn and passes it on to the next player who can move (`player`
    /// itself when no other can), or ends the game in nagari when no one can move.
    pub(crate) fn advance(&mut self, player: S, events: &mut impl EventSink<S>) {
        let next = Self::opponents(player)
            .chain([player])
            .find(|&p| self.can_move(p));
        let Some(next) = next else {
            events.push(Event::Nagari);
            self.end(player, Outcome::Nagari, events);
            return;
        };
        self.phase = Phase::Play(next);
        events.push(Event::TurnEnded {
            player,
            turn: self.turn_number(),
        });
    }

    pub(crate) fn go(&mut self, player: S, events: &mut impl EventSink<S>) {
        let score = self.base_score(player);
        let tally = &mut self.tallies[player.index()];
        tally.goes = tally.goes.saturating_add(1);
        tally.go_score = score;
        if N > 2 {
            self.last_go = Some(player);
        }
        events.push(Event::Go {
            player,
            count: tally.goes,
        });
        self.advance(player, events);
    }

    pub(crate) fn stop(&mut self, player: S, automatic: bool, events: &mut impl EventSink<S>) {
        events.push(Event::Stop { player, automatic });
        self.end(player, Outcome::Stop { winner: player }, events);
    }

    /// Ends the game in `player`'s turn, which ends with it.
    fn end(&mut self, player: S, outcome: Outcome<S>, events: &mut impl EventSink<S>) {
        self.outcome = Some(outcome);
        self.phase = Phase::Over;
        events.push(Event::TurnEnded {
            player,
            turn: self.turn_number(),
        });
    }

    /// Steals one pi from each opponent, in turn order, by the rules' method (sections 3, 10
    /// and 12), with the change given back in the same event.
    fn steal(&mut self, player: S, events: &mut impl EventSink<S>) {
        for from in Self::opponents(player) {
            self.steal_from(player, from, events);
        }
    }

    /// Steals one pi from `from` (nothing when it has none).
    fn steal_from(&mut self, player: S, from: S, events: &mut impl EventSink<S>) {
        let theirs = self.captured[from.index()].pi_cards(self.gukjin);
        let (taken, change) = match self.rules.pi_steal {
            PiSteal::Cheapest => (cheapest_pi(theirs), None),
            PiSteal::SwapWithChange => {
                let mine = self.captured[player.index()].pi_cards(self.gukjin);
                match swap_with_change(theirs, mine) {
                    Some((taken, change)) => (Some(taken), change),
                    None => (None, None),
                }
            }
        };
        let Some(card) = taken else {
            return;
        };
        self.move_pi(card, from, player);
        if let Some(given) = change {
            self.move_pi(given, player, from);
        }
        events.push(Event::PiStolen {
            player,
            from,
            card,
            change,
        });
    }

    fn move_pi(&mut self, card: Card, from: S, to: S) {
        self.captured[from.index()].remove(card);
        self.captured[to.index()].insert(card);
    }
}

/// The cheapest pi card of `pi_cards` (section 10): lowest pi value, then canonical order,
/// with the gukjin after every other card of value 2.
fn cheapest_pi(pi_cards: CardSet) -> Option<Card> {
    let doubles = CardSet::SSANGPI | Card::B2;
    (pi_cards & CardSet::PI)
        .first()
        .or((pi_cards & doubles).first())
        .or((pi_cards & Card::GUKJIN.into()).first())
        .or((pi_cards & Card::B3.into()).first())
}

/// The tutorial's steal with change (section 3): a plain pi; else a double pi for one of the taker's plain
/// pi; else a `B3` for one of the taker's double pi. Returns the card taken and the change.
fn swap_with_change(theirs: CardSet, mine: CardSet) -> Option<(Card, Option<Card>)> {
    if let Some(plain) = (theirs & CardSet::PI).first() {
        return Some((plain, None));
    }
    let doubles = |set: CardSet| cheapest_pi(set - CardSet::PI - Card::B3.into());
    if let (Some(double), Some(plain)) = (doubles(theirs), (mine & CardSet::PI).first()) {
        return Some((double, Some(plain)));
    }
    match (theirs.contains(Card::B3), doubles(mine)) {
        (true, Some(double)) => Some((Card::B3, Some(double))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cheapest_pi_follows_section_10() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let card = |s: &str| s.parse::<Card>().ok();
        assert_eq!(cheapest_pi(set("11S 3P2 1P1")), card("1P1"));
        assert_eq!(cheapest_pi(set("B2 12S 11S 9Y")), card("11S"));
        assert_eq!(cheapest_pi(set("B2 9Y B3")), card("B2"));
        assert_eq!(cheapest_pi(set("9Y B3")), card("9Y"));
        assert_eq!(cheapest_pi(set("B3")), card("B3"));
        assert_eq!(cheapest_pi(CardSet::EMPTY), None);
    }

    #[test]
    fn the_swap_gives_change() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let card = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(
            swap_with_change(set("11S 2P1"), set("")),
            Some((card("2P1"), None))
        );
        assert_eq!(
            swap_with_change(set("11S B3"), set("3P1 12S")),
            Some((card("11S"), Some(card("3P1"))))
        );
        assert_eq!(
            swap_with_change(set("11S B3"), set("12S")),
            Some((card("B3"), Some(card("12S"))))
        );
        assert_eq!(swap_with_change(set("11S"), set("5Y")), None);
        assert_eq!(swap_with_change(set(""), set("5P1")), None);
    }
}

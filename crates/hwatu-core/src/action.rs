//! What a player may do, and what it must decide now (rules sections 2, 3 and 5).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::card::{Card, GukjinUse};
use crate::card_set::CardSet;
use crate::rules::Rules;
use crate::words::count;

/// One action of the player to move.
///
/// Notation (`Display` / `FromStr`, case-insensitive): `play 1G`, `shake 1G` (play it and
/// shake its month), `bomb 3`, `flip` (a flip-only turn), `take 1T` (choose a floor card),
/// `gukjin yeol` / `gukjin ssangpi`, `go`, `stop`, `chongtong`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Play a card from the hand; with `shake`, first show the three (or four) cards of its
    /// month held while none is on the floor (heundeulgi: doubles the score if it wins).
    Play {
        /// The card played.
        card: Card,
        /// Whether to shake.
        shake: bool,
    },
    /// Play the three cards of `month` held while the fourth is on the floor (poktan); under
    /// [`crate::TwoCardBomb`] house rules, also the two held while the other two are on the
    /// floor.
    Bomb {
        /// The month, 1 to 12.
        month: u8,
    },
    /// Only flip the stock, using a flip-only turn earned by a bomb.
    FlipOnly,
    /// Take this floor card, one of the two the played or flipped card matches.
    Choose {
        /// The floor card to take.
        card: Card,
    },
    /// Count the captured gukjin as yeol or as ssangpi.
    Gukjin(GukjinUse),
    /// Go on playing for more points.
    Go,
    /// Stop and win.
    Stop,
    /// Declare the chongtong dealt to the hand and win at once, under
    /// [`crate::Rules::chongtong_play_on`], before the player's first turn (without that
    /// rule a chongtong ends the game at the deal).
    Chongtong,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, shake: false } => write!(f, "play {card}"),
            Action::Play { card, shake: true } => write!(f, "shake {card}"),
            Action::Bomb { month } => write!(f, "bomb {month}"),
            Action::FlipOnly => f.write_str("flip"),
            Action::Choose { card } => write!(f, "take {card}"),
            Action::Gukjin(use_as) => write!(f, "gukjin {use_as}"),
            Action::Go => f.write_str("go"),
            Action::Stop => f.write_str("stop"),
            Action::Chongtong => f.write_str("chongtong"),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("'{text}' is not an action: {reason}")]
pub struct ParseActionError {
    /// The text given.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let fail = |reason: &str| ParseActionError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let lower = text.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let verb = words.next().unwrap_or("");
        let arg = words.next();
        if words.next().is_some() {
            return Err(fail("too many words"));
        }
        let card = |arg: Option<&str>| -> Result<Card, ParseActionError> {
            let arg = arg.ok_or_else(|| fail("name the card, like 'play 1G'"))?;
            arg.parse()
                .map_err(|e: crate::ParseCardError| fail(&e.to_string()))
        };
        let bare = |action: Action| match arg {
            None => Ok(action),
            Some(_) => Err(fail("this action takes no argument")),
        };
        match verb {
            "play" => Ok(Action::Play {
                card: card(arg)?,
                shake: false,
            }),
            "shake" => Ok(Action::Play {
                card: card(arg)?,
                shake: true,
            }),
            "take" | "choose" => Ok(Action::Choose { card: card(arg)? }),
            "bomb" => match arg.and_then(|a| a.parse::<u8>().ok()) {
                Some(month @ 1..=12) => Ok(Action::Bomb { month }),
                _ => Err(fail("name the month from 1 to 12, like 'bomb 3'")),
            },
            "gukjin" => match arg {
                Some("yeol") => Ok(Action::Gukjin(GukjinUse::Yeol)),
                Some("ssangpi") => Ok(Action::Gukjin(GukjinUse::Ssangpi)),
                _ => Err(fail("say 'gukjin yeol' or 'gukjin ssangpi'")),
            },
            "flip" => bare(Action::FlipOnly),
            "go" => bare(Action::Go),
            "stop" => bare(Action::Stop),
            "chongtong" => bare(Action::Chongtong),
            _ => Err(fail(
                "use play, shake, bomb, flip, take, gukjin, go, stop or chongtong",
            )),
        }
    }
}

/// What the player to move must decide now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Decision {
    /// Play a card, bomb, or use a flip-only turn.
    Play,
    /// Choose which of `options` (two floor cards) to take with `card`, the card played or
    /// flipped (the played card's choice is asked first, rules section 10).
    Choose {
        /// The card that matches both.
        card: Card,
        /// The two floor cards.
        options: CardSet,
    },
    /// Choose how the gukjin just captured counts.
    Gukjin,
    /// Go or stop, with the base score reached.
    GoStop {
        /// The player's base score.
        score: u32,
    },
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Play => f.write_str("play a card"),
            Decision::Choose { card, options } => {
                write!(f, "choose which of {options} to take with {card}")
            }
            Decision::Gukjin => f.write_str("say whether the gukjin counts as yeol or ssangpi"),
            Decision::GoStop { score } => {
                write!(f, "go or stop with {}", count(*score, "point"))
            }
        }
    }
}

impl Decision {
    /// Every action allowed for this decision, given the mover's hand, the floor, its
    /// flip-only turns and whether two-card bombs are allowed ([`crate::TwoCardBomb`]); in
    /// canonical card order, plays before bombs before the flip.
    pub fn actions(
        &self,
        hand: CardSet,
        floor: CardSet,
        flip_credits: u8,
        two_card_bombs: bool,
    ) -> ActionList {
        self.legal_set(hand, floor, flip_credits, two_card_bombs)
            .actions()
    }

    /// The same actions as [`Decision::actions`], as sets ([`LegalSet`]).
    pub fn legal_set(
        &self,
        hand: CardSet,
        floor: CardSet,
        flip_credits: u8,
        two_card_bombs: bool,
    ) -> LegalSet {
        let mut legal = LegalSet::default();
        match *self {
            Decision::Play => {
                let (shakes, bombs) = shake_and_bomb_months(hand, floor, two_card_bombs);
                legal.play = hand;
                // A month's nibble of four card bits, for each month that may be shaken.
                legal.shake = hand & CardSet::from_bits(shakes * 0xF);
                legal.bomb_months = nibble_lows(bombs);
                legal.flip_only = flip_credits > 0;
            }
            Decision::Choose { options, .. } => legal.choose = options,
            Decision::Gukjin => legal.gukjin = true,
            Decision::GoStop { .. } => legal.go_stop = true,
        }
        legal
    }
}

/// Bit `m` for each nibble `m` (0..12) of `mask` whose lowest bit is set.
fn nibble_lows(mask: u64) -> u16 {
    let mut months = 0;
    let mut rest = mask;
    while rest != 0 {
        months |= 1 << (rest.trailing_zeros() / 4);
        rest &= rest - 1;
    }
    months
}

/// The legal actions of a decision as sets of cards and flags: the form [`ActionList`] is
/// built from ([`LegalSet::actions`]), for a caller that tests or writes many actions at once
/// (a legal-action mask from [`CardSet::bits`]). Empty ([`LegalSet::default`]) once the game
/// is over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LegalSet {
    /// The cards that may be played without a shake: the whole hand, bonus cards included.
    pub play: CardSet,
    /// The month cards that may be played with a shake of their month.
    pub shake: CardSet,
    /// The months that may be bombed: bit `m - 1` for month `m`.
    pub bomb_months: u16,
    /// Whether a flip-only turn may be used.
    pub flip_only: bool,
    /// The floor cards that may be taken (the two a card matches).
    pub choose: CardSet,
    /// Whether the gukjin's use is asked (yeol and ssangpi are both legal).
    pub gukjin: bool,
    /// Whether go or stop is asked (both are legal).
    pub go_stop: bool,
    /// Whether a chongtong may be declared.
    pub chongtong: bool,
}

impl LegalSet {
    /// The actions in the order of [`Decision::actions`] (plays and shakes by card, bombs,
    /// the flip, the choices, gukjin yeol then ssangpi, go then stop), then the chongtong.
    pub fn actions(&self) -> ActionList {
        let mut actions = ActionList::new();
        for card in self.play {
            actions.push(Action::Play { card, shake: false });
            if self.shake.contains(card) {
                actions.push(Action::Play { card, shake: true });
            }
        }
        let mut bombs = self.bomb_months;
        while bombs != 0 {
            actions.push(Action::Bomb {
                month: bombs.trailing_zeros() as u8 + 1,
            });
            bombs &= bombs - 1;
        }
        if self.flip_only {
            actions.push(Action::FlipOnly);
        }
        for card in self.choose {
            actions.push(Action::Choose { card });
        }
        if self.gukjin {
            actions.push(Action::Gukjin(GukjinUse::Yeol));
            actions.push(Action::Gukjin(GukjinUse::Ssangpi));
        }
        if self.go_stop {
            actions.push(Action::Go);
            actions.push(Action::Stop);
        }
        if self.chongtong {
            actions.push(Action::Chongtong);
        }
        actions
    }

    /// Whether `action` is one of the set's.
    pub fn contains(&self, action: Action) -> bool {
        match action {
            Action::Play { card, shake: false } => self.play.contains(card),
            Action::Play { card, shake: true } => self.shake.contains(card),
            Action::Bomb { month } => {
                (1..=12).contains(&month) && self.bomb_months >> (month - 1) & 1 == 1
            }
            Action::FlipOnly => self.flip_only,
            Action::Choose { card } => self.choose.contains(card),
            Action::Gukjin(_) => self.gukjin,
            Action::Go | Action::Stop => self.go_stop,
            Action::Chongtong => self.chongtong,
        }
    }
}

/// The months that may be shaken and bombed, as masks with the lowest bit of each month's
/// nibble set (bit `4 (m - 1)` for month `m`), from per-month counts: a shake needs 3 or 4
/// cards in hand and none on the floor, a bomb 3 in hand and 1 on the floor (or, with
/// `two_card_bombs`, 2 and 2).
fn shake_and_bomb_months(hand: CardSet, floor: CardSet, two_card_bombs: bool) -> (u64, u64) {
    const LOW: u64 = 0x1111_1111_1111;
    // Counts are 0 to 4 in a nibble: 1 = 0b001, 2 = 0b010, 3 = 0b011, 4 = 0b100 (bit 2 is
    // set only for 4, when bits 0 and 1 are clear).
    let bits = |counts: u64| [counts & LOW, (counts >> 1) & LOW, (counts >> 2) & LOW];
    let [h0, h1, h2] = bits(hand.month_counts());
    let [f0, f1, f2] = bits(floor.month_counts());
    let held_three = h0 & h1;
    let none_shown = !(f0 | f1 | f2) & LOW;
    let mut bombs = held_three & f0 & !f1;
    if two_card_bombs {
        bombs |= (h1 & !h0) & (f1 & !f0);
    }
    ((held_three | h2) & none_shown, bombs)
}

/// The legal actions of `decision` for a player holding `hand`, with `flip_credits` flip-only
/// turns, after `turns` turns (rules sections 3 and 11): [`Decision::actions`], and the
/// chongtong it may still declare under [`Rules::chongtong_play_on`].
pub(crate) fn legal(
    decision: Decision,
    (hand, floor): (CardSet, CardSet),
    (flip_credits, turns): (u8, u8),
    rules: &Rules,
) -> LegalSet {
    let two_card_bombs = rules.allows_two_card_bombs();
    let mut legal = decision.legal_set(hand, floor, flip_credits, two_card_bombs);
    legal.chongtong = decision == Decision::Play && chongtong_held(hand, turns, rules).is_some();
    legal
}

/// The month of the chongtong a player may still declare: all four cards of it in `hand`,
/// before its first turn (`turns` is 0), under [`Rules::chongtong_play_on`].
pub(crate) fn chongtong_held(hand: CardSet, turns: u8, rules: &Rules) -> Option<u8> {
    if !rules.chongtong_play_on || turns > 0 {
        return None;
    }
    hand.months_with(4).next()
}

/// Whether `card` may be played with a shake: three or more of its month in hand, none on
/// the floor (rules section 3).
pub(crate) fn can_shake(hand: CardSet, floor: CardSet, card: Card) -> bool {
    of_months(shake_and_bomb_months(hand, floor, false).0, card)
}

/// Whether `card`'s month is in a month mask of [`shake_and_bomb_months`].
fn of_months(months: u64, card: Card) -> bool {
    !card.is_bonus() && months >> (card.index() & !3) & 1 == 1
}

/// Whether `month` may be bombed: three of it in hand, the fourth on the floor (or two and
/// two, with `two_card_bombs`).
pub(crate) fn can_bomb(hand: CardSet, floor: CardSet, month: u8, two_card_bombs: bool) -> bool {
    let (_, bombs) = shake_and_bomb_months(hand, floor, two_card_bombs);
    (1..=12).contains(&month) && bombs >> ((month - 1) * 4) & 1 == 1
}

/// The most actions [`Decision::actions`] can offer, for any hand and floor: a month gives
/// at most eight (four plays and four shakes; a bomb needs the fourth card on the floor, so
/// its month gives three plays and the bomb), then the two bonus cards, the flip and a
/// chongtong.
const MAX_ACTIONS: usize = 12 * 8 + 2 + 1 + 1;

/// The legal actions of a decision: a fixed-capacity list that never allocates, read as a
/// slice (`contains`, `iter`, `len`, indexing). `Debug` lists the actions.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ActionList {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    actions: [Action; MAX_ACTIONS],
    len: u8,
}

impl ActionList {
    /// The empty list.
    pub const fn new() -> ActionList {
        ActionList {
            actions: [Action::Go; MAX_ACTIONS],
            len: 0,
        }
    }

    /// Adds an action ([`MAX_ACTIONS`] bounds what any decision adds, so none is dropped).
    pub(crate) fn push(&mut self, action: Action) {
        if let Some(slot) = self.actions.get_mut(usize::from(self.len)) {
            *slot = action;
            self.len += 1;
        }
    }
}

impl fmt::Debug for ActionList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Default for ActionList {
    fn default() -> ActionList {
        ActionList::new()
    }
}

impl std::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        &self.actions[..usize::from(self.len)]
    }
}

impl<'a> IntoIterator for &'a ActionList {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<const N: usize> PartialEq<[Action; N]> for ActionList {
    fn eq(&self, other: &[Action; N]) -> bool {
        **self == other[..]
    }
}

impl fmt::Display for ActionList {
    /// The actions separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, action) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{action}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The months to shake and bomb, against their definition month by month, for random
    /// hands and floors (one shuffled deck split at random, so every count appears).
    #[test]
    fn shake_and_bomb_months_follow_the_counts() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let mut deck: Vec<Card> = Card::all().collect();
        for round in 0..4000 {
            deck.shuffle(&mut rng);
            let split = 5 + round % 20;
            let hand: CardSet = deck[..split].iter().copied().collect();
            let floor: CardSet = deck[split..split + 4 + round % 9].iter().copied().collect();
            for two in [false, true] {
                let (shakes, bombs) = shake_and_bomb_months(hand, floor, two);
                for month in 1..=12u8 {
                    let (h, f) = (hand.of_month(month).len(), floor.of_month(month).len());
                    let bit = |mask: u64| mask >> (4 * (month - 1)) & 1 == 1;
                    assert_eq!(bit(shakes), h >= 3 && f == 0, "{hand} {floor} {month}");
                    let bomb = (h == 3 && f == 1) || (two && h == 2 && f == 2);
                    assert_eq!(bit(bombs), bomb, "{hand} {floor} {month}");
                }
                assert_eq!(shakes & !0x1111_1111_1111, 0);
                assert_eq!(bombs & !0x1111_1111_1111, 0);
            }
        }
    }

    #[test]
    fn notation_round_trips() {
        let actions = [
            Action::Play {
                card: Card::GUKJIN,
                shake: false,
            },
            Action::Play {
                card: Card::B2,
                shake: true,
            },
            Action::Bomb { month: 11 },
            Action::FlipOnly,
            Action::Choose {
                card: Card::BI_GWANG,
            },
            Action::Gukjin(GukjinUse::Ssangpi),
            Action::Go,
            Action::Stop,
            Action::Chongtong,
        ];
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        assert_eq!("PLAY 1g".parse::<Action>().unwrap().to_string(), "play 1G");
        for bad in [
            "",
            "play",
            "play 1Q",
            "bomb 13",
            "go now",
            "gukjin pi",
            "jump",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shakes_need_three_or_four_held_and_none_shown_bombs_three_and_one() {
        let set = |s: &str| s.parse::<CardSet>().unwrap();
        let card = |s: &str| s.parse::<Card>().unwrap();
        let hand = set("1G 1T 1P1 1P2 2Y 2T 2P1 3G 3T B3");
        let floor = set("2P2 3P1");
        assert!(can_shake(hand, floor, card("1P2")), "four held");
        assert!(!can_shake(hand, floor, card("2Y")), "the fourth is shown");
        assert!(!can_shake(hand, floor, card("3G")), "two held");
        assert!(!can_shake(hand, floor, Card::B3));
        assert!(can_bomb(hand, floor, 2, false));
        assert!(!can_bomb(hand, floor, 1, false) && !can_bomb(hand, floor, 3, false));
        // Two held (3G 3T) and two shown would need 3P1 and 3P2 on the floor.
        let pair_floor = set("2P2 3P1 3P2");
        assert!(can_bomb(hand, pair_floor, 3, true) && !can_bomb(hand, pair_floor, 3, false));
        assert!(!can_bomb(hand, floor, 3, true), "one shown is not two");
        assert!(!can_bomb(hand, floor, 0, true) && !can_bomb(hand, floor, 13, true));
    }

    #[test]
    fn play_actions_offer_shakes_and_bombs() {
        let hand: CardSet = "1G 1T 1P1 3G 3T 3P1 B2".parse().unwrap();
        let floor: CardSet = "3P2 5Y".parse().unwrap();
        let actions = Decision::Play.actions(hand, floor, 1, false);
        let text: Vec<String> = actions.iter().map(Action::to_string).collect();
        assert_eq!(
            text,
            [
                "play 1G",
                "shake 1G",
                "play 1T",
                "shake 1T",
                "play 1P1",
                "shake 1P1",
                "play 3G",
                "play 3T",
                "play 3P1",
                "play B2",
                "bomb 3",
                "flip"
            ]
        );
    }

    #[test]
    fn the_list_holds_the_largest_decisions() {
        let deck: CardSet = Card::all().collect();
        // Every card held, nothing on the floor: 50 plays, 48 shakes, the flip, a chongtong.
        let rules = Rules {
            chongtong_play_on: true,
            ..Rules::standard()
        };
        let all = legal(Decision::Play, (deck, CardSet::EMPTY), (1, 0), &rules).actions();
        assert_eq!(all.len(), MAX_ACTIONS);
        assert_eq!(
            all.iter()
                .filter(|a| matches!(a, Action::Play { shake: true, .. }))
                .count(),
            48
        );
        // Three of every month held, the fourth on the floor: 38 plays, 12 bombs, the flip.
        let fourths: CardSet = (1..=12).filter_map(|m| CardSet::month(m).first()).collect();
        let bombs = Decision::Play.actions(deck - fourths, fourths, 1, true);
        assert_eq!(bombs.len(), 36 + 2 + 12 + 1);
        assert_eq!(
            bombs
                .iter()
                .filter(|a| matches!(a, Action::Bomb { .. }))
                .count(),
            12
        );
    }

    #[test]
    fn debug_lists_only_the_actions() {
        let actions =
            Decision::GoStop { score: 7 }.actions(CardSet::EMPTY, CardSet::EMPTY, 0, false);
        assert_eq!(format!("{actions:?}"), "[Go, Stop]");
        let hand: CardSet = "1G".parse().unwrap();
        let play = Decision::Play.actions(hand, CardSet::EMPTY, 0, false);
        assert_eq!(format!("{play:?}"), "[Play { card: 1G, shake: false }]");
    }

    /// The set of the cards whose canonical numbers are the bits of `mask`.
    fn cards_of(mask: u64) -> CardSet {
        Card::all().filter(|c| mask >> c.index() & 1 == 1).collect()
    }

    use proptest::prelude::any;

    proptest::proptest! {
        /// Any hand and floor, even overlapping or larger than a deal makes: every play,
        /// shake, bomb and the flip is listed, counted card by card and month by month.
        #[test]
        fn play_actions_drop_nothing(
            hand in 0u64..1 << 50, floor in 0u64..1 << 50, flips in 0u8..3, pairs in any::<bool>(),
        ) {
            let (hand, floor) = (cards_of(hand), cards_of(floor));
            let shakes = hand
                .iter()
                .filter(|&c| hand.same_month(c).len() >= 3 && floor.same_month(c).is_empty())
                .count();
            let bombs = (1..=12)
                .filter(|&m| {
                    let (held, shown) = (hand.of_month(m).len(), floor.of_month(m).len());
                    (held, shown) == (3, 1) || (pairs && (held, shown) == (2, 2))
                })
                .count();
            let expected = hand.len() + shakes + bombs + usize::from(flips > 0);
            let actions = Decision::Play.actions(hand, floor, flips, pairs);
            proptest::prop_assert_eq!(actions.len(), expected);
        }
    }
}

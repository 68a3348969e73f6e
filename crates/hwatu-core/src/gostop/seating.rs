//! A table of three to five before its hand (rules section 12.12): all seats are dealt,
//! then at four or five the seats after the dealer say in turn whether they play or give
//! up, until three play; when too few give up, the last seats are forced out and sell their
//! gwang. The three who play then play a hand of [`GoStop`].

use rand::Rng;
use rand::seq::SliceRandom;
use thiserror::Error;

use crate::card::Card;
use crate::card_set::CardSet;
use crate::deal::{Deal, DealError, Deck, Stock};
use crate::game::{check_cards, replace_floor_bonus, turn_order};
use crate::gostop::{GoStop, GoStopRules, SalePayers};
use crate::match_play::Ticket;
use crate::rules::FloorFour;
use crate::seat::{Seat, SeatIndex};

/// What a seat does in a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Sitting {
    /// It plays the hand.
    Plays,
    /// It gave up (죽다 jukda) of its own will: it sits out and is paid nothing.
    GivesUp,
    /// It was forced out (the last seats when too few gave up) and sells its gwang.
    Sells,
}

/// A seat's answer when asked whether it plays ([`Seating::decide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SeatChoice {
    /// Play the hand.
    Play,
    /// Give up and sit out, paid nothing.
    GiveUp,
}

/// A choice that [`Seating::decide`] refuses; the seating is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SeatingError {
    /// Every seat has its place: the hand can be played ([`Seating::hand`]).
    #[error("every seat is decided: play the hand")]
    Decided,
    /// The seat sat out the last hand, and no seat sits out two hands running of its own
    /// will (연사 금지 yeonsa geumji).
    #[error("seat {seat} sat out the last hand and cannot give up this one")]
    Barred {
        /// The seat.
        seat: Seat,
    },
}

/// A table that cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TableError {
    /// A table size other than three, four or five.
    #[error("a Go-Stop table has 3 to 5 seats, not {seats}")]
    Size {
        /// The number of seats asked for.
        seats: usize,
    },
    /// A dealer not seated at the table.
    #[error("seat {seat} is not at a table of {seats}")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
        /// The table's seats.
        seats: usize,
    },
    /// A deck order that does not deal (see [`DealError`]).
    #[error(transparent)]
    Deal(#[from] DealError<Seat>),
}

/// A forced seller's sale: the gwang it showed and what each payer pays it, in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sale {
    /// The seller.
    pub seller: Seat,
    /// The cards counted for the price, shown to the table: its gwang (and bonus cards, or
    /// the shake month, when the rules count them).
    pub shown: CardSet,
    /// Points each payer pays.
    pub points: u64,
    /// The payers, by table seat: one bit per seat (bit 0 is `A`).
    pub payers: u8,
}

impl Sale {
    /// Whether `seat` pays this sale.
    pub fn is_paid_by(&self, seat: Seat) -> bool {
        self.payers >> seat.index() & 1 == 1
    }
}

/// A table of three to five seats, dealt, before its hand: who plays, who sits out. At
/// three every seat plays and nothing is asked.
///
/// The deal, from a deck order: 7 cards to each seat in turn order from the dealer, 6 to the
/// floor, the rest to the stock, top first. The hands of the seats that sit out go under the
/// stock, in card order, so that the three who play draw from a stock as at a table of three.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawSeating"))]
pub struct Seating {
    rules: GoStopRules,
    seats: u8,
    dealer: Seat,
    hands: [CardSet; Seat::MAX],
    floor: CardSet,
    stock: Vec<Card>,
    /// The seats that sat out the last hand, one bit per seat.
    barred: u8,
    sittings: [Option<Sitting>; Seat::MAX],
    pub(crate) ticket: Option<Ticket>,
}

impl Seating {
    /// Shuffles the deck of `rules` and deals a table of `seats` that `dealer` leads; a deal
    /// with four cards of a month on the floor is redone under [`FloorFour::Redeal`].
    /// `barred` are the seats that sat out the last hand (one bit per seat).
    ///
    /// # Errors
    /// [`TableError::Size`] for fewer than 3 or more than 5 seats,
    /// [`TableError::NoSuchSeat`] for a dealer not at the table.
    pub fn new<R: Rng + ?Sized>(
        rules: GoStopRules,
        seats: usize,
        dealer: Seat,
        barred: u8,
        rng: &mut R,
    ) -> Result<Seating, TableError> {
        Seating::check(seats, dealer)?;
        Ok(Seating::shuffled(rules, seats, dealer, barred, rng))
    }

    /// [`Seating::new`] for a checked table size and dealer: a full deck always deals, but
    /// for four cards of a month on the floor, which are dealt again.
    pub(crate) fn shuffled<R: Rng + ?Sized>(
        rules: GoStopRules,
        seats: usize,
        dealer: Seat,
        barred: u8,
        rng: &mut R,
    ) -> Seating {
        let mut deck = Deck::of(&rules.rules);
        loop {
            deck.cards_mut().shuffle(rng);
            if let Ok(seating) = Seating::from_deck(rules, seats, dealer, barred, deck.cards()) {
                return seating;
            }
        }
    }

    /// The table a deck order deals (see [`Seating`]).
    ///
    /// # Errors
    /// [`TableError::Size`] and [`TableError::NoSuchSeat`] as [`Seating::new`];
    /// [`TableError::Deal`] with [`DealError::DeckSize`] for fewer cards than the hands and
    /// the floor take, [`DealError::Duplicate`] for a card twice, [`DealError::NotInDeck`]
    /// for a bonus card the rules do not use, [`DealError::FourOnFloor`] under
    /// [`FloorFour::Redeal`].
    pub fn from_deck(
        rules: GoStopRules,
        seats: usize,
        dealer: Seat,
        barred: u8,
        deck: &[Card],
    ) -> Result<Seating, TableError> {
        Seating::check(seats, dealer)?;
        check_cards(&rules.rules, deck.iter().copied())?;
        let hand = Seat::HAND_SIZE;
        let dealt = seats * hand + Seat::FLOOR_SIZE;
        if deck.len() < dealt {
            return Err(DealError::DeckSize { cards: deck.len() }.into());
        }
        let mut hands = [CardSet::EMPTY; Seat::MAX];
        for (k, seat) in turn_order(dealer, seats).enumerate() {
            hands[seat.index()] = deck[k * hand..(k + 1) * hand].iter().copied().collect();
        }
        let floor: CardSet = deck[seats * hand..dealt].iter().copied().collect();
        // The floor as the hand will have it, its bonus cards replaced from the stock.
        let mut played_floor = floor;
        replace_floor_bonus(&mut played_floor, &mut Stock::new(&deck[dealt..]));
        if let (Some(month), FloorFour::Redeal) =
            (played_floor.months_with(4).next(), rules.rules.floor_four)
        {
            return Err(DealError::FourOnFloor { month }.into());
        }
        let mut seating = Seating {
            rules,
            seats: seats as u8,
            dealer,
            hands,
            floor,
            stock: deck[dealt..].to_vec(),
            barred,
            sittings: [None; Seat::MAX],
            ticket: None,
        };
        seating.sittings[dealer.index()] = Some(Sitting::Plays);
        seating.settle_sittings();
        Ok(seating)
    }

    /// The rules.
    pub fn rules(&self) -> &GoStopRules {
        &self.rules
    }

    /// The seats at the table (3 to 5).
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// The dealer, who plays and leads the hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// `seat`'s dealt hand (hidden from the other seats: [`Sale::shown`] is what they see
    /// of a seller's).
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The face-up floor.
    pub fn floor(&self) -> CardSet {
        self.floor
    }

    /// What each seat does, as far as decided (`None` for a seat not yet asked or not at
    /// the table).
    pub fn sitting(&self, seat: Seat) -> Option<Sitting> {
        self.sittings.get(seat.index()).copied().flatten()
    }

    /// The seat asked whether it plays, `None` once every seat has its place.
    pub fn to_decide(&self) -> Option<Seat> {
        turn_order(self.dealer, self.seats()).find(|s| self.sitting(*s).is_none())
    }

    /// The choices the seat asked may make: `Play`, and `GiveUp` unless it sat out the last
    /// hand; empty once every seat has its place.
    pub fn choices(&self) -> Vec<SeatChoice> {
        match self.to_decide() {
            None => Vec::new(),
            Some(seat) if self.is_barred(seat) => vec![SeatChoice::Play],
            Some(_) => vec![SeatChoice::Play, SeatChoice::GiveUp],
        }
    }

    /// The seat asked plays or gives up; then the seats still undecided are placed when the
    /// count decides them (all play once enough gave up; the last ones sell when no more
    /// can give up).
    ///
    /// # Errors
    /// [`SeatingError::Decided`] once every seat has its place, [`SeatingError::Barred`]
    /// for a give-up by a seat that sat out the last hand.
    pub fn decide(&mut self, choice: SeatChoice) -> Result<(), SeatingError> {
        let seat = self.to_decide().ok_or(SeatingError::Decided)?;
        let sitting = match choice {
            SeatChoice::Play => Sitting::Plays,
            SeatChoice::GiveUp if self.is_barred(seat) => {
                return Err(SeatingError::Barred { seat });
            }
            SeatChoice::GiveUp => Sitting::GivesUp,
        };
        self.sittings[seat.index()] = Some(sitting);
        self.settle_sittings();
        Ok(())
    }

    /// The three seats that play, in turn order from the dealer (the hand's `A`, `B`, `C`),
    /// once decided.
    pub fn players(&self) -> Option<[Seat; 3]> {
        let mut players = turn_order(self.dealer, self.seats())
            .filter(|s| self.sitting(*s) == Some(Sitting::Plays));
        let three = [players.next()?, players.next()?, players.next()?];
        (self.to_decide().is_none()).then_some(three)
    }

    /// The forced sellers' sales (section 12.12), once decided; a seller with nothing to
    /// show is paid nothing and has no sale.
    pub fn sales(&self) -> Vec<Sale> {
        let Some(players) = self.players() else {
            return Vec::new();
        };
        let payers = players
            .iter()
            .filter(|p| self.rules.gwang_sale.payers == SalePayers::Players || **p != self.dealer)
            .fold(0u8, |bits, p| bits | 1 << p.index());
        let sellers = turn_order(self.dealer, self.seats())
            .filter(|s| self.sitting(*s) == Some(Sitting::Sells));
        sellers
            .filter_map(|seller| {
                let (shown, points) = self.price(self.hand_of(seller));
                (points > 0).then_some(Sale {
                    seller,
                    shown,
                    points,
                    payers,
                })
            })
            .collect()
    }

    /// The cards a sold hand shows and its price in points from each payer.
    fn price(&self, hand: CardSet) -> (CardSet, u64) {
        let sale = self.rules.gwang_sale;
        let mut counted = hand & CardSet::GWANG;
        if sale.bonus_as_gwang {
            counted |= hand & CardSet::BONUS;
        }
        let shake = hand.months_with(3).next().filter(|_| sale.shake_doubles);
        let points = u64::from(sale.price).saturating_mul(counted.len() as u64);
        let doubled = if shake.is_some() { 2 } else { 1 };
        let shown = counted | shake.map_or(CardSet::EMPTY, |m| hand.of_month(m));
        (shown, points.saturating_mul(doubled))
    }

    /// The hand the three play, once decided: the players' hands as the hand's `A` (the
    /// dealer), `B`, `C`, the floor, the stock with the hands of the seats that sit out
    /// under it. `None` while a seat is still to decide.
    pub fn hand(&self) -> Option<GoStop> {
        let players = self.players()?;
        let sitting_out = turn_order(self.dealer, self.seats()).filter(|s| !players.contains(s));
        let under = sitting_out.flat_map(|s| self.hand_of(s).iter());
        let deal = Deal {
            hands: players.map(|p| self.hand_of(p)),
            floor: self.floor,
            stock: self.stock.iter().copied().chain(under).collect(),
            first: Seat::A,
        };
        let mut hand = GoStop::from_deal(self.rules.rules, deal).ok()?;
        hand.ticket = self.ticket.map(|ticket| Ticket {
            deal: self.fingerprint(),
            ..ticket
        });
        Some(hand)
    }

    /// A fingerprint of the deal and of who plays (FNV-1a over the hands, the floor, the
    /// stock and each seat's place), which the match's ticket carries from the seating to its
    /// hand, so that the hand is recorded with this seating only.
    pub(crate) fn fingerprint(&self) -> u64 {
        let sets = self.hands.iter().chain([&self.floor]).map(|set| set.bits());
        let stock = self.stock.iter().map(|card| u64::from(card.index()));
        let place = |sitting: &Option<Sitting>| sitting.map_or(0, |s| s as u64 + 1);
        let places = self.sittings.iter().map(place);
        let words = sets.chain(stock).chain(places);
        words.fold(0xcbf2_9ce4_8422_2325, |hash, word| {
            (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3)
        })
    }

    fn is_barred(&self, seat: Seat) -> bool {
        self.barred >> seat.index() & 1 == 1
    }

    /// Places the undecided seats that the count decides.
    fn settle_sittings(&mut self) {
        let out = self.seats() - 3;
        let gave_up = self
            .sittings
            .iter()
            .filter(|s| **s == Some(Sitting::GivesUp))
            .count();
        let undecided: Vec<Seat> = turn_order(self.dealer, self.seats())
            .filter(|s| self.sitting(*s).is_none())
            .collect();
        let needed = out.saturating_sub(gave_up);
        if needed == 0 {
            undecided
                .iter()
                .for_each(|s| self.sittings[s.index()] = Some(Sitting::Plays));
        } else if undecided.len() <= needed {
            undecided
                .iter()
                .for_each(|s| self.sittings[s.index()] = Some(Sitting::Sells));
        }
    }
}

/// A seating's fields as written, read back by [`Seating`]'s `TryFrom` checks.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawSeating {
    rules: GoStopRules,
    seats: u8,
    dealer: Seat,
    hands: [CardSet; Seat::MAX],
    floor: CardSet,
    stock: Vec<Card>,
    barred: u8,
    sittings: [Option<Sitting>; Seat::MAX],
    ticket: Option<Ticket>,
}

#[cfg(feature = "serde")]
impl TryFrom<RawSeating> for Seating {
    type Error = String;

    /// The seating of the fields when its table is 3 to 5 seats with the dealer seated and
    /// playing, no card is in two places, and no seat past the table has a hand or a place.
    fn try_from(raw: RawSeating) -> Result<Seating, String> {
        let seats = usize::from(raw.seats);
        Seating::check(seats, raw.dealer).map_err(|e| e.to_string())?;
        let cards = raw.hands.iter().chain([&raw.floor]).map(|set| set.len());
        let distinct = raw.hands.iter().fold(raw.floor, |all, &hand| all | hand);
        let stock: CardSet = raw.stock.iter().copied().collect();
        let counted = cards.sum::<usize>() + raw.stock.len();
        if counted != (distinct | stock).len() {
            return Err("a card is in two places (hands, floor, stock)".to_string());
        }
        let past = |i: usize| i >= seats && (!raw.hands[i].is_empty() || raw.sittings[i].is_some());
        if (0..Seat::MAX).any(past) || raw.sittings[raw.dealer.index()] != Some(Sitting::Plays) {
            return Err(format!(
                "a seat past the table's {seats} has a hand or a place, or the dealer does not play"
            ));
        }
        Ok(Seating {
            rules: raw.rules,
            seats: raw.seats,
            dealer: raw.dealer,
            hands: raw.hands,
            floor: raw.floor,
            stock: raw.stock,
            barred: raw.barred,
            sittings: raw.sittings,
            ticket: raw.ticket,
        })
    }
}

impl Seating {
    /// A table of 3 to 5 seats with its dealer seated.
    pub(crate) fn check(seats: usize, dealer: Seat) -> Result<(), TableError> {
        match seats {
            3..=Seat::MAX if dealer.index() < seats => Ok(()),
            3..=Seat::MAX => Err(TableError::NoSuchSeat {
                seat: dealer,
                seats,
            }),
            _ => Err(TableError::Size { seats }),
        }
    }
}

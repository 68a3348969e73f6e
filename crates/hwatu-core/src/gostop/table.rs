//! A Go-Stop match at a table of three to five (rules section 12): hand after hand, with
//! money, the dealer and the nagari multiplier carried across hands.

use rand::Rng;

use crate::card::Card;
use crate::event::Outcome;
use crate::gostop::{GoStop, GoStopRules, GoStopSettlement, Sale, Seating, TableError};
use crate::match_play::{MatchError, Ticket};
use crate::seat::Seat;

/// A match of Go-Stop at a table of three to five seats: each hand's settlement and gwang
/// sales move money at a stake per point; the winner deals (and leads) the next hand, the
/// dealer stays after a nagari, and a nagari doubles the next hand's result, up to the
/// rules' cap (`rules.rules.nagari_cap`). The seats that sat out a hand may not give up the
/// next. The match records only the hands it deals, each once, each with the seating it was
/// played from. As Matgo's [`crate::Match`], a match is a plain value with no hidden
/// identity: two matches built alike deal interchangeable hands.
///
/// ```
/// use hwatu_core::bot::{Bot, RandomBot};
/// use hwatu_core::{GoStopMatch, GoStopRules, Seat, SeatChoice};
/// use rand::{SeedableRng, rngs::StdRng};
///
/// let mut rng = StdRng::seed_from_u64(5);
/// let mut table = GoStopMatch::new(GoStopRules::standard(), 4, Seat::A, 100, 10_000)?;
/// let mut bot = RandomBot::new(StdRng::seed_from_u64(6));
/// for _ in 0..3 {
///     let mut seating = table.deal(&mut rng);
///     while seating.to_decide().is_some() {
///         seating.decide(SeatChoice::Play)?; // the last seat is forced to sell its gwang
///     }
///     let mut hand = seating.hand().expect("three seats play");
///     while let Some(seat) = hand.to_move() {
///         hand.apply(bot.choose(&hand.view(seat)).expect("a legal action"))?;
///     }
///     let settlement = table.record(&seating, &hand)?;
///     assert_eq!(settlement.transfers.iter().sum::<i64>(), 0);
/// }
/// assert_eq!(table.money().iter().sum::<i64>(), 40_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawMatch"))]
pub struct GoStopMatch {
    rules: GoStopRules,
    seats: u8,
    stake: u64,
    money: [i64; Seat::MAX],
    dealer: Seat,
    /// The seats that sat out the last hand, one bit per seat.
    barred: u8,
    nagari_multiplier: u64,
    hands: u64,
}

/// A match's fields as written, read back by [`GoStopMatch`]'s `TryFrom` checks.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct RawMatch {
    rules: GoStopRules,
    seats: u8,
    stake: u64,
    money: [i64; Seat::MAX],
    dealer: Seat,
    barred: u8,
    nagari_multiplier: u64,
    hands: u64,
}

#[cfg(feature = "serde")]
impl TryFrom<RawMatch> for GoStopMatch {
    type Error = String;

    /// The match of the fields when its table is 3 to 5 seats with the dealer seated and
    /// its nagari multiplier at least 1.
    fn try_from(raw: RawMatch) -> Result<GoStopMatch, String> {
        Seating::check(usize::from(raw.seats), raw.dealer).map_err(|e| e.to_string())?;
        if raw.nagari_multiplier == 0 {
            return Err("a nagari multiplier of 0: it is at least 1".to_string());
        }
        Ok(GoStopMatch {
            rules: raw.rules,
            seats: raw.seats,
            stake: raw.stake,
            money: raw.money,
            dealer: raw.dealer,
            barred: raw.barred,
            nagari_multiplier: raw.nagari_multiplier,
            hands: raw.hands,
        })
    }
}

/// A recorded hand at the table: who played, the hand's settlement, the gwang sales, and
/// the money each table seat gained or paid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TableSettlement {
    /// The table seats of the hand's `A` (the dealer), `B` and `C`.
    pub players: [Seat; 3],
    /// The hand's settlement, in the hand's seats.
    pub hand: GoStopSettlement,
    /// The forced sellers' sales.
    pub sales: Vec<Sale>,
    /// Money gained (positive) or paid (negative) by each table seat at the stake: the
    /// hand's result and early payments, and the sales. Sums to zero.
    pub transfers: Vec<i64>,
}

impl GoStopMatch {
    /// A match at a table of `seats` (3 to 5) that `dealer` deals first, at `stake` money
    /// per point, each seat starting with `money`.
    ///
    /// # Errors
    /// [`TableError::Size`] for another number of seats, [`TableError::NoSuchSeat`] for a
    /// dealer not at the table.
    pub fn new(
        rules: GoStopRules,
        seats: usize,
        dealer: Seat,
        stake: u64,
        money: i64,
    ) -> Result<GoStopMatch, TableError> {
        Seating::check(seats, dealer)?;
        Ok(GoStopMatch {
            rules,
            seats: seats as u8,
            stake,
            money: [money; Seat::MAX],
            dealer,
            barred: 0,
            nagari_multiplier: 1,
            hands: 0,
        })
    }

    /// The rules.
    pub fn rules(&self) -> &GoStopRules {
        &self.rules
    }

    /// The seats at the table.
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// Money per point.
    pub fn stake(&self) -> u64 {
        self.stake
    }

    /// Each table seat's money.
    pub fn money(&self) -> &[i64] {
        &self.money[..self.seats()]
    }

    /// The dealer of the next hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The multiplier the next hand's result counts with (2 after a nagari).
    pub fn nagari_multiplier(&self) -> u64 {
        self.nagari_multiplier
    }

    /// Hands recorded so far.
    pub fn hands(&self) -> u64 {
        self.hands
    }

    /// Shuffles and deals the next hand's table ([`Seating::new`]).
    pub fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> Seating {
        // The match's size and dealer were checked when it was made.
        let seating = Seating::shuffled(self.rules, self.seats(), self.dealer, self.barred, rng);
        self.stamp(seating)
    }

    /// The next hand's table from a deck order ([`Seating::from_deck`]).
    ///
    /// # Errors
    /// As [`Seating::from_deck`].
    pub fn deal_from_deck(&self, deck: &[Card]) -> Result<Seating, TableError> {
        let seating = Seating::from_deck(self.rules, self.seats(), self.dealer, self.barred, deck)?;
        Ok(self.stamp(seating))
    }

    /// Settles the finished `hand` played from `seating` (both dealt by this match as its
    /// next hand): pays the sales, the early payments and the result, and moves the deal on.
    /// A refused hand leaves the match unchanged.
    ///
    /// # Errors
    /// [`MatchError::NotOver`] for a hand not over or a seating still undecided;
    /// [`MatchError::NotDealtByMatch`] for a seating or hand this match did not deal as its
    /// next; [`MatchError::AlreadyRecorded`] for one already recorded;
    /// [`MatchError::Overflow`] for a payment that would take a seat's money beyond `i64`.
    pub fn record(
        &mut self,
        seating: &Seating,
        hand: &GoStop,
    ) -> Result<TableSettlement, MatchError> {
        self.check_ticket(seating.ticket, seating.rules() == &self.rules)?;
        self.check_ticket(hand.ticket, hand.rules == self.rules.rules)?;
        let played_from = seating.ticket.map(|ticket| Ticket {
            deal: seating.fingerprint(),
            ..ticket
        });
        if hand.ticket != played_from {
            // A hand played from another seating of the same number, or the same deal with
            // other seats playing.
            return Err(MatchError::NotDealtByMatch);
        }
        let players = seating.players().ok_or(MatchError::NotOver)?;
        let settlement = hand
            .settle(&self.rules, self.nagari_multiplier)
            .ok_or(MatchError::NotOver)?;
        let sales = seating.sales();
        let transfers = self.transfers(players, &settlement, &sales)?;
        let mut money = self.money;
        for (wallet, transfer) in money.iter_mut().zip(&transfers) {
            *wallet = wallet.checked_add(*transfer).ok_or(MatchError::Overflow {
                points: transfer.unsigned_abs() / self.stake.max(1),
                stake: self.stake,
            })?;
        }
        self.money = money;
        self.barred = (0..self.seats())
            .filter(|&i| !players.iter().any(|p| p.index() == i))
            .fold(0, |bits, i| bits | 1 << i);
        match settlement.outcome.winner() {
            Some(winner) => {
                self.dealer = players[winner.index()];
                self.nagari_multiplier = 1;
            }
            None if settlement.outcome == Outcome::Nagari => {
                let doubled = self.nagari_multiplier.saturating_mul(2);
                let cap = self
                    .rules
                    .rules
                    .nagari_cap
                    .map_or(u64::MAX, |cap| cap.max(1));
                self.nagari_multiplier = doubled.min(cap);
            }
            None => {}
        }
        self.hands += 1;
        Ok(TableSettlement {
            players,
            hand: settlement,
            sales,
            transfers,
        })
    }

    /// Each table seat's money change: the hand's transfers in table seats, and the sales.
    fn transfers(
        &self,
        players: [Seat; 3],
        settlement: &GoStopSettlement,
        sales: &[Sale],
    ) -> Result<Vec<i64>, MatchError> {
        let mut transfers = vec![0i64; self.seats()];
        let hand = settlement
            .try_transfers(self.stake)
            .ok_or(MatchError::Overflow {
                points: settlement.received(),
                stake: self.stake,
            })?;
        for (player, amount) in players.iter().zip(hand) {
            transfers[player.index()] = amount;
        }
        for sale in sales {
            let amount = sale
                .points
                .checked_mul(self.stake)
                .and_then(|m| i64::try_from(m).ok());
            let overflow = MatchError::Overflow {
                points: sale.points,
                stake: self.stake,
            };
            let amount = amount.ok_or_else(|| overflow.clone())?;
            for payer in players.iter().filter(|p| sale.is_paid_by(**p)) {
                let pays = transfers[payer.index()].checked_sub(amount);
                let gets = transfers[sale.seller.index()].checked_add(amount);
                let (Some(pays), Some(gets)) = (pays, gets) else {
                    return Err(overflow);
                };
                transfers[payer.index()] = pays;
                transfers[sale.seller.index()] = gets;
            }
        }
        Ok(transfers)
    }

    fn check_ticket(&self, ticket: Option<Ticket>, ours: bool) -> Result<(), MatchError> {
        match ticket {
            Some(ticket) if ticket.number < self.hands => Err(MatchError::AlreadyRecorded {
                game: ticket.number.saturating_add(1),
            }),
            Some(ticket) if ticket.number == self.hands && ours => Ok(()),
            _ => Err(MatchError::NotDealtByMatch),
        }
    }

    fn stamp(&self, mut seating: Seating) -> Seating {
        seating.ticket = Some(Ticket {
            number: self.hands,
            deal: 0,
        });
        seating
    }
}

//! Ending a hand (spec sections 4 and 5): wins scored by [`crate::score`] and paid, the
//! exhaustive draw with tenpai payments and nagashi mangan, and the abortive draws checked
//! after a discard.

use crate::game::kyoku::event::{AbortiveDraw, KyokuEvent, PaymentReason};
use crate::game::kyoku::player::red_slot;
use crate::game::kyoku::{Kyoku, KyokuEnd};
use crate::game::rules::Pao;
use crate::game::seat::Seat;
use crate::hand::score::YAKUMAN_HAN;
use crate::hand::score::{
    Indicators, Limit, Payment, Riichi, Score, TileCopy, WinBy, WinningHand, Yaku,
};

/// A win as the scorer read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ScoredWin {
    pub hand: WinningHand,
    pub score: Score,
}

/// Nagashi mangan is paid as a tsumo mangan: basic points 2,000.
const NAGASHI_BASIC: u32 = 2_000;

impl Kyoku {
    /// The win of `seat` on `tile` in the situation now, scored; `None` when the hand is not
    /// complete or has no yaku (no yaku, no win).
    pub(super) fn score_win(
        &self,
        seat: Seat,
        tile: TileCopy,
        by: WinBy,
        rinshan: bool,
        chankan: bool,
        last_tile: bool,
    ) -> Option<ScoredWin> {
        let player = &self.players[seat.index()];
        let mut concealed = player.tiles;
        if by == WinBy::Ron {
            concealed.hand.add(tile.tile).ok()?;
            if let (Some(slot), true) = (red_slot(tile.tile), tile.red) {
                concealed.red[slot] = true;
            }
        }
        if !concealed.hand.is_agari() {
            return None;
        }
        let riichi = match player.riichi {
            None => Riichi::None,
            Some(r) if r.double => Riichi::Double,
            Some(_) => Riichi::Riichi,
        };
        let indicators = self.dora_indicators().iter().copied().collect();
        let ura = match riichi {
            Riichi::None => Indicators::default(),
            _ => self
                .wall
                .ura_indicators(self.indicators)
                .iter()
                .copied()
                .collect(),
        };
        let hand = WinningHand {
            concealed: concealed.hand,
            concealed_red_fives: concealed.red_counts(),
            melds: player.melds.iter().map(|m| m.meld).collect(),
            winning_tile: tile,
            by,
            seat_wind: self.seat_wind(seat),
            round_wind: self.start.round_wind,
            riichi,
            ippatsu: player.ippatsu,
            last_tile,
            rinshan,
            chankan,
            first_turn: self.first_turn(seat),
            dora_indicators: indicators,
            ura_indicators: ura,
            honba: self.start.honba,
            riichi_sticks: self.sticks,
            nukidora: player.kita,
        };
        let score = hand.score(&self.rules.scoring).ok()?;
        Some(ScoredWin { hand, score })
    }

    /// Pays the wins (in turn order from the discarder; the first takes the riichi sticks,
    /// and the honba unless [`Rules::honba_to_each_winner`](crate::Rules::honba_to_each_winner)) and ends the hand.
    pub(super) fn settle_wins(
        &mut self,
        wins: Vec<(Seat, ScoredWin)>,
        from: Option<Seat>,
        events: &mut Vec<KyokuEvent>,
    ) {
        let winners = wins.iter().map(|(seat, _)| *seat).collect();
        for (i, (seat, mut win)) in wins.into_iter().enumerate() {
            if i > 0 {
                // The sticks went to the first winner, and the honba too unless each winner
                // is paid them: score the second without them.
                win.hand.riichi_sticks = 0;
                if !self.rules.honba_to_each_winner {
                    win.hand.honba = 0;
                }
                if let Ok(score) = win.hand.score(&self.rules.scoring) {
                    win.score = score;
                }
            }
            let honba = win.hand.honba;
            events.push(KyokuEvent::Win {
                seat,
                from,
                hand: Box::new(win.hand),
                score: win.score,
            });
            self.pay_win(seat, from, &win.score, honba, events);
            if i == 0 && self.sticks > 0 {
                let sticks = self.sticks.saturating_mul(1_000);
                self.sticks = 0;
                self.pay(
                    None,
                    Some(seat),
                    sticks,
                    PaymentReason::RiichiSticks,
                    events,
                );
            }
        }
        self.finish(KyokuEnd::Win { winners });
    }

    /// The payments of one win; with pao (spec section 4), the feeder pays the whole tsumo,
    /// or half a ron and its honba, the discarder the other half.
    ///
    /// As on Tenhou, pao covers the whole hand even when it holds another yakuman beside
    /// the daisangen or daisuushii (daisangen with tsuuiisou: the feeder pays both), and the
    /// honba of a ron (the win's `honba` counters) go to the feeder. Sources: mjx
    /// (`State::Tsumo` and `State::Ron` of mjx-project/mjx, checked against Tenhou logs);
    /// kobalab's rules of his Tenhou-based Majiang, which list pao on the pao yakuman only as
    /// a difference from Tenhou; RiichiEnv's `yakuman_pao_is_liability_only` (false for
    /// Tenhou, true for Mahjong Soul). Under [`Pao::YakumanOnly`] (Mahjong Soul) a hand with
    /// another yakuman is paid in two parts: the pao yakuman's as above without honba, the
    /// rest, honba included, as a win without pao.
    fn pay_win(
        &mut self,
        seat: Seat,
        from: Option<Seat>,
        score: &Score,
        honba: u32,
        events: &mut Vec<KyokuEvent>,
    ) {
        let liable = |y: Yaku| u32::from(score.han_of(y) / YAKUMAN_HAN);
        let units = liable(Yaku::Daisangen) + liable(Yaku::Daisuushii);
        let Some(feeder) = self.pao[seat.index()].filter(|_| units > 0) else {
            return self.pay_plain(seat, from, score.payment(), events);
        };
        let all = match score.limit() {
            Limit::Yakuman(n) => u32::from(n),
            _ => units,
        };
        if self.rules.pao == Pao::YakumanOnly && all > units {
            let each = score.basic_points() / all;
            let (dealer, tsumo) = (seat == self.start.dealer, from.is_none());
            let pao = Payment::of(each * units, dealer, tsumo, 0, &self.rules.scoring);
            let rest = Payment::of(
                each * (all - units),
                dealer,
                tsumo,
                honba,
                &self.rules.scoring,
            );
            self.pay_pao(seat, from, feeder, pao, 0, events);
            return self.pay_plain(seat, from, rest, events);
        }
        self.pay_pao(seat, from, feeder, score.payment(), honba, events);
    }

    /// `payment` (its `honba` counters included) with `feeder` liable: all of a tsumo, half
    /// of a ron by another discarder and the honba.
    fn pay_pao(
        &mut self,
        seat: Seat,
        from: Option<Seat>,
        feeder: Seat,
        payment: Payment,
        honba: u32,
        events: &mut Vec<KyokuEvent>,
    ) {
        match (payment, from) {
            (Payment::Ron { discarder }, Some(from)) if feeder != from => {
                // A ron's honba are 100 from each seat that would pay a tsumo: 300 at four
                // seats, 200 at three.
                let per_honba = 100 * (self.rules.seats as u32).saturating_sub(1);
                let honba = honba.saturating_mul(per_honba).min(discarder);
                let half = (discarder - honba) / 2;
                let paid = discarder - honba - half;
                self.pay(Some(from), Some(seat), paid, PaymentReason::Win, events);
                let liable = half + honba;
                self.pay(Some(feeder), Some(seat), liable, PaymentReason::Pao, events);
            }
            (Payment::Ron { .. }, _) => self.pay_plain(seat, from, payment, events),
            (Payment::Tsumo { .. }, _) => {
                let sum = payment.sum_at(self.rules.seats);
                self.pay(Some(feeder), Some(seat), sum, PaymentReason::Pao, events);
            }
        }
    }

    /// `payment` paid without pao: a ron by the discarder, a tsumo by each other seat.
    fn pay_plain(
        &mut self,
        seat: Seat,
        from: Option<Seat>,
        payment: Payment,
        events: &mut Vec<KyokuEvent>,
    ) {
        match (payment, from) {
            (Payment::Ron { discarder }, Some(from)) => {
                self.pay(
                    Some(from),
                    Some(seat),
                    discarder,
                    PaymentReason::Win,
                    events,
                );
            }
            (payment @ Payment::Tsumo { .. }, _) => {
                self.pay_tsumo(seat, payment, PaymentReason::Win, events);
            }
            (Payment::Ron { .. }, None) => {}
        }
    }

    /// A tsumo's `payment` to `seat` from every other seat at the table (the dealer's
    /// share from the dealer).
    fn pay_tsumo(
        &mut self,
        seat: Seat,
        payment: Payment,
        reason: PaymentReason,
        events: &mut Vec<KyokuEvent>,
    ) {
        let Payment::Tsumo { dealer, others } = payment else {
            return;
        };
        for payer in self.seats().filter(|&s| s != seat) {
            let points = if payer == self.start.dealer {
                dealer
            } else {
                others
            };
            self.pay(Some(payer), Some(seat), points, reason, events);
        }
    }

    /// After a discard that no one claimed: the abortive draws that wait for it, the
    /// exhaustive draw, or the next seat's draw.
    pub(super) fn after_discard(&mut self, from: Seat, events: &mut Vec<KyokuEvent>) {
        if let Some(draw) = self.abortive_after_discard() {
            return self.abort(draw, events);
        }
        if self.live_tiles() == 0 {
            return self.ryuukyoku(events);
        }
        self.draw(self.next_seat(from), events);
    }

    fn abortive_after_discard(&self) -> Option<AbortiveDraw> {
        if !self.rules.abortive_draws {
            return None;
        }
        let first = self.players[0].discards.first().map(|d| d.tile.tile);
        let same_wind = self
            .players
            .iter()
            .all(|p| p.discards.len() == 1 && Some(p.discards[0].tile.tile) == first);
        if !self.interrupted
            && same_wind
            && first.is_some_and(|t| t.index() >= 27 && t.index() < 31)
        {
            return Some(AbortiveDraw::SuufonRenda);
        }
        self.suukaikan_pending().then_some(AbortiveDraw::Suukaikan)
    }

    /// Whether the next discard ends the hand in suukaikan unless it is ronned: four kans
    /// made by more than one seat, with the abortive draws on. That discard may be claimed
    /// by ron only (spec section 4, "Kans").
    pub(super) fn suukaikan_pending(&self) -> bool {
        self.rules.abortive_draws && self.kans() == 4 && self.players.iter().all(|p| p.kans() < 4)
    }

    /// The exhaustive draw: nagashi mangan (paid as a tsumo mangan, by the scorer's rule of
    /// tsumo payments: at three seats with or without tsumo-loss), else tenpai payments:
    /// 1,000 points from each seat the tenpai seats would be paid by at a tsumo, 3,000 in
    /// all at four seats and 2,000 at three (RiichiEnv's `tenpai_pool`, 2,000 for three
    /// players), shared by the tenpai seats.
    fn ryuukyoku(&mut self, events: &mut Vec<KyokuEvent>) {
        let tenpai = self.players.each_ref().map(|p| !p.waits.is_empty());
        let nagashi = self
            .players
            .each_ref()
            .map(|p| self.rules.nagashi_mangan && !p.discards.is_empty() && p.is_nagashi());
        events.push(KyokuEvent::Ryuukyoku { tenpai, nagashi });
        if nagashi.contains(&true) {
            for seat in self.seats().filter(|s| nagashi[s.index()]) {
                let dealer = seat == self.start.dealer;
                let payment = Payment::of(NAGASHI_BASIC, dealer, true, 0, &self.rules.scoring);
                self.pay_tsumo(seat, payment, PaymentReason::NagashiMangan, events);
            }
        } else {
            let seats = self.rules.seats as u32;
            let count = self.seats().filter(|s| tenpai[s.index()]).count() as u32;
            if (1..seats).contains(&count) {
                let each = 1_000 * (seats - 1) / (count * (seats - count));
                for payer in self.seats().filter(|s| !tenpai[s.index()]) {
                    for payee in self.seats().filter(|s| tenpai[s.index()]) {
                        self.pay(
                            Some(payer),
                            Some(payee),
                            each,
                            PaymentReason::Tenpai,
                            events,
                        );
                    }
                }
            }
        }
        self.finish(KyokuEnd::Ryuukyoku { tenpai, nagashi });
    }
}

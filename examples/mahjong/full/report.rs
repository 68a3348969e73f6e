//! The transcript: each event of the match as a line, each win explained (the hand, the
//! yaku, the fu item by item and the payment, as the crate writes them), the points after
//! each hand and the final ranking.

use mahjong_core::{AbortiveDraw, KyokuEvent, MatchEnd, MatchEvent, MatchResult, Seat};

use crate::full::table::{round_name, thousands};
use crate::names::Names;

/// Writes the transcript, keeping what it needs from one event to the next: the points at
/// the start of the hand and after each payment, to tell each seat's points and change once
/// the hand has ended.
pub struct Transcript {
    names: Names,
    /// The person's seat, named `you` in the points lines.
    person: Option<Seat>,
    start_points: [i32; 4],
    points: [i32; 4],
    /// The seats at the table: 4, or 3 in sanma.
    seats: usize,
    /// The hand has ended and its points are not told yet.
    hand_over: bool,
    /// The seat whose action caused the events being told (the one to move before it).
    pub actor: Option<Seat>,
}

impl Transcript {
    /// A transcript in `names`, for `person` (or for bots only) at a table of `seats`.
    pub fn new(names: Names, person: Option<Seat>, seats: usize) -> Transcript {
        Transcript {
            names,
            person,
            start_points: [0; 4],
            points: [0; 4],
            seats,
            hand_over: false,
            actor: None,
        }
    }

    /// Prints what `event` says, a hand's draws left out (the person sees their own in
    /// their hand).
    pub fn event(&mut self, event: &MatchEvent) {
        if matches!(
            event,
            MatchEvent::HandStarted { .. } | MatchEvent::MatchEnded(_)
        ) {
            self.hand_end();
        }
        match event {
            MatchEvent::HandStarted {
                round_wind,
                number,
                dealer,
                honba,
                riichi_sticks,
                points,
            } => {
                self.start_points = *points;
                self.points = *points;
                println!();
                println!(
                    "== {}: {dealer} deals; honba {honba}, riichi sticks {riichi_sticks}; {}",
                    round_name(*round_wind, usize::from(*number)),
                    self.points(points, None)
                );
            }
            MatchEvent::Kyoku(KyokuEvent::Draw { .. }) => {}
            MatchEvent::Kyoku(KyokuEvent::Win {
                seat,
                from,
                hand,
                score,
            }) => {
                self.hand_over = true;
                println!("{}", win_line(*seat, *from, score.total()));
                println!("  hand: {}", self.names.text(&hand.to_string()));
                for line in score.to_string().lines() {
                    println!("  {}", self.names.text(&yaku_words(line)));
                }
            }
            MatchEvent::Kyoku(KyokuEvent::Payment {
                payer,
                payee,
                points,
                reason,
            }) => {
                self.pay(*payer, *payee, *points);
                let side = |seat: Option<Seat>| seat.map_or("the table".into(), |s| s.to_string());
                let points = thousands(i64::from(*points));
                let (payer, payee) = (side(*payer), side(*payee));
                println!("  {payer} pays {points} to {payee} ({reason})");
            }
            MatchEvent::Kyoku(KyokuEvent::Abort { draw }) => {
                self.hand_over = true;
                println!("{}", abort_line(*draw, self.actor));
            }
            MatchEvent::Kyoku(event @ KyokuEvent::Ryuukyoku { .. }) => {
                self.hand_over = true;
                println!("{}", self.names.text(&event.to_string()));
            }
            MatchEvent::Kyoku(event) => println!("{}", self.names.text(&event.to_string())),
            MatchEvent::MatchEnded(result) => self.result(result),
            _ => println!("{event}"),
        }
    }

    /// Keeps the points up to date with a payment.
    fn pay(&mut self, payer: Option<Seat>, payee: Option<Seat>, points: u32) {
        let points = i32::try_from(points).unwrap_or(i32::MAX);
        if let Some(payer) = payer {
            let before = &mut self.points[payer.index()];
            *before = before.saturating_sub(points);
        }
        if let Some(payee) = payee {
            let before = &mut self.points[payee.index()];
            *before = before.saturating_add(points);
        }
    }

    /// The points after a hand that has ended, with each seat's change over it.
    fn hand_end(&mut self) {
        if std::mem::take(&mut self.hand_over) {
            println!(
                "Points after the hand: {}",
                self.points(&self.points, Some(self.start_points))
            );
        }
    }

    /// `seat 0 (you) 25,000, seat 1 24,000 (-1,000), ...`.
    fn points(&self, points: &[i32; 4], before: Option<[i32; 4]>) -> String {
        let seat_points = |seat: Seat| {
            let now = i64::from(points[seat.index()]);
            let change = before.map_or(0, |b| now - i64::from(b[seat.index()]));
            let change = match change {
                0 => String::new(),
                c if c > 0 => format!(" (+{})", thousands(c)),
                c => format!(" ({})", thousands(c)),
            };
            format!("{}{} {}{change}", seat, self.you(seat), thousands(now))
        };
        let all: Vec<String> = Seat::first(self.seats).map(seat_points).collect();
        all.join(", ")
    }

    fn you(&self, seat: Seat) -> &'static str {
        if self.person == Some(seat) {
            " (you)"
        } else {
            ""
        }
    }

    /// The final ranking: place, seat, points, and the score when uma or oka make it
    /// differ from the points.
    fn result(&self, result: &MatchResult) {
        println!();
        let hands = if result.hands == 1 { "hand" } else { "hands" };
        println!(
            "The match is over after {} {hands}: {}.",
            result.hands,
            end_reason(result.end)
        );
        let seated = &result.ranking[..usize::from(result.seats)];
        for (place, seat) in seated.iter().enumerate() {
            let points = i64::from(result.points[seat.index()]);
            let score = result.scores[seat.index()];
            let score = if score == points {
                String::new()
            } else {
                format!(", score {}", thousands(score))
            };
            println!(
                "  {}. {seat}{}: {} points{score}",
                place + 1,
                self.you(*seat),
                thousands(points),
            );
        }
    }
}

/// `seat 2 wins by ron from seat 0: 8,000 points`, `seat 0 tsumo: 13,000 points`.
fn win_line(seat: Seat, from: Option<Seat>, total: u32) -> String {
    let total = thousands(i64::from(total));
    match from {
        Some(from) => format!("{seat} wins by ron from {from}: {total} points"),
        None => format!("{seat} tsumo: {total} points"),
    }
}

/// A line of the scorer's explanation with its yaku written as words: `menzen tsumo: 1
/// han` for the scorer's `menzen_tsumo: 1 han`.
fn yaku_words(line: &str) -> String {
    line.replace('_', " ")
}

/// An abortive draw in words; kyuushu kyuuhai names the seat that declared it (`actor`).
fn abort_line(draw: AbortiveDraw, actor: Option<Seat>) -> String {
    let why = match draw {
        AbortiveDraw::KyuushuKyuuhai => "nine kinds of terminals and honors",
        AbortiveDraw::SuufonRenda => {
            "the same wind discarded by all four seats in the first go-around"
        }
        AbortiveDraw::SuuchaRiichi => "all four seats in riichi",
        AbortiveDraw::Suukaikan => "four kans by more than one seat",
        AbortiveDraw::Sanchahou => "three seats ron the same discard",
    };
    match (draw, actor) {
        (AbortiveDraw::KyuushuKyuuhai, Some(seat)) => {
            format!("Abortive draw: {seat} declares {draw} ({why}).")
        }
        _ => format!("Abortive draw: {draw} ({why})."),
    }
}

/// Why the match ended, in words.
fn end_reason(end: MatchEnd) -> &'static str {
    match end {
        MatchEnd::LastHand => "its last hand was played",
        MatchEnd::SuddenDeath => "a seat reached the target points in sudden death",
        MatchEnd::AgariYame => "the dealer won the last hand in first place (agari-yame)",
        MatchEnd::TenpaiYame => {
            "the dealer was tenpai at the draw of the last hand, in first place (tenpai-yame)"
        }
        MatchEnd::Tobi => "a seat fell below 0 points (tobi)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_and_yaku_read_as_a_player_writes_them() {
        let (winner, dealer) = (Seat::ALL[2], Seat::ALL[0]);
        assert_eq!(
            win_line(winner, Some(dealer), 12_000),
            "seat 2 wins by ron from seat 0: 12,000 points"
        );
        assert_eq!(win_line(dealer, None, 900), "seat 0 tsumo: 900 points");
        assert_eq!(yaku_words("menzen_tsumo: 1 han"), "menzen tsumo: 1 han");
        assert_eq!(
            abort_line(AbortiveDraw::KyuushuKyuuhai, Some(winner)),
            "Abortive draw: seat 2 declares kyuushu kyuuhai (nine kinds of terminals and honors)."
        );
        assert_eq!(
            abort_line(AbortiveDraw::SuuchaRiichi, Some(winner)),
            "Abortive draw: suucha riichi (all four seats in riichi)."
        );
        assert_eq!(
            end_reason(MatchEnd::Tobi),
            "a seat fell below 0 points (tobi)"
        );
        assert!(end_reason(MatchEnd::TenpaiYame).ends_with("(tenpai-yame)"));
    }
}

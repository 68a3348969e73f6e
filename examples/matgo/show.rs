//! What the examples print of a table, at Matgo and Go-Stop alike: the floor by month,
//! capture piles by category with their scores, tallies, and the events in words.

use hwatu_core::{CardSet, Event, GukjinUse, Names, Score, SeatIndex, Tally};
use tabletop_rules::count;

/// The floor grouped by month: `1: 1G 1P1 | 8: 8P2`.
pub fn by_month(cards: CardSet) -> String {
    let groups: Vec<String> = cards
        .months()
        .map(|m| format!("{m}: {}", cards.of_month(m)))
        .collect();
    if groups.is_empty() {
        "(empty)".into()
    } else {
        groups.join(" | ")
    }
}

/// A capture pile grouped by category, with the score.
pub fn by_category(pile: CardSet, gukjin: GukjinUse) -> String {
    let pi = pile.pi_cards(gukjin);
    let parts = [
        ("gwang", pile & CardSet::GWANG),
        ("yeol", (pile & CardSet::YEOL) - pi),
        ("tti", pile & CardSet::TTI),
        ("pi", pi),
    ];
    let text: Vec<String> = parts
        .iter()
        .filter(|(_, cards)| !cards.is_empty())
        .map(|(name, cards)| format!("{name} {cards}"))
        .collect();
    let text = if text.is_empty() {
        "-".to_string()
    } else {
        text.join(" / ")
    };
    format!(
        "{text}  (pi value {}; score {})",
        pile.pi_value(gukjin),
        Score::of(pile, gukjin)
    )
}

/// What a player has done that counts, `go`, `shake`, `bomb`...: `1 go, 2 bombs`; `None`
/// when nothing yet.
pub fn tally_notes(tally: Tally) -> Option<String> {
    let counts = [
        (tally.goes, "go"),
        (tally.shakes, "shake"),
        (tally.bombs, "bomb"),
        (tally.ppuks, "ppuk"),
        (tally.flip_credits, "flip-only turn"),
    ];
    let notes: Vec<String> = counts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| count(u64::from(*n), what))
        .collect();
    (!notes.is_empty()).then(|| notes.join(", "))
}

/// Tells the events in words, as `viewer` may know them (all of them when it is `None`:
/// bots play); the ends of turns go without saying.
pub fn narrate<S: SeatIndex>(events: &[Event<S>], names: &Names<S>, viewer: Option<S>) {
    for event in events {
        if matches!(event, Event::TurnEnded { .. }) {
            continue;
        }
        let seen = viewer.map_or(*event, |viewer| event.seen_by(viewer));
        println!("  {}", seen.describe(names));
    }
}

//! What the person sees before each decision: the round, the counters, every seat's
//! points, melds and discards, the dora indicators and the own hand.

use mahjong_core::score::{TileCopy, Wind};
use mahjong_core::{DiscardedTile, Hand, KyokuView, Seat, TableMeld, Tile};

use crate::names::Names;

/// How the discard marks and the after-win `hand:` line read, printed once at the start.
pub fn legend(names: Names) -> String {
    let five = names.tile(Tile::ALL[4]);
    format!(
        "At the table, R marks a seat in riichi; in the discards, {five}* was tsumogiri (the \
         tile just drawn), [{five}] declared riichi, {five}> was called.\nAfter a win, `hand:` \
         gives the concealed tiles, the melds, the winning tile and how it was won, the seat \
         and round winds, and after `dora` and `ura` the indicators (not the dora themselves)."
    )
}

/// `East 1`, `South 4`: the round wind and the hand's number in it.
pub fn round_name(round_wind: Wind, number: usize) -> String {
    format!("{} {number}", round_wind.name())
}

/// The hand's number in its round when seat 0 dealt the first hand: the dealer's seat
/// number plus one.
pub fn hand_number(dealer: Seat) -> usize {
    dealer.index() + 1
}

/// The person's concealed tiles in index order without the drawn tile, then the drawn
/// tile: the order positions 1 to 14 count in.
pub fn in_order(view: &KyokuView) -> (Vec<TileCopy>, Option<TileCopy>) {
    let mut rest = view.concealed.clone();
    if let Some(drawn) = view.drawn
        && let Some(at) = rest.iter().rposition(|&copy| copy == drawn)
    {
        rest.remove(at);
    }
    (rest, view.drawn)
}

/// The whole table as `view.seat` sees it, `you` naming the person's seat.
pub fn show(view: &KyokuView, names: Names) {
    println!();
    let indicators: Vec<String> = view
        .dora_indicators
        .iter()
        .map(|&c| names.copy(c))
        .collect();
    println!(
        "{}, honba {}, riichi sticks {}; {} tiles left; dora indicators: {}",
        round_name(view.round_wind, hand_number(view.dealer)),
        view.honba,
        view.riichi_sticks,
        view.live_tiles,
        indicators.join(" ")
    );
    for seat in Seat::first(view.rules.seats) {
        let discards = discards(&view.discards[seat.index()], names);
        println!("{}  {discards}", seat_line(view, seat));
        if !view.melds[seat.index()].is_empty() {
            println!(
                "{:18}melds: {}",
                "",
                melds(&view.melds[seat.index()], names)
            );
        }
    }
    show_hand(view, names);
}

/// The person's hand, sorted, the drawn tile apart after `|`, and their melds.
pub fn show_hand(view: &KyokuView, names: Names) {
    let (rest, drawn) = in_order(view);
    let rest: Vec<String> = rest.iter().map(|&c| names.copy(c)).collect();
    let drawn = drawn
        .map(|c| format!(" | {}", names.copy(c)))
        .unwrap_or_default();
    let own = &view.melds[view.seat.index()];
    let melds = if own.is_empty() {
        String::new()
    } else {
        format!("; melds: {}", melds(own, names))
    };
    println!("Your hand: {}{drawn}{melds}", rest.join(" "));
    if view.riichi[view.seat.index()] {
        let (rest, _) = in_order(view);
        let hand = Hand::from_tiles(rest.iter().map(|c| c.tile)).unwrap_or_default();
        println!("In riichi, you wait on {}.", names.set(hand.waits()));
    }
}

/// `  seat 2 (W)   24,000 R`: the seat, its wind, `you`, points and `R` in riichi.
fn seat_line(view: &KyokuView, seat: Seat) -> String {
    let seats = view.rules.seats.clamp(1, 4);
    let wind = Wind::ALL[(seat.index() + seats - view.dealer.index() % seats) % seats];
    let you = if seat == view.seat { ", you" } else { "" };
    let riichi = if view.riichi[seat.index()] { 'R' } else { ' ' };
    let name = format!("{seat} ({wind}{you})");
    let points = thousands(i64::from(view.points[seat.index()]));
    let kita = match view.kita[seat.index()] {
        0 => String::new(),
        n => format!(" kita {n}"),
    };
    format!("  {name:<15}{points:>7} {riichi}{kita}")
}

/// A discard pile with its marks, `-` when empty.
pub fn discards(pile: &[DiscardedTile], names: Names) -> String {
    if pile.is_empty() {
        return "-".into();
    }
    let marked = |d: &DiscardedTile| {
        let tile = names.copy(d.tile);
        let tile = if d.riichi { format!("[{tile}]") } else { tile };
        let drawn = if d.tsumogiri { "*" } else { "" };
        let called = if d.called { ">" } else { "" };
        format!("{tile}{drawn}{called}")
    };
    pile.iter().map(marked).collect::<Vec<_>>().join(" ")
}

/// A seat's melds: `pon 7Z 7Z 7Z from seat 2, ankan 9S 9S 9S 9S`.
pub fn melds(melds: &[TableMeld], names: Names) -> String {
    let meld = |m: &TableMeld| {
        let text = names.text(&m.meld.to_string());
        match m.from {
            Some(from) => format!("{text} from {from}"),
            None => text,
        }
    };
    melds.iter().map(meld).collect::<Vec<_>>().join(", ")
}

/// Points with thousands separators and a sign when asked: `25,000`, `-1,300`.
pub fn thousands(points: i64) -> String {
    let digits = points.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    if points < 0 { format!("-{out}") } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_says_the_hand_line_gives_indicators() {
        let legend = legend(Names::Codes);
        assert!(legend.starts_with("At the table, R marks a seat in riichi; in the discards, 5M*"));
        assert!(
            legend.ends_with("after `dora` and `ura` the indicators (not the dora themselves).")
        );
    }

    #[test]
    fn points_read_with_separators() {
        assert_eq!(thousands(25_000), "25,000");
        assert_eq!(thousands(-1_300), "-1,300");
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(123_456_789), "123,456,789");
        assert_eq!(thousands(i64::MIN), "-9,223,372,036,854,775,808");
    }

    #[test]
    fn a_pile_shows_its_marks() {
        let tile = |text: &str| text.parse::<TileCopy>().unwrap();
        let pile = [
            DiscardedTile {
                tile: tile("1z"),
                tsumogiri: false,
                riichi: false,
                called: false,
            },
            DiscardedTile {
                tile: tile("9m"),
                tsumogiri: true,
                riichi: true,
                called: false,
            },
            DiscardedTile {
                tile: tile("0p"),
                tsumogiri: false,
                riichi: false,
                called: true,
            },
        ];
        assert_eq!(discards(&pile, Names::Codes), "1Z [9M]* 0P>");
        assert_eq!(discards(&[], Names::Codes), "-");
    }
}

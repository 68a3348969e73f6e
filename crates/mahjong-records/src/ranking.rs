//! Tenhou's ranking points of a match's final points, which both of its formats write
//! after the points (`sc` of tenhou.net/6 JSON, `owari` of the XML record).

use mahjong_core::mjai::Scores;

/// Tenhou's ranking points of final `points` (`sc`'s second numbers), in thousands with
/// one decimal: every seat but the first gets (points − 30,000) / 1,000 plus its uma (+10,
/// −10, −20 at four seats: Tenhou's ranked uma of 20-10), the first the rest, so that they
/// add up to 0 (as Tenhou's own `sc` of 2023053016gm-0029-0000-e54b3b98 has them: 63.8,
/// −23.9, 9.3, −49.2; Tenhou's logs of 2019 round them to whole numbers). At three seats:
/// (points − 40,000) / 1,000 and uma 0 / −20 for second and third (as Tenhou's own `sc` of
/// its 三鳳南喰赤 games of 2024 has them). Seats with equal points are
/// placed in seat order; an empty fourth seat gets 0. Returns tenths.
pub(crate) fn ranking_points(points: &Scores, seats: usize) -> [i64; 4] {
    let (target, uma): (i64, &[i64]) = match seats {
        3 => (40_000, &[0, 0, -20]),
        _ => (30_000, &[0, 10, -10, -20]),
    };
    let mut order: Vec<usize> = (0..seats.min(4)).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(points[s]));
    let mut tenths = [0; 4];
    let mut rest = 0;
    for (place, &seat) in order.iter().enumerate().skip(1) {
        // Points are whole hundreds in every game; a stray 50 is cut toward 0.
        let rank = (i64::from(points[seat]) - target) / 100 + uma[place] * 10;
        tenths[seat] = rank;
        rest += rank;
    }
    if let Some(&first) = order.first() {
        tenths[first] = -rest;
    }
    tenths
}

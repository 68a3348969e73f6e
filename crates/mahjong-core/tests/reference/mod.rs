//! The naive reference the fast analysis is tested and benched against (spec section 2): the class
//! assignment's recursive decomposition (its C++ win check) with its two bugs fixed (each pair kind
//! and each discard kind is tried once; a kind held four times is not a wait), the two other
//! winning forms, and an exhaustive shanten. It works on plain counts and shares no code with the
//! crate.

#![allow(dead_code)]

/// Copies per kind, indexed `1m..9m, 1p..9p, 1s..9s, 1z..7z`.
pub type Counts = [u8; 34];

/// The 13 kinds of kokushi.
const KOKUSHI: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn tiles(counts: &Counts) -> usize {
    counts.iter().map(|&c| c as usize).sum()
}

/// Whether the kinds `k, k+1, k+2` are consecutive numbers of one suit.
fn starts_sequence(k: usize) -> bool {
    k < 27 && k % 9 <= 6
}

/// The assignment's recursive meld split (`canFormMeldsRecursive` in its C++): the lowest tile left
/// is in a triplet or starts a sequence.
fn melds(counts: &mut Counts) -> bool {
    let Some(k) = counts.iter().position(|&c| c > 0) else {
        return true;
    };
    if counts[k] >= 3 {
        counts[k] -= 3;
        let ok = melds(counts);
        counts[k] += 3;
        if ok {
            return true;
        }
    }
    if starts_sequence(k) && counts[k + 1] > 0 && counts[k + 2] > 0 {
        counts[k..k + 3].iter_mut().for_each(|c| *c -= 1);
        let ok = melds(counts);
        counts[k..k + 3].iter_mut().for_each(|c| *c += 1);
        return ok;
    }
    false
}

/// The assignment's win check (`isWinningHand`) for any `3n+2` tiles (each pair kind tried once),
/// plus chiitoitsu and kokushi for 14 tiles.
pub fn is_agari(counts: &Counts) -> bool {
    let len = tiles(counts);
    if len % 3 != 2 {
        return false;
    }
    let mut work = *counts;
    for k in 0..34 {
        if work[k] >= 2 {
            work[k] -= 2;
            let ok = melds(&mut work);
            work[k] += 2;
            if ok {
                return true;
            }
        }
    }
    if len != 14 {
        return false;
    }
    let chiitoitsu = counts.iter().filter(|&&c| c == 2).count() == 7;
    let kokushi = KOKUSHI.iter().all(|&k| counts[k] > 0)
        && KOKUSHI.iter().map(|&k| counts[k] as usize).sum::<usize>() == 14;
    chiitoitsu || kokushi
}

/// The waits of `3n+1` tiles as kind bits: every kind held fewer than four times whose
/// addition is agari.
pub fn waits(counts: &Counts) -> u64 {
    if tiles(counts) % 3 != 1 {
        return 0;
    }
    let mut waits = 0;
    for k in 0..34 {
        if counts[k] < 4 {
            let mut more = *counts;
            more[k] += 1;
            if is_agari(&more) {
                waits |= 1 << k;
            }
        }
    }
    waits
}

/// The assignment's riichi check (`canDeclareRiichi`) for 14 tiles, trying each held kind once:
/// `(kind, waits)` for each discard that leaves waits.
pub fn riichi_discards(counts: &Counts) -> Vec<(usize, u64)> {
    if tiles(counts) != 14 {
        return Vec::new();
    }
    let mut discards = Vec::new();
    for k in 0..34 {
        if counts[k] > 0 {
            let mut less = *counts;
            less[k] -= 1;
            let waits = waits(&less);
            if waits != 0 {
                discards.push((k, waits));
            }
        }
    }
    discards
}

/// The shanten by its definition: one less than the fewest tiles the hand must gain to hold
/// `n` melds and a pair (`n = tiles / 3`, no kind more than four times), found by trying
/// every target hand; and for 13 or 14 tiles, chiitoitsu and kokushi.
pub fn shanten(counts: &Counts) -> i8 {
    let len = tiles(counts);
    let standard = (3 * (len / 3) + 2) as i8 - best_overlap(counts, len / 3) - 1;
    if len != 13 && len != 14 {
        return standard;
    }
    let pairs = counts.iter().filter(|&&c| c >= 2).count() as i8;
    let kinds = counts.iter().filter(|&&c| c >= 1).count() as i8;
    let chiitoitsu = 6 - pairs + (7 - kinds).max(0);
    let kokushi_kinds = KOKUSHI.iter().filter(|&&k| counts[k] > 0).count() as i8;
    let kokushi_pair = KOKUSHI.iter().any(|&k| counts[k] >= 2);
    let kokushi = 13 - kokushi_kinds - i8::from(kokushi_pair);
    standard.min(chiitoitsu).min(kokushi)
}

/// The most tiles of the hand that a target of `melds` melds and a pair can hold
/// (`Σ min(target, counts)`), trying every target: kind by kind, how many triplets,
/// sequences and pairs the target puts there, remembering only the best overlap for each
/// (sequences still open, melds, pair) state.
fn best_overlap(counts: &Counts, melds: usize) -> i8 {
    // best[open_from_previous][open_from_two_back][melds][pair]
    const NONE: i8 = -1;
    let mut best = [[[[NONE; 2]; 5]; 5]; 5];
    best[0][0][0][0] = 0;
    for (k, &held) in counts.iter().enumerate() {
        let mut next = [[[[NONE; 2]; 5]; 5]; 5];
        for (open1, by_open2) in best.iter().enumerate() {
            for (open2, by_melds) in by_open2.iter().enumerate() {
                for (m, by_pair) in by_melds.iter().enumerate() {
                    for (pair, &overlap) in by_pair.iter().enumerate() {
                        if overlap == NONE {
                            continue;
                        }
                        let choices = (0..2)
                            .flat_map(|t| (0..5).flat_map(move |s| (0..2).map(move |p| (t, s, p))));
                        for (triplet, new, here) in choices {
                            if (new > 0 && !starts_sequence(k)) || pair + here > 1 {
                                continue;
                            }
                            let total = m + triplet + new;
                            let target = open1 + open2 + new + 3 * triplet + 2 * here;
                            if total > melds || target > 4 {
                                continue;
                            }
                            let gained = target.min(held as usize) as i8;
                            let cell = &mut next[new][open1][total][pair + here];
                            *cell = (*cell).max(overlap + gained);
                        }
                    }
                }
            }
        }
        best = next;
    }
    best[0][0][melds][1]
}

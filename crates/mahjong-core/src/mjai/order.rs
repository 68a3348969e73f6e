//! Where a kan's new dora indicator goes among the lines (spec section 4, "Kans"): the
//! indicator of an open or added kan is written *before* the kan player's `dahai`, and a
//! closed kan's right after its `ankan`, with any indicator still owed to an earlier open
//! or added kan (a kan on the replacement tile) before the `ankan`.
//!
//! That is the order of Mortal's libriichi (`arena/board.rs`: an owed indicator is logged
//! before the `dahai`, or before the next `ankan`, or before the replacement `tsumo` after
//! a second added kan) and of riichienv 0.4.11 (its logs in `tests/data/mjai`); mjx turns
//! the owed indicator before the discard too (`State::Update`), but writes a closed kan's
//! owed indicator after the `ankan`, next to the kan's own. The original mjai server turns
//! no kan dora (its `ActiveGame` leaves it to do) and copies Tenhou's `DORA` tags where
//! Tenhou's logs have them.
//!
//! The game's events come in the order the game turns the tiles (the discard, then the
//! indicator it turns; a closed kan, then the indicators it turns), so the writer moves
//! them; a replay moves the lines of logs written that way (this crate's logs before issue
//! 20, and mjx's closed kans) the same way, so every one of these orders replays.

/// What a line (or event) is, for placing the kan dora.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    /// A new dora indicator.
    Dora,
    /// A discard: the indicators right after it go before it.
    Discard,
    /// A closed kan: of the indicators right after it, all but the last (its own) go
    /// before it.
    ClosedKan,
    /// Anything else stays where it is.
    Other,
}

/// `items` with each run of dora indicators that follows a discard or a closed kan moved
/// as the module says; nothing else moves.
pub(super) fn doras_first<T>(
    items: impl IntoIterator<Item = T>,
    slot: impl Fn(&T) -> Slot,
) -> Vec<T> {
    let mut items = items.into_iter().peekable();
    let mut placed = Vec::new();
    while let Some(item) = items.next() {
        let anchor = slot(&item);
        if !matches!(anchor, Slot::Discard | Slot::ClosedKan) {
            placed.push(item);
            continue;
        }
        let mut doras = Vec::new();
        while let Some(dora) = items.next_if(|next| slot(next) == Slot::Dora) {
            doras.push(dora);
        }
        let own = match anchor {
            Slot::ClosedKan => doras.pop(),
            _ => None,
        };
        placed.extend(doras);
        placed.push(item);
        placed.extend(own);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(c: &char) -> Slot {
        match c {
            'd' => Slot::Dora,
            'x' => Slot::Discard,
            'a' => Slot::ClosedKan,
            _ => Slot::Other,
        }
    }

    fn placed(text: &str) -> String {
        doras_first(text.chars(), slot).into_iter().collect()
    }

    #[test]
    fn an_open_kan_indicator_goes_before_the_discard() {
        assert_eq!(placed("ktxd1"), "ktdx1");
        assert_eq!(placed("ktdx1"), "ktdx1");
    }

    #[test]
    fn a_closed_kan_keeps_its_own_indicator_after_it() {
        assert_eq!(placed("adt"), "adt");
        assert_eq!(placed("ktaddt"), "ktdadt");
        assert_eq!(placed("ktdadt"), "ktdadt");
    }

    #[test]
    fn lines_without_indicators_stay() {
        assert_eq!(placed("txtxa"), "txtxa");
    }
}

//! Reading a bot's answer line as an action of the game.

use crate::game::kyoku::KyokuAction;
use crate::game::seat::Seat;
use crate::hand::score::TileCopy;
use crate::mjai::event::MjaiEvent;
use crate::mjai::parse::parse_line;
use crate::mjai::referee::Fault;
use crate::mjai::tile::MjaiTile;

/// What a bot's answer asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// One of the legal actions.
    Action(KyokuAction),
    /// `reach`: the riichi discard comes in the next answer.
    Reach,
}

/// The action `text` (one mjai line, `{"type":"none"}` for a pass) asks of `seat`, among
/// `legal`; after its `reach` came back (`declared`), a `dahai` is the riichi discard.
///
/// # Errors
/// [`Fault::Malformed`] when the line is not an mjai action line of this seat;
/// [`Fault::Illegal`] when the rules do not allow it now.
pub(super) fn read_answer(
    text: &str,
    seat: Seat,
    legal: &[KyokuAction],
    declared: bool,
) -> Result<Answer, Fault> {
    let trimmed = text.trim();
    let malformed = || Fault::Malformed {
        answer: crate::excerpt::excerpt(trimmed),
    };
    if is_none(trimmed) {
        return allowed(KyokuAction::Pass, legal, trimmed);
    }
    let event = parse_line(1, trimmed).map_err(|_| malformed())?;
    if event.actor() != Some(seat.index() as u8) {
        return Err(malformed());
    }
    let copy = |tile: &MjaiTile| tile.copy().ok_or_else(malformed);
    let action = match &event {
        MjaiEvent::Reach { .. } if !declared => {
            let riichi = legal
                .iter()
                .any(|a| matches!(a, KyokuAction::Riichi(_) | KyokuAction::RiichiTsumogiri));
            return if riichi {
                Ok(Answer::Reach)
            } else {
                Err(Fault::Illegal {
                    answer: crate::excerpt::excerpt(trimmed),
                })
            };
        }
        MjaiEvent::Dahai { pai, tsumogiri, .. } => {
            let tile = copy(pai)?;
            match (*tsumogiri, declared) {
                (true, false) => KyokuAction::Tsumogiri,
                (true, true) => KyokuAction::RiichiTsumogiri,
                (false, false) => KyokuAction::Discard(tile),
                (false, true) => KyokuAction::Riichi(tile),
            }
        }
        MjaiEvent::Chi { consumed, .. } => {
            pair(consumed, legal, KyokuAction::Chi).ok_or_else(malformed)?
        }
        MjaiEvent::Pon { consumed, .. } => {
            pair(consumed, legal, KyokuAction::Pon).ok_or_else(malformed)?
        }
        MjaiEvent::Daiminkan { .. } => KyokuAction::OpenKan,
        MjaiEvent::Kakan { pai, .. } => KyokuAction::AddedKan(copy(pai)?.tile),
        MjaiEvent::Ankan { consumed, .. } => {
            KyokuAction::ClosedKan(copy(consumed.first().ok_or_else(malformed)?)?.tile)
        }
        // The three-player forks of Mortal's libriichi answer a kita as `nukidora` with
        // `pai` `N` (RiichiEnv's `kita` is read as the same event).
        MjaiEvent::Nukidora { pai, .. } => match copy(pai)? {
            north if north == TileCopy::plain(crate::hand::tile::NORTH) => KyokuAction::Kita,
            _ => return Err(malformed()),
        },
        MjaiEvent::Hora { actor, target, .. } if actor == target => KyokuAction::Tsumo,
        MjaiEvent::Hora { .. } => KyokuAction::Ron,
        MjaiEvent::Ryukyoku { .. } => KyokuAction::KyuushuKyuuhai,
        _ => return Err(malformed()),
    };
    allowed(action, legal, trimmed)
}

/// Whether `text` is the empty answer `{"type":"none"}` (any spacing, extra fields).
fn is_none(text: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .is_some_and(|value| value.get("type").and_then(|t| t.as_str()) == Some("none"))
}

/// `action` when it is legal, else [`Fault::Illegal`].
fn allowed(action: KyokuAction, legal: &[KyokuAction], text: &str) -> Result<Answer, Fault> {
    if legal.contains(&action) {
        Ok(Answer::Action(action))
    } else {
        Err(Fault::Illegal {
            answer: crate::excerpt::excerpt(text),
        })
    }
}

/// The chi or pon of the two `consumed` tiles, in the order the legal actions list them;
/// `None` unless there are two known tiles.
fn pair(
    consumed: &[MjaiTile],
    legal: &[KyokuAction],
    make: fn(TileCopy, TileCopy) -> KyokuAction,
) -> Option<KyokuAction> {
    let copies: Option<Vec<TileCopy>> = consumed.iter().map(|t| t.copy()).collect();
    let [a, b] = <[TileCopy; 2]>::try_from(copies?.as_slice()).ok()?;
    Some(
        [make(a, b), make(b, a)]
            .into_iter()
            .find(|action| legal.contains(action))
            .unwrap_or(make(a, b)),
    )
}

//! Why a record cannot be read or written.

use mahjong_core::mjai::MjaiError;
use thiserror::Error;

/// Why an mjlog cannot be read ([`read`](crate::mjlog::read), [`replay`](crate::mjlog::replay))
/// or a record cannot be written as one ([`write`](crate::mjlog::write)). A tag is named by
/// its place among the record's tags (`index`, from 0: the root `mjloggm` is tag 0) and its
/// text (shortened as `mahjong_core::excerpt` does when long).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MjlogError {
    /// The text is not made of tags as Tenhou writes them (not XML, or text outside tags).
    #[error("byte {offset}: not an mjlog: {reason}")]
    Syntax {
        /// The byte offset in the text.
        offset: usize,
        /// What is wrong there.
        reason: String,
    },
    /// The record stops before it is whole (no `mjloggm` root, a hand without its result,
    /// no `</mjloggm>`).
    #[error("the record ends early: {expected} is missing")]
    Truncated {
        /// What the record still needed.
        expected: String,
    },
    /// A tag the format does not have.
    #[error("tag {index} `{tag}`: not a tag of Tenhou's records")]
    UnknownTag {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
    },
    /// An attribute is missing or its value is not what the format says.
    #[error("tag {index} `{tag}`: attribute `{attribute}`: {reason}")]
    BadAttribute {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// The attribute.
        attribute: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A tile id that is no tile of the game: above 135, a 2m-8m in sanma, or a copy already
    /// in play.
    #[error("tag {index} `{tag}`: tile id {id}: {reason}")]
    BadTile {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// The id.
        id: u32,
        /// Why it is no tile here.
        reason: String,
    },
    /// A seat discards, calls with or shows a tile it does not hold.
    #[error("tag {index} `{tag}`: tile id {id} is not in seat {seat}'s hand")]
    NotInHand {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// The seat.
        seat: u8,
        /// The id.
        id: u32,
    },
    /// A call's `m` that is no meld of the bit layout, or a meld that does not fit the table
    /// (a chi not from the previous seat, a call of a tile not just discarded).
    #[error("tag {index} `{tag}`: meld m={m}: {reason}")]
    BadMeld {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// The `m` value.
        m: u32,
        /// What is wrong.
        reason: String,
    },
    /// A tag where the game cannot have it (a draw outside a hand, a discard by a seat not to
    /// move, a hand result's points before that are not the seats' points).
    #[error("tag {index} `{tag}`: {reason}")]
    OutOfPlace {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// Why it cannot be there.
        reason: String,
    },
    /// The record read, but replaying it under the rules its `GO` tag names disagrees with
    /// it (an illegal action, a yaku, fu or point the game scores otherwise): the tag the
    /// disagreeing mjai line came from, and the replay's error (its line numbers count the
    /// lines of the record read as mjai, `start_game` being line 1).
    #[error("tag {index} `{tag}`: {source}")]
    Replay {
        /// The tag's place.
        index: usize,
        /// Its text.
        tag: String,
        /// The replay's error (boxed: it is large).
        source: Box<MjaiError>,
    },
    /// The record holds what an mjlog cannot (`event` counts the record's mjai events from
    /// 0): a fifth copy of a tile, an event out of a hand, a discard of the drawn tile's only
    /// copy not marked tsumogiri, rules with no `GO` flag.
    #[error("event {event}: an mjlog cannot hold it: {reason}")]
    Unwritable {
        /// The event's place in the record.
        event: usize,
        /// What cannot be written.
        reason: String,
    },
}

//! The legal actions of the seat to move as a list that needs no allocation.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

use crate::game::kyoku::KyokuAction;

/// The most legal actions a seat can have at once. On its turn: tsumo, kyuushu kyuuhai, up
/// to four kans, tsumogiri, a discard of each of up to 13 distinct copies, riichi tsumogiri
/// and a riichi with each of them (34). On a claim: ron, two pons, six chis, a kan and pass
/// (11).
pub const MAX_LEGAL_ACTIONS: usize = 40;

/// The legal actions of the seat to move, in the order of [`crate::Kyoku::legal_actions`],
/// made by [`crate::Kyoku::legal`] without allocating (at most [`MAX_LEGAL_ACTIONS`]).
/// Read it as a slice (it derefs to `[KyokuAction]`) or iterate it.
#[derive(Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LegalActions {
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_array"))]
    actions: [KyokuAction; MAX_LEGAL_ACTIONS],
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "crate::serde_checked::legal_len")
    )]
    len: u8,
}

impl Default for LegalActions {
    fn default() -> LegalActions {
        LegalActions {
            // The first variant, so that the filler is cheap to write.
            actions: [KyokuAction::Tsumogiri; MAX_LEGAL_ACTIONS],
            len: 0,
        }
    }
}

impl LegalActions {
    /// Appends `action` (a list is never fuller than the most actions a seat can have).
    #[inline]
    pub(crate) fn push(&mut self, action: KyokuAction) {
        if let Some(slot) = self.actions.get_mut(self.len as usize) {
            *slot = action;
            self.len += 1;
        }
    }

    /// Empties the list in place (the slots past its length are never read).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The actions, in order.
    #[inline]
    pub fn as_slice(&self) -> &[KyokuAction] {
        &self.actions[..self.len as usize]
    }
}

impl Deref for LegalActions {
    type Target = [KyokuAction];

    #[inline]
    fn deref(&self) -> &[KyokuAction] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a LegalActions {
    type Item = &'a KyokuAction;
    type IntoIter = std::slice::Iter<'a, KyokuAction>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

// Equality and hashing look at the actions only, not at what a longer list left in the
// slots past the length.
impl PartialEq for LegalActions {
    fn eq(&self, other: &LegalActions) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for LegalActions {}

impl Hash for LegalActions {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for LegalActions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

//! Writing a [`GameRecord`] as an mjlog.

use crate::GameRecord;
use crate::mjlog::error::MjlogError;

/// Writes `record` as an mjlog.
///
/// # Errors
/// [`MjlogError::Unwritable`].
pub fn write(record: &GameRecord) -> Result<String, MjlogError> {
    let _ = record;
    Err(MjlogError::Unwritable {
        event: 0,
        reason: "todo".into(),
    })
}

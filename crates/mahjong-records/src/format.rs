//! The record formats, named and told apart by their text.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A game record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// mjai: one JSON object per line (`{"type":"start_game"...}`), as the mjai server,
    /// Mortal's libriichi and mjai.app write it ([`mahjong_core::mjai`]).
    Mjai,
    /// Tenhou's XML game record (mjlog): `<mjloggm ver="2.3">` with a tag per event.
    TenhouXml,
    /// tenhou.net/6 JSON: one object with `title`, `name`, `rule` and a `log` array per hand.
    TenhouJson,
}

/// A format name [`Format::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{0}` is not a record format (mjai, tenhou-xml, tenhou-json)")]
pub struct UnknownFormat(pub String);

impl Format {
    /// Every format, in the order of their names in messages.
    pub const ALL: [Format; 3] = [Format::Mjai, Format::TenhouXml, Format::TenhouJson];

    /// The format's name on a command line: `mjai`, `tenhou-xml`, `tenhou-json`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::Mjai => "mjai",
            Format::TenhouXml => "tenhou-xml",
            Format::TenhouJson => "tenhou-json",
        }
    }

    /// The file extension a record of this format is written with: `jsonl` (mjai: a JSON
    /// object a line), `xml`, `json`.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Mjai => "jsonl",
            Format::TenhouXml => "xml",
            Format::TenhouJson => "json",
        }
    }

    /// The format of a record's text, from its first characters: `<` opens Tenhou's XML;
    /// a first line that is a JSON object with a `type`, or two first lines that both open
    /// an object (a broken first mjai line), are mjai; another `{` opens a tenhou.net/6
    /// object (which may span lines). A byte-order mark and leading white space are
    /// skipped. `None` for anything else (empty text, another format).
    pub fn detect(text: &str) -> Option<Format> {
        let text = text.trim_start_matches('\u{feff}').trim_start();
        let mut lines = text.lines().filter(|line| !line.trim().is_empty());
        let (first, second) = (lines.next().unwrap_or_default(), lines.next());
        match text.chars().next()? {
            '<' => Some(Format::TenhouXml),
            '{' if is_mjai_line(first) || second.is_some_and(|l| l.starts_with("{\"")) => {
                Some(Format::Mjai)
            }
            '{' => Some(Format::TenhouJson),
            _ => None,
        }
    }
}

/// Whether `line` is one JSON object with a `type` field, as every mjai line is.
fn is_mjai_line(line: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(line)
        .is_ok_and(|value| value.get("type").is_some_and(serde_json::Value::is_string))
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// A format by its [`Format::name`].
    ///
    /// # Errors
    /// [`UnknownFormat`] for any other text.
    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|format| format.name() == name)
            .ok_or_else(|| UnknownFormat(name.to_string()))
    }
}

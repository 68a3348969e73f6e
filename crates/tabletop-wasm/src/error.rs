//! Errors as JavaScript sees them: an `Error` with a stable `code`.

use std::fmt::Display;

use wasm_bindgen::prelude::*;

/// The `code` property of every error the module throws (the TypeScript type `ErrorCode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// An argument that does not parse or is out of range: a rule name, a point, a seat, a
    /// bot's name, a tile or card in notation.
    BadArgument,
    /// An action the rules refuse now (the game unchanged), or any action once it is over.
    IllegalAction,
    /// An explicit deal (a deck or wall order) the rules refuse.
    BadDeal,
    /// A snapshot that does not read back as a game.
    BadSnapshot,
    /// A hand given to the analysis that is not a hand (wrong count, five of a tile...).
    BadHand,
    /// A game record (mjai or Tenhou JSON) that cannot be read or replayed.
    BadLog,
}

impl Code {
    /// The code as JavaScript sees it: `BAD_ARGUMENT`, `ILLEGAL_ACTION`, `BAD_DEAL`,
    /// `BAD_SNAPSHOT`, `BAD_HAND`, `BAD_LOG`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Code::BadArgument => "BAD_ARGUMENT",
            Code::IllegalAction => "ILLEGAL_ACTION",
            Code::BadDeal => "BAD_DEAL",
            Code::BadSnapshot => "BAD_SNAPSHOT",
            Code::BadHand => "BAD_HAND",
            Code::BadLog => "BAD_LOG",
        }
    }

    /// A JavaScript `Error` named `TabletopError` with this code and `message`.
    pub(crate) fn error(self, message: impl Display) -> JsValue {
        let error = js_sys::Error::new(&shortened(message.to_string()));
        error.set_name("TabletopError");
        // Setting a property of a fresh object cannot fail.
        let _ = js_sys::Reflect::set(&error, &"code".into(), &self.as_str().into());
        error.into()
    }

    /// A function mapping an error to this code's JavaScript error, for `map_err`.
    pub(crate) fn with<E: Display>(self) -> impl Fn(E) -> JsValue {
        move |e| self.error(e)
    }
}

/// The most characters of a message: the crates quote what they refuse, and a message
/// quoting ten megabytes of a bad argument helps no one.
const MAX_MESSAGE_CHARS: usize = 400;

/// `message`, cut to [`MAX_MESSAGE_CHARS`] characters with a note of its length.
fn shortened(message: String) -> String {
    let count = message.chars().count();
    if count <= MAX_MESSAGE_CHARS {
        return message;
    }
    let kept: String = message.chars().take(MAX_MESSAGE_CHARS).collect();
    format!("{kept}… ({count} characters in all)")
}

#[wasm_bindgen(typescript_custom_section)]
const TS_ERRORS: &str = r#"
/** The `code` of every error the package throws (the message says what was wrong). */
export type ErrorCode =
  | "BAD_ARGUMENT" | "ILLEGAL_ACTION" | "BAD_DEAL" | "BAD_SNAPSHOT" | "BAD_HAND" | "BAD_LOG";

/** What the package throws: an `Error` named `TabletopError` with a stable `code`. */
export interface TabletopError extends Error {
  name: "TabletopError";
  code: ErrorCode;
}
"#;

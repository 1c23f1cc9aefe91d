//! [`ScriptPlace`]: a request, from anywhere in the app, to show a line of a blueprint's
//! script in the editor (a log entry's `Blueprint:line` link sends one).
//!
//! The app provides the latest request as a Yew context (`Option<ScriptPlace>`); the script
//! panel opens on it, chooses the blueprint and hands the line to the editor, which moves the
//! caret there, scrolls it into view and marks it.

/// A line of a blueprint's script to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScriptPlace {
    /// The blueprint whose script to open.
    pub blueprint: String,
    /// The line to show, 1-based.
    pub line: u32,
    /// Counts requests, so asking for the same place twice still shows it again.
    pub serial: u64,
}

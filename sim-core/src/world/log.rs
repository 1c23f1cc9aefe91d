//! The runtime log: script errors and `dbgOut` lines the UI shows, rate-limited so a broken
//! line running 30 times a second for 1,000 agents does not bury everything else.

use crate::time::SimTime;
use std::collections::BTreeSet;

/// What a log entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    /// A statement failed; the agent skipped it.
    Error,
    /// A warning from the engine (a population cap was reached ...).
    Warning,
    /// A `dbgOut` / `dbgStack` / `dbgContext` line.
    Debug,
}

/// One line of the runtime log.
#[derive(Debug, Clone, PartialEq)]
pub struct LogEntry {
    /// Simulation time when it happened.
    pub time: SimTime,
    /// The tick when it happened.
    pub tick: u64,
    /// The script it came from (a blueprint name, `round r1 init` ...).
    pub blueprint: String,
    /// Line in that script (1-based; 0 when not tied to a line).
    pub line: u32,
    /// Column in that script.
    pub col: u32,
    /// What kind of entry.
    pub kind: LogKind,
    /// The message, lowercase, naming what went wrong.
    pub message: String,
}

/// How many `dbgOut` lines may be logged per simulation second before the rest are
/// suppressed.
pub const DEBUG_LINES_PER_SECOND: u32 = 20;

/// The most entries kept; older ones are dropped first.
pub const MAX_LOG_ENTRIES: usize = 2_000;

/// The longest message kept, in bytes; a longer one (a `dbgOut` of a huge text) is cut
/// there and marked, so the log holds at most `MAX_LOG_ENTRIES` × this many bytes of text.
pub const MAX_LOG_MESSAGE_BYTES: usize = 2_000;

/// The log and its rate limits.
#[derive(Debug, Clone, Default)]
pub struct Log {
    entries: Vec<LogEntry>,
    reported: BTreeSet<(String, u32, u32)>,
    warned: BTreeSet<(String, u32, u32)>,
    debug_second: i64,
    debug_in_second: u32,
    suppressed_noted: bool,
}

/// Where an entry comes from.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    /// The script's name.
    pub script: &'a str,
    /// Line.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// Time.
    pub time: SimTime,
    /// Tick.
    pub tick: u64,
}

impl Log {
    /// Every entry kept, oldest first.
    pub fn entries(&self) -> &[LogEntry] {
        &self.entries
    }

    /// Records a runtime error, unless this source line already reported one.
    pub fn error(&mut self, at: Origin<'_>, message: String) {
        let key = (at.script.to_string(), at.line, at.col);
        if self.reported.insert(key) {
            self.push(at, LogKind::Error, message);
        }
    }

    /// Records an engine warning, once per message.
    pub fn warn_once(&mut self, at: Origin<'_>, message: String) {
        let seen = self
            .entries
            .iter()
            .any(|e| e.kind == LogKind::Warning && e.message == message);
        if !seen {
            self.push(at, LogKind::Warning, message);
        }
    }

    /// Records an engine warning about a script line, once per line (its message may hold
    /// counts that differ each time).
    pub fn warn_once_at(&mut self, at: Origin<'_>, message: String) {
        if self.warned.insert((at.script.to_string(), at.line, at.col)) {
            self.push(at, LogKind::Warning, message);
        }
    }

    /// Records a debug line, at most [`DEBUG_LINES_PER_SECOND`] per simulation second; the
    /// first one over the limit becomes a "more suppressed" note.
    pub fn debug(&mut self, at: Origin<'_>, message: String) {
        let second = at.time.to_fixed().to_num::<i64>();
        if second != self.debug_second {
            self.debug_second = second;
            self.debug_in_second = 0;
            self.suppressed_noted = false;
        }
        if self.debug_in_second < DEBUG_LINES_PER_SECOND {
            self.debug_in_second += 1;
            self.push(at, LogKind::Debug, message);
        } else if !self.suppressed_noted {
            self.suppressed_noted = true;
            let note = "… more debug lines this second suppressed".to_string();
            self.push(at, LogKind::Debug, note);
        }
    }

    /// Whether any runtime error was logged.
    #[cfg(test)]
    pub fn has_errors(&self) -> bool {
        self.entries.iter().any(|e| e.kind == LogKind::Error)
    }

    fn push(&mut self, at: Origin<'_>, kind: LogKind, mut message: String) {
        if message.len() > MAX_LOG_MESSAGE_BYTES {
            let cut = (0..=MAX_LOG_MESSAGE_BYTES)
                .rev()
                .find(|&i| message.is_char_boundary(i))
                .unwrap_or(0);
            let total = message.len();
            message.truncate(cut);
            message.push_str(&format!("… (cut; {total} bytes in all)"));
            // Truncating keeps the long text's memory; a full log of cut 64 KB lines held
            // 128 MB that way.
            message.shrink_to_fit();
        }
        if self.entries.len() >= MAX_LOG_ENTRIES {
            self.entries.remove(0);
        }
        self.entries.push(LogEntry {
            time: at.time,
            tick: at.tick,
            blueprint: at.script.to_string(),
            line: at.line,
            col: at.col,
            kind,
            message,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32, secs: i32) -> Origin<'static> {
        Origin {
            script: "Fish",
            line,
            col: 1,
            time: SimTime::from_secs(secs),
            tick: 0,
        }
    }

    #[test]
    fn an_error_is_reported_once_per_source_line() {
        let mut log = Log::default();
        log.error(at(3, 0), "'/' by zero".into());
        log.error(at(3, 1), "'/' by zero".into());
        log.error(at(4, 1), "'/' by zero".into());
        assert_eq!(log.entries().len(), 2);
        assert!(log.has_errors());
    }

    #[test]
    fn debug_lines_are_limited_per_second_with_one_note() {
        let mut log = Log::default();
        for _ in 0..100 {
            log.debug(at(1, 0), "hi".into());
        }
        assert_eq!(log.entries().len(), DEBUG_LINES_PER_SECOND as usize + 1);
        assert!(log.entries().last().unwrap().message.contains("suppressed"));
        log.debug(at(1, 1), "next second".into());
        assert_eq!(log.entries().last().unwrap().message, "next second");
        assert!(!log.has_errors());
    }
}

//! The record of a lesson, kept on the teacher's page: who joined, left or was removed, the
//! room locked and opened, each script change sent and what became of it (with its diff),
//! the teacher's edits, Play and Pause, jumps of the run (a reset, a seek, another model),
//! rounds, hand-outs, and each student's inputs per minute. One row per event with the wall
//! time, the sim tick, who and what; kept in the library's database with the room (a reload
//! loses none) and downloaded as CSV or JSON Lines.

use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::{BTreeMap, VecDeque};
use std::rc::Rc;

/// The most events kept; the oldest go first (a 45-minute lesson of 30 students makes a few
/// thousand).
pub const MAX_EVENTS: usize = 20_000;
/// The longest detail kept with an event (a diff), in characters.
const MAX_DETAIL_CHARS: usize = 4_000;

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// When, milliseconds since 1970 on the teacher's clock.
    pub wall_ms: f64,
    /// The sim tick then.
    pub tick: u64,
    /// Who: a student's name, or "teacher".
    pub who: String,
    /// What, in a few words.
    pub what: String,
    /// More: a diff, a reason (may be empty).
    pub detail: String,
}

/// The lesson's record.
#[derive(Debug, Default)]
pub struct Activity {
    events: VecDeque<Event>,
    /// Events let go to stay within [`MAX_EVENTS`].
    pub dropped: u64,
    /// Inputs counted this minute, by student name: (minute, count).
    inputs: BTreeMap<String, (u64, u64)>,
    /// The record kept before a reload, once read back (merged at the next note).
    pub inbox: Rc<RefCell<Option<Vec<Event>>>>,
    /// Events noted so far (kept ones included), and how many of them are kept in the
    /// database (written by the keeper, read by the page: what a reload would find).
    pub noted: u64,
    /// See [`Activity::noted`].
    pub kept: Rc<RefCell<u64>>,
    /// Whether the record kept before a reload is still being read (nothing is kept over it
    /// meanwhile).
    pub reading: Rc<RefCell<bool>>,
}

impl Activity {
    /// Notes an event.
    pub fn note(&mut self, (wall_ms, tick): (f64, u64), who: &str, what: &str, detail: &str) {
        self.take_inbox();
        if self.events.len() >= MAX_EVENTS {
            self.events.pop_front();
            self.dropped += 1;
        }
        self.noted += 1;
        self.events.push_back(Event {
            wall_ms,
            tick,
            who: who.to_string(),
            what: what.to_string(),
            detail: detail.chars().take(MAX_DETAIL_CHARS).collect(),
        });
    }

    /// Counts one input of `who`; when a minute of the wall clock ends, its count becomes an
    /// event ("12 inputs").
    pub fn input(&mut self, at: (f64, u64), who: &str) {
        let minute = (at.0 / 60_000.0) as u64;
        let ended = match self.inputs.get_mut(who) {
            Some((m, n)) if *m == minute => {
                *n += 1;
                None
            }
            Some(slot) => Some(std::mem::replace(slot, (minute, 1)).1),
            None => {
                self.inputs.insert(who.to_string(), (minute, 1));
                None
            }
        };
        if let Some(n) = ended {
            self.note(at, who, &format!("{n} inputs in the minute"), "");
        }
    }

    /// Puts the record kept before a reload, once read back, in front of what came since.
    pub fn settle(&mut self) {
        self.take_inbox();
    }

    fn take_inbox(&mut self) {
        let Some(kept) = self.inbox.borrow_mut().take() else {
            return;
        };
        let since = std::mem::take(&mut self.events);
        self.noted += kept.len() as u64;
        self.events = kept.into_iter().chain(since).collect();
        while self.events.len() > MAX_EVENTS {
            self.events.pop_front();
            self.dropped += 1;
        }
    }

    /// The events, oldest first.
    pub fn events(&self) -> impl DoubleEndedIterator<Item = &Event> + ExactSizeIterator {
        self.events.iter()
    }

    /// The events as JSON (what is kept in the database).
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.events).unwrap_or_default()
    }

    /// The events a kept record holds (none when it does not read).
    pub fn from_json(json: &str) -> Vec<Event> {
        let mut events: Vec<Event> = serde_json::from_str(json).unwrap_or_default();
        let excess = events.len().saturating_sub(MAX_EVENTS);
        events.drain(..excess);
        events
    }

    /// One CSV row per event, with a header: wall time (ISO 8601), tick, who, what, detail.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("wall_time,tick,who,what,detail\n");
        for e in self.events() {
            let cells = [
                iso(e.wall_ms),
                e.tick.to_string(),
                e.who.clone(),
                e.what.clone(),
                e.detail.clone(),
            ];
            let row: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
            out.push_str(&row.join(","));
            out.push('\n');
        }
        out
    }

    /// One JSON object per line per event.
    pub fn to_jsonl(&self) -> String {
        self.events()
            .map(|e| {
                serde_json::json!({"wall_time": iso(e.wall_ms), "tick": e.tick, "who": e.who, "what": e.what, "detail": e.detail})
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A CSV cell: quoted when it holds a comma, a quote or a line break (quotes doubled), and
/// never starting with what a spreadsheet runs as a formula.
fn csv_cell(text: &str) -> String {
    let text = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// Milliseconds since 1970 as an ISO 8601 UTC time (`2026-12-05T08:30:00.000Z`).
fn iso(ms: f64) -> String {
    let secs = (ms / 1000.0).floor() as i64;
    let millis = (ms - secs as f64 * 1000.0).round() as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        rest / 3_600,
        rest % 3_600 / 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_come_out_in_order_as_csv_and_json_lines() {
        let mut a = Activity::default();
        a.note((1_764_923_400_000.0, 0), "Ana", "joined as Fish", "");
        a.note(
            (1_764_923_401_000.0, 30),
            "teacher",
            "declined Ana's Algae",
            "=SUM(A1), \"not yet\"",
        );
        let csv = a.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "wall_time,tick,who,what,detail");
        assert_eq!(lines[1], "2025-12-05T08:30:00.000Z,0,Ana,joined as Fish,");
        assert!(
            lines[2].ends_with(",\"'=SUM(A1), \"\"not yet\"\"\""),
            "{}",
            lines[2]
        );
        let jsonl = a.to_jsonl();
        let second: serde_json::Value =
            serde_json::from_str(jsonl.lines().nth(1).unwrap()).unwrap();
        assert_eq!(second["tick"], 30);
        assert_eq!(second["who"], "teacher");
    }

    #[test]
    fn inputs_are_counted_per_minute_and_the_record_is_bounded() {
        let mut a = Activity::default();
        for i in 0..10 {
            a.input((60_000.0 + f64::from(i), 1), "Ana");
        }
        a.input((120_000.0, 2), "Ana");
        let what: Vec<String> = a.events().map(|e| e.what.clone()).collect();
        assert_eq!(what, ["10 inputs in the minute"]);
        for i in 0..MAX_EVENTS + 5 {
            a.note((0.0, i as u64), "t", "x", "");
        }
        assert_eq!(a.events().len(), MAX_EVENTS);
        assert_eq!(a.dropped, 6);
    }

    #[test]
    fn a_kept_record_goes_before_what_came_since_and_damage_reads_as_nothing() {
        let mut before = Activity::default();
        before.note((1.0, 1), "Ana", "joined as Fish", "");
        let kept = before.to_json();
        let mut after = Activity::default();
        after.note((2.0, 0), "teacher", "the teacher's page reloaded", "");
        *after.inbox.borrow_mut() = Some(Activity::from_json(&kept));
        after.settle();
        let who: Vec<String> = after.events().map(|e| e.who.clone()).collect();
        assert_eq!(who, ["Ana", "teacher"]);
        assert!(Activity::from_json("{not json").is_empty());
    }
}

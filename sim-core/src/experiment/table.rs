//! An experiment's results as CSV in BehaviorSpace's "table" shape: one row per run and
//! measurement, with the run's number, the varied props' values, its seed and the tick
//! (`[step]`) before the measures:
//!
//! ```text
//! [run number],Fish.energyUse,[seed],[step],count Fish
//! 1,1,1,1800,12
//! ```
//!
//! BehaviorSpace writes a few lines about the file first (its version, the date); they are
//! left out, so a table depends on nothing but the experiment and the app and `stepwise
//! sweep` write the same bytes. A measure with nothing to measure (a mean over no agents)
//! leaves its cell empty, and [`blank_notes`] says why beside the table.

use super::{Blank, RunRows, Sweep};
use std::fmt::Write as _;

/// The header line, ending in a newline.
pub fn header(sweep: &Sweep) -> String {
    let mut cells = vec!["[run number]".to_string()];
    cells.extend(sweep.varied().iter().map(|v| cell(&v.label)));
    cells.push("[seed]".to_string());
    cells.push("[step]".to_string());
    cells.extend(sweep.measure_names().map(cell));
    cells.join(",") + "\n"
}

/// A run's rows, each ending in a newline.
pub fn rows(run: &RunRows) -> String {
    let mut lead = run.spec.number.to_string();
    for value in &run.spec.values {
        lead.push(',');
        lead.push_str(&cell(&value.to_string()));
    }
    let _ = write!(lead, ",{}", run.spec.seed);
    let mut out = String::new();
    for (tick, values) in &run.rows {
        let _ = write!(out, "{lead},{tick}");
        for value in values {
            out.push(',');
            if let Some(n) = value {
                let _ = write!(out, "{}", crate::vars::Value::Number(*n));
            }
        }
        out.push('\n');
    }
    out
}

/// One line per measure with empty cells, given each run's number and [`RunRows::blanks`]
/// in run order: how many cells are empty and why the first one is, so that no empty cell of
/// the table goes unexplained (`stepwise sweep` writes them to standard error, the panel
/// lists them under its table).
pub fn blank_notes<'r>(
    sweep: &Sweep,
    runs: impl Iterator<Item = (usize, &'r [Option<Blank>])> + Clone,
) -> Vec<String> {
    sweep
        .measure_names()
        .enumerate()
        .filter_map(|(i, name)| {
            let mut blanks = runs
                .clone()
                .filter_map(|(number, blanks)| Some((number, blanks.get(i)?.as_ref()?)));
            let (number, first) = blanks.next()?;
            let cells = first.cells + blanks.map(|(_, b)| b.cells).sum::<usize>();
            let s = if cells == 1 { "" } else { "s" };
            Some(format!(
                "'{name}' has {cells} empty cell{s}; the first, run {number} at tick {}: {}",
                first.tick, first.why
            ))
        })
        .collect()
}

/// `text` as one CSV cell: quoted, with its quotes doubled, when it holds a comma, a quote
/// or a line break.
pub fn cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_quoted_only_when_it_must_be() {
        assert_eq!(cell("count Fish"), "count Fish");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
    }
}

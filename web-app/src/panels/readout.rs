//! What the log and profiler panels show, taken from the simulation in one go.

use sim_core::{LogEntry, LogKind, SchedulerStats, Simulation};

/// The most log lines shown: the newest ones.
const MAX_LOG_ROWS: usize = 200;

/// One log line as shown.
#[derive(Debug, Clone, PartialEq)]
pub struct LogRow {
    /// Sim time, seconds.
    pub time: f64,
    /// `Blueprint:line:col` (just the script's name when not tied to a line).
    pub at: String,
    /// The blueprint and line, when the entry came from a line of a blueprint's script (not
    /// a round or instance script): the panel links it to the script.
    pub place: Option<(String, u32)>,
    /// An error or warning (shown apart) rather than a debug line.
    pub error: bool,
    /// The message.
    pub message: String,
}

/// One profiled blueprint or `when` rule.
#[derive(Debug, Clone, PartialEq)]
pub struct CostRow {
    /// The blueprint name, or the rule as `Blueprint: A test B`.
    pub name: String,
    /// Mean time per tick, microseconds.
    pub micros_per_tick: f64,
}

/// A readout of the log and the profile.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PanelsReadout {
    /// The newest log lines, oldest first.
    pub log: Vec<LogRow>,
    /// How many log lines there are in all.
    pub log_total: usize,
    /// Blueprints, costliest first.
    pub blueprints: Vec<CostRow>,
    /// `when` rules, costliest first.
    pub rules: Vec<CostRow>,
    /// Ticks the profile covers.
    pub ticks: u64,
    /// The app's periodic tasks, filled in by the app, which runs them.
    pub tasks: SchedulerStats,
}

impl PanelsReadout {
    /// Takes the readout from `sim`, whose timer counts microseconds.
    pub fn of(sim: &Simulation) -> PanelsReadout {
        let entries = sim.log();
        let names = sim.blueprint_names();
        let log = entries
            .iter()
            .skip(entries.len().saturating_sub(MAX_LOG_ROWS))
            .map(|e| log_row(e, &names))
            .collect();
        let ticks = sim.tick_count();
        let profile = sim.profile();
        PanelsReadout {
            log,
            log_total: entries.len(),
            rules: costs(sim.rules(), &profile.rules, ticks),
            blueprints: costs(names, &profile.blueprints, ticks),
            ticks,
            ..PanelsReadout::default()
        }
    }
}

/// One log entry as shown; `blueprints` are the model's blueprint names, whose lines link.
fn log_row(e: &LogEntry, blueprints: &[String]) -> LogRow {
    let place =
        (e.line > 0 && blueprints.contains(&e.blueprint)).then(|| (e.blueprint.clone(), e.line));
    LogRow {
        time: e.time.to_f64(),
        at: if e.line == 0 {
            e.blueprint.clone()
        } else {
            format!("{}:{}:{}", e.blueprint, e.line, e.col)
        },
        place,
        error: e.kind != LogKind::Debug,
        message: e.message.clone(),
    }
}

/// Pairs names with their total time and sorts them by time per tick, costliest first.
fn costs(names: Vec<String>, totals: &[u64], ticks: u64) -> Vec<CostRow> {
    let per_tick = ticks.max(1) as f64;
    let mut rows: Vec<CostRow> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| CostRow {
            name,
            micros_per_tick: totals.get(i).copied().unwrap_or(0) as f64 / per_tick,
        })
        .collect();
    rows.sort_by(|a, b| b.micros_per_tick.total_cmp(&a.micros_per_tick));
    rows
}

thread_local! {
    /// The page's `Performance` object, looked up once: the simulation reads the timer twice
    /// per agent and program each tick (60,000 reads a tick at 10,000 agents), and looking up
    /// the window and its `performance` on every read cost more than the reads themselves.
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|w| w.performance());
}

/// The page's high-resolution clock in whole microseconds, the profiler's timer; 0 where the
/// page has none. Browsers coarsen it (Chromium to 100 µs without cross-origin isolation), so
/// per-tick figures are averages of coarse readings.
pub fn performance_micros() -> u64 {
    PERFORMANCE.with(|p| p.as_ref().map_or(0, |p| (p.now() * 1000.0) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_are_per_tick_and_costliest_first() {
        let names = vec!["A".to_string(), "B".to_string(), "C".to_string()];
        let rows = costs(names, &[10, 40], 10);
        let shown: Vec<(&str, f64)> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.micros_per_tick))
            .collect();
        assert_eq!(shown, vec![("B", 4.0), ("A", 1.0), ("C", 0.0)]);
    }

    fn entry(script: &str, line: u32) -> LogEntry {
        LogEntry {
            time: sim_core::SimTime::from_secs(2),
            tick: 60,
            blueprint: script.to_string(),
            line,
            col: 9,
            kind: LogKind::Error,
            message: "division by zero".to_string(),
        }
    }

    #[test]
    fn only_a_blueprint_line_links_to_its_script() {
        let names = vec!["Fish".to_string()];
        let row = log_row(&entry("Fish", 4), &names);
        assert_eq!(row.place, Some(("Fish".to_string(), 4)));
        assert_eq!(row.at, "Fish:4:9");
        assert_eq!(log_row(&entry("round r1 init", 4), &names).place, None);
        assert_eq!(log_row(&entry("Fish", 0), &names).place, None);
        assert_eq!(log_row(&entry("Fish", 0), &names).at, "Fish");
    }

    #[test]
    fn no_ticks_yet_divides_by_one() {
        let rows = costs(vec!["A".to_string()], &[7], 0);
        assert_eq!(rows.first().map(|r| r.micros_per_tick), Some(7.0));
    }
}

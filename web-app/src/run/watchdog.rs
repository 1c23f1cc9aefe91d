//! The watchdog: a frame whose simulation work takes longer than [`BUDGET_MS`] pauses the
//! run by itself and says where the time went, so a model too heavy for the machine leaves
//! the page answering (Pause, Export, the editor) instead of freezing it.

use sim_core::{Overrun, Profile};

/// The most real time the simulation may take in one frame, milliseconds: four times what
/// a smooth stage can spare, and far below the seconds after which a page looks dead.
pub const BUDGET_MS: f64 = 250.0;

/// What the page says about the run's own pauses: the crash guard's (the last page died with
/// a model running, so this one opened paused) and the watchdog's, each shown until it is
/// dismissed or Play is pressed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Notices {
    crashed: bool,
    watchdog: Option<String>,
    /// The stop at a tick's work budget already told, so each stop is told once.
    stop_told: Option<Overrun>,
}

impl Notices {
    /// The notices of a page that opened after one that died running (`crashed`) or not.
    pub fn new(crashed: bool) -> Notices {
        Notices {
            crashed,
            ..Notices::default()
        }
    }

    /// Whether the last page died with a model running, until dismissed or Play.
    pub fn crashed(&self) -> bool {
        self.crashed
    }

    /// Why the watchdog paused the run, until dismissed or Play.
    pub fn watchdog(&self) -> Option<&str> {
        self.watchdog.as_deref()
    }

    /// Both were read.
    pub fn dismiss(&mut self) {
        self.crashed = false;
        self.watchdog = None;
    }

    /// A tick stopped at its work budget: told once for each stop; true when told now.
    pub fn stopped(&mut self, overrun: &Overrun) -> bool {
        if self.stop_told.as_ref() == Some(overrun) {
            return false;
        }
        self.stop_told = Some(overrun.clone());
        self.watchdog = Some(stopped(overrun));
        true
    }

    /// The run went on past the last stop.
    pub fn went_on(&mut self) {
        self.stop_told = None;
    }

    /// A frame took too long: the run paused for the reason given.
    pub fn too_slow(&mut self, verdict: String) {
        self.watchdog = Some(verdict);
    }
}

/// Why the run paused itself when a tick went past its work budget (see
/// [`sim_core::Overrun`]): the place, and what Play does.
fn stopped(overrun: &Overrun) -> String {
    format!(
        "The run paused itself. {overrun}. The Log links to the line; Play goes on from the \
         next tick."
    )
}

/// Why the run paused itself: the frame's work, and the blueprint's scripts or the `when`
/// rule that took most of it, with its share, from the profiler's counts before
/// (`before`) and after the frame; `names` and `rules` name the profile's entries.
pub fn verdict(
    work_ms: f64,
    before: &Profile,
    after: &Profile,
    names: &[String],
    rules: &[String],
) -> String {
    let spent = |now: &[u64], then: &[u64]| -> Vec<u64> {
        now.iter()
            .enumerate()
            .map(|(i, n)| n.saturating_sub(then.get(i).copied().unwrap_or(0)))
            .collect()
    };
    let scripts = spent(&after.blueprints, &before.blueprints)
        .into_iter()
        .zip(names)
        .map(|(us, name)| (us, format!("{name}'s scripts")));
    let tests = spent(&after.rules, &before.rules)
        .into_iter()
        .zip(rules)
        .map(|(us, rule)| (us, format!("the rule 'when {rule}'")));
    let worst = scripts.chain(tests).max_by_key(|(us, _)| *us);
    let head = format!(
        "The run paused itself: one frame of the model took {work_ms:.0} ms (more than {BUDGET_MS:.0} ms)"
    );
    match worst {
        Some((us, what)) if us > 0 => format!(
            "{head}, {:.0} ms of it in {what}. Fewer characters, or less work in {what}, keep it \
             smooth; Play goes on.",
            us as f64 / 1000.0
        ),
        _ => format!("{head}. Play goes on."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_names_what_took_the_time() {
        let before = Profile {
            blueprints: vec![100, 0],
            rules: vec![0],
        };
        let after = Profile {
            blueprints: vec![200, 300_000],
            rules: vec![900_000],
        };
        let names = ["Fish".to_string(), "Algae".to_string()];
        let rules = ["Fish touches Algae".to_string()];
        let text = verdict(1_300.0, &before, &after, &names, &rules);
        assert!(
            text.starts_with("The run paused itself: one frame of the model took 1300 ms"),
            "{text}"
        );
        assert!(
            text.contains("900 ms of it in the rule 'when Fish touches Algae'"),
            "{text}"
        );
        let after = Profile {
            blueprints: vec![200, 300_000],
            rules: vec![0],
        };
        assert!(verdict(400.0, &before, &after, &names, &rules)
            .contains("300 ms of it in Algae's scripts"));
        assert!(verdict(400.0, &before, &before, &names, &rules)
            .ends_with("took 400 ms (more than 250 ms). Play goes on."));
    }
}

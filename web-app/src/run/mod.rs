//! [`Run`]: the open project's run — its simulation, the clock that paces it and the timeline
//! over it — kept in step with the project and the page's real time. Plain data: no Yew and
//! no page in it, so the run's rules (a model opens paused, an edit is swapped into the
//! running model, the watchdog, rounds that pause the clock) are tested natively.
//!
//! The run follows the project handle's revision: a newly opened project gets a fresh
//! [`Simulation`], paused at its start; an edit of the same project is hot-swapped into the
//! running one, so agents keep running with the new scripts, or the model restarts with a
//! note saying why when the edit changed more than scripts. A project that does not compile
//! when opened has no simulation: the stage stays empty and the projects panel lists the
//! errors.
//!
//! A session that hosts the run reads it after each advance (see [`Run::advanced_to`]) and
//! starts a new epoch whenever [`Run::jumps`] moves on; a device that follows the teacher
//! [adopts](Run::adopt) the teacher's simulation instead of running its own.

mod agents;
mod tracked;
mod watchdog;

use crate::projects::ProjectHandle;
use sim_core::{
    Clock, ClockState, EntityId, Overrun, Profile, RoundPhase, SimTime, Simulation, Speed,
    Starting, SwapError, Timeline, MAX_AGENTS,
};
use std::rc::Rc;
use tracked::Tracked;

pub use watchdog::BUDGET_MS;

/// The speeds offered in the speed control, as sim-seconds per real second.
pub const SPEEDS: [&str; 6] = ["0.25", "0.5", "1", "2", "4", "8"];

/// The seed every run starts from, so a model behaves the same on every open and reset.
const SEED: u64 = 1;

/// What to tell the student when the project places more agents than a model may have
/// (`None` when it fits): only the first ones are made.
fn cap_note(placed: usize) -> Option<String> {
    (placed > MAX_AGENTS).then(|| {
        format!(
            "this model places {placed} agents, more than the {MAX_AGENTS} a model may have: \
             only the first {MAX_AGENTS} were made"
        )
    })
}

/// What following the project did to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Synced {
    /// Nothing changed, or an edit went into the running model.
    Kept,
    /// The run started afresh: another project (`opened`), or an edit that changed more than
    /// scripts.
    Restarted {
        /// Whether another project was opened (rather than the open one edited).
        opened: bool,
    },
}

/// The open project's simulation, the clock and the timeline.
pub struct Run {
    clock: Clock,
    sim: Tracked,
    /// The project revision the simulation follows.
    revision: u64,
    /// The project lineage it follows: edits keep it, opening another project changes it.
    lineage: u64,
    /// The run so far, to show any earlier tick again (started afresh with the model, a
    /// reset and a script edit, whose older snapshots belong to another version).
    timeline: Option<Timeline>,
    /// The tick a rewound run went on from (dropping its old future), until the page reads it.
    branched: Option<u64>,
    /// While the stage replays a run of an experiment: which run (see [`Run::replay`]).
    replaying: Option<String>,
    /// The agent marked hovered.
    hovered: Option<EntityId>,
    /// Counts the times the state jumped instead of running on (see [`Run::jumps`]).
    jumps: u64,
    /// The sim time the run was last advanced to (at or past its last tick's time).
    advanced_to: SimTime,
    /// The speed chosen, as labelled in [`SPEEDS`].
    speed_label: String,
    /// The real time of the last frame, milliseconds, for actions that need "now".
    now_ms: f64,
    /// Whether the clock plays as soon as the page starts (a developer demo), rather than
    /// waiting paused for Play.
    plays_at_start: bool,
    /// The page's microsecond timer, for the profiler and the watchdog.
    timer: fn() -> u64,
    /// Why the run paused itself, until dismissed or Play.
    notices: watchdog::Notices,
    /// The serial of the newest stage message the teacher dismissed (0: none yet).
    dismissed_dialog: u64,
}

/// A timer that always reads zero, for a run with no page clock.
fn no_timer() -> u64 {
    0
}

impl Default for Run {
    fn default() -> Run {
        Run::new(no_timer, false, false)
    }
}

impl Run {
    /// A run with no model yet, its clock not started. `timer` reads the page's clock in
    /// microseconds; `crashed` says the last page died with a model running (see
    /// `crash_guard`), which the run's notice tells; `plays_at_start` starts the clock
    /// playing (a developer demo) where a model otherwise opens paused.
    pub fn new(timer: fn() -> u64, crashed: bool, plays_at_start: bool) -> Run {
        Run {
            clock: Clock::new(),
            sim: Tracked::default(),
            revision: 0,
            lineage: 0,
            timeline: None,
            branched: None,
            replaying: None,
            hovered: None,
            jumps: 0,
            advanced_to: SimTime::ZERO,
            speed_label: "1".into(),
            now_ms: 0.0,
            plays_at_start: plays_at_start && !crashed,
            timer,
            notices: watchdog::Notices::new(crashed),
            dismissed_dialog: 0,
        }
    }

    /// Follows the project when it changed since the last call. An edit of the same project
    /// is hot-swapped in (see [`Simulation::hot_swap`]); where it cannot be, the model starts
    /// afresh, or, when the edit does not compile, keeps running the last version that did,
    /// and a note on the handle says which and why. Another project opens paused at its start.
    pub fn sync(&mut self, project: &ProjectHandle) -> Synced {
        let revision = project.revision();
        if revision == self.revision {
            return Synced::Kept;
        }
        self.revision = revision;
        let lineage = project.lineage();
        let opened = std::mem::replace(&mut self.lineage, lineage) != lineage;
        if !opened && self.sim.get().is_some() {
            match self.swap(project) {
                Some(Ok(())) => return Synced::Kept,
                Some(Err(SwapError::Compile(_))) => {
                    project.post_note(crate::projects::STALE_NOTE.into());
                    return Synced::Kept;
                }
                Some(Err(SwapError::Structure(why))) => {
                    project.post_note(format!("model reset because {why}"));
                }
                None => {}
            }
        }
        self.start(project, Vec::new(), SEED);
        self.replaying = None;
        self.clock.set_time(SimTime::ZERO);
        if opened {
            self.clock.pause(self.now_ms);
        }
        Synced::Restarted { opened }
    }

    /// Hot-swaps the current project into the running simulation; `None` without either.
    fn swap(&mut self, project: &ProjectHandle) -> Option<Result<(), SwapError>> {
        let sim = self.sim.get_mut()?;
        let swapped = project.with(|c| Some(sim.hot_swap(Rc::clone(&c?.project)).map(drop)))?;
        if swapped.is_ok() {
            self.timeline = Some(Timeline::new(sim));
            self.jump();
        }
        Some(swapped)
    }

    /// A fresh simulation of the current project with `starting` values, from `seed`.
    fn start(&mut self, project: &ProjectHandle, starting: Vec<Starting>, seed: u64) {
        let sim = project
            .with(|c| Simulation::load_starting(Rc::clone(&c?.project), seed, starting).ok());
        self.set_sim(sim);
        self.timeline = self.sim.get().map(Timeline::new);
        self.dismissed_dialog = 0;
        let placed = project.with(|c| c.map_or(0, |c| c.project.instances.len()));
        if let Some(note) = cap_note(placed) {
            project.post_note(note);
        }
    }

    /// Puts `sim` in place of the running simulation, timed by the page's clock: the state
    /// jumped.
    fn set_sim(&mut self, sim: Option<Simulation>) {
        self.hovered = None;
        self.sim.set(sim);
        if let Some(sim) = self.sim.get_mut() {
            sim.set_timer(self.timer);
        }
        self.jump();
    }

    /// The state jumped instead of running on: a session hosting the run starts a new epoch.
    fn jump(&mut self) {
        self.jumps = self.jumps.wrapping_add(1);
        self.advanced_to = self.time();
    }

    /// Counts the times the state jumped instead of running on (another model, a reset, an
    /// edit swapped in, a moment sought, a kept state taken back): equal counts mean every
    /// change since was ticks and inputs, which a bundle can carry.
    pub fn jumps(&self) -> u64 {
        self.jumps
    }

    /// The sim time the run was last advanced to, for the bundle that carries the advance.
    pub fn advanced_to(&self) -> SimTime {
        self.advanced_to
    }

    /// Replays a run of an experiment on the stage: the current project from its start, with
    /// the run's starting values and seed (`label` names it), paused. Reset replays it again;
    /// the model goes back to its own values with [`Run::end_replay`] or when another model
    /// is opened.
    pub fn replay(
        &mut self,
        project: &ProjectHandle,
        starting: Vec<Starting>,
        seed: u64,
        label: String,
    ) {
        self.start(project, starting, seed);
        self.replaying = self.sim.get().is_some().then_some(label);
        self.hold_at(SimTime::ZERO);
    }

    /// Which run of an experiment the stage replays, if it replays one.
    pub fn replaying(&self) -> Option<&str> {
        self.replaying.as_deref()
    }

    /// Back from a replayed run to the model as it starts by itself, paused.
    pub fn end_replay(&mut self, project: &ProjectHandle) {
        self.start(project, Vec::new(), SEED);
        self.replaying = None;
        self.hold_at(SimTime::ZERO);
    }

    /// Lets the timeline take in the inputs and ticks since it last looked.
    fn follow_timeline(&mut self) {
        if let (Some(timeline), Some(sim)) = (&mut self.timeline, self.sim.get()) {
            if let Some(at) = timeline.follow(sim) {
                self.branched = Some(at);
            }
        }
    }

    /// The tick a rewound run went on from since the last call (its old future dropped).
    pub fn take_branched(&mut self) -> Option<u64> {
        self.follow_timeline();
        self.branched.take()
    }

    /// The ticks the timeline can show: its first and the furthest the run reached.
    pub fn timeline_range(&self) -> Option<(u64, u64)> {
        self.timeline.as_ref().map(|t| (t.start(), t.latest()))
    }

    /// Pauses and shows tick `tick` again (within the timeline's range): the simulation
    /// becomes the one it was then; the future stays until the run goes on from here. The
    /// time shown then, or why not.
    pub fn seek(&mut self, project: &ProjectHandle, tick: u64) -> Result<SimTime, String> {
        self.clock.pause(self.now_ms);
        self.follow_timeline();
        if let Some(timeline) = &mut self.timeline {
            let sim = project
                .with(|c| c.map(|c| timeline.seek(Rc::clone(&c.project), tick)))
                .ok_or("no model is loaded")?
                .map_err(|e| format!("that moment cannot be shown: {e}"))?;
            self.set_sim(Some(sim));
        }
        let time = self.time();
        self.clock.set_time(time);
        Ok(time)
    }

    /// Pauses and goes back to the model's starting state.
    pub fn reset(&mut self) {
        self.clock.pause(self.now_ms);
        self.clock.set_time(SimTime::ZERO);
        self.hovered = None;
        if let Some(sim) = self.sim.get_mut() {
            sim.reset();
        }
        self.timeline = self.sim.get().map(Timeline::new);
        self.dismissed_dialog = 0;
        self.jump();
    }

    /// Notes the frame's real time `ts` (milliseconds); the first frame starts the clock,
    /// paused unless the run plays at start.
    pub fn begin_frame(&mut self, ts: f64) {
        self.now_ms = ts;
        if self.clock.state() == ClockState::Init {
            self.clock.start(ts);
            if !self.plays_at_start {
                self.clock.pause(ts);
            }
        }
    }

    /// Brings the clock up to the frame's real time `ts` (milliseconds).
    pub fn update_clock(&mut self, ts: f64) {
        self.clock.update_time(ts);
    }

    /// The real time of the last frame, milliseconds, for the session's "seen ... ago".
    pub fn frame_ms(&self) -> f64 {
        self.now_ms
    }

    /// The clock's time (a developer demo moves by it).
    pub fn clock_time(&self) -> SimTime {
        self.clock.time()
    }

    /// Whether the clock runs.
    pub fn running(&self) -> bool {
        self.clock.state() == ClockState::Running
    }

    /// Runs every tick due up to sim time `t`.
    fn advance_to(&mut self, t: SimTime) {
        self.follow_timeline();
        self.sim.advance_to(t);
        self.follow_timeline();
        self.advanced_to = t.max(self.advanced_to);
    }

    /// Runs the model up to the clock. When that took more than the watchdog's budget, or a
    /// tick stopped at its work budget, the run pauses and the notice says where the time
    /// went (true: it paused so); a round that ended pauses it too.
    pub fn run_due(&mut self) -> bool {
        let before = self.profile();
        let started = (self.timer)();
        self.advance_to(self.clock.time());
        let work_ms = (self.timer)().saturating_sub(started) as f64 / 1000.0;
        if let Some(overrun) = self.stopped() {
            // A tick went past its work budget: the model waits at it, and so does the clock.
            if self.running() {
                self.hold_at(self.time());
            }
            return self.notices.stopped(&overrun);
        }
        self.notices.went_on();
        let paused = if work_ms > BUDGET_MS && self.running() {
            self.hold_at(self.time());
            let (names, rules) = self.profile_names();
            let after = self.profile();
            self.notices
                .too_slow(watchdog::verdict(work_ms, &before, &after, &names, &rules));
            true
        } else {
            false
        };
        self.pause_when_round_stops();
        paused
    }

    /// Pauses the clock at time `t` (the last tick run), so Play and the status line never
    /// run ahead of the model.
    fn hold_at(&mut self, t: SimTime) {
        self.clock.pause(self.now_ms);
        self.clock.set_time(t);
    }

    /// A round that ended stops the ticks: the clock pauses with them.
    fn pause_when_round_stops(&mut self) {
        let stopped = self.round().is_some_and(|r| r.phase != RoundPhase::Running);
        if stopped && self.running() {
            self.hold_at(self.time());
        }
    }

    /// Play: resumes a paused clock, starts any other. After a tick stopped at its work
    /// budget, the run goes on from the next tick.
    pub fn play(&mut self) {
        self.notices.dismiss();
        self.go_on();
        match self.clock.state() {
            ClockState::Paused => self.clock.resume(self.now_ms),
            _ => self.clock.start(self.now_ms),
        }
    }

    /// Pause.
    pub fn pause(&mut self) {
        self.clock.pause(self.now_ms);
    }

    /// Pauses when running, plays otherwise (the Space key).
    pub fn toggle_play(&mut self) {
        if self.running() {
            self.pause();
        } else {
            self.play();
        }
    }

    /// Runs exactly one tick, paused.
    pub fn step(&mut self) {
        self.go_on();
        let next = sim_core::sim::tick_time(self.tick() + 1);
        self.advance_to(next);
        self.hold_at(self.time());
    }

    /// The teacher's *Next round*: the next round is prepared, paused, ready for Play.
    pub fn next_round(&mut self) {
        if self.sim.get_mut().is_some_and(Simulation::next_round) {
            self.hold_at(self.time());
        }
    }

    /// Runs at the speed labelled `label` (one of [`SPEEDS`]).
    pub fn set_speed(&mut self, label: &str) {
        if let Ok(speed) = label.parse::<f64>() {
            self.clock.set_speed(Speed::from_num(speed), self.now_ms);
            self.speed_label = label.to_string();
        }
    }

    /// Runs at the next faster (`step` 1) or slower (-1) of [`SPEEDS`], stopping at the ends.
    pub fn speed_by(&mut self, step: i8) {
        let at = SPEEDS
            .iter()
            .position(|s| *s == self.speed_label)
            .unwrap_or(2);
        let next = at
            .saturating_add_signed(isize::from(step))
            .min(SPEEDS.len() - 1);
        self.set_speed(SPEEDS[next]);
    }

    /// The speed chosen, as labelled in [`SPEEDS`].
    pub fn speed_label(&self) -> &str {
        &self.speed_label
    }

    /// The speed chosen, in sim-seconds per real second.
    pub fn speed(&self) -> f64 {
        self.speed_label.parse().unwrap_or(1.0)
    }

    /// The notices about the run: the crash guard's and the watchdog's.
    pub fn notices(&self) -> &watchdog::Notices {
        &self.notices
    }

    /// The run's notices were read.
    pub fn dismiss_notices(&mut self) {
        self.notices.dismiss();
    }

    /// The newest message of the model the teacher has not dismissed.
    pub fn dialog(&self) -> Option<&sim_core::Dialog> {
        self.newest_dialog()
            .filter(|d| d.serial > self.dismissed_dialog)
    }

    /// The teacher dismissed the message shown on the stage.
    pub fn dismiss_dialog(&mut self) {
        self.dismissed_dialog = self.newest_dialog().map_or(0, |d| d.serial);
    }

    /// The newest message the model showed (a round's intro or outro, `showMessage`).
    fn newest_dialog(&self) -> Option<&sim_core::Dialog> {
        self.sim.get().and_then(|sim| sim.dialogs().last())
    }

    /// The profiler's counts so far (empty without a simulation).
    pub fn profile(&self) -> Profile {
        self.sim
            .get()
            .map(|s| s.profile().clone())
            .unwrap_or_default()
    }

    /// Blueprint names and `when` rules, in the profile's order.
    pub fn profile_names(&self) -> (Vec<String>, Vec<String>) {
        self.sim
            .get()
            .map(|s| (s.blueprint_names(), s.rules()))
            .unwrap_or_default()
    }

    /// Where the run stopped at a tick's work budget, if it did (see
    /// [`Simulation::stopped`]).
    pub fn stopped(&self) -> Option<Overrun> {
        self.sim.get().and_then(Simulation::stopped).cloned()
    }

    /// Lets a run stopped at a tick's work budget go on (see [`Simulation::go_on`]).
    fn go_on(&mut self) {
        if self.stopped().is_some() {
            if let Some(sim) = self.sim.get_mut() {
                sim.go_on();
            }
        }
    }

    /// Simulation time (zero without a simulation).
    pub fn time(&self) -> SimTime {
        self.sim.get().map_or(SimTime::ZERO, Simulation::time)
    }

    /// The current round and whether ticks run; `None` without a simulation.
    pub fn round(&self) -> Option<sim_core::RoundInfo> {
        self.sim.get().map(Simulation::round)
    }

    /// Ticks run since the start or the last reset.
    pub fn tick(&self) -> u64 {
        self.sim.get().map_or(0, Simulation::tick_count)
    }

    /// The simulation, to read (`None` while no model compiled).
    pub fn sim(&self) -> Option<&Simulation> {
        self.sim.get()
    }

    /// The simulation, to change (counted as a change whatever the caller does with it).
    pub fn sim_mut(&mut self) -> Option<&mut Simulation> {
        self.sim.get_mut()
    }

    /// How many times the simulation was changed or may have been: equal counts mean the
    /// same state (the stage draws again only when it moved).
    pub fn changes(&self) -> u64 {
        self.sim.changes()
    }

    /// The state hash now (for the stage's `data-hash`).
    pub fn state_hash(&self) -> Option<u64> {
        self.sim.get().map(Simulation::state_hash)
    }

    /// The blueprints students may drive.
    pub fn characters(&self) -> Vec<String> {
        self.sim
            .get()
            .map(Simulation::controllable_blueprints)
            .unwrap_or_default()
    }

    /// Takes `sim` as the run, with `project` (when given) as the open project, which a
    /// page that shows another's run does not save: a device following the teacher (a
    /// snapshot), a class run's replay (a moment of it). It has no timeline: the run is the
    /// other's, not this page's.
    pub fn adopt(
        &mut self,
        handle: &ProjectHandle,
        project: Option<sim_core::Project>,
        sim: Simulation,
    ) {
        if let Some(project) = project {
            handle.replace(crate::projects::CurrentProject::new(
                project,
                crate::projects::Origin::Other,
            ));
            self.revision = handle.revision();
            self.lineage = handle.lineage();
        }
        self.timeline = None;
        self.replaying = None;
        self.set_sim(Some(sim));
    }

    /// Takes the run back to a state kept earlier (a resumed session): `project` becomes the
    /// open one and `sim` the running one, paused at its time, with a timeline from there.
    pub fn resume(&mut self, handle: &ProjectHandle, project: sim_core::Project, sim: Simulation) {
        self.adopt(handle, Some(project), sim);
        self.timeline = self.sim.get().map(Timeline::new);
        self.hold_at(self.time());
    }

    /// `project` starting where the run is now (see [`Simulation::project_from_here`]).
    pub fn project_from_here(&self, project: &sim_core::Project) -> Option<sim_core::Project> {
        Some(self.sim.get()?.project_from_here(project))
    }
}

#[cfg(test)]
mod tests;

/// What other modules' tests run on: the bundled wander model in a handle, and a run of it.
#[cfg(test)]
pub(crate) fn wander() -> (ProjectHandle, Run) {
    let text = include_str!("../../../static/models/wander.gemprj");
    let handle = ProjectHandle::empty();
    handle.replace(crate::projects::CurrentProject::new(
        sim_core::Project::from_json(text).expect("the bundled model reads"),
        crate::projects::Origin::Other,
    ));
    let mut run = Run::default();
    run.begin_frame(0.0);
    run.sync(&handle);
    (handle, run)
}

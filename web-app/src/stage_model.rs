//! The stage model: the simulation of the current project, kept in step with the clock and
//! turned into what the stage draws.
//!
//! The stage model follows the project handle's revision: a newly opened project gets a fresh
//! [`Simulation`]; an edit of the same project is hot-swapped into the running one, so
//! agents keep running with the new scripts, or the model restarts with a note saying why
//! when the edit changed more than scripts. A project that does not compile when opened has
//! no simulation: the stage stays empty and the projects panel lists the errors.
//!
//! GEMSTEP's stage has y growing downwards; the renderer's world has y growing upwards, so y
//! is negated here, at the one seam between them.

use crate::inspector::{parse_value, Edit, Inspection};
use crate::mapedit::place::AgentOrigin;
use crate::panels::{performance_micros, PanelsSnapshot, Series};
use crate::projects::ProjectHandle;
use crate::projects::{CurrentProject, Origin};
use crate::render::{Bounds, Costumes, Graph, GraphKind, Meter, RenderAgent, Rgb, Status};
use crate::widgets::Shown;
use sim_core::{
    session::protocol::{Bundle, RoomSnapshot},
    session::{Followed, Follower, Host},
    AgentView, CommandTarget, EntityId, InputFrame, InputRefusal, Profile, PropGroup, SimTime,
    Simulation, StartTarget, Starting, SwapError, Timeline, Value, WidgetDef, MAX_AGENTS,
};
use std::rc::Rc;
use tracked::Tracked;

mod names;
mod tracked;

pub use names::PuppetNames;

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

/// The seed every run starts from, so a model behaves the same on every open and reset.
const SEED: u64 = 1;

/// The current project's simulation and the stage's picture of it.
#[derive(Default)]
pub struct StageModel {
    sim: Tracked,
    /// The project revision the simulation follows.
    revision: u64,
    /// The project lineage it follows: edits keep it, opening another project changes it.
    lineage: u64,
    /// What the renderer draws, refilled in place when the simulation may have changed: each
    /// agent is compared with what its place held, so a frame that would show the same need
    /// not be painted (a second list to compare with held 1.5 MB more at 10,000 agents).
    agents: Vec<RenderAgent>,
    /// The simulation's [change count](Tracked::changes) when `agents` was last refilled.
    drawn_at: Option<u64>,
    /// The entity of each drawn agent, parallel to `agents`: a hit-test's drawn id indexes it.
    ids: Vec<EntityId>,
    /// The agent marked hovered.
    hovered: Option<EntityId>,
    /// The run so far, to show any earlier tick again (started afresh with the model, a
    /// reset and a script edit, whose older snapshots belong to another version).
    timeline: Option<Timeline>,
    /// The tick a rewound run went on from (dropping its old future), until the app reads it.
    branched: Option<u64>,
    /// Whether this page hosts a live session (the teacher's), and the epoch it starts after.
    hosting: Option<u32>,
    /// While hosting a model that compiled: what turns the run into bundles.
    host: Option<Host>,
    /// Bundles made since the session last took them.
    bundles: Vec<Bundle>,
    /// Whether the state jumped since the session last asked (it then sends a snapshot).
    jumped: bool,
    /// On a projector or student's device: where this device is in the teacher's run.
    follower: Option<Follower>,
    /// While the stage replays a run of an experiment: which run (see [`StageModel::replay`]).
    replaying: Option<String>,
    /// In a live session: whose characters are whose.
    names: PuppetNames,
    /// Every agent ringed in white, for a high-contrast stage.
    high_contrast: bool,
}

impl StageModel {
    /// Follows the project when it changed since the last call; true when the simulation
    /// was rebuilt (started afresh), false when nothing changed or the change was applied to
    /// the running model. An edit of the same project is hot-swapped in (see
    /// [`Simulation::hot_swap`]); where it cannot be, the model starts afresh, or, when the
    /// edit does not compile, keeps running the last version that did, and a note on the
    /// handle says which and why.
    pub fn sync(&mut self, project: &ProjectHandle) -> bool {
        let revision = project.revision();
        if revision == self.revision {
            return false;
        }
        self.revision = revision;
        let lineage = project.lineage();
        let same_project = std::mem::replace(&mut self.lineage, lineage) == lineage;
        if same_project && self.sim.get().is_some() {
            match self.swap(project) {
                Some(Ok(())) => return false,
                Some(Err(SwapError::Compile(_))) => {
                    project.post_note(crate::projects::STALE_NOTE.into());
                    return false;
                }
                Some(Err(SwapError::Structure(why))) => {
                    project.post_note(format!("model reset because {why}"));
                }
                None => {}
            }
        }
        self.rebuild(project);
        true
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

    /// A fresh simulation of the current project (none when it does not compile).
    fn rebuild(&mut self, project: &ProjectHandle) {
        self.start(project, Vec::new(), SEED);
        self.replaying = None;
    }

    /// Replays a run of an experiment on the stage: the current project from its start, with
    /// the run's starting values and seed (`label` names it). Reset replays it again; the
    /// model goes back to its own values with [`StageModel::end_replay`] or when another model
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
    }

    /// Which run of an experiment the stage replays, if it replays one.
    pub fn replaying(&self) -> Option<&str> {
        self.replaying.as_deref()
    }

    /// Back from a replayed run to the model as it starts by itself.
    pub fn end_replay(&mut self, project: &ProjectHandle) {
        self.rebuild(project);
    }

    /// A fresh simulation of the current project with `starting` values, from `seed`.
    fn start(&mut self, project: &ProjectHandle, starting: Vec<Starting>, seed: u64) {
        self.hovered = None;
        self.sim.set(
            project
                .with(|c| Simulation::load_starting(Rc::clone(&c?.project), seed, starting).ok()),
        );
        if let Some(sim) = self.sim.get_mut() {
            sim.set_timer(performance_micros);
        }
        self.timeline = self.sim.get().map(Timeline::new);
        self.jump();
        let placed = project.with(|c| c.map_or(0, |c| c.project.instances.len()));
        if let Some(note) = cap_note(placed) {
            project.post_note(note);
        }
    }

    /// Runs every tick due up to sim time `t`.
    pub fn advance_to(&mut self, t: SimTime) {
        self.follow();
        self.sim.advance_to(t);
        self.follow();
        self.bundle(t);
    }

    /// In a session, turns what the last advance did into a bundle (or, when a bundle cannot
    /// say it, a jump).
    fn bundle(&mut self, until: SimTime) {
        let (Some(host), Some(sim)) = (&mut self.host, self.sim.get()) else {
            return;
        };
        match host.ran(sim, until) {
            Ok(Some(b)) => self.bundles.push(b),
            Ok(None) => {}
            Err(_) => self.jump(),
        }
    }

    /// The state jumped: a session starts a new epoch and sends a snapshot.
    fn jump(&mut self) {
        self.jumped = true;
        self.bundles.clear();
        let Some(sim) = self.sim.get() else {
            self.host = None;
            return;
        };
        match &mut self.host {
            Some(host) => host.jump(sim),
            None => self.host = self.hosting.map(|epoch| Host::after_epoch(sim, epoch)),
        }
    }

    /// Lets the timeline take in the inputs and ticks since it last looked.
    fn follow(&mut self) {
        if let (Some(timeline), Some(sim)) = (&mut self.timeline, self.sim.get()) {
            if let Some(at) = timeline.follow(sim) {
                self.branched = Some(at);
            }
        }
    }

    /// The tick a rewound run went on from since the last call (its old future dropped).
    pub fn take_branched(&mut self) -> Option<u64> {
        self.follow();
        self.branched.take()
    }

    /// The ticks the timeline can show: its first and the furthest the run reached.
    pub fn timeline_range(&self) -> Option<(u64, u64)> {
        self.timeline.as_ref().map(|t| (t.start(), t.latest()))
    }

    /// Shows tick `tick` again (within the timeline's range): the simulation becomes the one
    /// it was then; the future stays until the run goes on from here.
    pub fn seek(&mut self, project: &ProjectHandle, tick: u64) -> Result<(), String> {
        self.follow();
        let Some(timeline) = &mut self.timeline else {
            return Ok(());
        };
        let sim = project
            .with(|c| c.map(|c| timeline.seek(Rc::clone(&c.project), tick)))
            .ok_or("no model is loaded")?
            .map_err(|e| format!("that moment cannot be shown: {e}"))?;
        self.hovered = None;
        self.sim.set(Some(sim));
        if let Some(sim) = self.sim.get_mut() {
            sim.set_timer(performance_micros);
        }
        self.jump();
        Ok(())
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
    pub fn stopped(&self) -> Option<sim_core::Overrun> {
        self.sim.get().and_then(Simulation::stopped).cloned()
    }

    /// Lets a run stopped at a tick's work budget go on (see [`Simulation::go_on`]).
    pub fn go_on(&mut self) {
        if let Some(sim) = self.sim.get_mut() {
            sim.go_on();
        }
    }

    /// Runs exactly one tick.
    pub fn step(&mut self) {
        let next = sim_core::sim::tick_time(self.tick() + 1);
        self.advance_to(next);
    }

    /// Back to the model's initial state.
    pub fn reset(&mut self) {
        self.hovered = None;
        if let Some(sim) = self.sim.get_mut() {
            sim.reset();
        }
        self.timeline = self.sim.get().map(Timeline::new);
        self.jump();
    }

    /// Simulation time (zero without a simulation).
    pub fn time(&self) -> SimTime {
        self.sim.get().map_or(SimTime::ZERO, Simulation::time)
    }

    /// The current round and whether ticks run; `None` without a simulation.
    pub fn round(&self) -> Option<sim_core::RoundInfo> {
        self.sim.get().map(Simulation::round)
    }

    /// The newest message the model showed (a round's intro or outro, `showMessage`).
    pub fn newest_dialog(&self) -> Option<&sim_core::Dialog> {
        self.sim.get().and_then(|sim| sim.dialogs().last())
    }

    /// Prepares the next round once the current one is over; false when there is none.
    pub fn next_round(&mut self) -> bool {
        self.sim.get_mut().is_some_and(Simulation::next_round)
    }

    /// Ticks run since the start or the last reset.
    pub fn tick(&self) -> u64 {
        self.sim.get().map_or(0, Simulation::tick_count)
    }

    /// The stage bounds of the running model, in the renderer's y-up world.
    pub fn bounds(project: &ProjectHandle) -> Bounds {
        project.with(|c| {
            c.map_or_else(Bounds::default, |c| {
                let m = &c.project.metadata;
                Bounds {
                    left: m.left,
                    right: m.right,
                    top: -m.top,
                    bottom: -m.bottom,
                }
            })
        })
    }

    /// Brings the drawn agents up to the simulation's current state; true when they changed.
    /// The list is refilled only when the simulation may have changed since it was last
    /// filled, or with `again` set (the costumes' ids may have changed), and is then compared
    /// field for field with what it held.
    pub fn refresh_drawn(&mut self, costumes: &mut Costumes, again: bool) -> bool {
        let changes = self.sim.changes();
        if !again && self.drawn_at == Some(changes) {
            return false;
        }
        self.drawn_at = Some(changes);
        self.ids.clear();
        let mut changed = false;
        let mut count = 0;
        // A screen that follows the teacher's model shows none of the teacher's selection
        // or hover: those rings belong to the teacher's page.
        let own = self.follower.is_none();
        if let Some(sim) = self.sim.get() {
            // Room for every agent at once: filled by pushes alone, the lists grew by
            // doubling, to 16,384 places for 10,000 agents (the app's peak memory with 10,000
            // agents was 2 MB higher).
            let all = sim.agents().count();
            self.agents.reserve(all.saturating_sub(self.agents.len()));
            self.ids.reserve(all);
            for (i, a) in sim.agents().enumerate() {
                let mut drawn = render_agent(i as u32, &a, costumes, own);
                if drawn.label.is_none() && self.names.shown {
                    drawn.label = self.names.of(a.name());
                }
                if self.high_contrast {
                    drawn.glow = Some(Rgb::WHITE);
                }
                match self.agents.get_mut(i) {
                    Some(was) if *was == drawn => {}
                    Some(was) => {
                        *was = drawn;
                        changed = true;
                    }
                    None => {
                        self.agents.push(drawn);
                        changed = true;
                    }
                }
                self.ids.push(a.id());
                count = i + 1;
            }
        }
        if self.agents.len() > count {
            self.agents.truncate(count);
            changed = true;
        }
        changed
    }

    /// The entity drawn as `drawn` (a hit-test's answer) in the last frame.
    pub fn entity(&self, drawn: u32) -> Option<EntityId> {
        self.ids.get(drawn as usize).copied()
    }

    /// The agents drawn last.
    pub fn drawn(&self) -> &[RenderAgent] {
        &self.agents
    }

    /// What ties agent `id` to the instance it was made from, and where it is in the model's
    /// coordinates (y down), for the map editor.
    pub fn origin_of(&self, id: EntityId) -> Option<(AgentOrigin, (f64, f64))> {
        let sim = self.sim.get()?;
        let agent = sim.agent(id)?;
        let same =
            |a: &AgentView<'_>| a.name() == agent.name() && a.blueprint() == agent.blueprint();
        let rank = sim
            .agents()
            .take_while(|a| a.id() != id)
            .filter(same)
            .count();
        let origin = AgentOrigin {
            name: agent.name().to_owned(),
            blueprint: agent.blueprint().to_owned(),
            rank,
        };
        Some((origin, agent.position()))
    }
}

/// Live sessions: on the teacher's page the stage model hosts (every advance becomes a bundle,
/// every jump a new epoch); on another device it follows the teacher's snapshot and bundles
/// instead of the clock.
impl StageModel {
    /// Starts hosting a session from the current state, its first epoch after `epoch`
    /// (`None`: stops).
    pub fn host(&mut self, epoch: Option<u32>) {
        self.hosting = epoch;
        self.host = None;
        self.jump();
    }

    /// The bundles made since the last call.
    pub fn take_bundles(&mut self) -> Vec<Bundle> {
        std::mem::take(&mut self.bundles)
    }

    /// Whether the state jumped since the last call (a snapshot is due).
    pub fn take_jumped(&mut self) -> bool {
        std::mem::take(&mut self.jumped)
    }

    /// The epoch and last bundle of the hosted session.
    pub fn host_position(&self) -> Option<(u32, u64)> {
        self.host.as_ref().map(|h| (h.epoch(), h.seq()))
    }

    /// The hosted run's state now for a keyframe of the class run: its epoch, last bundle,
    /// tick and snapshot.
    pub fn keyframe(&self) -> Option<(u32, u64, u64, Vec<u8>)> {
        let (host, sim) = (self.host.as_ref()?, self.sim.get()?);
        Some((host.epoch(), host.seq(), sim.tick_count(), sim.snapshot()))
    }

    /// The whole state for devices, with the blueprints students may pick.
    pub fn room_snapshot(
        &self,
        project: &ProjectHandle,
        characters: Vec<String>,
        playing: bool,
    ) -> Option<RoomSnapshot> {
        let (host, sim) = (self.host.as_ref()?, self.sim.get()?);
        project.with(|c| Some(host.snapshot(sim, &c?.project, characters, playing)))
    }

    /// A student's controller frame; `ack` is acknowledged in the next bundle when taken.
    pub fn send_frame(
        &mut self,
        frame: InputFrame,
        ack: Option<(String, u32)>,
    ) -> Result<(), InputRefusal> {
        let sim = self.sim.get_mut().ok_or(InputRefusal::TickFull)?;
        sim.send_input(frame)?;
        if let (Some(host), Some((device, seq))) = (&mut self.host, ack) {
            host.ack(&device, seq);
        }
        Ok(())
    }

    /// Applies the students' waiting frames at once, without a tick (while the run is
    /// paused; see [`Simulation::apply_inputs_now`]).
    pub fn apply_inputs_now(&mut self) {
        if self.sim.get().is_some_and(|sim| sim.inputs_waiting() > 0) {
            if let Some(sim) = self.sim.get_mut() {
                sim.apply_inputs_now();
            }
        }
    }

    /// Where the characters a student's device drives are (its puppets, named `{device}
    /// {marker}`), by marker id, in the model's coordinates (y down).
    pub fn puppets_of(&self, device: &str) -> Vec<(String, f64, f64)> {
        let Some(sim) = self.sim.get() else {
            return Vec::new();
        };
        sim.agents()
            .filter_map(|a| {
                let marker = a.name().strip_prefix(device)?.strip_prefix(' ')?;
                let (x, y) = a.position();
                Some((marker.to_string(), x, y))
            })
            .collect()
    }

    /// The blueprints students may drive.
    pub fn characters(&self) -> Vec<String> {
        self.sim
            .get()
            .map(Simulation::controllable_blueprints)
            .unwrap_or_default()
    }

    /// Shows a moment of a class run's replay: `sim` becomes the running simulation and
    /// `project` (its part's model, when it changed) the open one (a replay page never starts
    /// the library, so nothing is saved over).
    pub fn show_replay(
        &mut self,
        handle: &ProjectHandle,
        project: Option<sim_core::Project>,
        sim: Simulation,
    ) {
        if let Some(project) = project {
            handle.replace(CurrentProject::new(project, Origin::Other));
            self.revision = handle.revision();
            self.lineage = handle.lineage();
        }
        self.hovered = None;
        self.timeline = None;
        self.host = None;
        self.follower = None;
        self.sim.set(Some(sim));
    }

    /// `project` starting where the run is now (see [`Simulation::project_from_here`]).
    pub fn project_from_here(&self, project: &sim_core::Project) -> Option<sim_core::Project> {
        Some(self.sim.get()?.project_from_here(project))
    }

    /// The simulation a replay drives on (a change is drawn).
    pub fn replay_sim(&mut self) -> Option<&mut Simulation> {
        self.sim.get_mut()
    }

    /// Follows the teacher from `snapshot`: its project becomes the open one (not saved to
    /// this device's library) and its state the running one.
    pub fn follow_snapshot(
        &mut self,
        project: &ProjectHandle,
        snapshot: &RoomSnapshot,
    ) -> Result<(), String> {
        let (follower, teacher_project, sim) = Follower::start(snapshot)?;
        project.replace(CurrentProject::new(teacher_project, Origin::Other));
        self.revision = project.revision();
        self.lineage = project.lineage();
        self.hovered = None;
        self.timeline = None;
        self.sim.set(Some(sim));
        self.follower = Some(follower);
        Ok(())
    }

    /// Takes the hosted room back to `snapshot`, its state as the teacher's page last kept
    /// it: its project becomes the open one and its state the running one, and the devices
    /// get it as a new epoch.
    pub fn resume_from(
        &mut self,
        project: &ProjectHandle,
        snapshot: &RoomSnapshot,
    ) -> Result<(), String> {
        let (_, kept_project, mut sim) = Follower::start(snapshot)?;
        project.replace(CurrentProject::new(kept_project, Origin::Other));
        self.revision = project.revision();
        self.lineage = project.lineage();
        self.hovered = None;
        self.replaying = None;
        sim.set_timer(performance_micros);
        self.timeline = Some(Timeline::new(&sim));
        self.sim.set(Some(sim));
        self.jump();
        Ok(())
    }

    /// Applies the teacher's next bundle.
    pub fn follow_bundle(&mut self, bundle: &Bundle) -> Followed {
        match (&mut self.follower, self.sim.get_mut()) {
            (Some(f), Some(sim)) => f.apply(sim, bundle),
            _ => Followed::Lost("waiting for the teacher's model".into()),
        }
    }

    /// Where this device is in the teacher's run, when following.
    pub fn follower(&self) -> Option<&Follower> {
        self.follower.as_ref()
    }

    /// The state hash now (for the stage's `data-hash`).
    pub fn state_hash(&self) -> Option<u64> {
        self.sim.get().map(Simulation::state_hash)
    }
}

/// Selection, dragging and editing: the stage's pointer and the inspector act on agents
/// through these. An agent that disappeared meanwhile is ignored: it is simply gone.
impl StageModel {
    /// Marks `id` as the hovered agent (none: nothing under the pointer); true if it changed.
    pub fn hover(&mut self, id: Option<EntityId>) -> bool {
        if id == self.hovered {
            return false;
        }
        if let Some(sim) = self.sim.get_mut() {
            if let Some(old) = self.hovered {
                let _ = sim.hover(old, false);
            }
            if let Some(new) = id {
                let _ = sim.hover(new, true);
            }
        }
        self.hovered = id;
        true
    }

    /// Selects `id`: alone, or with `add` added to the selection as part of a group.
    pub fn select(&mut self, id: EntityId, add: bool) {
        if !add {
            self.clear_selection();
        }
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.select(id, true);
            if add {
                let _ = sim.group(id, true);
            }
        }
    }

    /// Deselects and ungroups every agent.
    pub fn clear_selection(&mut self) {
        let Some(sim) = self.sim.get_mut() else {
            return;
        };
        for id in Self::marked(sim) {
            let _ = sim.select(id, false);
            let _ = sim.group(id, false);
        }
    }

    /// Removes every selected or grouped agent.
    pub fn remove_selected(&mut self) {
        let Some(sim) = self.sim.get_mut() else {
            return;
        };
        for id in Self::marked(sim) {
            let _ = sim.remove_agent(id);
        }
    }

    /// The agents selected or grouped.
    fn marked(sim: &Simulation) -> Vec<EntityId> {
        sim.agents()
            .filter(|a| a.selection().selected || a.selection().grouped)
            .map(|a| a.id())
            .collect()
    }

    /// Marks `id` held by the pointer (its own movement pauses) or let go.
    pub fn hold(&mut self, id: EntityId, on: bool) {
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.set_captive(id, on);
        }
    }

    /// Moves `id` to the renderer's world point `(x, y)` (y up; the simulation's y is down).
    pub fn drag_to(&mut self, id: EntityId, x: f64, y: f64) {
        if let Some(sim) = self.sim.get_mut() {
            let _ = sim.move_agent(id, x, -y);
        }
    }

    /// Applies a prop edit from the inspector; the error says why it was refused.
    pub fn edit(&mut self, edit: &Edit) -> Result<(), String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        let value = parse_value(&edit.text, &edit.was)?;
        let result = match &edit.group {
            PropGroup::Feature(feature) => {
                sim.set_feat_prop(edit.agent, feature, &edit.name, value)
            }
            _ => sim.set_prop(edit.agent, &edit.name, value),
        };
        result.map_err(|e| format!("{}: {e}", edit.name))
    }

    /// What each widget shows now: a slider's, switch's or chooser's prop value, a monitor's
    /// measure (see [`crate::widgets`]).
    pub fn widget_values(&self, widgets: &[WidgetDef]) -> Vec<Shown> {
        let Some(sim) = self.sim.get() else {
            return vec![Shown::Nothing; widgets.len()];
        };
        widgets
            .iter()
            .map(|w| crate::widgets::shown(sim, w))
            .collect()
    }

    /// Sets the prop a slider, switch or chooser is bound to (see [`Simulation::set_value`]).
    pub fn set_value(&mut self, target: &StartTarget, value: Value) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.set_value(target, value).map_err(|e| e.to_string())
    }

    /// Runs a widget button's line (see [`Simulation::run_command`]); how many agents will
    /// run it at the next tick, or why it was refused.
    pub fn run_command(&mut self, target: &CommandTarget, text: &str) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.run_command(target, text).map_err(|e| e.to_string())
    }

    /// Sends a line typed at the command line, refusing what would only be a warning in a
    /// script (see [`Simulation::type_command`]).
    pub fn type_command(&mut self, target: &CommandTarget, text: &str) -> Result<usize, String> {
        let sim = self.sim.get_mut().ok_or("the model is not running")?;
        sim.type_command(target, text).map_err(|e| e.to_string())
    }

    /// A snapshot of the log and profile for the panels.
    pub fn panels(&self) -> PanelsSnapshot {
        self.sim
            .get()
            .map_or_else(PanelsSnapshot::default, PanelsSnapshot::of)
    }

    /// Adds a sample of the counts and Globals to `series` when one is due; true when it did.
    /// The series is copied only when a sample is due and the panel still shares it.
    pub fn sample(&self, series: &mut Rc<Series>) -> bool {
        let Some(sim) = self.sim.get() else {
            return false;
        };
        let due = series.is_due(sim.time().to_f64());
        if due {
            Rc::make_mut(series).sample(sim);
        }
        due
    }

    /// A snapshot for the inspector, with `error` the last refused edit's message; a
    /// student's character goes by the student's name.
    pub fn inspection(&self, error: Option<String>) -> Inspection {
        let Some(sim) = self.sim.get() else {
            return Inspection::default();
        };
        let mut inspection = Inspection::of(sim, error);
        let rows = inspection.agents.iter_mut();
        for row in rows.chain(inspection.inspected.as_mut().map(|(row, _)| row)) {
            if let Some(name) = self.names.of(&row.name) {
                row.name = name;
            }
        }
        inspection
    }

    /// Whose characters are whose (a live session's roster); the stage draws them again
    /// when that changed.
    pub fn set_names(&mut self, names: &PuppetNames) {
        if self.names != *names {
            self.names = names.clone();
            self.drawn_at = None;
        }
    }

    /// Rings every agent in white (for a high-contrast stage), or not; drawn again at once.
    pub fn set_high_contrast(&mut self, on: bool) {
        if self.high_contrast != on {
            self.high_contrast = on;
            self.drawn_at = None;
        }
    }

    /// Whose characters are whose.
    pub fn names(&self) -> &PuppetNames {
        &self.names
    }
}

/// One simulation agent as the stage draws it; `id` is its position in the drawn list. Its
/// selection and hover show only on the page that runs the model (`own`).
fn render_agent(id: u32, agent: &AgentView<'_>, costumes: &mut Costumes, own: bool) -> RenderAgent {
    let (x, y) = agent.position();
    let look = agent.costume();
    let selection = agent.selection();
    let mut drawn = RenderAgent::new(id, x, -y, costumes.resolve(&look.name));
    drawn.frame = look.frame.max(0.0).min(f64::from(u16::MAX)) as u16;
    drawn.scale = look.scale;
    drawn.stretch = look.scale_y;
    drawn.rotation_deg = agent.orientation().to_degrees();
    drawn.flip_x = look.flip_x;
    drawn.flip_y = look.flip_y;
    drawn.color = look.color.map(Rgb::from_packed);
    drawn.alpha = agent.alpha();
    let glow = look.glow_color.map_or(Rgb::GLOW_YELLOW, Rgb::from_packed);
    drawn.glow = (look.glow > 0.0).then_some(glow);
    drawn.status = agent.status().map(|s| Status {
        value: s.value,
        color: Rgb::from_packed(s.color),
        large: s.large,
    });
    drawn.z_index = agent.z_index() as i32;
    drawn.visible = agent.visible();
    drawn.selected = own && selection.selected;
    drawn.hovered = own && selection.hovered;
    if let Some(graph) = agent.graph() {
        drawn.label = Some(graph.text.into_owned()).filter(|t| !t.is_empty());
        drawn.meter = graph.meter.map(|value| Meter {
            value,
            color: Rgb::from_packed(graph.meter_color),
        });
        drawn.graph = chart(graph.series, graph.histogram);
    }
    drawn
}

/// A line graph of `series`, else bars of `histogram`, else nothing.
fn chart(series: &[f64], histogram: &[(String, f64)]) -> Option<Graph> {
    let color = Rgb::from_packed(0xffffff);
    if !series.is_empty() {
        return Some(Graph {
            kind: GraphKind::Line,
            series: series.to_vec(),
            color,
        });
    }
    (!histogram.is_empty()).then(|| Graph {
        kind: GraphKind::Histogram,
        series: histogram.iter().map(|(_, v)| *v).collect(),
        color,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{Project, Value};

    #[test]
    fn a_project_past_the_cap_is_told_how_many_were_made() {
        assert_eq!(cap_note(MAX_AGENTS), None);
        let note = cap_note(MAX_AGENTS + 5).unwrap();
        assert!(note.contains("places 20005 agents"), "{note}");
        assert!(note.ends_with("only the first 20000 were made"), "{note}");
    }

    /// A stage model over the bundled wander model, with its agents drawn once.
    fn wander() -> StageModel {
        let text = include_str!("../../static/models/wander.gemprj");
        let project = Project::from_json(text).unwrap();
        let mut model = StageModel::default();
        model
            .sim
            .set(Some(Simulation::load(&project, SEED).unwrap()));
        model.refresh_drawn(&mut Costumes::new(), false);
        model
    }

    fn sim(model: &StageModel) -> &Simulation {
        model.sim.get().unwrap()
    }

    fn selection(model: &StageModel, id: EntityId) -> sim_core::Selection {
        sim(model).agent(id).unwrap().selection()
    }

    #[test]
    fn a_drawn_id_maps_back_to_the_entity_drawn() {
        let model = wander();
        let ids: Vec<EntityId> = sim(&model).agents().map(|a| a.id()).collect();
        assert_eq!(model.entity(3), ids.get(3).copied());
        assert_eq!(model.entity(ids.len() as u32), None);
    }

    #[test]
    fn the_drawn_agents_are_listed_again_only_when_the_model_may_have_changed() {
        let mut model = wander();
        let costumes = &mut Costumes::new();
        let drawn = model.drawn().to_vec();
        model.advance_to(SimTime::ZERO);
        assert!(!model.refresh_drawn(costumes, false), "nothing ran");
        assert_eq!(model.drawn(), drawn.as_slice());
        model.step();
        assert!(
            model.refresh_drawn(costumes, false),
            "a tick moved the agents"
        );
        assert!(!model.refresh_drawn(costumes, false), "and nothing since");
        assert!(
            !model.refresh_drawn(costumes, true),
            "listed again, the same"
        );
        let first = model.entity(0).unwrap();
        model.drag_to(first, 1234.0, 56.0);
        assert!(model.refresh_drawn(costumes, false), "a drag moved one");
        let moved = model.drawn().first().unwrap();
        assert_eq!((moved.x, moved.y), (1234.0, 56.0));
        let before = model.drawn().len();
        model.select(first, false);
        model.remove_selected();
        assert!(model.refresh_drawn(costumes, false), "one was removed");
        assert_eq!(model.drawn().len(), before - 1, "and is no longer drawn");
        assert_eq!(model.ids.len(), before - 1);
    }

    #[test]
    fn a_click_selects_alone_and_a_shift_click_groups() {
        let mut model = wander();
        let (a, b, c) = (
            model.entity(0).unwrap(),
            model.entity(1).unwrap(),
            model.entity(2).unwrap(),
        );
        model.select(a, false);
        model.select(b, false);
        model.select(c, true);
        assert!(!selection(&model, a).selected);
        assert!(selection(&model, b).selected && !selection(&model, b).grouped);
        assert!(selection(&model, c).selected && selection(&model, c).grouped);
        model.clear_selection();
        assert!(!selection(&model, b).selected && !selection(&model, c).grouped);
    }

    #[test]
    fn hovering_moves_the_mark_from_agent_to_agent() {
        let mut model = wander();
        let (a, b) = (model.entity(0).unwrap(), model.entity(1).unwrap());
        assert!(model.hover(Some(a)));
        assert!(!model.hover(Some(a)));
        assert!(model.hover(Some(b)));
        assert!(!selection(&model, a).hovered && selection(&model, b).hovered);
        assert!(model.hover(None));
        assert!(!selection(&model, b).hovered);
    }

    #[test]
    fn delete_removes_only_the_selected_and_grouped_agents() {
        let mut model = wander();
        let (a, b) = (model.entity(0).unwrap(), model.entity(1).unwrap());
        model.select(a, false);
        model.select(b, true);
        model.remove_selected();
        assert_eq!(sim(&model).agents().count(), 10);
        assert!(sim(&model).agent(a).is_none() && sim(&model).agent(b).is_none());
    }

    #[test]
    fn a_drag_in_the_y_up_world_lands_at_the_y_down_sim_position() {
        let mut model = wander();
        let a = model.entity(0).unwrap();
        model.drag_to(a, 30.0, 40.0);
        assert_eq!(sim(&model).agent(a).unwrap().position(), (30.0, -40.0));
    }

    #[test]
    fn edits_apply_or_say_why_not() {
        let mut model = wander();
        let a = model.entity(0).unwrap();
        let edit = |name: &str, text: &str, was: Value| Edit {
            agent: a,
            group: PropGroup::Builtin,
            name: name.to_string(),
            text: text.to_string(),
            was,
        };
        assert_eq!(model.edit(&edit("x", "12", Value::Number(0.0))), Ok(()));
        assert_eq!(sim(&model).agent(a).unwrap().position().0, 12.0);
        let refused = model.edit(&edit("id", "5", Value::Number(1.0)));
        assert_eq!(refused, Err("id: 'id' cannot be changed".to_string()));
        assert!(model.edit(&edit("x", "far", Value::Number(0.0))).is_err());
    }

    #[test]
    fn a_checkbox_edit_turns_a_boolean_prop_off_and_on() {
        let mut model = wander();
        let a = model.entity(0).unwrap();
        let toggle = |text: &str| Edit {
            agent: a,
            group: PropGroup::Builtin,
            name: "visible".to_string(),
            text: text.to_string(),
            was: Value::Boolean(true),
        };
        assert_eq!(model.edit(&toggle("false")), Ok(()));
        assert!(!sim(&model).agent(a).unwrap().visible());
        assert_eq!(model.edit(&toggle("true")), Ok(()));
        assert!(sim(&model).agent(a).unwrap().visible());
    }

    /// A handle holding the bundled wander model, and a stage model following it.
    fn following_wander() -> (ProjectHandle, StageModel) {
        use crate::projects::{CurrentProject, Origin};
        let text = include_str!("../../static/models/wander.gemprj");
        let handle = ProjectHandle::empty();
        handle.replace(CurrentProject::new(
            Project::from_json(text).unwrap(),
            Origin::Other,
        ));
        let mut model = StageModel::default();
        assert!(model.sync(&handle), "a new project is built");
        // The page's clock is not there natively.
        model.sim.get_mut().unwrap().set_timer(|| 0);
        (handle, model)
    }

    fn append_to_script(handle: &ProjectHandle, line: &str) {
        handle.edit("edit", |p| {
            let bp = p.blueprints.first_mut().unwrap();
            bp.script_text.push_str(line);
        });
    }

    #[test]
    fn a_script_edit_is_swapped_into_the_running_model() {
        let (handle, mut model) = following_wander();
        model.step();
        append_to_script(&handle, "\n# PROGRAM DEFINE\naddProp calm Number 1\n");
        assert!(!model.sync(&handle), "no restart");
        assert_eq!(model.tick(), 1, "the run goes on");
        assert!(!model.sync(&handle), "nothing new");
        assert_eq!(handle.take_note(), None);
    }

    #[test]
    fn an_edit_that_does_not_compile_keeps_the_last_model_running_with_a_note() {
        let (handle, mut model) = following_wander();
        model.step();
        append_to_script(&handle, "\nprop enrgy add 3\n");
        assert!(!model.sync(&handle));
        assert_eq!(model.tick(), 1);
        let note = handle.take_note().unwrap();
        assert!(note.contains("last version that compiled"), "{note}");
    }

    #[test]
    fn a_structural_edit_resets_with_a_note_and_a_new_project_without() {
        use crate::projects::{CurrentProject, Origin};
        let (handle, mut model) = following_wander();
        model.step();
        handle.edit("stage", |p| p.metadata.right += 10.0);
        assert!(model.sync(&handle), "restarted");
        assert_eq!(model.tick(), 0);
        assert_eq!(
            handle.take_note().as_deref(),
            Some("model reset because the stage settings changed")
        );
        let other = handle.with(|c| c.unwrap().project.clone());
        handle.replace(CurrentProject::new(other, Origin::Other));
        assert!(model.sync(&handle));
        assert_eq!(handle.take_note(), None);
    }
}

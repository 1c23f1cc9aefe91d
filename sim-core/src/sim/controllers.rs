//! Controller inputs: GEMSTEP's CharControl in the engine. A student's device sends frames of
//! markers for a blueprint tagged `# TAG isCharControllable true`; the first frame of a marker
//! makes an agent of that blueprint (its define and init programs run), later ones move it as
//! a puppet (its Movement leaves it alone; a position is set as `queuePosition` sets it), and
//! it goes after [`PUPPET_TIMEOUT_TICKS`] ticks without a frame or when its device leaves.
//!
//! Frames wait until the INPUTS phases at the start of the next tick and are applied there in
//! one order whatever order they arrived in: by device, then (within a device) in the order
//! sent, each frame's markers by id. A frame that could harm the run is refused when sent,
//! with the reason, and counted; it changes nothing.

pub use crate::world::controls::{
    InputFrame, InputRefusal, Marker, CONTROLLABLE_TAG, MAX_INPUT_NAME_CHARS,
    MAX_MARKERS_PER_DEVICE, MAX_MARKERS_PER_TICK, PUPPET_TIMEOUT_TICKS,
};

use super::Simulation;
use crate::agent::InputMode;
use crate::event::EventLoop;
use crate::exec::loaded::LoadedProject;
use crate::script::program::Tag;
use crate::world::controls::Puppet;
use crate::world::World;
use serde::Deserialize;

fn name_ok(name: &str) -> bool {
    !name.is_empty() && name.chars().count() <= MAX_INPUT_NAME_CHARS
}

/// Whether a blueprint with these `# TAG` pragmas is one a student's device may drive (one of
/// them says `isCharControllable true`).
pub fn is_controllable(tags: &[Tag]) -> bool {
    tags.iter()
        .any(|t| t.name == CONTROLLABLE_TAG && t.value.as_bool() == Some(true))
}

impl Simulation {
    /// The blueprints a student's device may drive (tagged `isCharControllable true`), in
    /// project order.
    pub fn controllable_blueprints(&self) -> Vec<String> {
        self.program()
            .project
            .blueprints
            .iter()
            .filter(|b| is_controllable(&b.tags))
            .map(|b| b.name.clone())
            .collect()
    }

    /// Queues `frame` for the start of the next tick, or refuses it (counted, nothing
    /// changed) with the reason.
    pub fn send_input(&mut self, frame: InputFrame) -> Result<(), InputRefusal> {
        let checked = self.check_input(&frame);
        match checked {
            Ok(()) => {
                self.record(super::record::Input::Frame(frame.clone()));
                self.world.controls_mut().pending.push(frame);
            }
            Err(_) => self.world.controls_mut().refused += 1,
        }
        checked
    }

    /// Applies the frames waiting for the next tick at once, as that tick's INPUTS and
    /// LIFECYCLE phases would (characters made, moved and let go), without running the tick:
    /// while the run is paused, students find and place their characters before Play, and
    /// nothing else runs (no update, no timers, no `when`). Recorded, so every follower and
    /// a replay apply them at the same moment and reach the same state.
    pub fn apply_inputs_now(&mut self) {
        if self.inputs_waiting() == 0 {
            return;
        }
        self.record(super::record::Input::InputsNow);
        let program = self.program();
        apply(&mut self.world, &program, &mut self.lp);
        super::lifecycle::flush(&mut self.world, &program, &mut self.lp);
    }

    /// How many controller frames wait for the next tick (or [`Simulation::apply_inputs_now`]).
    pub fn inputs_waiting(&self) -> usize {
        self.world.controls().pending.len()
    }

    /// How many frames were refused since the model started.
    pub fn inputs_refused(&self) -> u64 {
        self.world.controls().refused
    }

    fn check_input(&self, frame: &InputFrame) -> Result<(), InputRefusal> {
        if !name_ok(frame.device()) {
            return Err(InputRefusal::DeviceName);
        }
        let InputFrame::Markers {
            blueprint, markers, ..
        } = frame
        else {
            return Ok(());
        };
        if self.world.blueprints.index(blueprint).is_none() {
            return Err(InputRefusal::NoSuchBlueprint(blueprint.clone()));
        }
        if !self.controllable_blueprints().contains(blueprint) {
            return Err(InputRefusal::NotControllable(blueprint.clone()));
        }
        if markers.len() > MAX_MARKERS_PER_DEVICE {
            return Err(InputRefusal::TooManyMarkers(markers.len()));
        }
        let mut ids: Vec<&str> = Vec::with_capacity(markers.len());
        for m in markers {
            if !name_ok(&m.id) || ids.contains(&m.id.as_str()) {
                return Err(InputRefusal::MarkerId(m.id.clone()));
            }
            ids.push(&m.id);
            if !(m.x.is_finite() && m.y.is_finite()) {
                return Err(InputRefusal::NotFinite(m.id.clone()));
            }
        }
        if self.world.controls().pending_markers() + markers.len() > MAX_MARKERS_PER_TICK {
            return Err(InputRefusal::TickFull);
        }
        Ok(())
    }
}

/// The INPUTS phase: applies the waiting frames in their fixed order, then lets go of the
/// puppets whose marker was not seen for [`PUPPET_TIMEOUT_TICKS`] ticks.
pub(crate) fn apply(world: &mut World, program: &LoadedProject, lp: &mut EventLoop<World>) {
    let mut frames = std::mem::take(&mut world.controls_mut().pending);
    if frames.is_empty() && world.controls().puppets.is_empty() {
        return;
    }
    // Stable: a device's frames stay in the order it sent them.
    frames.sort_by(|a, b| a.device().cmp(b.device()));
    for frame in frames {
        match frame {
            InputFrame::Leave { device } => {
                let gone: Vec<_> = world
                    .controls()
                    .puppets
                    .keys()
                    .filter(|(d, _)| *d == device)
                    .cloned()
                    .collect();
                for key in gone {
                    release(world, &key);
                }
            }
            InputFrame::Markers {
                device,
                blueprint,
                mut markers,
            } => {
                markers.sort_by(|a, b| a.id.cmp(&b.id));
                for marker in markers {
                    drive(world, program, lp, &device, &blueprint, &marker);
                }
            }
        }
    }
    let tick = world.tick;
    let stale: Vec<_> = world
        .controls()
        .puppets
        .iter()
        .filter(|(_, p)| {
            tick.saturating_sub(p.seen) >= PUPPET_TIMEOUT_TICKS
                || world.agents.get(p.agent).is_none()
        })
        .map(|(key, _)| key.clone())
        .collect();
    for key in stale {
        release(world, &key);
    }
}

/// Moves the puppet of `marker`, or makes it (a blueprint changed by an edit since the frame
/// was sent is skipped).
fn drive(
    world: &mut World,
    program: &LoadedProject,
    lp: &mut EventLoop<World>,
    device: &str,
    blueprint: &str,
    marker: &Marker,
) {
    let (x, y) = marker_place(world.stage(), marker);
    let key = (device.to_owned(), marker.id.clone());
    let tick = world.tick;
    let driven = world.controls().puppets.get(&key).map(|p| p.agent);
    if let Some(mut agent) = driven.and_then(|id| world.agents.get_mut(id)) {
        *agent.x_mut() = x;
        *agent.y_mut() = y;
        if let Some(puppet) = world.controls_mut().puppets.get_mut(&key) {
            puppet.seen = tick;
        }
        return;
    }
    let Some(bp) = world.blueprints.index(blueprint) else {
        return;
    };
    let name = format!("{device} {}", marker.id);
    let Some(id) = super::lifecycle::make_agent(world, program, lp, bp, &name, (x, y)) else {
        return;
    };
    if let Some(mut agent) = world.agents.get_mut(id) {
        agent.mode = InputMode::Puppet;
        // A define program that placed it does not move a puppet: the marker does.
        *agent.x_mut() = x;
        *agent.y_mut() = y;
        let _ = agent.set_builtin(
            "trackerId",
            &crate::vars::Value::String(format!("{device}:{}", marker.id)),
        );
    }
    world.controls_mut().puppets.insert(
        key,
        Puppet {
            agent: id,
            seen: tick,
        },
    );
}

/// Where `marker` (stage fractions, −0.5..0.5) puts its character on `stage`.
fn marker_place(stage: &crate::project::StageMetadata, marker: &Marker) -> (f64, f64) {
    let x = stage.left + (marker.x.clamp(-0.5, 0.5) + 0.5) * (stage.right - stage.left);
    let y = stage.top + (marker.y.clamp(-0.5, 0.5) + 0.5) * (stage.bottom - stage.top);
    (x, y)
}

/// Forgets the puppet of `key` and removes its agent at the end of the phase.
fn release(world: &mut World, key: &(String, String)) {
    if let Some(puppet) = world.controls_mut().puppets.remove(key) {
        if world.agents.get(puppet.agent).is_some() {
            world.remove_later(puppet.agent);
        }
    }
}

/// A log of frames as `stepwise run --inputs` reads it: one JSON object per line,
/// `{"tick": T, "device": D, "blueprint": B, "markers": [{"id", "x", "y"}]}` or
/// `{"tick": T, "device": D, "leave": true}`, blank lines skipped. The frames come back in
/// tick order (a tick's in the order written); a frame of tick 0 acts at the first tick.
/// A line that does not read is an error naming it (`line 3: ...`).
pub fn parse_frame_log(text: &str) -> Result<Vec<(u64, InputFrame)>, String> {
    let mut frames = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = |why: String| format!("line {}: {why}", i + 1);
        let line: LogLine = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
        let frame = match (line.leave, line.blueprint) {
            (true, _) => InputFrame::Leave {
                device: line.device,
            },
            (false, Some(blueprint)) => InputFrame::Markers {
                device: line.device,
                blueprint,
                markers: line.markers,
            },
            (false, None) => {
                return Err(at("a frame needs a blueprint (or \"leave\": true)".into()))
            }
        };
        frames.push((line.tick.max(1), frame));
    }
    frames.sort_by_key(|(t, _)| *t);
    Ok(frames)
}

/// One line of a frame log.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LogLine {
    tick: u64,
    device: String,
    #[serde(default)]
    blueprint: Option<String>,
    #[serde(default)]
    markers: Vec<Marker>,
    #[serde(default)]
    leave: bool,
}

impl Simulation {
    /// Runs to tick `until` as [`Simulation::play_rounds_to`] does, sending each frame of
    /// `frames` (in tick order) of a tick T after the present and at most `until` once T - 1
    /// ticks have run, so it acts at the start of tick T. Called for later and later `until`,
    /// every frame is sent once; a refused frame is refused alike in every run (and counted).
    pub fn play_frames_to(&mut self, frames: &[(u64, InputFrame)], until: u64) {
        let now = self.tick_count();
        let due = frames.iter().filter(|(t, _)| *t > now && *t <= until);
        for (tick, frame) in due {
            self.play_rounds_to(tick - 1);
            let _ = self.send_input(frame.clone());
        }
        self.play_rounds_to(until);
    }
}

//! The input log: every input that changes a run's future (controller frames, the UI's edits,
//! drags, agents added or removed, messages, the teacher's *Next round*) is recorded with the
//! tick count at which it came, so [`replay`] reproduces the run exactly from its project and
//! seed, and a snapshot plus the inputs after it reproduces any later moment.
//!
//! What only draws (selection, hover, groups) is not an input: it never changes the future.
//! A script edit swapped into a running model ([`Simulation::hot_swap`]) changes the project
//! itself; a log replays against one project, so an edit ends what a log can replay (the
//! app starts a new recording from it).

use super::controllers::InputFrame;
use super::input::AgentUpdate;
use super::{LoadErrors, Simulation};
use crate::agent::{InputMode, QueuePhase};
use crate::entity::EntityId;
use crate::project::Project;
use crate::time::SimTime;
use crate::vars::Value;
use serde::{Deserialize, Serialize};

/// The most inputs a simulation keeps in its log; past it the oldest go (said by
/// [`InputLog::dropped`]), so a long session's log stays within memory.
pub const MAX_LOGGED_INPUTS: usize = 200_000;

/// One input to a running model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Input {
    /// A controller frame (see [`Simulation::send_input`]).
    Frame(InputFrame),
    /// A prop set, a feature prop set or a move (the inspector, a drag).
    Update(EntityId, AgentUpdate),
    /// Who moves the agent.
    Mode(EntityId, InputMode),
    /// Being dragged (its movement paused) or not.
    Captive(EntityId, bool),
    /// A cursor picking up a character.
    PickUp(EntityId, EntityId),
    /// A cursor putting down what it carries.
    Drop(EntityId),
    /// An agent removed.
    Remove(EntityId),
    /// An agent of a blueprint made at a place.
    Create(String, f64, f64),
    /// Statements queued on an agent for a tick phase.
    Message(EntityId, QueuePhase, String),
    /// The teacher started the next round.
    NextRound,
    /// A command typed at the command line (see [`Simulation::run_command`]).
    Command(super::command::CommandTarget, String),
    /// A prop set from a widget (see [`Simulation::set_value`]).
    SetValue(crate::world::starting::StartTarget, Value),
    /// The run went on after a tick stopped at its work budget (see [`Simulation::go_on`]).
    GoOn,
    /// The waiting controller frames applied without a tick (see
    /// [`Simulation::apply_inputs_now`]).
    InputsNow,
}

/// An input and the tick count when it came (it acts before tick `tick + 1`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logged {
    /// How many ticks had run.
    pub tick: u64,
    /// The input.
    pub input: Input,
}

/// The inputs a simulation received, oldest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InputLog {
    entries: Vec<Logged>,
    dropped: u64,
}

impl InputLog {
    /// Every input kept, oldest first.
    pub fn entries(&self) -> &[Logged] {
        &self.entries
    }

    /// How many of the oldest inputs were let go to stay within [`MAX_LOGGED_INPUTS`].
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    fn push(&mut self, logged: Logged) {
        if self.entries.len() >= MAX_LOGGED_INPUTS {
            let cut = MAX_LOGGED_INPUTS / 10;
            self.entries.drain(..cut);
            self.dropped += cut as u64;
        }
        self.entries.push(logged);
    }
}

impl Simulation {
    /// The inputs this run received since it was loaded, reset or restored.
    pub fn input_log(&self) -> &InputLog {
        &self.inputs
    }

    /// Records an input that was accepted.
    pub(crate) fn record(&mut self, input: Input) {
        let tick = self.world.tick;
        self.inputs.push(Logged { tick, input });
    }

    /// Applies one logged input as the UI or a device would have (its outcome is as it was
    /// then, refusals included).
    pub fn apply_input(&mut self, input: &Input) {
        let _ = match input.clone() {
            Input::Frame(frame) => self.send_input(frame).map_err(drop),
            Input::Update(id, update) => self.update_agent(id, update).map_err(drop),
            Input::Mode(id, mode) => self.set_input_mode(id, mode).map_err(drop),
            Input::Captive(id, on) => self.set_captive(id, on).map_err(drop),
            Input::PickUp(cursor, target) => self.pick_up(cursor, target).map(drop).map_err(drop),
            Input::Drop(cursor) => self.drop_held(cursor).map(drop).map_err(drop),
            Input::Remove(id) => self.remove_agent(id).map_err(drop),
            Input::Create(blueprint, x, y) => {
                self.create_agent(&blueprint, x, y).map(drop).map_err(drop)
            }
            Input::Message(id, phase, text) => self.queue_message(id, phase, &text).map_err(drop),
            Input::NextRound => {
                self.next_round();
                Ok(())
            }
            Input::Command(target, text) => {
                self.run_command(&target, &text).map(drop).map_err(drop)
            }
            Input::SetValue(target, value) => {
                self.set_value(&target, value).map(drop).map_err(drop)
            }
            Input::GoOn => {
                self.go_on();
                Ok(())
            }
            Input::InputsNow => {
                self.apply_inputs_now();
                Ok(())
            }
        };
    }

    /// Runs on to tick `until`, applying each of `log`'s inputs (those after this run's
    /// current tick) when its tick is reached; ticks run as [`Simulation::advance_to`] runs
    /// them (rounds wait for a logged *Next round*).
    pub fn replay_to(&mut self, log: &[Logged], until: u64) {
        let from = self.tick_count();
        for logged in log.iter().filter(|l| l.tick >= from && l.tick <= until) {
            if logged.tick > self.tick_count() {
                self.advance_to(tick_time_of(logged.tick));
            }
            self.apply_input(&logged.input);
        }
        if until > self.tick_count() {
            self.advance_to(tick_time_of(until));
        }
    }
}

fn tick_time_of(tick: u64) -> SimTime {
    super::tick_time(tick)
}

/// The run `log` recorded, from `project` with `seed`, to the tick of its last input (or to
/// `until`, whichever is later): the same run, bit for bit.
pub fn replay(
    project: &Project,
    seed: u64,
    log: &[Logged],
    until: u64,
) -> Result<Simulation, LoadErrors> {
    let mut sim = Simulation::load(project, seed)?;
    sim.replay_to(log, until);
    Ok(sim)
}

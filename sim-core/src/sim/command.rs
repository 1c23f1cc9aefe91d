//! The command line on a running model (NetLogo's Command Center): a line of ScriptText the
//! teacher types, run once by the model as a whole, by every agent of a blueprint, or by one
//! agent, at the start of the next tick.
//!
//! A command is compiled when it is sent, so a mistake is reported at once with its line and
//! column, then queued as a message for the next tick's update phase on each agent it names
//! (see [`super::messages`]). It is recorded once in the input log, so a replay and a
//! session's other screens run it on the same agents at the same tick.

use super::messages::MessageError;
use super::Simulation;
use crate::agent::{Message, QueuePhase};
use crate::entity::EntityId;
use crate::script::compiler::{compile_command, Warnings};
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// The longest command, in characters.
pub const MAX_COMMAND_CHARS: usize = 2_000;

/// The most commands that may wait for the next tick on one agent.
pub const MAX_WAITING_COMMANDS: usize = 64;

/// Who runs a command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CommandTarget {
    /// The model as a whole, outside any character, as a round's scripts run: Global props,
    /// making agents, showing a message.
    Model,
    /// Every agent of a blueprint there is when the command is sent.
    Blueprint(String),
    /// One agent.
    Agent(EntityId),
}

/// Why a command was refused; nothing was queued.
#[derive(Debug, Clone, PartialEq)]
pub enum CommandError {
    /// Longer than [`MAX_COMMAND_CHARS`].
    TooLong,
    /// The agent already has [`MAX_WAITING_COMMANDS`] waiting for the next tick.
    TooMany,
    /// No such agent, or the text does not compile.
    Message(MessageError),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::TooLong => write!(
                f,
                "the command is longer than {MAX_COMMAND_CHARS} characters"
            ),
            CommandError::TooMany => write!(
                f,
                "{MAX_WAITING_COMMANDS} commands already wait for the next tick; step or play first"
            ),
            CommandError::Message(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CommandError {}

impl Simulation {
    /// Compiles `text` for `target` and queues it to run once at the start of the next tick
    /// (in its update phase) on each agent the target names; answers how many will run it.
    /// Refused, queueing nothing, when it is too long, does not compile, or names an agent
    /// that is gone. A widget's button and a replayed input run this way: the text compiles
    /// as a script's lines would, warnings allowed.
    pub fn run_command(
        &mut self,
        target: &CommandTarget,
        text: &str,
    ) -> Result<usize, CommandError> {
        self.queue_command(target, text, Warnings::Allowed)
    }

    /// [`Simulation::run_command`] for a line typed at the command line: what a script
    /// would hold with a warning (an unknown keyword, a missing argument) is refused too,
    /// with its column, since the line would do nothing or fail when it runs. What it
    /// accepts, `run_command` accepts and runs the same way, so a replay of the input log
    /// (which goes through `run_command`) agrees.
    pub fn type_command(
        &mut self,
        target: &CommandTarget,
        text: &str,
    ) -> Result<usize, CommandError> {
        self.queue_command(target, text, Warnings::Refused)
    }

    fn queue_command(
        &mut self,
        target: &CommandTarget,
        text: &str,
        warnings: Warnings,
    ) -> Result<usize, CommandError> {
        if text.chars().count() > MAX_COMMAND_CHARS {
            return Err(CommandError::TooLong);
        }
        // Statements for an agent of `blueprint` (none: the model as a whole), named in the
        // log and in errors as a command to `whom`.
        let compile = |blueprint: Option<&str>, whom: &str| {
            let script = format!("command to {whom}");
            compile_command(&self.project, blueprint, text, &script, warnings)
                .map(|body| Message {
                    script: Rc::from(script),
                    text: Rc::from(text),
                    body: Rc::from(body),
                })
                .map_err(|e| CommandError::Message(MessageError::Compile(e)))
        };
        let (message, ids) = match target {
            CommandTarget::Model => {
                let system = self.world.system();
                (compile(None, "the model")?, system.into_iter().collect())
            }
            CommandTarget::Blueprint(name) => {
                let message = compile(Some(name), name)?;
                let bp = self.world.blueprints.index(name);
                let ids: Vec<EntityId> = self
                    .world
                    .visible_agents()
                    .filter(|a| Some(a.blueprint) == bp)
                    .map(|a| a.id)
                    .collect();
                (message, ids)
            }
            CommandTarget::Agent(id) => {
                let agent = self
                    .world
                    .agents
                    .get(*id)
                    .filter(|a| !a.system)
                    .ok_or(CommandError::Message(MessageError::NoSuchAgent))?;
                let blueprint = self.world.blueprints.name(agent.blueprint);
                let whom = format!("{blueprint}/{}", agent.name);
                (compile(Some(&blueprint), &whom)?, vec![*id])
            }
        };
        let phase = QueuePhase::Update;
        let full = ids.iter().any(|id| {
            self.world
                .agents
                .queue_of(*id, phase)
                .is_some_and(|q| q.len() >= MAX_WAITING_COMMANDS)
        });
        if full {
            return Err(CommandError::TooMany);
        }
        for id in &ids {
            if let Some(queue) = self.world.agents.queue_of(*id, phase) {
                queue.push(message.clone());
            }
        }
        *self.world.messages_sent_mut(phase) = true;
        self.record(super::record::Input::Command(
            target.clone(),
            text.to_string(),
        ));
        Ok(ids.len())
    }
}

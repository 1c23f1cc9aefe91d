//! Messages to running agents: GEMSTEP's `queueUpdateMessage`, `queueThinkMessage` and
//! `queueExecMessage` as one call, [`Simulation::queue_message`].
//!
//! A message is ScriptText statements compiled for the agent's blueprint as its instance init
//! script would be, then queued on the agent for one tick phase; the tick runs each queue after
//! that phase's blueprint program, once, in the order the messages were queued (see
//! [`crate::agent::QueuePhase`]). Compiling when the message is sent, not when it runs, lets
//! the caller hear about a mistake at once, with its line and column.

use super::Simulation;
use crate::agent::{Message, QueuePhase};
use crate::entity::EntityId;
use crate::script::compiler::{compile_agent_script, CompileError};
use std::rc::Rc;

/// Why a message was refused; nothing was queued.
#[derive(Debug, Clone, PartialEq)]
pub enum MessageError {
    /// The agent does not exist (any more).
    NoSuchAgent,
    /// The statements do not compile for the agent's blueprint (every error, with the
    /// message's name, line and column).
    Compile(Vec<CompileError>),
}

impl std::fmt::Display for MessageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MessageError::NoSuchAgent => write!(f, "no such agent"),
            MessageError::Compile(errors) => {
                let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("\n"))
            }
        }
    }
}

impl std::error::Error for MessageError {}

impl Simulation {
    /// Compiles `text` (plain statements, as in an instance's init script) for agent `id`'s
    /// blueprint and queues it on that agent to run once in `phase` of the next tick that
    /// reaches it, after the messages queued before it. Refused, queueing nothing, when the
    /// agent was removed or the text does not compile.
    pub fn queue_message(
        &mut self,
        id: EntityId,
        phase: QueuePhase,
        text: &str,
    ) -> Result<(), MessageError> {
        let agent = self
            .world
            .agents
            .get(id)
            .filter(|a| !a.system)
            .ok_or(MessageError::NoSuchAgent)?;
        let blueprint = self.world.blueprints.name(agent.blueprint);
        let script = format!("{} message to {blueprint}/{}", phase.name(), agent.name);
        let body = compile_agent_script(&self.project, &blueprint, text, &script)
            .map_err(MessageError::Compile)?;
        let message = Message {
            script: Rc::from(script),
            text: Rc::from(text),
            body: Rc::from(body),
        };
        if let Some(queue) = self.world.agents.queue_of(id, phase) {
            queue.push(message);
        }
        *self.world.messages_sent_mut(phase) = true;
        self.record(super::record::Input::Message(id, phase, text.to_string()));
        Ok(())
    }
}

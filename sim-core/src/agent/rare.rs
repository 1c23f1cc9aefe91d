//! What few agents hold: a status line, GEMSTEP's rarer built-in props, shadows of built-in
//! props with limits, and messages waiting to run. Kept behind one pointer, so every agent
//! carries one word for them (with thousands of agents on a phone, what is held inline in
//! each adds up).

use super::{Extras, Message, QueuePhase};
use crate::vars::{GVar, PropName};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An agent's rarely held parts; none until one is set.
#[derive(Debug, Clone, Default)]
pub struct Rare(Option<Box<Parts>>);

/// The parts themselves.
#[derive(Debug, Clone, Default)]
struct Parts {
    /// A line of text shown under the agent.
    status_text: String,
    /// GVars shadowing built-in props that a script gave limits, wrap or options, so those
    /// last; their values are copied from and to the agent's fields.
    builtin_vars: Vec<(PropName, GVar)>,
    /// Messages waiting, by [`QueuePhase`] (update, think, exec), in the order queued.
    queues: [Vec<Message>; 3],
    /// GEMSTEP's rarer built-in props (`statusValue`, `trackerId`…), once a script sets one.
    extras: Option<Box<Extras>>,
}

impl Parts {
    fn is_empty(&self) -> bool {
        self.status_text.is_empty()
            && self.builtin_vars.is_empty()
            && self.queues.iter().all(Vec::is_empty)
            && self.extras.is_none()
    }
}

/// A phase's place in [`Parts::queues`].
fn slot(phase: QueuePhase) -> usize {
    match phase {
        QueuePhase::Update => 0,
        QueuePhase::Think => 1,
        QueuePhase::Exec => 2,
    }
}

impl Rare {
    fn parts_mut(&mut self) -> &mut Parts {
        self.0.get_or_insert_with(Box::default)
    }

    /// The status line (empty when none was set).
    pub fn status_text(&self) -> &str {
        self.0.as_deref().map_or("", |p| p.status_text.as_str())
    }

    /// Sets the status line.
    pub fn set_status_text(&mut self, text: String) {
        if text.is_empty() && self.0.is_none() {
            return;
        }
        self.parts_mut().status_text = text;
    }

    /// The rarer built-ins, if a script set one.
    pub fn extras(&self) -> Option<&Extras> {
        self.0.as_deref()?.extras.as_deref()
    }

    /// The rarer built-ins, to change (made with GEMSTEP's defaults when first needed).
    pub fn extras_mut(&mut self) -> &mut Extras {
        self.parts_mut().extras.get_or_insert_with(Box::default)
    }

    /// The built-in props' shadows.
    pub fn builtin_vars(&self) -> &[(PropName, GVar)] {
        self.0.as_deref().map_or(&[], |p| p.builtin_vars.as_slice())
    }

    /// The built-in props' shadows, to change (made when first needed).
    pub fn builtin_vars_mut(&mut self) -> &mut Vec<(PropName, GVar)> {
        &mut self.parts_mut().builtin_vars
    }

    /// The messages waiting in `phase`.
    pub fn queued(&self, phase: QueuePhase) -> &[Message] {
        self.0
            .as_deref()
            .and_then(|p| p.queues.get(slot(phase)))
            .map_or(&[], Vec::as_slice)
    }

    /// The queue of `phase`, to add to (made when first needed).
    pub fn queue_mut(&mut self, phase: QueuePhase) -> &mut Vec<Message> {
        &mut self.parts_mut().queues[slot(phase)]
    }

    /// Takes the messages waiting in `phase`, leaving the queue empty; makes nothing.
    pub fn take_queue(&mut self, phase: QueuePhase) -> Vec<Message> {
        match self.0.as_deref_mut() {
            Some(parts) => std::mem::take(&mut parts.queues[slot(phase)]),
            None => Vec::new(),
        }
    }
}

// A snapshot stores the parts as the six fields the agent had before they moved here (status
// text, shadows, the three queues, then the rarer built-ins), so its format is unchanged.
impl Serialize for Rare {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let q = |phase| self.queued(phase);
        (
            self.status_text(),
            self.builtin_vars(),
            q(QueuePhase::Update),
            q(QueuePhase::Think),
            q(QueuePhase::Exec),
            self.extras(),
        )
            .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Rare {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        type Fields = (
            String,
            Vec<(PropName, GVar)>,
            Vec<Message>,
            Vec<Message>,
            Vec<Message>,
            Option<Box<Extras>>,
        );
        let (status_text, builtin_vars, update, think, exec, extras) = Fields::deserialize(d)?;
        let parts = Parts {
            status_text,
            builtin_vars,
            queues: [update, think, exec],
            extras,
        };
        Ok(Rare((!parts.is_empty()).then(|| Box::new(parts))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn reading_makes_nothing_and_a_snapshot_keeps_the_old_six_fields() {
        let mut rare = Rare::default();
        assert_eq!(rare.status_text(), "");
        assert!(rare.take_queue(QueuePhase::Exec).is_empty());
        rare.set_status_text(String::new());
        assert!(rare.0.is_none(), "nothing read or emptied makes the parts");
        let empty = postcard::to_allocvec(&rare).unwrap();
        let none = Vec::<u8>::new();
        let old = (
            "",
            Vec::<(PropName, GVar)>::new(),
            &none,
            &none,
            &none,
            None::<Extras>,
        );
        assert_eq!(empty, postcard::to_allocvec(&old).unwrap());

        rare.set_status_text("hungry".into());
        rare.queue_mut(QueuePhase::Think).push(Message {
            script: Rc::from("message"),
            text: Rc::from("prop x add 1"),
            body: Rc::from([]),
        });
        let bytes = postcard::to_allocvec(&rare).unwrap();
        let back: Rare = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back.status_text(), "hungry");
        assert_eq!(back.queued(QueuePhase::Think).len(), 1);
        assert!(back.queued(QueuePhase::Update).is_empty());
        assert!(back.extras().is_none());
        rare.extras_mut().status_value = Some(0.5);
        let bytes = postcard::to_allocvec(&rare).unwrap();
        let back: Rare = postcard::from_bytes(&bytes).unwrap();
        assert_eq!(back.extras().and_then(|e| e.status_value), Some(0.5));
        let none: Rare = postcard::from_bytes(&empty).unwrap();
        assert!(none.0.is_none(), "an empty record reads back as nothing");
    }
}

//! [`EventQueue`]: the events, stored in a slab, ordered by `(time, seq)` in a binary heap,
//! and the changes waiting to be applied to them.
//!
//! Rescheduling or cancelling an event does not search the heap: it bumps the slot's
//! `version`, which makes the event's old heap entry stale, and stale entries are dropped
//! when they reach the top. Each slot's `generation` changes only when the slot is freed,
//! so an [`EventRef`] to a finished event finds nothing.

use super::{Event, EventError, EventRef};
use crate::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

/// A heap entry: an event's due time and creation number, and where to find it.
#[derive(Debug, Clone, Copy)]
struct Entry {
    time: SimTime,
    seq: u64,
    slot: u32,
    /// The slot's version when this entry was pushed; stale once they differ.
    version: u32,
}

impl Ord for Entry {
    /// Reversed, so that the max-heap yields the earliest `(time, seq)` first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.time, other.seq).cmp(&(self.time, self.seq))
    }
}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Entry {}

#[derive(Debug)]
struct Slot {
    /// Bumped when the slot is freed; part of every [`EventRef`].
    generation: u32,
    /// Bumped whenever the slot's heap entry stops being valid.
    version: u32,
    event: Option<Event>,
}

/// All events of a loop, the queue of those waiting for their time, and pending changes.
///
/// Read it through [`EventLoop::queue`](super::EventLoop::queue); the loop changes it.
#[derive(Debug, Default)]
pub struct EventQueue {
    slots: Vec<Slot>,
    free: Vec<u32>,
    heap: BinaryHeap<Entry>,
    /// Live events (queued or waiting for a change or trigger).
    live: usize,
    /// Queued events, which is the heap's length minus its stale entries.
    queued: usize,
    next_seq: u64,
    /// Events with a change to apply in the next settling round, in arrival order.
    changes: Vec<EventRef>,
    /// Changes that arrived at or before their event's last change in this frame; they
    /// wait for the next `reach_time` call, so a change cannot re-trigger itself forever.
    deferred: Vec<(EventRef, SimTime)>,
}

impl EventQueue {
    /// Stores a new, unqueued event and gives it the next creation number.
    pub(super) fn insert(&mut self, mut event: Event) -> Result<EventRef, EventError> {
        event.seq = self.next_seq;
        self.next_seq += 1;
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None => {
                let slot = u32::try_from(self.slots.len()).map_err(|_| EventError::Exhausted)?;
                self.slots.push(Slot {
                    generation: 0,
                    version: 0,
                    event: None,
                });
                slot
            }
        };
        let s = self.slot_mut(slot).ok_or(EventError::Exhausted)?;
        s.event = Some(event);
        let generation = s.generation;
        self.live += 1;
        Ok(EventRef { slot, generation })
    }

    fn slot_mut(&mut self, slot: u32) -> Option<&mut Slot> {
        self.slots.get_mut(slot as usize)
    }

    /// The event `ev` refers to, if it is still live.
    #[inline]
    pub fn get(&self, ev: EventRef) -> Option<&Event> {
        let s = self.slots.get(ev.slot as usize)?;
        if s.generation == ev.generation {
            s.event.as_ref()
        } else {
            None
        }
    }

    #[inline]
    pub(super) fn get_mut(&mut self, ev: EventRef) -> Option<&mut Event> {
        let s = self.slots.get_mut(ev.slot as usize)?;
        if s.generation == ev.generation {
            s.event.as_mut()
        } else {
            None
        }
    }

    /// Takes `ev` out for good: off the queue, its handle dead, its slot free.
    pub(super) fn remove(&mut self, ev: EventRef) -> Option<Event> {
        self.get(ev)?;
        self.unschedule(ev);
        let s = self.slot_mut(ev.slot)?;
        let event = s.event.take()?;
        // A spent generation retires the slot, so no old handle can ever match again.
        if let Some(next) = s.generation.checked_add(1) {
            s.generation = next;
            self.free.push(ev.slot);
        }
        self.live -= 1;
        Some(event)
    }

    /// Sets `ev`'s time without queueing it (events waiting for a change or trigger).
    pub(super) fn set_time(&mut self, ev: EventRef, time: SimTime) {
        if let Some(e) = self.get_mut(ev) {
            e.time = time;
        }
    }

    /// Queues `ev` at `time`, replacing any earlier place it had in the queue.
    pub(super) fn schedule(&mut self, ev: EventRef, time: SimTime) {
        self.unschedule(ev);
        let Some(s) = self.slots.get_mut(ev.slot as usize) else {
            return;
        };
        let Some(e) = s.event.as_mut().filter(|_| s.generation == ev.generation) else {
            return;
        };
        e.time = time;
        e.queued = true;
        let entry = Entry {
            time,
            seq: e.seq,
            slot: ev.slot,
            version: s.version,
        };
        self.heap.push(entry);
        self.queued += 1;
    }

    /// Takes `ev` off the queue (it stays live, waiting for a change or trigger).
    pub(super) fn unschedule(&mut self, ev: EventRef) {
        let Some(s) = self.slots.get_mut(ev.slot as usize) else {
            return;
        };
        if let Some(e) = s
            .event
            .as_mut()
            .filter(|e| e.queued && s.generation == ev.generation)
        {
            e.queued = false;
            s.version = s.version.wrapping_add(1);
            self.queued -= 1;
        }
    }

    /// The earliest queued event if it is due at or before `until`, taken off the queue.
    #[inline]
    pub(super) fn pop_due(&mut self, until: SimTime) -> Option<EventRef> {
        loop {
            if self.heap.peek()?.time > until {
                return None;
            }
            let entry = self.heap.pop()?;
            let Some(s) = self.slots.get_mut(entry.slot as usize) else {
                continue;
            };
            if s.version != entry.version {
                continue;
            }
            let Some(e) = s.event.as_mut() else {
                continue;
            };
            e.queued = false;
            // The entry is gone, so no other entry carries this version: no bump needed.
            self.queued -= 1;
            return Some(EventRef {
                slot: entry.slot,
                generation: s.generation,
            });
        }
    }

    /// Whether some queued event is due at or before `until`; drops stale entries on top.
    pub(super) fn has_due(&mut self, until: SimTime) -> bool {
        self.drop_stale_top();
        self.heap.peek().is_some_and(|e| e.time <= until)
    }

    fn drop_stale_top(&mut self) {
        while let Some(top) = self.heap.peek() {
            let valid = self
                .slots
                .get(top.slot as usize)
                .is_some_and(|s| s.version == top.version && s.event.is_some());
            if valid {
                return;
            }
            self.heap.pop();
        }
    }

    /// Records a change of `ev` at `at` for the next settling round. Several changes in
    /// one round merge into the earliest; a change no later than the event's last change
    /// in this frame waits for the next frame.
    pub(super) fn add_change(&mut self, ev: EventRef, at: SimTime, frame: u64) {
        let Some(e) = self.get_mut(ev) else {
            return;
        };
        match e.pending_change {
            Some(pending) if at < pending => {
                e.pending_change = Some(at);
                e.last_changed = at;
            }
            Some(_) => {}
            None if e.change_frame == frame && at <= e.last_changed => {
                self.deferred.push((ev, at));
            }
            None => {
                e.pending_change = Some(at);
                e.last_changed = at;
                e.change_frame = frame;
                self.changes.push(ev);
            }
        }
    }

    /// Moves the pending changes into `out` as `(event, change time)`, in arrival order.
    pub(super) fn take_changes(&mut self, out: &mut Vec<(EventRef, SimTime)>) {
        let mut changes = std::mem::take(&mut self.changes);
        for &ev in &changes {
            if let Some(at) = self.get_mut(ev).and_then(|e| e.pending_change.take()) {
                out.push((ev, at));
            }
        }
        changes.clear();
        // Keep the buffer: changes arrive every frame.
        self.changes = changes;
    }

    /// Starts frame `frame`: the deferred changes become pending changes of it.
    pub(super) fn start_frame(&mut self, frame: u64) {
        let deferred = std::mem::take(&mut self.deferred);
        for (ev, at) in deferred {
            self.add_change(ev, at, frame);
        }
    }

    /// How many events are queued, waiting for their time.
    pub fn len(&self) -> usize {
        self.queued
    }

    /// Whether no event is queued.
    pub fn is_empty(&self) -> bool {
        self.queued == 0
    }

    /// How many events are live: queued, or waiting for a change or trigger.
    pub fn live(&self) -> usize {
        self.live
    }

    /// How many changes wait to be applied (in the next round or the next frame).
    pub fn pending_changes(&self) -> usize {
        self.changes.len() + self.deferred.len()
    }

    /// The queued events in the order they will run: by time, then creation.
    pub fn sorted(&self) -> Vec<EventRef> {
        let mut queued: Vec<(SimTime, u64, EventRef)> = self
            .slots
            .iter()
            .zip(0_u32..)
            .filter_map(|(s, slot)| {
                let e = s.event.as_ref().filter(|e| e.queued)?;
                let ev = EventRef {
                    slot,
                    generation: s.generation,
                };
                Some((e.time, e.seq, ev))
            })
            .collect();
        queued.sort_unstable();
        queued.into_iter().map(|(_, _, ev)| ev).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::Entities;
    use crate::event::{HandlerId, Payload, TriggerType};

    fn event(q: &mut EventQueue) -> EventRef {
        let target = Entities::new().spawn().unwrap();
        let e = Event::new(target, HandlerId(0), TriggerType::Once, 0, Payload::new());
        q.insert(e).unwrap()
    }

    fn secs(s: i32) -> SimTime {
        SimTime::from_secs(s)
    }

    #[test]
    fn pops_by_time_then_creation_order() {
        let mut q = EventQueue::default();
        let a = event(&mut q);
        let b = event(&mut q);
        let c = event(&mut q);
        q.schedule(c, secs(1));
        q.schedule(b, secs(2));
        q.schedule(a, secs(2));
        assert_eq!(q.sorted(), vec![c, a, b]);
        let popped: Vec<_> = std::iter::from_fn(|| q.pop_due(secs(2))).collect();
        assert_eq!(popped, vec![c, a, b]);
        assert!(q.is_empty());
    }

    #[test]
    fn rescheduling_leaves_one_entry_that_counts() {
        let mut q = EventQueue::default();
        let a = event(&mut q);
        q.schedule(a, secs(1));
        q.schedule(a, secs(3));
        assert_eq!(q.len(), 1);
        assert_eq!(q.pop_due(secs(2)), None);
        assert_eq!(q.pop_due(secs(3)), Some(a));
        assert_eq!(q.pop_due(secs(3)), None);
    }

    #[test]
    fn a_removed_event_is_not_found_through_a_reused_slot() {
        let mut q = EventQueue::default();
        let a = event(&mut q);
        q.schedule(a, secs(1));
        assert!(q.remove(a).is_some());
        let b = event(&mut q);
        assert_eq!(a.slot, b.slot);
        assert!(q.get(a).is_none());
        assert!(q.get(b).is_some());
        assert!(!q.has_due(secs(5)));
        assert_eq!(q.live(), 1);
    }

    #[test]
    fn changes_merge_to_the_earliest_and_repeat_ones_wait_a_frame() {
        let mut q = EventQueue::default();
        let a = event(&mut q);
        q.add_change(a, secs(5), 0);
        q.add_change(a, secs(3), 0);
        let mut out = Vec::new();
        q.take_changes(&mut out);
        assert_eq!(out, vec![(a, secs(3))]);
        q.add_change(a, secs(3), 0);
        assert_eq!(q.pending_changes(), 1);
        out.clear();
        q.take_changes(&mut out);
        assert!(out.is_empty());
        q.start_frame(1);
        q.take_changes(&mut out);
        assert_eq!(out, vec![(a, secs(3))]);
    }
}

//! [`EventQueue`]: the events, stored in a slab, ordered by `(time, seq)` in a heap, and
//! the changes waiting to be applied to them.
//!
//! The heap is 4-ary: the four children of a node are 64 bytes, one cache line, so a pop
//! from a large queue misses the cache less often than with a binary heap, and popping is
//! most of what running an event costs.
//!
//! A heap entry is 16 bytes: a time, and a key packing the event's creation number (high
//! 40 bits) with its slot (low 24 bits). Ordering by key is ordering by creation, and the
//! slot finds the event without a lookup. Rescheduling or cancelling an event does not
//! search the heap; the old entry just stops matching the event (its time differs, or the
//! event is no longer queued, or the slot holds another event) and is skipped when it
//! reaches the top. Two entries can match at once only when an event moved away and back
//! to the same time; they are then adjacent, and the first pop un-queues the event, so the
//! second is skipped. Each slot's `generation` changes when the slot is freed, so an
//! [`EventRef`] to a finished event finds nothing.

use super::{Event, EventError, EventRef};
use crate::time::SimTime;
use dary_heap::QuaternaryHeap;
use std::cmp::Reverse;

/// Bits of a heap key that hold the slot.
const SLOT_BITS: u32 = 24;
/// Live events at most (slots).
const MAX_SLOTS: usize = 1 << SLOT_BITS;
/// Events created at most over a loop's life.
const MAX_SEQ: u64 = 1 << (64 - SLOT_BITS);

/// A heap entry: an event's due time and `seq << SLOT_BITS | slot`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry(Reverse<(SimTime, u64)>);

impl Entry {
    fn new(time: SimTime, seq: u64, slot: u32) -> Self {
        Entry(Reverse((time, seq << SLOT_BITS | u64::from(slot))))
    }

    fn time(&self) -> SimTime {
        self.0 .0 .0
    }

    fn seq(&self) -> u64 {
        self.0 .0 .1 >> SLOT_BITS
    }

    fn slot(&self) -> usize {
        (self.0 .0 .1 & (MAX_SLOTS as u64 - 1)) as usize
    }
}

/// One cache line per slot, so running an event touches a single line of the slab.
#[derive(Debug)]
#[repr(align(64))]
struct Slot {
    /// Bumped when the slot is freed; part of every [`EventRef`].
    generation: u32,
    event: Option<Event>,
}

impl Slot {
    /// Whether `entry` is the current place of this slot's event in the queue.
    #[inline]
    fn matches(&self, entry: &Entry) -> bool {
        self.event
            .as_ref()
            .is_some_and(|e| e.queued && e.seq == entry.seq() && e.time == entry.time())
    }
}

/// All events of a loop, the queue of those waiting for their time, and pending changes.
///
/// Read it through [`EventLoop::queue`](super::EventLoop::queue); the loop changes it.
#[derive(Debug, Default)]
pub struct EventQueue {
    slots: Vec<Slot>,
    free: Vec<u32>,
    heap: QuaternaryHeap<Entry>,
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
        if self.next_seq >= MAX_SEQ {
            return Err(EventError::Exhausted);
        }
        let slot = match self.free.pop() {
            Some(slot) => slot,
            None if self.slots.len() < MAX_SLOTS => {
                self.slots.push(Slot {
                    generation: 0,
                    event: None,
                });
                u32::try_from(self.slots.len() - 1).map_err(|_| EventError::Exhausted)?
            }
            None => return Err(EventError::Exhausted),
        };
        event.seq = self.next_seq;
        self.next_seq += 1;
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
        let Some(e) = self.get_mut(ev) else {
            return;
        };
        if e.queued && e.time == time {
            return;
        }
        let newly = !e.queued;
        e.time = time;
        e.queued = true;
        let entry = Entry::new(time, e.seq, ev.slot);
        self.heap.push(entry);
        if newly {
            self.queued += 1;
        }
    }

    /// Takes `ev` off the queue (it stays live, waiting for a change or trigger).
    pub(super) fn unschedule(&mut self, ev: EventRef) {
        if let Some(e) = self.get_mut(ev).filter(|e| e.queued) {
            e.queued = false;
            self.queued -= 1;
        }
    }

    /// The earliest queued event if it is due at or before `until`, taken off the queue.
    #[inline]
    pub(super) fn pop_due(&mut self, until: SimTime) -> Option<EventRef> {
        loop {
            if self.heap.peek()?.time() > until {
                return None;
            }
            let entry = self.heap.pop()?;
            let slot = entry.slot();
            let Some(s) = self.slots.get_mut(slot).filter(|s| s.matches(&entry)) else {
                continue;
            };
            if let Some(e) = s.event.as_mut() {
                e.queued = false;
            }
            self.queued -= 1;
            let generation = s.generation;
            return Some(EventRef {
                slot: slot as u32,
                generation,
            });
        }
    }

    /// Whether some queued event is due at or before `until`; drops stale entries on top.
    pub(super) fn has_due(&mut self, until: SimTime) -> bool {
        while let Some(top) = self.heap.peek() {
            let valid = self.slots.get(top.slot()).is_some_and(|s| s.matches(top));
            if valid {
                return top.time() <= until;
            }
            self.heap.pop();
        }
        false
    }

    /// Records a change of `ev` at `at` for the next settling round. Several changes in
    /// one round merge into the earliest; a change no later than the event's last change
    /// in this frame waits for the next frame.
    pub(super) fn add_change(&mut self, ev: EventRef, at: SimTime, frame: u32) {
        let Some(e) = self.get_mut(ev) else {
            return;
        };
        if e.change_pending {
            // A pending change is always at `last_changed`; keep the earliest.
            e.last_changed = e.last_changed.min(at);
        } else if e.change_frame == frame && at <= e.last_changed {
            self.deferred.push((ev, at));
        } else {
            e.change_pending = true;
            e.last_changed = at;
            e.change_frame = frame;
            self.changes.push(ev);
        }
    }

    /// Moves the pending changes into `out` as `(event, change time)`, in arrival order.
    pub(super) fn take_changes(&mut self, out: &mut Vec<(EventRef, SimTime)>) {
        let mut changes = std::mem::take(&mut self.changes);
        for &ev in &changes {
            if let Some(e) = self.get_mut(ev).filter(|e| e.change_pending) {
                e.change_pending = false;
                out.push((ev, e.last_changed));
            }
        }
        changes.clear();
        // Keep the buffer: changes arrive every frame.
        self.changes = changes;
    }

    /// Starts frame `frame`: the deferred changes become pending changes of it.
    pub(super) fn start_frame(&mut self, frame: u32) {
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
    use crate::event::Entities;
    use crate::event::{HandlerId, Payload, TriggerType};

    fn event(q: &mut EventQueue) -> EventRef {
        let target = Entities::new().spawn().unwrap();
        let e = Event::new(target, HandlerId(0), TriggerType::Once, Payload::new());
        q.insert(e).unwrap()
    }

    fn secs(s: i32) -> SimTime {
        SimTime::from_secs(s)
    }

    #[test]
    fn a_slot_fills_one_cache_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 64);
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

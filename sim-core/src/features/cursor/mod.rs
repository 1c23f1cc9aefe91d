//! The Cursor feature: a cursor agent (a student tracked in the room, or the mouse) picks a
//! character up, carries it and drops it.

mod runtime;

pub(crate) use runtime::{
    carried_by, carries_nothing, forget_removed, pick_up, put_down, release, RUNTIME,
};

//! The Timer feature's methods: the round's clock is the world's, so a Timer only asks the
//! round to stop.

use super::spec::TIMER;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::runtime::{methods, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::program::Arg;

/// The Timer feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks::NONE,
    setter: None,
};

methods!(TIMER, StopRound = "stopRound");

/// Runs a Timer method.
fn call(r: &mut Runner<'_>, _id: EntityId, method: MethodId, _args: &[Arg]) -> Result<(), Failure> {
    match Method::of(method)? {
        Method::StopRound => {
            r.world.round_mut().stop_requested = true;
            Ok(())
        }
    }
}

//! The Touches feature's methods. Touching itself is worked out where `when` rules test
//! their pairs ([`crate::sim`]'s conditions); what a Touches method does is forget.

use super::spec::TOUCHES;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::runtime::{methods, num_arg, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::program::Arg;

/// The Touches feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks::NONE,
    setter: None,
};

methods!(TOUCHES, Monitor = "monitor", ClearTouches = "clearTouches");

/// Runs a Touches method on agent `_id`.
fn call(r: &mut Runner<'_>, _id: EntityId, method: MethodId, args: &[Arg]) -> Result<(), Failure> {
    match Method::of(method)? {
        // Every pair a `when` rule names is tested, so monitoring needs no bookkeeping.
        Method::Monitor => Ok(()),
        Method::ClearTouches => {
            if args.is_empty() {
                return Ok(());
            }
            let wanted = num_arg(r, args, 0, -1.0)?;
            r.world.forget_touches_of(wanted);
            Ok(())
        }
    }
}

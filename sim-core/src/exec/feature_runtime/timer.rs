//! The Timer feature's methods: the round's clock is the world's, so a Timer only asks the
//! round to stop.

use super::common::{no_method, Runtime};
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::FeatureKind;
use crate::script::program::Arg;

/// The Timer feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    kind: FeatureKind::named("Timer"),
    act: call,
    answer: None,
};

/// Runs a Timer method.
fn call(r: &mut Runner<'_>, _id: EntityId, method: &str, _args: &[Arg]) -> Result<(), Failure> {
    match method {
        "stopRound" => {
            r.world.round_mut().stop_requested = true;
            Ok(())
        }
        _ => Err(no_method("Timer", method)),
    }
}

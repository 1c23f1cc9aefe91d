//! The Touches feature's methods. Touching itself is worked out where `when` rules test
//! their pairs ([`crate::sim`]'s conditions); what a Touches method does is forget.

use super::common::{no_method, num_arg, Runtime};
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::FeatureKind;
use crate::script::program::Arg;

/// The Touches feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    kind: FeatureKind::named("Touches"),
    act: call,
    answer: None,
};

/// Runs a Touches method on agent `_id`.
fn call(r: &mut Runner<'_>, _id: EntityId, method: &str, args: &[Arg]) -> Result<(), Failure> {
    match method {
        // Every pair a `when` rule names is tested, so monitoring needs no bookkeeping.
        "monitor" => Ok(()),
        "clearTouches" => {
            if args.is_empty() {
                return Ok(());
            }
            let wanted = num_arg(r, args, 0, -1.0)?;
            r.world.forget_touches_of(wanted);
            Ok(())
        }
        _ => Err(no_method("Touches", method)),
    }
}

//! What every feature's runtime shares: the entry by which the dispatch finds a feature's
//! methods ([`Runtime`]), reading a method's arguments, and attaching a feature a method
//! needs. Features import it and the dispatch imports the features, so no file imports one
//! that imports it back.

use crate::agent::FeatureState;
use crate::entity::EntityId;
use crate::exec::{Failure, Obj, Runner};
use crate::features::catalog::FeatureKind;
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;
use std::borrow::Cow;

/// One feature's methods, as its module gives them to the dispatch: what runs a method that
/// changes something, and what answers a method that answers a question.
pub(crate) struct Runtime {
    /// The feature whose methods these are.
    pub(crate) kind: FeatureKind,
    /// Runs a method that changes something, by its canonical name.
    pub(crate) act: Act,
    /// Answers a method that answers a question; none for a feature without one.
    pub(crate) answer: Option<Answer>,
}

/// Runs method `method` of a feature on agent `id` with `args`.
pub(crate) type Act = fn(&mut Runner<'_>, EntityId, &str, &[Arg]) -> Result<(), Failure>;

/// Answers method `method` of a feature for agent `id` given `args`.
pub(crate) type Answer =
    fn(&mut Runner<'_>, EntityId, &str, &[ExprValue<Obj>]) -> Result<ExprValue<Obj>, Failure>;

/// The error for a method `feature` does not have.
pub(crate) fn no_method(feature: &str, method: &str) -> Failure {
    format!("{feature} has no method '{method}'")
}

/// Agent `id`'s feature of `kind`, attached with its defaults first if the blueprint did not
/// add it (GEMSTEP needs `addFeature`; the compiler already warns about that). Found by kind,
/// so a method that runs every tick compares no names.
pub(crate) fn feat<'a>(
    r: &'a mut Runner<'_>,
    id: EntityId,
    kind: FeatureKind,
) -> Result<&'a mut FeatureState, Failure> {
    // Only the features are needed, which leaves Population's census answers current.
    let features = r
        .world
        .agents
        .features_of(id)
        .ok_or_else(|| "the agent was removed".to_string())?;
    if !features.has_kind(kind) {
        let spec = kind.spec().ok_or("a feature the catalog does not list")?;
        features.push(FeatureState::new(spec));
    }
    features
        .of_kind_mut(kind)
        .ok_or_else(|| "a feature could not be attached".to_string())
}

/// The number argument at `i`, or `default` when absent.
pub(crate) fn num_arg(
    r: &mut Runner<'_>,
    args: &[Arg],
    i: usize,
    default: f64,
) -> Result<f64, Failure> {
    match args.get(i) {
        None => Ok(default),
        Some(arg) => {
            let value = r.arg(arg)?;
            value.as_number().filter(|n| n.is_finite()).ok_or_else(|| {
                format!(
                    "argument {} must be a number, got {}",
                    i + 1,
                    value.describe()
                )
            })
        }
    }
}

/// The text argument at `i`.
pub(crate) fn text_arg(r: &mut Runner<'_>, args: &[Arg], i: usize) -> Result<String, Failure> {
    let arg = args
        .get(i)
        .ok_or_else(|| format!("argument {} is missing", i + 1))?;
    match r.arg(arg)? {
        Value::String(text) => Ok(text),
        value => value
            .as_text()
            .ok_or_else(|| format!("argument {} must be text, got {}", i + 1, value.describe())),
    }
}

/// The text argument at `i`, borrowed when it is written out in the script (no copy per
/// call, for statements that run every tick).
pub(crate) fn text_arg_ref<'a>(
    r: &mut Runner<'_>,
    args: &'a [Arg],
    i: usize,
) -> Result<Cow<'a, str>, Failure> {
    match args.get(i) {
        Some(Arg::Literal(Value::String(text))) => Ok(Cow::Borrowed(text)),
        _ => text_arg(r, args, i).map(Cow::Owned),
    }
}

/// The `[[ ]]` block argument, if any.
pub(crate) fn block_arg(args: &[Arg]) -> &[crate::script::program::Stmt] {
    args.iter()
        .find_map(|a| match a {
            Arg::Block(b) => Some(b.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

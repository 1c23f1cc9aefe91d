//! Routing `featCall` statements and `callFeatMethod(...)` expressions to the feature that
//! runs them: each feature's module gives its [`Runtime`], found here by the feature's kind
//! (a method by the catalog's canonical names, so old spellings work too).

use super::common::{no_method, Runtime};
use crate::entity::EntityId;
use crate::exec::{plain, to_expr, Failure, Obj, Runner};
use crate::features::catalog::FeatureKind;
use crate::features::{FeatMethodSpec, FeatureSpec};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;

/// Runs `featCall [target.]Feature method args` on agent `id`. A method that answers a
/// question ([`FeatMethodSpec::answer`]) pushes its answer on the value stack.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &'static FeatureSpec,
    method: &'static FeatMethodSpec,
    args: &[Arg],
) -> Result<(), Failure> {
    if method.answer.is_none() {
        return act(r, id, feature.name, method.name, args);
    }
    let values: Vec<ExprValue<Obj>> = r.args(args)?.into_iter().map(to_expr).collect();
    let answer = answer(r, id, feature.name, method.name, &values)?;
    push_answer(r, answer)
}

/// Answers `agent.callFeatMethod('Feature', 'method', args...)`. A method that changes
/// something rather than answers runs as its `featCall` would and gives `null`.
pub(crate) fn query(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    let (feature, spec) = method_spec(feature, method)?;
    if spec.answer.is_some() {
        return answer(r, id, feature, spec.name, args);
    }
    let literals = args
        .iter()
        .map(|value| plain(value.clone()).map(Arg::Literal))
        .collect::<Result<Vec<Arg>, Failure>>()?;
    act(r, id, feature, spec.name, &literals)?;
    Ok(ExprValue::Null)
}

/// The canonical name of `feature` and its method `method` (found by name or older alias).
fn method_spec(
    feature: &str,
    method: &str,
) -> Result<(&'static str, &'static FeatMethodSpec), Failure> {
    let spec =
        crate::features::feature(feature).ok_or_else(|| format!("unknown feature '{feature}'"))?;
    let method = spec
        .method(method)
        .ok_or_else(|| no_method(spec.name, method))?;
    Ok((spec.name, method))
}

/// Every feature's methods, found by the feature's kind: the one list of the features'
/// runtimes (a new feature is its own file and its line here).
const RUNTIMES: [&Runtime; 10] = [
    &super::costume::RUNTIME,
    &super::movement::RUNTIME,
    &super::physics::RUNTIME,
    &super::touches::RUNTIME,
    &super::vision::RUNTIME,
    &super::population::RUNTIME,
    &super::graphing::RUNTIME,
    &super::global::RUNTIME,
    &super::timer::RUNTIME,
    &super::cursor::RUNTIME,
];

/// The runtime of the feature named `feature` (a canonical name).
fn runtime(feature: &str) -> Option<&'static Runtime> {
    let kind = FeatureKind::named(feature);
    RUNTIMES.into_iter().find(|r| r.kind == kind)
}

/// Runs a method that changes something.
fn act(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[Arg],
) -> Result<(), Failure> {
    match runtime(feature) {
        Some(runtime) => (runtime.act)(r, id, method, args),
        None => Err(no_method(feature, method)),
    }
}

/// Works out the answer of a method that answers a question.
fn answer(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    match runtime(feature).and_then(|runtime| runtime.answer) {
        Some(answer) => answer(r, id, method, args),
        None => Err(no_method(feature, method)),
    }
}

/// Puts a `featCall`'s answer on the value stack: a character as its `id` (what
/// `cursorTargetId` takes), a colour as its hue, saturation and value in that order.
fn push_answer(r: &mut Runner<'_>, answer: ExprValue<Obj>) -> Result<(), Failure> {
    match answer {
        ExprValue::Object(Obj::Agent(agent)) => r.push(Value::Number(f64::from(agent.index()))),
        ExprValue::Object(Obj::Hsv(hsv)) => hsv
            .into_iter()
            .try_for_each(|part| r.push(Value::Number(part))),
        other => r.push(plain(other)?),
    }
}

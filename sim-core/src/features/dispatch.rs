//! Routing `featCall` statements and `callFeatMethod(...)` expressions to the feature that
//! runs them: each feature's [`Runtime`] is found in [`super::FEATURES`] by the feature's
//! kind (a method by the place the compiler found it at in the catalog, [`MethodId`]).

use super::runtime::{no_method, no_method_id, Runtime, Setter};
use crate::entity::EntityId;
use crate::exec::{plain, to_expr, Failure, Obj, Runner};
use crate::features::catalog::FeatureKind;
use crate::features::{FeatureSpec, MethodId};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;

/// Runs `featCall [target.]Feature method args` on agent `id`. A method that answers a
/// question ([`crate::features::FeatMethodSpec::answer`]) pushes its answer on the value stack.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &'static FeatureSpec,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    let spec = feature
        .method_at(method)
        .ok_or_else(|| no_method_id(feature, method))?;
    if spec.answer.is_none() {
        return act(r, id, feature, method, args);
    }
    let values: Vec<ExprValue<Obj>> = r.args(args)?.into_iter().map(to_expr).collect();
    let answer = answer(r, id, feature, method, &values)?;
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
    let feature = crate::features::feature(feature)
        .ok_or_else(|| format!("there is no feature '{feature}'"))?;
    let (method_id, spec) = feature
        .method_with_id(method)
        .ok_or_else(|| no_method(feature, method))?;
    if spec.answer.is_some() {
        return answer(r, id, feature, method_id, args);
    }
    let literals = args
        .iter()
        .map(|value| plain(value.clone()).map(Arg::Literal))
        .collect::<Result<Vec<Arg>, Failure>>()?;
    act(r, id, feature, method_id, &literals)?;
    Ok(ExprValue::Null)
}

/// The lowered form of `feature`'s method `method`, when it is a [`Setter`].
pub(crate) fn setter(feature: &FeatureSpec, method: MethodId) -> Option<Setter> {
    runtime(feature)?.setter?(method)
}

/// The runtime of `feature`.
fn runtime(feature: &FeatureSpec) -> Option<&'static Runtime> {
    super::FEATURES
        .get(usize::from(FeatureKind::of(feature).number()))
        .map(|f| &f.runtime)
}

/// Runs a method that changes something.
fn act(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &FeatureSpec,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    match runtime(feature) {
        Some(runtime) => (runtime.act)(r, id, method, args),
        None => Err(no_method_id(feature, method)),
    }
}

/// Works out the answer of a method that answers a question.
fn answer(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &FeatureSpec,
    method: MethodId,
    args: &[ExprValue<Obj>],
) -> Result<ExprValue<Obj>, Failure> {
    match runtime(feature).and_then(|runtime| runtime.answer) {
        Some(answer) => answer(r, id, method, args),
        None => Err(no_method_id(feature, method)),
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

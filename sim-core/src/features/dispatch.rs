//! Routing `featCall` statements and `callFeatMethod(...)` expressions to the feature that
//! runs them: each feature's [`Runtime`] is found in [`super::FEATURES`] by the feature's
//! kind (a method by the place the compiler found it at in the catalog, [`MethodId`]).

use super::runtime::{no_method, no_method_id, Act, Answer, Runtime, Setter};
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
    match route(feature, method)? {
        Route::Act(act) => act(r, id, method, args),
        Route::Answer(answer) => {
            let values: Vec<ExprValue<Obj>> = r.args(args)?.into_iter().map(to_expr).collect();
            let answer = answer(r, id, method, &values)?;
            push_answer(r, answer)
        }
    }
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
    let (method_id, _) = feature
        .method_with_id(method)
        .ok_or_else(|| no_method(feature, method))?;
    match route(feature, method_id)? {
        Route::Answer(answer) => answer(r, id, method_id, args),
        Route::Act(act) => {
            let literals = args
                .iter()
                .map(|value| plain(value.clone()).map(Arg::Literal))
                .collect::<Result<Vec<Arg>, Failure>>()?;
            act(r, id, method_id, &literals)?;
            Ok(ExprValue::Null)
        }
    }
}

/// What runs a method: its feature's [`Runtime::act`] for a method that changes something,
/// its [`Runtime::answer`] for one that answers a question.
enum Route {
    Act(Act),
    Answer(Answer),
}

/// What runs `feature`'s method `method`: the one place a `featCall` statement ([`call`]) and
/// a `callFeatMethod(...)` expression ([`query`]) find it.
fn route(feature: &FeatureSpec, method: MethodId) -> Result<Route, Failure> {
    let answers = feature.method_at(method).map(|m| m.answer.is_some());
    match (answers, runtime(feature)) {
        (Some(false), Some(runtime)) => Ok(Route::Act(runtime.act)),
        (
            Some(true),
            Some(Runtime {
                answer: Some(answer),
                ..
            }),
        ) => Ok(Route::Answer(*answer)),
        _ => Err(no_method_id(feature, method)),
    }
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

//! Routing `featCall` statements and `callFeatMethod(...)` expressions to the feature that
//! runs them, by the catalog's canonical names (so old spellings work too).

use crate::agent::FeatureState;
use crate::entity::EntityId;
use crate::exec::{plain, to_expr, Failure, Obj, Runner};
use crate::features::catalog::FeatureKind;
use crate::features::{FeatMethodSpec, FeatureSpec};
use crate::script::expr::Value as ExprValue;
use crate::script::program::Arg;
use crate::vars::Value;
use std::borrow::Cow;

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

/// Runs a method that changes something.
fn act(
    r: &mut Runner<'_>,
    id: EntityId,
    feature: &str,
    method: &str,
    args: &[Arg],
) -> Result<(), Failure> {
    match feature {
        "Costume" => super::costume::call(r, id, method, args),
        "Movement" => super::movement::call(r, id, method, args),
        "Physics" => super::physics::call(r, id, method, args),
        // Every pair a `when` rule names is tested, so monitoring needs no bookkeeping.
        "Touches" | "Vision" if method == "monitor" => Ok(()),
        "Touches" if method == "clearTouches" => {
            if args.is_empty() {
                return Ok(());
            }
            let wanted = num_arg(r, args, 0, -1.0)?;
            r.world.forget_touches_of(wanted);
            Ok(())
        }
        "Population" => super::population::call(r, id, method, args),
        "Graphing" => super::graphing::call(r, id, method, args),
        "Global" => super::global::call(r, method, args),
        "Timer" if method == "stopRound" => {
            r.world.round_mut().stop_requested = true;
            Ok(())
        }
        "Cursor" => super::cursor::call(r, id, method, args),
        _ => Err(no_method(feature, method)),
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
    match feature {
        "Costume" => super::costume::query(r, id, method, args),
        "Population" => super::population::query(r, method, args),
        "Vision" => super::vision::query(r, id, method, args),
        "Global" => super::global::query(r, method, args),
        _ => Err(no_method(feature, method)),
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

//! [`NumberVar`]: a Number property with optional limits, wrap-around and named options.

mod arith;
mod table;

pub(crate) use table::TABLE;

use super::error::VarError;
use super::options::Options;
use super::random::RandomSource;
use super::spec::MethodSpec;
use super::value::Value;
use arith::{random_between, round_to_thousandths, wrap_between};

/// The changes to a Number that scripts make most (`setTo`, `add`, `sub`), which the lowered
/// form the tick runs makes straight (see [`NumberVar::step`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NumberStep {
    /// `setTo n`.
    SetTo,
    /// `add n`.
    Add,
    /// `sub n`.
    Sub,
}

impl NumberStep {
    /// The step method `method` makes, if it is one of them.
    pub(crate) fn named(method: &str) -> Option<NumberStep> {
        match method {
            "setTo" => Some(NumberStep::SetTo),
            "add" => Some(NumberStep::Add),
            "sub" => Some(NumberStep::Sub),
            _ => None,
        }
    }
}

/// A Number property.
///
/// Limits: a minimum or maximum set on its own stops the value at that limit. With
/// both set and [wrap](Self::wraps) on, the value goes around like a clock instead:
/// with min 0 and max 360, 370 becomes 10 and -10 becomes 350 (a value exactly at a
/// limit stays there). Every method leaves the value unchanged when it fails.
///
/// Kept small (agents and their features hold dozens, and the tick reads them for thousands
/// of agents): the value, and behind one pointer the limits, wrap and options that few
/// Numbers have, so a Number is 16 bytes.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "NumberParts", into = "NumberParts")]
pub struct NumberVar {
    value: f64,
    rest: Option<Box<Rest>>,
}

/// What few Numbers have: limits, wrap-around and named options.
#[derive(Debug, Clone, Default, PartialEq)]
struct Rest {
    min: Option<f64>,
    max: Option<f64>,
    wrap: bool,
    options: Options<f64>,
}

/// A Number as a snapshot stores it: unset limits as `None`. Read back only when it keeps
/// the invariants every method relies on (a value, never not-a-number; min not above max).
#[derive(serde::Serialize, serde::Deserialize)]
struct NumberParts {
    value: f64,
    min: Option<f64>,
    max: Option<f64>,
    wrap: bool,
    options: Options<f64>,
}

impl From<NumberVar> for NumberParts {
    fn from(n: NumberVar) -> NumberParts {
        NumberParts {
            value: n.value,
            min: n.min(),
            max: n.max(),
            wrap: n.wraps(),
            options: n.rest.map(|r| r.options).unwrap_or_default(),
        }
    }
}

impl TryFrom<NumberParts> for NumberVar {
    type Error = String;

    fn try_from(p: NumberParts) -> Result<NumberVar, String> {
        let limit_ok = |l: Option<f64>| l.is_none_or(|l| !l.is_nan());
        if p.value.is_nan() || !limit_ok(p.min) || !limit_ok(p.max) {
            return Err("a Number that is not a number".into());
        }
        if let (Some(min), Some(max)) = (p.min, p.max) {
            if min > max {
                return Err(format!("a Number whose min {min} is above its max {max}"));
            }
        }
        let rest = Rest {
            min: p.min,
            max: p.max,
            wrap: p.wrap,
            options: p.options,
        };
        Ok(NumberVar {
            value: p.value,
            rest: (rest != Rest::default()).then(|| Box::new(rest)),
        })
    }
}

impl PartialEq for NumberVar {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
            && self.min() == other.min()
            && self.max() == other.max()
            && self.wraps() == other.wraps()
            && self.options() == other.options()
    }
}

impl NumberVar {
    /// A Number with this value and no limits. Not-a-number becomes 0.
    pub fn new(value: f64) -> Self {
        Self {
            value: if value.is_nan() { 0.0 } else { value },
            rest: None,
        }
    }

    /// The current value (never not-a-number).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The minimum, if one is set.
    pub fn min(&self) -> Option<f64> {
        self.rest.as_ref()?.min
    }

    /// The maximum, if one is set.
    pub fn max(&self) -> Option<f64> {
        self.rest.as_ref()?.max
    }

    /// Whether the value wraps around between min and max instead of stopping.
    pub fn wraps(&self) -> bool {
        self.rest.as_ref().is_some_and(|r| r.wrap)
    }

    /// Whether it holds anything on the heap (limits, wrap-around or options), which
    /// [`GVar::owns_heap`] asks for the agents' repack.
    pub(crate) fn owns_heap(&self) -> bool {
        self.rest.is_some()
    }

    /// The named options (none for most Numbers).
    fn options(&self) -> Option<&Options<f64>> {
        self.rest
            .as_ref()
            .map(|r| &r.options)
            .filter(|o| !o.is_empty())
    }

    /// The value of option `name`; an unknown name is an error with a suggestion.
    fn option(&self, name: &str) -> Result<f64, VarError> {
        match &self.rest {
            Some(rest) => rest.options.get(name).copied(),
            None => Options::<f64>::default().get(name).copied(),
        }
    }

    /// The rarer parts, made when first set.
    fn rest_mut(&mut self) -> &mut Rest {
        self.rest.get_or_insert_with(Box::default)
    }

    /// Where the value sits between min and max, from 0 to 1 (meters show this);
    /// `None` without both limits or with infinite ones.
    pub fn fraction(&self) -> Option<f64> {
        let (lo, hi) = (self.min()?, self.max()?);
        let span = hi - lo;
        (span.is_finite() && span > 0.0).then(|| (self.value - lo) / span)
    }

    /// The option names, for the wizard.
    pub fn option_names(&self) -> impl Iterator<Item = &str> {
        self.options().into_iter().flat_map(|o| o.names())
    }

    /// Sets the value, keeping it within the limits; not-a-number is refused.
    pub fn set(&mut self, value: f64) -> Result<(), VarError> {
        self.set_by("setTo", value)
    }

    /// Runs the script method `method` with `args`; comparisons answer true/false.
    pub fn call(
        &mut self,
        method: &str,
        args: &[Value],
        rng: &mut (impl RandomSource + ?Sized),
    ) -> Result<Option<Value>, VarError> {
        let spec = TABLE.checked("Number", method, args)?;
        if spec.returns.is_some() {
            self.answer(spec, args).map(Some)
        } else {
            self.act(spec, args, rng).map(|()| None)
        }
    }

    /// Makes change `step` by `n`, as its method ([`NumberVar::call`]) does: true when the
    /// result is a number; otherwise nothing changes (the method words the error).
    #[inline(always)]
    pub(crate) fn step(&mut self, step: NumberStep, n: f64) -> bool {
        let target = match step {
            NumberStep::SetTo => n,
            NumberStep::Add => self.value + n,
            NumberStep::Sub => self.value - n,
        };
        if target.is_nan() {
            return false;
        }
        // Most Numbers have no limits: then there is nothing to settle, and no call to make.
        self.value = if self.rest.is_none() {
            target
        } else {
            self.settle(target)
        };
        true
    }

    /// The methods that change the value, its limits or its options.
    fn act(
        &mut self,
        spec: &MethodSpec,
        args: &[Value],
        rng: &mut (impl RandomSource + ?Sized),
    ) -> Result<(), VarError> {
        let name = spec.name;
        let number = |i| spec.number(args, i);
        match name {
            "setTo" | "setToColor" => self.set_by(name, number(0)?),
            "add" => self.set_by(name, self.value + number(0)?),
            "sub" => self.set_by(name, self.value - number(0)?),
            "mul" => self.set_by(name, self.value * number(0)?),
            "div" => self.divide(number(0)?),
            "subFloat2" => self.set_by(name, round_to_thousandths(self.value - number(0)?)),
            "clear" => self.set_by(name, 0.0),
            "setToRnd" | "addRnd" | "subRnd" | "addRndInt" | "subRndInt" => {
                let whole = name.ends_with("Int") || spec.boolean_or(args, 2, false)?;
                // One number alone (`subRnd 0.5`, as GEMSTEP allows) picks between 0 and it.
                let other = if args.len() > 1 { number(1)? } else { 0.0 };
                let pick = random_between(number(0)?, other, whole, rng)?;
                self.apply_random(name, pick)
            }
            "setMin" => self.set_limits(Some(number(0)?), self.max()),
            "setMax" => self.set_limits(self.min(), Some(number(0)?)),
            "setWrap" => {
                self.rest_mut().wrap = spec.boolean_or(args, 0, true)?;
                self.set_by(name, self.value)
            }
            "addOption" => {
                let (name, value) = (spec.text(args, 0)?, number(1)?);
                self.rest_mut().options.add(name, value);
                Ok(())
            }
            "setToOption" => self.set_by(name, self.option(&spec.text(args, 0)?)?),
            _ => Err(TABLE.unhandled("Number", name)),
        }
    }

    /// The comparisons. A name the table lists but no branch handles is reported as
    /// unknown (a unit test calls every listed method, so this never happens).
    fn answer(&self, spec: &MethodSpec, args: &[Value]) -> Result<Value, VarError> {
        // `greaterThanOption fast` compares with the number of option `fast`.
        let compare = spec
            .name
            .strip_suffix("ToOption")
            .or(spec.name.strip_suffix("Option"));
        let other = match compare {
            Some(_) => self.option(&spec.text(args, 0)?)?,
            None => spec.number(args, 0)?,
        };
        let v = self.value;
        let yes = match compare.unwrap_or(spec.name) {
            "equal" => v == other,
            "notEqual" => v != other,
            "greaterThan" => v > other,
            "lessThan" => v < other,
            "greaterThanOrEqual" => v >= other,
            "lessThanOrEqual" => v <= other,
            other => return Err(TABLE.unhandled("Number", other)),
        };
        Ok(Value::Boolean(yes))
    }

    fn apply_random(&mut self, name: &str, pick: f64) -> Result<(), VarError> {
        let value = match name {
            "setToRnd" => pick,
            "addRnd" | "addRndInt" => self.value + pick,
            _ => self.value - pick,
        };
        self.set_by(name, value)
    }

    fn divide(&mut self, divisor: f64) -> Result<(), VarError> {
        if divisor == 0.0 {
            return Err(VarError::DivisionByZero);
        }
        self.set_by("div", self.value / divisor)
    }

    fn set_by(&mut self, method: &str, value: f64) -> Result<(), VarError> {
        if value.is_nan() {
            return Err(VarError::NotANumber {
                method: method.to_string(),
            });
        }
        self.value = self.settle(value);
        Ok(())
    }

    fn set_limits(&mut self, min: Option<f64>, max: Option<f64>) -> Result<(), VarError> {
        if let (Some(min), Some(max)) = (min, max) {
            if min > max {
                return Err(VarError::MinAboveMax { min, max });
            }
        }
        let rest = self.rest_mut();
        rest.min = min.filter(|m| !m.is_nan());
        rest.max = max.filter(|m| !m.is_nan());
        self.value = self.settle(self.value);
        Ok(())
    }

    /// Brings `value` within the limits: wrapping when both limits are set, finite
    /// and wrap is on; otherwise stopping at each limit that is set.
    fn settle(&self, value: f64) -> f64 {
        match (self.min(), self.max()) {
            (Some(lo), Some(hi))
                if self.wraps() && lo.is_finite() && hi.is_finite() && value.is_finite() =>
            {
                wrap_between(value, lo, hi)
            }
            // Plain comparisons (neither the value nor a limit is ever not-a-number here):
            // `f64::max` may be computed before the limit is checked, and in a WASM build it
            // is a library call, made on every change of every Number.
            (min, max) => {
                let value = match min {
                    Some(lo) if value < lo => lo,
                    _ => value,
                };
                match max {
                    Some(hi) if value > hi => hi,
                    _ => value,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::ValueKind;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    fn n(x: f64) -> Value {
        Value::Number(x)
    }

    fn run(var: &mut NumberVar, method: &str, args: &[Value]) -> Result<Option<Value>, VarError> {
        var.call(method, args, &mut Pcg32::seed_from_u64(9))
    }

    fn limited(value: f64, min: f64, max: f64) -> NumberVar {
        let mut var = NumberVar::new(value);
        run(&mut var, "setMax", &[n(max)]).unwrap();
        run(&mut var, "setMin", &[n(min)]).unwrap();
        var
    }

    #[test]
    fn arithmetic_changes_the_value() {
        let mut var = NumberVar::new(10.0);
        for (method, amount, expected) in [
            ("add", 5.0, 15.0),
            ("sub", 3.0, 12.0),
            ("mul", 2.0, 24.0),
            ("div", 8.0, 3.0),
            ("setTo", -1.5, -1.5),
        ] {
            assert_eq!(run(&mut var, method, &[n(amount)]), Ok(None), "{method}");
            assert_eq!(var.value(), expected, "{method} {amount}");
        }
        run(&mut var, "clear", &[]).unwrap();
        assert_eq!(var.value(), 0.0);
    }

    #[test]
    fn set_from_rust_keeps_the_limits() {
        let mut var = limited(5.0, 0.0, 10.0);
        var.set(12.0).unwrap();
        assert_eq!(var.value(), 10.0);
        assert_eq!(
            var.set(f64::NAN),
            Err(VarError::NotANumber {
                method: "setTo".into()
            })
        );
        assert_eq!(var.value(), 10.0);
    }

    #[test]
    fn division_by_zero_is_an_error_and_keeps_the_value() {
        let mut var = NumberVar::new(7.0);
        assert_eq!(
            run(&mut var, "div", &[n(0.0)]),
            Err(VarError::DivisionByZero)
        );
        assert_eq!(var.value(), 7.0);
    }

    #[test]
    fn not_a_number_is_refused() {
        let mut var = NumberVar::new(0.0);
        run(&mut var, "setTo", &[Value::String("Infinity".into())]).unwrap();
        assert_eq!(var.value(), f64::INFINITY);
        let err = run(&mut var, "sub", &[n(f64::INFINITY)]).unwrap_err();
        assert_eq!(
            err,
            VarError::NotANumber {
                method: "sub".into()
            }
        );
        assert_eq!(var.value(), f64::INFINITY);
        assert_eq!(NumberVar::new(f64::NAN).value(), 0.0);
    }

    #[test]
    fn both_limits_clamp_at_each_edge() {
        let mut var = limited(50.0, 0.0, 100.0);
        run(&mut var, "add", &[n(80.0)]).unwrap();
        assert_eq!(var.value(), 100.0);
        run(&mut var, "sub", &[n(250.0)]).unwrap();
        assert_eq!(var.value(), 0.0);
        run(&mut var, "setTo", &[n(100.0)]).unwrap();
        assert_eq!(var.value(), 100.0, "the limit itself is allowed");
        assert_eq!(var.fraction(), Some(1.0));
    }

    #[test]
    fn one_limit_alone_still_stops_the_value() {
        let mut var = NumberVar::new(1.0);
        run(&mut var, "setMin", &[n(0.1)]).unwrap();
        run(&mut var, "sub", &[n(5.0)]).unwrap();
        assert_eq!(var.value(), 0.1);
        assert_eq!(var.fraction(), None);
        run(&mut var, "setMax", &[Value::String("Infinity".into())]).unwrap();
        run(&mut var, "add", &[n(1e300)]).unwrap();
        assert_eq!(var.value(), 1e300);
    }

    #[test]
    fn setting_limits_moves_the_value_inside() {
        let mut var = NumberVar::new(150.0);
        run(&mut var, "setMax", &[n(100.0)]).unwrap();
        assert_eq!(var.value(), 100.0);
        let err = run(&mut var, "setMin", &[n(200.0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the minimum (200) cannot be above the maximum (100) (the limits are unchanged)"
        );
        assert_eq!(
            (var.min(), var.max(), var.value()),
            (None, Some(100.0), 100.0)
        );
    }

    #[test]
    fn wrap_goes_around_like_a_clock() {
        let mut var = limited(350.0, 0.0, 360.0);
        run(&mut var, "setWrap", &[]).unwrap();
        assert!(var.wraps());
        run(&mut var, "add", &[n(20.0)]).unwrap();
        assert_eq!(var.value(), 10.0);
        run(&mut var, "sub", &[n(20.0)]).unwrap();
        assert_eq!(var.value(), 350.0);
        run(&mut var, "setTo", &[n(360.0)]).unwrap();
        assert_eq!(var.value(), 360.0, "a value exactly at the max stays");
        run(&mut var, "setTo", &[n(1090.0)]).unwrap();
        assert_eq!(var.value(), 10.0, "several turns");
        run(&mut var, "setTo", &[n(-720.0)]).unwrap();
        assert_eq!(var.value(), 360.0, "whole turns below land on the max");
        run(&mut var, "setWrap", &[Value::Boolean(false)]).unwrap();
        run(&mut var, "add", &[n(5.0)]).unwrap();
        assert_eq!(var.value(), 360.0, "wrap off clamps again");
    }

    #[test]
    fn wrap_with_an_empty_or_infinite_range_stays_in_range() {
        let mut var = limited(3.0, 5.0, 5.0);
        run(&mut var, "setWrap", &[Value::Boolean(true)]).unwrap();
        run(&mut var, "add", &[n(1.0)]).unwrap();
        assert_eq!(var.value(), 5.0);
        let mut var = limited(1.0, -f64::MAX, f64::MAX);
        run(&mut var, "setWrap", &[]).unwrap();
        run(&mut var, "add", &[n(1.0)]).unwrap();
        assert_eq!(
            var.value(),
            2.0,
            "a range too wide to measure keeps values inside it"
        );
        let mut var = limited(3.0, 0.0, f64::INFINITY);
        run(&mut var, "setWrap", &[]).unwrap();
        run(&mut var, "sub", &[n(10.0)]).unwrap();
        assert_eq!(var.value(), 0.0, "infinite range clamps");
    }

    #[test]
    fn comparisons_answer_and_do_not_change_the_value() {
        let mut var = NumberVar::new(5.0);
        let cases = [
            ("equal", 5.0, true),
            ("eq", 4.0, false),
            ("notEqual", 4.0, true),
            ("greaterThan", 4.0, true),
            ("gt", 5.0, false),
            ("lessThan", 6.0, true),
            ("lt", 5.0, false),
            ("greaterThanOrEqual", 5.0, true),
            ("lessThanOrEqual", 4.0, false),
            ("lte", 5.0, true),
        ];
        for (method, other, expected) in cases {
            assert_eq!(
                run(&mut var, method, &[n(other)]),
                Ok(Some(Value::Boolean(expected))),
                "5 {method} {other}"
            );
        }
        assert_eq!(var.value(), 5.0);
    }

    #[test]
    fn random_values_stay_in_range() {
        let mut rng = Pcg32::seed_from_u64(1);
        let mut var = NumberVar::new(0.0);
        for _ in 0..1000 {
            var.call("setToRnd", &[n(-20.0), n(20.0)], &mut rng)
                .unwrap();
            assert!((-20.0..20.0).contains(&var.value()), "{}", var.value());
            var.call(
                "setToRnd",
                &[n(3.0), n(1.0), Value::Boolean(true)],
                &mut rng,
            )
            .unwrap();
            assert!([1.0, 2.0, 3.0].contains(&var.value()), "{}", var.value());
        }
    }

    #[test]
    fn random_whole_numbers_reach_both_ends() {
        let mut rng = Pcg32::seed_from_u64(2);
        let mut seen = [false; 3];
        let mut var = NumberVar::new(0.0);
        for _ in 0..200 {
            var.call(
                "setToRnd",
                &[n(-1.0), n(1.0), Value::Boolean(true)],
                &mut rng,
            )
            .unwrap();
            seen[(var.value() + 1.0) as usize] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    #[test]
    fn add_and_sub_random_move_from_the_current_value() {
        let mut rng = Pcg32::seed_from_u64(3);
        let mut var = NumberVar::new(100.0);
        var.call("addRnd", &[n(1.0), n(2.0)], &mut rng).unwrap();
        assert!((101.0..102.0).contains(&var.value()));
        var.call("setTo", &[n(100.0)], &mut rng).unwrap();
        var.call("subRnd", &[n(1.0), n(2.0)], &mut rng).unwrap();
        assert!((98.0..99.0).contains(&var.value()) || var.value() == 99.0);
        var.call("setTo", &[n(0.0)], &mut rng).unwrap();
        var.call("addRndInt", &[n(4.0), n(4.0)], &mut rng).unwrap();
        var.call("subRndInt", &[n(1.0), n(1.0)], &mut rng).unwrap();
        assert_eq!(var.value(), 3.0);
    }

    #[test]
    fn no_whole_number_in_range_is_an_error() {
        let mut var = NumberVar::new(7.0);
        let err = run(
            &mut var,
            "setToRnd",
            &[n(0.2), n(0.8), Value::Boolean(true)],
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no whole number between 0.2 and 0.8"
        );
        assert_eq!(var.value(), 7.0);
    }

    #[test]
    fn same_seed_gives_same_random_values() {
        let draw = |seed| {
            let mut rng = Pcg32::seed_from_u64(seed);
            let mut var = NumberVar::new(0.0);
            (0..20)
                .map(|_| {
                    var.call("addRnd", &[n(-5.0), n(5.0)], &mut rng).unwrap();
                    var.value()
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(draw(11), draw(11));
        assert_ne!(draw(11), draw(12));
    }

    #[test]
    fn sub_float2_rounds_to_thousandths() {
        let mut var = NumberVar::new(0.6);
        run(&mut var, "subFloat2", &[n(0.05)]).unwrap();
        assert_eq!(var.value(), 0.55);
    }

    #[test]
    fn options_name_numbers() {
        let mut var = NumberVar::new(0.0);
        run(
            &mut var,
            "addOption",
            &[Value::String("fast".into()), n(10.0)],
        )
        .unwrap();
        run(&mut var, "setToOption", &[Value::String("fast".into())]).unwrap();
        assert_eq!(var.value(), 10.0);
        assert_eq!(
            run(&mut var, "equalToOption", &[Value::String("fast".into())]),
            Ok(Some(Value::Boolean(true)))
        );
        assert_eq!(var.option_names().collect::<Vec<_>>(), ["fast"]);
        let err = run(&mut var, "setToOption", &[Value::String("slow".into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "there is no option named 'slow' (add it first with addOption)"
        );
    }

    #[test]
    fn argument_mistakes_are_errors() {
        let mut var = NumberVar::new(1.0);
        let err = run(&mut var, "setTo", &[n(1.0), n(2.0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setTo takes 1 argument, but it was given 2"
        );
        let err = run(&mut var, "add", &[Value::String("ten".into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "add needs a number for 'amount', not the text 'ten'"
        );
        let err = run(&mut var, "setToRnd", &[]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setToRnd takes 1 to 3 arguments, but it was given none"
        );
        let err = run(&mut var, "ad", &[n(1.0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a Number property has no method 'ad' — did you mean 'add'?"
        );
        assert_eq!(var.value(), 1.0);
    }

    #[test]
    fn every_listed_method_is_handled() {
        for spec in TABLE.methods {
            let args: Vec<Value> = spec
                .args
                .iter()
                .map(|a| match a.kind {
                    ValueKind::Number => n(1.0),
                    ValueKind::Boolean => Value::Boolean(true),
                    _ => Value::String("a".into()),
                })
                .collect();
            let mut var = NumberVar::new(1.0);
            var.rest_mut().options.add("a".to_string(), 2.0);
            let result = run(&mut var, spec.name, &args);
            assert!(result.is_ok(), "{}: {result:?}", spec.name);
            assert_eq!(
                result.unwrap().is_some(),
                spec.returns.is_some(),
                "{}",
                spec.name
            );
        }
    }
}

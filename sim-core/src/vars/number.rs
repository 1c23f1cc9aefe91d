//! [`NumberVar`]: a Number property with optional limits, wrap-around and named options.

use super::error::VarError;
use super::options::Options;
use super::random::RandomSource;
use super::spec::{arg, optional, Alias, MethodSpec, MethodTable};
use super::value::{Value, ValueKind};

const NUM: ValueKind = ValueKind::Number;
const BOOL: ValueKind = ValueKind::Boolean;
const TEXT: ValueKind = ValueKind::String;

const AMOUNT: &[super::spec::ArgSpec] = &[arg("amount", NUM, "the number to use")];
const RANGE: &[super::spec::ArgSpec] = &[
    arg("min value", NUM, "the smallest number it may pick"),
    arg("max value", NUM, "the largest number it may pick"),
    optional("asInteger", BOOL, "true to pick whole numbers only"),
];
const WHOLE_RANGE: &[super::spec::ArgSpec] = &[
    arg("min value", NUM, "the smallest whole number it may pick"),
    arg("max value", NUM, "the largest whole number it may pick"),
];
const COMPARE: &[super::spec::ArgSpec] = &[arg("number", NUM, "the number to compare with")];
const OPTION: &[super::spec::ArgSpec] = &[arg(
    "option",
    TEXT,
    "the name of an option added with addOption",
)];

const fn action(
    name: &'static str,
    args: &'static [super::spec::ArgSpec],
    help: &'static str,
) -> MethodSpec {
    MethodSpec {
        name,
        args,
        returns: None,
        help,
    }
}

const fn test(
    name: &'static str,
    args: &'static [super::spec::ArgSpec],
    help: &'static str,
) -> MethodSpec {
    MethodSpec {
        name,
        args,
        returns: Some(BOOL),
        help,
    }
}

/// Every Number method, in the order the wizard lists them.
pub(crate) const TABLE: MethodTable = MethodTable {
    methods: &[
        action(
            "setTo",
            &[arg("value", NUM, "the new value")],
            "Make the value equal to this number.",
        ),
        action(
            "setToRnd",
            RANGE,
            "Pick a random number between min and max and use it as the value.",
        ),
        action("add", AMOUNT, "Add this number to the value."),
        action(
            "addRnd",
            RANGE,
            "Add a random number between min and max to the value.",
        ),
        action(
            "addRndInt",
            WHOLE_RANGE,
            "Add a random whole number between min and max to the value.",
        ),
        action("sub", AMOUNT, "Subtract this number from the value."),
        action(
            "subRnd",
            RANGE,
            "Subtract a random number between min and max from the value.",
        ),
        action(
            "subRndInt",
            WHOLE_RANGE,
            "Subtract a random whole number between min and max from the value.",
        ),
        action(
            "subFloat2",
            AMOUNT,
            "Subtract this number, then round the value to 3 decimal places.",
        ),
        action("mul", AMOUNT, "Multiply the value by this number."),
        action("div", AMOUNT, "Divide the value by this number (not zero)."),
        action("clear", &[], "Set the value back to 0."),
        action(
            "setMin",
            &[arg("min value", NUM, "the smallest value allowed")],
            "Never let the value go below this number.",
        ),
        action(
            "setMax",
            &[arg("max value", NUM, "the largest value allowed")],
            "Never let the value go above this number.",
        ),
        action(
            "setWrap",
            &[optional(
                "wrap",
                BOOL,
                "true to wrap around, false to stop at the limits",
            )],
            "With a min and a max, go around like a clock: past the max, continue from the min.",
        ),
        test("equal", COMPARE, "Is the value equal to this number?"),
        test(
            "notEqual",
            COMPARE,
            "Is the value different from this number?",
        ),
        test(
            "greaterThan",
            COMPARE,
            "Is the value bigger than this number?",
        ),
        test(
            "lessThan",
            COMPARE,
            "Is the value smaller than this number?",
        ),
        test(
            "greaterThanOrEqual",
            COMPARE,
            "Is the value bigger than or equal to this number?",
        ),
        test(
            "lessThanOrEqual",
            COMPARE,
            "Is the value smaller than or equal to this number?",
        ),
        action(
            "addOption",
            &[
                arg("option", TEXT, "a name for the number"),
                arg("value", NUM, "the number the name stands for"),
            ],
            "Give a number a name, so you can use setToOption and equalToOption with the name.",
        ),
        action(
            "setToOption",
            OPTION,
            "Set the value to the number of a named option.",
        ),
        test(
            "equalToOption",
            OPTION,
            "Is the value equal to the number of this named option?",
        ),
    ],
    aliases: &[
        Alias {
            spelling: "eq",
            method: "equal",
        },
        Alias {
            spelling: "gt",
            method: "greaterThan",
        },
        Alias {
            spelling: "lt",
            method: "lessThan",
        },
        Alias {
            spelling: "gte",
            method: "greaterThanOrEqual",
        },
        Alias {
            spelling: "lte",
            method: "lessThanOrEqual",
        },
    ],
};

/// A Number property.
///
/// Limits: a minimum or maximum set on its own stops the value at that limit. With
/// both set and [wrap](Self::wraps) on, the value goes around like a clock instead:
/// with min 0 and max 360, 370 becomes 10 and -10 becomes 350 (a value exactly at a
/// limit stays there). Every method leaves the value unchanged when it fails.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberVar {
    value: f64,
    min: Option<f64>,
    max: Option<f64>,
    wrap: bool,
    options: Options<f64>,
}

impl NumberVar {
    /// A Number with this value and no limits. Not-a-number becomes 0.
    pub fn new(value: f64) -> Self {
        Self {
            value: if value.is_nan() { 0.0 } else { value },
            min: None,
            max: None,
            wrap: false,
            options: Options::default(),
        }
    }

    /// The current value (never not-a-number).
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The minimum, if one is set.
    pub fn min(&self) -> Option<f64> {
        self.min
    }

    /// The maximum, if one is set.
    pub fn max(&self) -> Option<f64> {
        self.max
    }

    /// Whether the value wraps around between min and max instead of stopping.
    pub fn wraps(&self) -> bool {
        self.wrap
    }

    /// Where the value sits between min and max, from 0 to 1 (meters show this);
    /// `None` without both limits or with infinite ones.
    pub fn fraction(&self) -> Option<f64> {
        let (lo, hi) = (self.min?, self.max?);
        let span = hi - lo;
        (span.is_finite() && span > 0.0).then(|| (self.value - lo) / span)
    }

    /// The option names, for the wizard.
    pub fn option_names(&self) -> impl Iterator<Item = &str> {
        self.options.names()
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
        let name = spec.name;
        let number = |i| spec.number(args, i);
        match name {
            "setTo" => self.set_by(name, number(0)?),
            "add" => self.set_by(name, self.value + number(0)?),
            "sub" => self.set_by(name, self.value - number(0)?),
            "mul" => self.set_by(name, self.value * number(0)?),
            "div" => self.divide(number(0)?),
            "subFloat2" => self.set_by(name, round_to_thousandths(self.value - number(0)?)),
            "clear" => self.set_by(name, 0.0),
            "setToRnd" | "addRnd" | "subRnd" => {
                let pick = random_between(
                    number(0)?,
                    number(1)?,
                    spec.boolean_or(args, 2, false)?,
                    rng,
                )?;
                self.apply_random(name, pick)
            }
            "addRndInt" | "subRndInt" => {
                let pick = random_between(number(0)?, number(1)?, true, rng)?;
                self.apply_random(name, pick)
            }
            "setMin" => self.set_limits(Some(number(0)?), self.max),
            "setMax" => self.set_limits(self.min, Some(number(0)?)),
            "setWrap" => {
                self.wrap = spec.boolean_or(args, 0, true)?;
                self.set_by(name, self.value)
            }
            "addOption" => {
                self.options.add(spec.text(args, 0)?, number(1)?);
                Ok(())
            }
            "setToOption" => self.set_by(name, *self.options.get(&spec.text(args, 0)?)?),
            "equalToOption" => {
                return Ok(Some(Value::Boolean(
                    self.value == *self.options.get(&spec.text(args, 0)?)?,
                )))
            }
            _ => return self.compare(name, number(0)?),
        }
        .map(|()| None)
    }

    /// The comparisons; a name the table lists but no branch handles is reported as
    /// unknown (a unit test calls every listed method, so this never happens).
    fn compare(&self, name: &str, other: f64) -> Result<Option<Value>, VarError> {
        let v = self.value;
        let answer = match name {
            "equal" => v == other,
            "notEqual" => v != other,
            "greaterThan" => v > other,
            "lessThan" => v < other,
            "greaterThanOrEqual" => v >= other,
            "lessThanOrEqual" => v <= other,
            _ => return Err(TABLE.unhandled("Number", name)),
        };
        Ok(Some(Value::Boolean(answer)))
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
        self.min = min;
        self.max = max;
        self.value = self.settle(self.value);
        Ok(())
    }

    /// Brings `value` within the limits: wrapping when both limits are set, finite
    /// and wrap is on; otherwise stopping at each limit that is set.
    fn settle(&self, value: f64) -> f64 {
        match (self.min, self.max) {
            (Some(lo), Some(hi))
                if self.wrap && lo.is_finite() && hi.is_finite() && value.is_finite() =>
            {
                wrap_between(value, lo, hi)
            }
            (min, max) => {
                let value = min.map_or(value, |lo| value.max(lo));
                max.map_or(value, |hi| value.min(hi))
            }
        }
    }
}

/// Goes around like a clock between `lo` and `hi` (with `lo <= hi`, both finite).
fn wrap_between(value: f64, lo: f64, hi: f64) -> f64 {
    let span = hi - lo;
    if span <= 0.0 || !span.is_finite() {
        lo
    } else if value > hi {
        lo + (value - hi).rem_euclid(span)
    } else if value < lo {
        hi - (lo - value).rem_euclid(span)
    } else {
        value
    }
}

/// A random number between `a` and `b` (either order). Whole numbers are picked
/// evenly from every whole number in the range, both ends included.
fn random_between(
    a: f64,
    b: f64,
    whole: bool,
    rng: &mut (impl RandomSource + ?Sized),
) -> Result<f64, VarError> {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    if !whole {
        return Ok(lo + rng.next_f64() * (hi - lo));
    }
    let (lo, hi) = (lo.ceil(), hi.floor());
    if lo > hi {
        return Err(VarError::NoWholeNumberBetween { min: a, max: b });
    }
    let count = hi - lo + 1.0;
    Ok((lo + (rng.next_f64() * count).floor()).min(hi))
}

/// GEMSTEP's `subFloat2` keeps 3 decimal places so that 0.6 - 0.05 shows as 0.55.
fn round_to_thousandths(value: f64) -> f64 {
    let scaled = (value * 1000.0).round() / 1000.0;
    if scaled.is_finite() {
        scaled
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(err.to_string(), "there is no option named 'slow'");
    }

    #[test]
    fn argument_mistakes_are_errors() {
        let mut var = NumberVar::new(1.0);
        let err = run(&mut var, "setTo", &[n(1.0), n(2.0)]).unwrap_err();
        assert_eq!(err.to_string(), "setTo expects 1 argument, got 2");
        let err = run(&mut var, "add", &[Value::String("ten".into())]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "add expects a number for 'amount', got the text 'ten'"
        );
        let err = run(&mut var, "setToRnd", &[n(1.0)]).unwrap_err();
        assert_eq!(err.to_string(), "setToRnd expects 2 or 3 arguments, got 1");
        let err = run(&mut var, "ad", &[n(1.0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "a Number has no method 'ad' — did you mean 'add'?"
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
            var.options.add("a".to_string(), 2.0);
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

//! [`BooleanVar`]: a Boolean property that can also be *fuzzy* — partly true.
//!
//! A Boolean holds a degree of truth from -1 (certainly false) through 0 (undecided)
//! to 1 (certainly true); it counts as true when the degree is above 0. `setTo` gives
//! a certain value (±1); `setFuzzy` gives any degree, and the tests `slightlyTrue`,
//! `mostlyTrue`, `slightlyFalse` and `mostlyFalse` (GEMSTEP's fuzzy values) read it.
//! `and` keeps the smaller degree and `or` the larger, which for certain values is
//! ordinary logic.

use super::error::VarError;
use super::options::{Options, OPTION_ARG};
use super::spec::{action, arg, test, Alias, ArgSpec, MethodTable};
use super::value::{Value, ValueKind};
use serde::{Deserialize, Serialize};

const BOOL: ValueKind = ValueKind::Boolean;
const OTHER: &[ArgSpec] = &[arg("other", BOOL, "true or false")];

/// Every Boolean method, in the order the wizard lists them.
pub(crate) const TABLE: MethodTable = MethodTable {
    methods: &[
        action(
            "setTo",
            &[arg("value", BOOL, "true or false")],
            "Make it true or false.",
        )
        .eg("prop hungry setTo true"),
        action(
            "setFuzzy",
            &[arg(
                "amount",
                ValueKind::Number,
                "from -1 (certainly false) to 1 (certainly true)",
            )],
            "Make it partly true or partly false.",
        )
        .eg("prop hungry setFuzzy 0.5"),
        test("true", &[], "Is it true?")
            .eg("ifProp hungry true [[\n  featCall Costume setGlow 1\n]]"),
        test("false", &[], "Is it false?")
            .eg("ifProp hungry false [[\n  featCall Movement setMovementType wander\n]]"),
        action("invert", &[], "Turn true into false, or false into true.").eg("prop hungry invert"),
        action("and", OTHER, "Stay true only if this is true too.")
            .eg("prop hungry and {{ agent.energy < 30 }}"),
        action("or", OTHER, "Become true if this is true.")
            .eg("prop hungry or {{ agent.energy < 20 }}"),
        test("equal", OTHER, "Is it the same as this?")
            .eg("ifProp hungry equal true [[\n  featCall Costume setGlow 1\n]]"),
        test("notEqual", OTHER, "Is it different from this?").eg(concat!(
            "ifProp hungry notEqual true [[\n",
            "  featCall Movement setMovementType float\n",
            "]]"
        )),
        test("slightlyTrue", &[], "Is it only a little bit true?").eg(concat!(
            "prop hungry setFuzzy 0.1\n",
            "ifProp hungry slightlyTrue [[\n",
            "  featCall Costume setGlow 1\n",
            "]]"
        )),
        test("mostlyTrue", &[], "Is it almost certainly true?")
            .eg("ifProp hungry mostlyTrue [[\n  featCall Movement setMovementType wander\n]]"),
        test("slightlyFalse", &[], "Is it only a little bit false?")
            .eg("ifProp hungry slightlyFalse [[\n  prop energy sub 1\n]]"),
        test("mostlyFalse", &[], "Is it almost certainly false?")
            .eg("ifProp hungry mostlyFalse [[\n  featCall Movement setMovementType stop\n]]"),
        action(
            "addOption",
            &[
                arg("option", ValueKind::String, "a name for the value"),
                super::spec::optional(
                    "value",
                    ValueKind::Any,
                    "true or false (false when left out, as in GEMSTEP)",
                ),
            ],
            "Give true or false a name, so you can use setToOption and equalToOption with it.",
        )
        .eg("# PROGRAM DEFINE\nprop hungry addOption starving true"),
        action(
            "setToOption",
            OPTION_ARG,
            "Make it the value of a named option.",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop hungry addOption starving true\n",
            "prop hungry setToOption starving"
        )),
        test(
            "equalToOption",
            OPTION_ARG,
            "Is it the value of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop hungry addOption starving true\n",
            "# PROGRAM UPDATE\n",
            "ifProp hungry equalToOption starving [[\n",
            "  featCall Costume setGlow 1\n",
            "]]"
        )),
        test(
            "notEqualToOption",
            OPTION_ARG,
            "Is it different from the value of this named option?",
        )
        .eg(concat!(
            "# PROGRAM DEFINE\n",
            "prop hungry addOption full false\n",
            "# PROGRAM UPDATE\n",
            "ifProp hungry notEqualToOption full [[\n",
            "  prop energy sub 1\n",
            "]]"
        )),
    ],
    aliases: &[Alias {
        spelling: "eq",
        method: "equal",
    }],
};

/// A Boolean property with a degree of truth from -1 to 1, and named options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BooleanVar {
    truth: f64,
    options: Options<bool>,
}

impl Default for BooleanVar {
    /// A new Boolean is false unless the script says otherwise.
    fn default() -> Self {
        Self::new(false)
    }
}

impl BooleanVar {
    /// A certain true or false.
    pub fn new(value: bool) -> Self {
        Self {
            truth: if value { 1.0 } else { -1.0 },
            options: Options::default(),
        }
    }

    /// Makes it certainly true or false, keeping its options.
    pub fn set(&mut self, value: bool) {
        self.truth = Self::new(value).truth;
    }

    /// Whether it counts as true (its degree of truth is above 0).
    pub fn value(&self) -> bool {
        self.truth > 0.0
    }

    /// Its degree of truth, from -1 (certainly false) to 1 (certainly true).
    pub fn truth(&self) -> f64 {
        self.truth
    }

    /// Runs the script method `method` with `args`; tests answer true/false.
    pub fn call(&mut self, method: &str, args: &[Value]) -> Result<Option<Value>, VarError> {
        let spec = TABLE.checked("Boolean", method, args)?;
        let answer = match spec.name {
            "setTo" => return self.take_truth(Self::new(spec.boolean(args, 0)?).truth),
            "setFuzzy" => return self.take_truth(spec.number(args, 0)?.clamp(-1.0, 1.0)),
            "invert" => return self.take_truth(-self.truth),
            "and" => {
                return self.take_truth(self.truth.min(Self::new(spec.boolean(args, 0)?).truth))
            }
            "or" => {
                return self.take_truth(self.truth.max(Self::new(spec.boolean(args, 0)?).truth))
            }
            "true" => self.value(),
            "false" => !self.value(),
            "equal" => self.value() == spec.boolean(args, 0)?,
            "notEqual" => self.value() != spec.boolean(args, 0)?,
            "slightlyTrue" => self.truth > 0.0 && self.truth < 0.25,
            "mostlyTrue" => self.truth > 0.75,
            "slightlyFalse" => self.truth < 0.0 && self.truth > -0.25,
            "mostlyFalse" => self.truth < -0.75,
            "addOption" => {
                let name = spec.text(args, 0)?;
                // GEMSTEP keeps `value || false`: what a test would count as true.
                let value = match args.get(1) {
                    Some(Value::Boolean(b)) => *b,
                    Some(Value::Number(n)) => *n != 0.0 && !n.is_nan(),
                    Some(Value::String(s)) => !s.is_empty() && s != "false",
                    _ => false,
                };
                self.options.add(name, value);
                return Ok(None);
            }
            "setToOption" => {
                let value = *self.options.get(&spec.text(args, 0)?)?;
                return self.take_truth(Self::new(value).truth);
            }
            "equalToOption" => self.value() == *self.options.get(&spec.text(args, 0)?)?,
            "notEqualToOption" => self.value() != *self.options.get(&spec.text(args, 0)?)?,
            other => return Err(TABLE.unhandled("Boolean", other)),
        };
        Ok(Some(Value::Boolean(answer)))
    }

    /// Takes a new degree of truth (an action, so it answers nothing).
    fn take_truth(&mut self, truth: f64) -> Result<Option<Value>, VarError> {
        self.truth = truth;
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_name_true_and_false_and_are_kept_when_set() {
        let mut var = BooleanVar::new(false);
        let text = |s: &str| Value::String(s.into());
        var.call("addOption", &[text("awake"), Value::Boolean(true)])
            .unwrap();
        var.call("addOption", &[text("asleep")]).unwrap();
        var.call("setToOption", &[text("awake")]).unwrap();
        assert!(var.value());
        assert!(yes(&mut var, "equalToOption", &[text("awake")]));
        assert!(yes(&mut var, "notEqualToOption", &[text("asleep")]));
        var.set(false);
        assert!(
            yes(&mut var, "equalToOption", &[text("asleep")]),
            "options stay"
        );
        assert!(var.call("setToOption", &[text("awak")]).is_err());
    }

    fn yes(var: &mut BooleanVar, method: &str, args: &[Value]) -> bool {
        match var.call(method, args) {
            Ok(Some(Value::Boolean(b))) => b,
            other => panic!("{method} gave {other:?}"),
        }
    }

    const T: Value = Value::Boolean(true);
    const F: Value = Value::Boolean(false);

    #[test]
    fn set_invert_and_read() {
        let mut var = BooleanVar::default();
        assert!(!var.value());
        var.call("setTo", &[T]).unwrap();
        assert!(yes(&mut var, "true", &[]));
        assert!(!yes(&mut var, "false", &[]));
        var.call("invert", &[]).unwrap();
        assert!(!var.value());
        var.call("setTo", &[Value::String("true".into())]).unwrap();
        assert!(var.value(), "the text 'true' is accepted");
    }

    #[test]
    fn and_or_follow_logic_for_certain_values() {
        for (a, b) in [(false, false), (false, true), (true, false), (true, true)] {
            let mut var = BooleanVar::new(a);
            var.call("and", &[Value::Boolean(b)]).unwrap();
            assert_eq!(var.value(), a && b, "{a} and {b}");
            let mut var = BooleanVar::new(a);
            var.call("or", &[Value::Boolean(b)]).unwrap();
            assert_eq!(var.value(), a || b, "{a} or {b}");
        }
    }

    #[test]
    fn equal_and_not_equal_compare_without_changing() {
        let mut var = BooleanVar::new(true);
        assert!(yes(&mut var, "equal", &[T]));
        assert!(yes(&mut var, "eq", &[T]));
        assert!(yes(&mut var, "notEqual", &[F]));
        assert!(var.value());
    }

    #[test]
    fn fuzzy_values_have_degrees() {
        let mut var = BooleanVar::default();
        var.call("setFuzzy", &[Value::Number(0.1)]).unwrap();
        assert!(var.value());
        assert!(yes(&mut var, "slightlyTrue", &[]));
        assert!(!yes(&mut var, "mostlyTrue", &[]));
        var.call("setFuzzy", &[Value::Number(-0.9)]).unwrap();
        assert!(yes(&mut var, "mostlyFalse", &[]));
        assert!(!yes(&mut var, "slightlyFalse", &[]));
        var.call("invert", &[]).unwrap();
        assert!(yes(&mut var, "mostlyTrue", &[]));
        var.call("setFuzzy", &[Value::Number(-0.2)]).unwrap();
        assert!(yes(&mut var, "slightlyFalse", &[]));
        var.call("setFuzzy", &[Value::Number(7.0)]).unwrap();
        assert_eq!(var.truth(), 1.0, "degrees stop at 1");
    }

    #[test]
    fn fuzzy_and_keeps_the_smaller_degree() {
        let mut var = BooleanVar::default();
        var.call("setFuzzy", &[Value::Number(0.5)]).unwrap();
        var.call("and", &[T]).unwrap();
        assert_eq!(var.truth(), 0.5);
        var.call("or", &[F]).unwrap();
        assert_eq!(var.truth(), 0.5);
        var.call("and", &[F]).unwrap();
        assert_eq!(var.truth(), -1.0);
    }

    #[test]
    fn errors_leave_the_value_unchanged() {
        let mut var = BooleanVar::new(true);
        let err = var.call("setTo", &[Value::Number(1.0)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "setTo needs true or false for 'value', not the number 1"
        );
        let err = var.call("invrt", &[]).unwrap_err();
        assert!(err.to_string().ends_with("did you mean 'invert'?"), "{err}");
        assert!(var.value());
    }

    #[test]
    fn every_listed_method_is_handled() {
        for spec in TABLE.methods {
            let args: Vec<Value> = spec
                .args
                .iter()
                .map(|a| match a.kind {
                    ValueKind::Number => Value::Number(0.5),
                    ValueKind::String => Value::String("on".into()),
                    _ => T,
                })
                .collect();
            let mut var = BooleanVar::default();
            var.options.add("on".to_string(), true);
            let result = var.call(spec.name, &args);
            assert!(result.is_ok(), "{}: {result:?}", spec.name);
        }
    }
}

//! Behaviour tests for GVars through their one entry point, `GVar::call`: every
//! method in the tables works, randomness follows the seed, and no call — however
//! wrong — panics or leaves a property half-changed.

use proptest::prelude::*;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use sim_core::{
    vars::{GVar, VarError},
    Value, ValueKind, VarType,
};

fn sample(kind: ValueKind) -> Value {
    match kind {
        ValueKind::Number => Value::Number(2.0),
        ValueKind::Boolean => Value::Boolean(true),
        ValueKind::String | ValueKind::Any => Value::String("key".to_string()),
    }
}

#[test]
fn every_listed_method_accepts_arguments_of_its_declared_kinds() {
    let mut rng = Pcg32::seed_from_u64(1);
    for var_type in VarType::ALL {
        for spec in var_type.methods() {
            let mut var = GVar::new(var_type, None).unwrap();
            // options and items must exist before they can be used by name
            let _ = var.call(
                "addOption",
                &[sample(ValueKind::String), sample(ValueKind::Number)],
                &mut rng,
            );
            let _ = var.call(
                "addOption",
                &[sample(ValueKind::String), sample(ValueKind::String)],
                &mut rng,
            );
            let args: Vec<Value> = spec.args.iter().map(|a| sample(a.kind)).collect();
            if spec.name != "addItem" {
                let _ = var.call(
                    "addItem",
                    &[sample(ValueKind::String), Value::Number(1.0)],
                    &mut rng,
                );
            }
            let result = var.call(spec.name, &args, &mut rng);
            let answer =
                result.unwrap_or_else(|e| panic!("{}.{}: {e}", var_type.name(), spec.name));
            assert_eq!(
                answer.is_some(),
                spec.returns.is_some(),
                "{}.{}",
                var_type.name(),
                spec.name
            );
        }
    }
}

#[test]
fn tests_answer_true_or_false_for_if_prop() {
    let mut rng = Pcg32::seed_from_u64(1);
    for var_type in VarType::ALL {
        for spec in var_type
            .methods()
            .iter()
            .filter(|m| m.returns == Some(ValueKind::Boolean))
        {
            let mut var = GVar::new(var_type, None).unwrap();
            let _ = var.call(
                "addOption",
                &[sample(ValueKind::String), Value::Number(0.0)],
                &mut rng,
            );
            let _ = var.call(
                "addOption",
                &[sample(ValueKind::String), Value::String(String::new())],
                &mut rng,
            );
            let args: Vec<Value> = spec.args.iter().map(|a| sample(a.kind)).collect();
            let answer = var.call(spec.name, &args, &mut rng).unwrap();
            assert!(
                matches!(answer, Some(Value::Boolean(_))),
                "{}.{}",
                var_type.name(),
                spec.name
            );
        }
    }
}

#[test]
fn same_seed_gives_same_values() {
    let run = |seed: u64| {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut energy = GVar::new(VarType::Number, Some(&Value::Number(50.0))).unwrap();
        let mut values = Vec::new();
        for _ in 0..50 {
            energy
                .call(
                    "addRnd",
                    &[Value::Number(-10.0), Value::Number(10.0)],
                    &mut rng,
                )
                .unwrap();
            energy
                .call(
                    "setToRnd",
                    &[Value::Number(0.0), Value::Number(9.0), Value::Boolean(true)],
                    &mut rng,
                )
                .ok();
            values.push(energy.value());
        }
        values
    };
    assert_eq!(run(2024), run(2024));
    assert_ne!(run(2024), run(2025));
}

#[test]
fn compile_time_checks_find_methods_and_suggest() {
    let spec = VarType::Number.method("setToRnd").unwrap();
    assert_eq!((spec.required_args(), spec.args.len()), (1, 3));
    let err = VarType::Number.method("stTo").unwrap_err();
    assert!(
        matches!(err, VarError::UnknownMethod { suggestion: Some(ref s), .. } if s == "setTo"),
        "{err}"
    );
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<f64>().prop_map(Value::Number),
        prop::sample::select(vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1e308,
            -1e308,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN
        ])
        .prop_map(Value::Number),
        any::<bool>().prop_map(Value::Boolean),
        "[a-z0-9 .-]{0,6}|Infinity|true|false".prop_map(Value::String),
        Just(Value::Null),
    ]
}

fn method() -> impl Strategy<Value = String> {
    let names: Vec<String> = VarType::ALL
        .iter()
        .flat_map(|t| t.methods().iter().map(|m| m.name.to_string()))
        .chain(["eq", "gte", "bogus", ""].map(String::from))
        .collect();
    prop_oneof![prop::sample::select(names), "[a-zA-Z]{0,10}"]
}

fn var_type() -> impl Strategy<Value = VarType> {
    prop::sample::select(VarType::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any sequence of calls: no panic, a failed call changes nothing, a Number is
    /// never not-a-number and stays within both limits when it has them.
    #[test]
    fn any_calls_keep_properties_valid(
        var_type in var_type(),
        calls in prop::collection::vec((method(), prop::collection::vec(value(), 0..4)), 1..12),
        seed in any::<u64>(),
    ) {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut var = GVar::new(var_type, None).unwrap();
        for (name, args) in &calls {
            let before = var.clone();
            if var.call(name, args, &mut rng).is_err() {
                prop_assert_eq!(&var, &before, "{} {:?} failed but changed the property", name, args);
            }
            if let GVar::Number(number) = &var {
                prop_assert!(!number.value().is_nan());
                if let (Some(lo), Some(hi)) = (number.min(), number.max()) {
                    prop_assert!(lo <= number.value() && number.value() <= hi, "{:?}", number);
                }
            }
        }
    }
}

//! Property tests: whatever text reaches the project loader, it answers `Ok` or
//! `Err` and never panics; and whatever it accepts, it saves and reloads unchanged.

use proptest::prelude::*;
use serde_json::Value;
use sim_core::Project;

/// A real-looking project to mutate: one of the bundled examples.
const EXAMPLE: &str = include_str!("../../static/models/fish-and-algae.gemprj");

/// A loaded project must survive save → load unchanged.
fn check(text: &str) -> Result<(), TestCaseError> {
    if let Ok(project) = Project::from_json(text) {
        let saved = project
            .to_json_pretty()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(Project::from_json(&saved), Ok(project));
    }
    Ok(())
}

/// One edit of the text: delete, insert or replace a character at a position
/// (given as a fraction of the length, so it suits any text).
#[derive(Debug, Clone)]
enum Edit {
    Delete(f64),
    Insert(f64, char),
    Replace(f64, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let position = 0.0..1.0f64;
    let symbol = prop::sample::select(vec![
        '{', '}', '[', ']', '"', ':', ',', '\\', '-', '0', '9', 'e', '.', 'n', 't', ' ', '\n', 'é',
        '\u{0}',
    ]);
    prop_oneof![
        position.clone().prop_map(Edit::Delete),
        (position.clone(), symbol.clone()).prop_map(|(p, c)| Edit::Insert(p, c)),
        (position, symbol).prop_map(|(p, c)| Edit::Replace(p, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |p: f64, len: usize| ((p * len as f64) as usize).min(len);
        match *edit {
            Edit::Delete(p) if !chars.is_empty() => {
                let i = at(p, chars.len() - 1);
                chars.remove(i);
            }
            Edit::Insert(p, c) => chars.insert(at(p, chars.len()), c),
            Edit::Replace(p, c) if !chars.is_empty() => {
                let i = at(p, chars.len() - 1);
                chars[i] = c;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Any JSON value, a few levels deep.
fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        "[a-zA-Z0-9 #'\\n]{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-zA-Z]{1,8}", inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A project-shaped object whose known fields hold arbitrary JSON.
fn project_shaped() -> impl Strategy<Value = Value> {
    let keys = prop::sample::select(vec![
        "id",
        "label",
        "description",
        "metadata",
        "rounds",
        "blueprints",
        "instances",
        "other",
    ]);
    prop::collection::btree_map(keys, json(), 0..6)
        .prop_map(|m| Value::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_loads_or_fails_cleanly(text in any::<String>()) {
        check(&text)?;
    }

    #[test]
    fn mutated_example_loads_or_fails_cleanly(edits in prop::collection::vec(edit(), 1..8)) {
        check(&apply(EXAMPLE, &edits))?;
    }

    #[test]
    fn project_shaped_json_loads_or_fails_cleanly(value in project_shaped()) {
        check(&value.to_string())?;
    }
}

#[test]
fn the_unmutated_example_loads() {
    assert!(Project::from_json(EXAMPLE).is_ok());
    assert_eq!(
        apply(
            "abc",
            &[
                Edit::Delete(0.0),
                Edit::Insert(1.0, 'x'),
                Edit::Replace(0.0, 'z')
            ]
        ),
        "zcx"
    );
}

//! Nothing a script does grows without a limit: texts, the log, dictionaries, the value stack
//! and the population each stop at a bound with one clear message naming the blueprint,
//! line and column, and the model keeps running.

mod sim_common;

use sim_common::{count, errors, load, num, project, prop, warnings};
use sim_core::{vars::MAX_TEXT_BYTES, LogKind, Value, MAX_LOG_ENTRIES, MAX_LOG_MESSAGE_BYTES};

/// A blueprint `B` whose UPDATE is `update`, also counting its ticks in `n`, with one agent.
fn model(define: &str, update: &str) -> sim_core::Simulation {
    let text = format!(
        "# BLUEPRINT B\n# PROGRAM DEFINE\naddProp n Number 0\n{define}\n# PROGRAM UPDATE\n{update}\nprop n add 1\n"
    );
    load(&project(&[("B", &text)], &[("B", "b", "")], false), 1)
}

fn text_len(sim: &sim_core::Simulation, name: &str) -> usize {
    match prop(sim, "B/b", name) {
        Value::String(s) => s.len(),
        other => panic!("{name} is {other:?}"),
    }
}

#[test]
fn a_text_that_doubles_every_tick_stops_at_the_limit_and_the_model_runs_on() {
    let mut sim = model(
        "addProp s String 'ab'",
        "exprPush {{ agent.getProp('s').value + agent.getProp('s').value }}\npropPop s",
    );
    for _ in 0..40 {
        sim.step();
    }
    assert!(text_len(&sim, "s") <= MAX_TEXT_BYTES);
    assert!(
        text_len(&sim, "s") > MAX_TEXT_BYTES / 2,
        "it grew up to the limit"
    );
    assert_eq!(num(&sim, "B/b", "n"), 40.0, "every tick still ran");
    let errors = errors(&sim);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("B:6:") && e.contains("a text may hold at most 64 KB")),
        "{errors:?}"
    );
}

#[test]
fn a_string_prop_adding_itself_stops_at_the_limit() {
    let mut sim = model(
        "addProp s String 'abc'",
        "prop s add {{ agent.getProp('s').value }}",
    );
    for _ in 0..40 {
        sim.step();
    }
    assert!(text_len(&sim, "s") <= MAX_TEXT_BYTES);
    let errors = errors(&sim);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("B:6:") && e.contains("at most 64 KB")),
        "{errors:?}"
    );
}

#[test]
fn the_log_holds_a_bounded_amount_of_text() {
    let mut sim = model(
        "addProp s String 'x'\nprop s setTo {{ 'x' + agent.getProp('s').value }}",
        "exprPush {{ agent.getProp('s').value + agent.getProp('s').value }}\npropPop s\ndbgOut {{ agent.getProp('s').value }}",
    );
    for _ in 0..200 {
        sim.step();
    }
    let log = sim.log();
    assert!(log.len() <= MAX_LOG_ENTRIES);
    let longest = log.iter().map(|e| e.message.len()).max().unwrap_or(0);
    assert!(
        longest <= MAX_LOG_MESSAGE_BYTES + 64,
        "a message of {longest} bytes"
    );
    // What the log holds in memory, not only what it shows: a cut message gives back the
    // rest of the long text.
    let held = log.iter().map(|e| e.message.capacity()).max().unwrap_or(0);
    assert!(
        held <= MAX_LOG_MESSAGE_BYTES + 64,
        "a message holding {held} bytes"
    );
    assert!(log
        .iter()
        .any(|e| e.kind == LogKind::Debug && e.message.contains("(cut;")));
}

#[test]
fn a_dictionary_stops_at_its_item_limit() {
    let mut sim = model(
        "addProp d Dictionary",
        "prop d updateItem {{ 'key' + agent.getProp('n').value }} 1",
    );
    for _ in 0..1_010 {
        sim.step();
    }
    let errors = errors(&sim);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("B:6:") && e.contains("at most 1000 items")),
        "{errors:?}"
    );
    assert_eq!(num(&sim, "B/b", "n"), 1_010.0);
}

#[test]
fn pushing_without_popping_stops_at_the_stack_limit() {
    let pushes = "exprPush {{ 1 }}\n".repeat(1_005);
    let mut sim = model("", &pushes);
    sim.step();
    let errors = errors(&sim);
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("B:1006:") && e.contains("the stack is full")),
        "{errors:?}"
    );
    assert_eq!(num(&sim, "B/b", "n"), 1.0, "the rest of the script ran");
}

#[test]
fn the_population_cap_names_the_line_and_the_true_count() {
    let bp = "# BLUEPRINT P\n# PROGRAM DEFINE\naddFeature Population\n# PROGRAM UPDATE\nfeatCall Population createAgent P\n";
    let mut sim = load(&project(&[("P", bp)], &[("P", "p", "")], false), 1);
    sim.set_agent_cap(50);
    for _ in 0..10 {
        sim.step();
    }
    assert_eq!(count(&sim, "P"), 50, "made up to the cap");
    let warnings = warnings(&sim);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with("P:5:1: no new P was made: the model has "),
        "{warnings:?}"
    );
    assert!(
        warnings[0].ends_with("it may have at most 50"),
        "{warnings:?}"
    );
}

#[test]
fn a_text_written_in_a_script_is_held_to_the_text_limit_where_it_is_written() {
    let long = "a".repeat(MAX_TEXT_BYTES + 1);
    for (line, col) in [
        (format!("prop s setTo '{long}'"), 14),
        (format!("prop s setTo {{{{ '{long}' }}}}"), 14),
    ] {
        let text = format!(
            "# BLUEPRINT B\n# PROGRAM DEFINE\naddProp s String ''\n# PROGRAM UPDATE\n{line}\n"
        );
        let errors = sim_core::script::compile_blueprint(&text, "B", &sim_core::Symbols::partial())
            .expect_err("too long");
        assert_eq!(errors.len(), 1, "{errors:?}");
        let e = &errors[0];
        assert_eq!(e.pos.line, 5);
        assert!(e.pos.col >= col, "{e}");
        assert!(
            e.to_string()
                .contains("this text is 65 KB long, but a text may hold at most 64 KB"),
            "{e}"
        );
    }
}

#[test]
fn names_with_invisible_characters_are_refused_where_the_character_is() {
    let zwsp = "prop Fi\u{200b}sh.x setTo 1";
    let e = sim_core::script::tokenize(zwsp).expect_err("an invisible character");
    assert_eq!((e.pos.line, e.pos.col), (1, 8));
    assert_eq!(
        e.kind.to_string(),
        "there is an invisible character (U+200B) here: delete it"
    );
    let rlo =
        sim_core::script::tokenize("addProp e\u{202e}ygrene Number 1").expect_err("an override");
    assert_eq!((rlo.pos.line, rlo.pos.col), (1, 10));
    // In a project file, blueprint names and instance labels.
    let json = serde_json::json!({
        "id": "p", "label": "p",
        "blueprints": [{"name": "Fish", "scriptText": ""}, {"name": "Fi\u{200b}sh", "scriptText": ""}],
        "instances": [{"id": "1", "label": "a\u{202e}b", "bpid": "Fish"}],
    });
    let error = sim_core::Project::from_json(&json.to_string())
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("blueprints[1].name holds an invisible character (U+200B) at character 3"),
        "{error}"
    );
    assert!(
        error.contains("instances[0].label holds an invisible character (U+202E) at character 2"),
        "{error}"
    );
    // A byte-order mark opening a script file is no part of it.
    assert!(sim_core::script::tokenize("\u{feff}prop x setTo 1").is_ok());
}

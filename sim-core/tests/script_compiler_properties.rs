//! Property tests for the compiler: no text makes it panic, and whatever compiles prints back
//! to text that compiles to the same program.

mod common;

use common::fuzz::cases;
use proptest::prelude::*;
use sim_core::{
    script::compiler::compile_statements,
    script::unparse::print_blueprint,
    script::{compile_blueprint, compile_standalone, print_units, tokenize},
    Project, Simulation, Symbols,
};

/// Lines made of the words scripts use — keywords, names, methods, values, brackets — so
/// that many inputs get past the tokenizer and into the keywords.
fn scriptish() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "addProp",
        "useFeature",
        "addFeature",
        "prop",
        "featProp",
        "featCall",
        "when",
        "every",
        "ifExpr",
        "if",
        "ifProp",
        "ifFeatProp",
        "onEvent",
        "exprPush",
        "propPush",
        "propPop",
        "featPropPush",
        "featPropPop",
        "dbgOut",
        "randomPos",
        "stackAdd",
        "# BLUEPRINT",
        "# PROGRAM",
        "# TAG",
        "UPDATE",
        "define",
        "Fish",
        "Algae",
        "energy",
        "agent.energy",
        "Fish.energy",
        "Algae.energy",
        "Costume",
        "Movement",
        "Physics",
        "AgentWidgets",
        "Population",
        "Global",
        "Movement.direction",
        "agent.Costume",
        "Fish.Costume.glow",
        "direction",
        "text",
        "setTo",
        "add",
        "greaterThan",
        "setCostume",
        "setMovementType",
        "monitor",
        "createAgent",
        "globalProp",
        "addGlobalProp",
        "touches",
        "dies",
        "Number",
        "String",
        "Boolean",
        "Dictionary",
        "1",
        "-2.5",
        "0",
        "'x'",
        "true",
        "null",
        "Infinity",
        "{{ agent.x + 1 }}",
        "{{ Fish.getProp('energy').value }}",
        "{{ ) }}",
        "[[",
        "]]",
        "[[ NAME ]]",
        "runAtStart",
        "Start",
        "b2b",
        "wander",
        "// note",
        "\n",
        "\n",
        "\n",
        " ",
        " ",
        " ",
    ]);
    prop::collection::vec(pieces, 0..80).prop_map(|p| p.join(" "))
}

/// Whole lines, mostly valid, some nested in blocks: most of these scripts compile, so the
/// round-trip property sees many real programs.
fn script_lines() -> impl Strategy<Value = String> {
    let line = prop::sample::select(vec![
        "addProp energy Number 5",
        "addProp label String 'a b'",
        "addProp ok Boolean true",
        "addFeature Costume",
        "useFeature Movement",
        "addFeature AgentWidgets",
        "addFeature Population",
        "prop energy add 1",
        "prop agent.energy setTo {{ agent.x * 2 }}",
        "prop x setTo -10",
        "prop x setTo -0",
        "prop energy setTo 0.000001",
        "prop energy setTo -1e21",
        "prop agent.energy setTo {{ 1 / -0 }}",
        "featProp Movement direction setTo -0",
        "prop energy setTo {{ Math.atan2(-0, -1) }}",
        "prop label setTo Algae",
        "featProp Movement direction setTo 90",
        "featProp Costume.glow setTo 0.5",
        "featCall Costume setCostume 'fish.json' 0",
        "featCall Movement setMovementType wander 0.5",
        "featCall AgentWidgets bindMeterTo energy",
        "exprPush {{ 'T-Rex #' + agent.id }}",
        "featPropPop AgentWidgets text",
        "propPush energy",
        "propPop agent.energy",
        "dbgOut 'hi' 3",
        "stackMul",
        "randomPos -100 100 true",
        "# PROGRAM UPDATE",
        "# program init",
        "# TAG isCharControllable true",
        "// a comment",
        "",
    ]);
    let opener = prop::sample::select(vec![
        "every 0.25 runAtStart [[",
        "ifExpr {{ agent.x > 0 }} [[",
        "when Fish touches Algae [[",
        "onEvent Tick [[",
        "featCall Population createAgent Algae [[",
        "ifProp energy greaterThan 3 [[",
    ]);
    let block = (opener, prop::collection::vec(line.clone(), 0..5))
        .prop_map(|(open, inner)| format!("{open}\n{}\n]]", inner.join("\n")));
    let item = prop_oneof![4 => line.prop_map(str::to_owned), 1 => block];
    let prelude = "addProp energy Number 5\naddProp label String 'a'\naddFeature Costume\nuseFeature Movement\naddFeature AgentWidgets\naddFeature Population\n";
    prop::collection::vec(item, 0..25)
        .prop_map(move |lines| format!("{prelude}{}", lines.join("\n")))
}

fn project_symbols(text: &str) -> Symbols {
    let mut symbols = Symbols::complete();
    symbols.add_blueprint("Fish", &tokenize(text).unwrap_or_default());
    symbols.add_blueprint("Algae", &tokenize("addProp energy Number 1").unwrap());
    symbols
}

/// The state hash after `ticks` ticks of a project whose Fish runs `fish` (and whose
/// Algae has energy), with two of each; `None` when it does not load.
fn run_hash(fish: &str, ticks: u32) -> Option<u64> {
    let json = serde_json::json!({
        "id": "p", "label": "p",
        "blueprints": [
            { "name": "Fish", "scriptText": fish },
            { "name": "Algae", "scriptText": "addProp energy Number 1" },
        ],
        "instances": [
            { "id": "1", "label": "f1", "bpid": "Fish", "initScript": "prop x setTo -0" },
            { "id": "2", "label": "f2", "bpid": "Fish" },
            { "id": "3", "label": "a1", "bpid": "Algae" },
        ],
    });
    let project = Project::from_json(&json.to_string()).ok()?;
    let mut sim = Simulation::load(&project, 7).ok()?;
    for _ in 0..ticks {
        sim.step();
    }
    Some(sim.state_hash())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// `stepwise fmt` (tokenize, then print) never changes what a model does: the formatted
    /// script runs to the same state, bit for bit.
    #[test]
    fn formatting_never_changes_what_a_model_does(text in script_lines()) {
        let Ok(units) = tokenize(&text) else { return Ok(()) };
        let formatted = print_units(&units);
        let before = run_hash(&text, 12);
        prop_assert_eq!(before, run_hash(&formatted, 12), "formatted:\n{}", formatted);
    }

    #[test]
    fn the_compiler_never_panics_on_any_text(text in any::<String>()) {
        let _ = compile_standalone(&text, "Fish");
        let _ = compile_statements(&text, "round", None, &Symbols::partial());
    }

    #[test]
    fn the_compiler_never_panics_and_a_failure_always_says_why(text in scriptish()) {
        let symbols = project_symbols(&text);
        let results = [
            compile_standalone(&text, "Fish").map(|_| ()),
            compile_blueprint(&text, "Fish", &symbols).map(|_| ()),
            compile_statements(&text, "instance", Some("Fish"), &symbols).map(|_| ()),
            compile_statements(&text, "round", None, &symbols).map(|_| ()),
        ];
        for result in results {
            prop_assert!(result.err().is_none_or(|errors| !errors.is_empty()));
        }
    }

    #[test]
    fn whatever_compiles_prints_to_text_that_compiles_the_same(
        text in prop_oneof![scriptish(), script_lines(), script_lines()]
    ) {
        let symbols = project_symbols(&text);
        if let Ok(bp) = compile_blueprint(&text, "Fish", &symbols) {
            let printed = print_blueprint(&bp);
            let again = compile_blueprint(&printed, "Fish", &symbols);
            prop_assert!(again.is_ok(), "{printed}\n{again:?}");
            if let Ok(again) = again {
                prop_assert_eq!(print_blueprint(&again), printed);
                // Printing puts programs in canonical order, so props declared in several
                // programs may come back in another order; the same props must come back.
                let names = |b: &sim_core::script::program::CompiledBlueprint| {
                    let mut n: Vec<String> = b.props.iter().map(|p| format!("{p:?}")).collect();
                    n.sort();
                    n
                };
                prop_assert_eq!(names(&again), names(&bp));
            }
        }
    }
}

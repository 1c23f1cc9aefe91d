//! What Stepwise accepts, warns about and refuses, construct by construct, as GEMSTEP's own
//! code decides: a method called with more arguments than it takes runs with the extra ones
//! ignored, and one called with fewer runs with nothing there (GEMSTEP's JavaScript carries
//! on), each with a warning at its line and column; what cannot mean anything is an error
//! at exactly its line. The table below is the one the note reports.

mod sim_common;

use sim_common::{errors, load, num, project, warnings};
use sim_core::{
    script::{compile_blueprint, tokenize},
    LogKind, Symbols,
};

/// What happens to a line (lines counted from the first line under test).
#[derive(Debug, PartialEq)]
enum Verdict {
    Accepted,
    /// Compiles, with a warning at this line and column.
    Warned(u32, u32),
    /// Refused, with an error at this line.
    Refused(u32),
}

fn verdict(update: &str) -> Verdict {
    let head = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 5\naddFeature Costume\naddFeature Movement\naddFeature Touches\naddProp alive Boolean true\n# PROGRAM UPDATE\n";
    // Lines are counted from the first line under test.
    let below = head.lines().count() as u32;
    let text = format!("{head}{update}");
    let mut symbols = Symbols::complete();
    symbols.add_blueprint("Fish", &tokenize(&text).unwrap_or_default());
    match compile_blueprint(&text, "Fish", &symbols) {
        Ok(bp) => match bp.warnings.first() {
            Some(w) => Verdict::Warned(w.pos.line - below, w.pos.col),
            None => Verdict::Accepted,
        },
        Err(errors) => Verdict::Refused(errors[0].pos.line - below),
    }
}

#[test]
fn each_construct_is_accepted_warned_or_refused_as_gemstep_decides() {
    use Verdict::*;
    let table = [
        ("prop energy add 1", Accepted),
        ("prop energy add 1 2", Warned(1, 19)),
        ("prop energy add", Warned(1, 13)),
        ("featCall Costume setCostume 'fish.json' 0", Accepted),
        ("featCall Costume setCostume 'fish.json' 0 9", Warned(1, 43)),
        ("featCall Costume setPose", Warned(1, 18)),
        ("every 1 [[\n]]", Accepted),
        ("every 0 [[\n]]", Accepted),
        ("every second [[\n]]", Warned(1, 7)),
        ("every 1 runAtStart [[\n]]", Accepted),
        ("dbgTick", Accepted),
        ("prop alive setTo 1", Warned(1, 18)),
        ("prop energy setTo true", Warned(1, 19)),
        ("prop alive setTo 'very'", Refused(1)),
        ("prop energy setTo '5'", Accepted),
        ("featCall Movement setMovementType wander", Accepted),
        ("featCall Movement setMovementType 'zigzag'", Warned(1, 35)),
        ("featCall Touches monitor Fish zz", Warned(1, 31)),
        ("featCall Costume noSuchMethod", Refused(1)),
        ("featProp Costume noSuchProp setTo 1", Refused(1)),
        ("prop nothing setTo 1", Refused(1)),
        ("useFeature Nonexistent", Refused(1)),
        ("addProp x Number 1 2", Warned(1, 20)),
        ("addProp z Colour 1", Refused(1)),
        ("addFeature Movement Costume", Warned(1, 21)),
        ("onEvent Foo [[\n]]", Warned(1, 9)),
        ("onEvent Tick", Warned(1, 1)),
        ("onEvent Tick [[\n]] [[\n]]", Warned(2, 4)),
        ("every 1 atStart [[\n]]", Warned(1, 9)),
        ("every 1", Refused(1)),
        ("ifExpr {{ 1 }} [[\n]] [[\n]] [[\n]]", Warned(3, 4)),
        ("stackAdd 1", Warned(1, 10)),
        ("when Fish wiggles Fish [[\n]]", Refused(1)),
        ("prop energy setTo 'abc'", Refused(1)),
        ("prop energy setTo {{ energy + }}", Refused(1)),
        ("featPorp Costume glow setTo 1", Warned(1, 1)),
        ("Fish.energy add 1", Refused(1)),
        ("<<<<<<< HEAD", Refused(1)),
        ("[[\n  prop energy add 1\n]]", Refused(1)),
    ];
    for (line, want) in table {
        assert_eq!(verdict(line), want, "{line}");
    }
}

/// GEMSTEP reads a movement type ignoring case and quietly does nothing with one it does not
/// know: `EdgeToEdge` moves, `zigzag` stays put, and neither stops the script.
#[test]
fn movement_types_are_read_as_gemstep_reads_them() {
    let bp = |kind: &str| {
        format!(
            "# BLUEPRINT M\n# PROGRAM DEFINE\naddFeature Movement\naddProp after Number 0\n\
             featProp Movement movementType setTo '{kind}'\nfeatProp Movement distance setTo 2\n\
             # PROGRAM UPDATE\nprop after add 1\n"
        )
    };
    for (kind, moves) in [("EdgeToEdge", true), ("WANDER", true), ("zigzag", false)] {
        let text = bp(kind);
        let mut sim = load(&project(&[("M", &text)], &[("M", "m", "")], false), 1);
        let start = (num(&sim, "M/m", "x"), num(&sim, "M/m", "y"));
        for _ in 0..5 {
            sim.step();
        }
        let now = (num(&sim, "M/m", "x"), num(&sim, "M/m", "y"));
        assert_eq!(now != start, moves, "{kind}: {start:?} -> {now:?}");
        assert_eq!(num(&sim, "M/m", "after"), 5.0, "{kind}: the script runs on");
    }
}

#[test]
fn a_script_with_warnings_runs_and_the_log_says_where() {
    let bp = "# BLUEPRINT W
# PROGRAM DEFINE
addProp n Number 0
# PROGRAM UPDATE
prop n add 1 99
";
    let mut sim = load(&project(&[("W", bp)], &[("W", "w", "")], false), 1);
    sim.step();
    sim.step();
    assert_eq!(num(&sim, "W/w", "n"), 2.0, "the extra argument is ignored");
    let warnings = warnings(&sim);
    assert_eq!(
        warnings,
        ["W:5:14: add takes 1 argument, but this line gives it 2; the extra one is ignored"]
    );
    assert_eq!(sim.warnings().len(), 1);
    assert!(
        errors(&sim).iter().all(|e| !e.contains("add")),
        "{:?}",
        errors(&sim)
    );
}

#[test]
fn a_missing_argument_fails_where_it_runs_and_the_rest_goes_on() {
    let bp = "# BLUEPRINT M
# PROGRAM DEFINE
addProp n Number 0
addProp after Number 0
# PROGRAM UPDATE
prop n add
prop after add 1
";
    let mut sim = load(&project(&[("M", bp)], &[("M", "m", "")], false), 1);
    sim.step();
    assert_eq!(num(&sim, "M/m", "after"), 1.0, "the next line still runs");
    let problems = errors(&sim);
    assert!(
        problems.iter().any(|e| e.starts_with("M:6:")),
        "the missing argument is reported at its line: {problems:?}"
    );
}

#[test]
fn an_edit_swapped_in_logs_its_new_warnings() {
    let before =
        "# BLUEPRINT W\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1\n";
    let after =
        "# BLUEPRINT W\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1 5\n";
    let mut sim = load(&project(&[("W", before)], &[("W", "w", "")], false), 1);
    sim.step();
    assert!(sim.log().iter().all(|e| e.kind != LogKind::Warning));
    sim.hot_swap(project(&[("W", after)], &[("W", "w", "")], false))
        .expect("an edit of a script swaps in");
    let warned = sim
        .log()
        .iter()
        .any(|e| e.kind == LogKind::Warning && (e.line, e.col) == (5, 14));
    assert!(warned, "{:?}", sim.log());
}

/// A word that fits an argument of this kind in the test blueprint (`None`: a kind this test
/// does not write, such as a block).
fn sample(kind: sim_core::script::ArgKind, allowed: &[&str]) -> Option<String> {
    use sim_core::script::ArgKind as K;
    Some(match kind {
        K::Number | K::Any => "1".into(),
        K::Text | K::Costume => "'a'".into(),
        K::Boolean => "true".into(),
        K::Choice => allowed.first()?.to_string(),
        K::Blueprint => "Fish".into(),
        K::PropName | K::PropRef => "energy".into(),
        K::Expr => "{{ 1 }}".into(),
        K::Block => "[[\n]]".into(),
        _ => return None,
    })
}

/// Every feature method, and every GVar method of a Number, String and Boolean prop, as
/// GEMSTEP calls them: with all its arguments it compiles clean; with one more it compiles
/// with a warning at that extra argument (GEMSTEP's JavaScript ignores it); with its last
/// required argument left out it compiles with a warning (GEMSTEP passes nothing there),
/// unless the method takes a block (then which argument is missing cannot be told), which is
/// refused.
#[test]
fn every_method_accepts_warns_and_refuses_alike() {
    use sim_core::script::{ArgKind, Arity};
    use Verdict::*;
    let mut checked = 0;
    for feature in sim_core::FEATURES.iter().map(|f| &f.spec) {
        for method in feature.methods {
            let args: Option<Vec<String>> = method
                .args
                .iter()
                .filter(|a| a.arity == Arity::One)
                .map(|a| sample(a.kind, a.allowed))
                .collect();
            let Some(args) = args else { continue };
            let call = format!("featCall {} {}", feature.name, method.name);
            let full = format!("{call} {}", args.join(" "));
            let head = format!(
                "addFeature {}\n",
                if feature.name == "Costume" {
                    "Physics"
                } else {
                    feature.name
                }
            );
            let line = |text: &str| format!("{head}{text}");
            assert_eq!(verdict(&line(&full)), Accepted, "{full}");
            let unlimited = method.args.iter().any(|a| a.arity == Arity::Rest);
            let every: Option<Vec<String>> = method
                .args
                .iter()
                .map(|a| sample(a.kind, a.allowed))
                .collect();
            let ends_in_block = method.args.last().is_some_and(|a| a.kind == ArgKind::Block);
            if let (false, false, Some(every)) = (unlimited, ends_in_block, every) {
                let extra = format!("{call} {} 9", every.join(" "));
                assert!(matches!(verdict(&line(&extra)), Warned(2, _)), "{extra}");
            }
            if let Some(last) = method.args.iter().rposition(|a| a.arity == Arity::One) {
                let fewer = format!("{call} {}", args[..last].join(" "));
                // With a block among its arguments, which argument is missing cannot be told.
                let want_refused = method.args.iter().any(|a| a.kind == ArgKind::Block);
                match verdict(&line(fewer.trim_end())) {
                    Refused(2) => assert!(want_refused, "{fewer} is refused"),
                    Warned(2, _) => assert!(!want_refused, "{fewer} is only warned"),
                    other => panic!("{fewer}: {other:?}"),
                }
            }
            checked += 1;
        }
    }
    for (prop, ty) in [
        ("energy", sim_core::VarType::Number),
        ("label", sim_core::VarType::String),
        ("alive", sim_core::VarType::Boolean),
    ] {
        for method in ty.methods() {
            let value = |kind: sim_core::ValueKind| match kind {
                sim_core::ValueKind::String => "'a'",
                sim_core::ValueKind::Boolean => "true",
                _ => "1",
            };
            let args: Vec<&str> = method
                .args
                .iter()
                .filter(|a| !a.optional)
                .map(|a| value(a.kind))
                .collect();
            let full = format!("prop {prop} {} {}", method.name, args.join(" "));
            let text = format!("addProp label String 'x'\n{}", full.trim_end());
            assert!(
                matches!(verdict(&text), Accepted | Warned(2, _)),
                "{full}: {:?}",
                verdict(&text)
            );
            let extra = format!("addProp label String 'x'\n{} 1 1 1 1", full.trim_end());
            assert!(matches!(verdict(&extra), Warned(2, _)), "{extra}");
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} methods checked");
}

#[test]
fn a_header_naming_another_blueprint_is_a_warning_at_its_line_and_the_project_name_stands() {
    let fish =
        "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1\n";
    let mut sim = load(&project(&[("Fsh", fish)], &[("Fsh", "f", "")], false), 1);
    sim.step();
    assert_eq!(
        num(&sim, "Fsh/f", "n"),
        1.0,
        "its starting agent is made and runs"
    );
    let warnings = warnings(&sim);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with(
            "Fsh:1:13: this line names the blueprint 'Fish', but the project calls it 'Fsh'"
        ),
        "{warnings:?}"
    );
}

#[test]
fn naming_a_blueprint_by_its_header_says_which_blueprint_has_that_header() {
    let fish = "# BLUEPRINT Fish\n";
    let shark = "# BLUEPRINT Shark\n# PROGRAM UPDATE\nwhen Shark touches Fish [[\n]]\n";
    let Err(e) = sim_core::Simulation::load(
        project(&[("Blueprint1", fish), ("Shark", shark)], &[], false),
        1,
    ) else {
        panic!("a blueprint named by its header only does not compile");
    };
    let text = e.to_string();
    assert!(
        text.contains(
            "there is no blueprint 'Fish': the blueprint 'Blueprint1' has the line '# BLUEPRINT Fish'"
        ),
        "{text}"
    );
}

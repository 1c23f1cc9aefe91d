//! The first-model tutorial's steps: from an empty project to a pond where fish lose energy as
//! they swim, gain it by touching algae, and each draw a graph of it. Each step says what to
//! do, checks the project (and the run) for it, and can be done for a student who is stuck.
//!
//! Steps are checked in order, every time: the current step is the first one not done, so a
//! student who undoes something is taken back to it.

use crate::mapedit::place::place;
use crate::projects::blueprints;
use sim_core::script::{compile_project, tokenize};
use sim_core::{Project, ScriptUnit, TokenKind};

/// Lines a step adds to a blueprint's script, under one of its programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lines {
    /// The blueprint.
    pub blueprint: &'static str,
    /// The program they go under (`DEFINE`, `UPDATE`).
    pub program: &'static str,
    /// The lines.
    pub text: &'static str,
}

/// What *Do this step for me* does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// Nothing: the student does it (New, Play).
    Yourself,
    /// Adds a blueprint with this name.
    Blueprint(&'static str),
    /// Adds these lines (each list under its own program).
    Lines(&'static [Lines]),
    /// Places four characters of this blueprint on the stage.
    Place(&'static str),
}

/// One step.
#[derive(Debug, Clone, Copy)]
pub struct Step {
    /// What it is for, in a few words.
    pub title: &'static str,
    /// What to do, in a student's words.
    pub how: &'static str,
    /// What *Do this step for me* does.
    pub act: Act,
    /// The control the step starts with (its test id), which *Show me* brings into view.
    pub control: &'static str,
    /// Whether it is done.
    pub done: fn(&Progress) -> bool,
}

/// What the checks read: the project, its scripts read into units, which blueprints compile,
/// and how long the model has run since the last step began.
pub struct Progress<'a> {
    project: &'a Project,
    /// Each blueprint's statements: its units, or for a script the tokenizer cannot read
    /// (a `[[` left open while typing), its lines' words.
    units: Vec<(String, Statements)>,
    broken: Vec<String>,
    /// Sim-seconds run since the run step became the current one.
    pub run_seconds: f64,
}

impl<'a> Progress<'a> {
    /// Reads `project` for the checks.
    pub fn of(project: &'a Project, run_seconds: f64) -> Progress<'a> {
        let units = project
            .blueprints
            .iter()
            .map(|b| {
                let read = match tokenize(&b.script_text) {
                    Ok(units) => Statements::Units(units),
                    Err(_) => Statements::Lines(b.script_text.clone()),
                };
                (b.name.clone(), read)
            })
            .collect();
        let mut broken: Vec<String> = compile_project(project)
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|e| e.script)
            .collect();
        broken.dedup();
        Progress {
            project,
            units,
            broken,
            run_seconds,
        }
    }

    /// The blueprint names whose scripts do not compile: the step that needs one says so.
    pub fn broken(&self) -> &[String] {
        &self.broken
    }

    fn has(&self, blueprint: &str) -> bool {
        self.project.blueprint(blueprint).is_some()
    }

    /// Whether `blueprint` has a statement starting with `words` (a dotted name written as one
    /// word: `Fish.energy`), at any depth.
    fn says(&self, blueprint: &str, words: &[&str]) -> bool {
        self.units
            .iter()
            .find(|(name, _)| name == blueprint)
            .is_some_and(|(_, read)| match read {
                Statements::Units(units) => any_unit(units, words),
                Statements::Lines(text) => text.lines().any(|line| {
                    let found: Vec<&str> = line.split_whitespace().take(words.len()).collect();
                    found == words
                }),
            })
    }

    fn placed(&self, blueprint: &str) -> usize {
        self.project
            .instances
            .iter()
            .filter(|i| i.bpid == blueprint)
            .count()
    }
}

/// A script as the checks read it.
enum Statements {
    /// Read by the tokenizer.
    Units(Vec<ScriptUnit>),
    /// Text the tokenizer refuses, read line by line.
    Lines(String),
}

/// Whether any unit, or any unit of a block inside one, starts with `words`.
fn any_unit(units: &[ScriptUnit], words: &[&str]) -> bool {
    units.iter().any(|unit| {
        let starts = unit.len() >= words.len()
            && unit
                .iter()
                .zip(words)
                .all(|(token, want)| match &token.kind {
                    TokenKind::Identifier(name) => name == want,
                    TokenKind::ObjRef(parts) => parts.join(".") == *want,
                    _ => false,
                });
        starts
            || unit.iter().any(|token| match &token.kind {
                TokenKind::Block(inner) => any_unit(inner, words),
                _ => false,
            })
    })
}

/// The characters a placing step puts on the stage.
const PLACED: usize = 4;
/// How many characters of a kind count as "on the stage".
const ENOUGH: usize = 3;
/// How long the last step asks the model to run, in sim-seconds.
pub const RUN_SECONDS: f64 = 15.0;

/// The steps, in order.
pub static STEPS: &[Step] = &[
    Step {
        title: "Start an empty model",
        how: "Press New in the Model panel. You get an empty stage with no blueprints: a blueprint is a kind of character, and you will make two.",
        act: Act::Yourself,
        control: "new-project",
        done: |p| {
            p.project.blueprints.iter().all(|b| b.name == "Fish" || b.name == "Algae")
        },
    },
    Step {
        title: "Make a Fish blueprint",
        how: "Under Blueprints, press + New, then the pencil ✎ beside the new blueprint, and rename it Fish.",
        act: Act::Blueprint("Fish"),
        control: "blueprint-create",
        done: |p| p.has("Fish"),
    },
    Step {
        title: "Give Fish a costume",
        how: "Press Script, choose Fish, and add these two lines under # PROGRAM DEFINE (type them, or use the Wizard). Then press Apply.",
        act: Act::Lines(&[Lines {
                blueprint: "Fish",
                program: "DEFINE",
                text: "addFeature Costume\nfeatCall Costume setCostume 'fish.json' 0",
        }]),
        control: "script-toggle",
        done: |p| p.says("Fish", &["featCall", "Costume", "setCostume"]),
    },
    Step {
        title: "Put fish in the pond",
        how: "Press Map, choose Fish in the map's list, and tap the stage in three or four places. Press Map again to close it.",
        act: Act::Place("Fish"),
        control: "map-toggle",
        done: |p| p.placed("Fish") >= ENOUGH,
    },
    Step {
        title: "Make the fish swim",
        how: "Add these lines to Fish under # PROGRAM DEFINE and Apply. Press Play to watch them swim, then Pause.",
        act: Act::Lines(&[Lines {
                blueprint: "Fish",
                program: "DEFINE",
                text: "addFeature Movement\nfeatProp Movement movementType setTo 'wander'",
        }]),
        control: "script-toggle",
        done: |p| p.says("Fish", &["featProp", "Movement", "movementType"]),
    },
    Step {
        title: "Make an Algae blueprint",
        how: "Press + New under Blueprints again, rename it Algae, and give it a costume: add these lines under its # PROGRAM DEFINE and Apply.",
        act: Act::Lines(&[Lines {
                blueprint: "Algae",
                program: "DEFINE",
                text: "addFeature Costume\nfeatCall Costume setCostume 'algae.json' 0",
        }]),
        control: "blueprint-create",
        done: |p| p.says("Algae", &["featCall", "Costume", "setCostume"]),
    },
    Step {
        title: "Put algae in the pond",
        how: "Press Map, choose Algae, and tap the stage in three or four places, away from the fish.",
        act: Act::Place("Algae"),
        control: "map-toggle",
        done: |p| p.placed("Algae") >= ENOUGH,
    },
    Step {
        title: "Fish use energy",
        how: "Give Fish an energy property that goes down as it swims. Add the first line under # PROGRAM DEFINE and the other three under # PROGRAM UPDATE, then Apply.",
        act: Act::Lines(&[
            Lines {
                blueprint: "Fish",
                program: "DEFINE",
                text: "addProp energy Number 50",
            },
            Lines {
                blueprint: "Fish",
                program: "UPDATE",
                text: "every 1 [[\n  prop energy sub 2\n]]",
            },
        ]),
        control: "script-toggle",
        done: |p| p.says("Fish", &["addProp", "energy"]) && p.says("Fish", &["prop", "energy", "sub"]),
    },
    Step {
        title: "Fish eat algae",
        how: "This rule makes the two kinds of character meet: add it to Fish under # PROGRAM UPDATE and Apply. While a fish touches an algae, the fish gains energy and glows.",
        act: Act::Lines(&[Lines {
                blueprint: "Fish",
                program: "UPDATE",
                text: "when Fish touches Algae [[\n  prop Fish.energy add 1\n  featProp Fish.Costume glow setTo 0.5\n]]",
        }]),
        control: "script-toggle",
        done: |p| p.says("Fish", &["when", "Fish", "touches", "Algae"]) || p.says("Algae", &["when", "Fish", "touches", "Algae"]),
    },
    Step {
        title: "Draw a graph of energy",
        how: "Add these lines to Fish under # PROGRAM DEFINE and Apply: each fish draws a small graph of its energy beside it.",
        act: Act::Lines(&[Lines {
                blueprint: "Fish",
                program: "DEFINE",
                text: "addFeature Graphing\nfeatCall Graphing bindGraphTo energy",
        }]),
        control: "script-toggle",
        done: |p| p.says("Fish", &["featCall", "Graphing", "bindGraphTo", "energy"]),
    },
    Step {
        title: "Run your model",
        how: "Press Reset, then Play, and watch for 15 seconds. Which fish's graph goes up? What happens to a fish that never finds algae?",
        act: Act::Yourself,
        control: "play",
        done: |p| p.run_seconds >= RUN_SECONDS,
    },
];

impl Step {
    /// The blueprint whose script the step adds lines to, if any.
    pub fn script_of(&self) -> Option<&'static str> {
        match self.act {
            Act::Lines(lines) => lines.first().map(|l| l.blueprint),
            _ => None,
        }
    }
}

/// The step to do: the first one not done. A step's lines count once they are in the script,
/// but the newest step that wrote to a script which does not compile is not done: a typing
/// mistake in the lines just added holds the student at that step (the box says what is
/// wrong), with the steps before it still done.
pub fn current(progress: &Progress) -> usize {
    let mut done: Vec<bool> = STEPS.iter().map(|s| (s.done)(progress)).collect();
    for broken in &progress.broken {
        let newest = (0..STEPS.len())
            .rev()
            .find(|&i| done[i] && STEPS[i].script_of() == Some(broken.as_str()));
        if let Some(i) = newest {
            done[i] = false;
        }
    }
    done.iter().position(|d| !d).unwrap_or(STEPS.len())
}

/// Does `step` for the student: adds its blueprint (named for its lines' blueprint when that
/// is missing), its lines, or its characters. `Err` says why it could not.
pub fn act(step: &Step, project: &mut Project) -> Result<(), String> {
    match step.act {
        Act::Yourself => Ok(()),
        Act::Blueprint(name) => add_blueprint(project, name),
        Act::Lines(all) => {
            for lines in all {
                add_blueprint(project, lines.blueprint)?;
                let bp = project
                    .blueprint_mut(lines.blueprint)
                    .ok_or_else(|| format!("there is no {} blueprint", lines.blueprint))?;
                bp.script_text = add_lines(&bp.script_text, lines.program, lines.text);
            }
            Ok(())
        }
        Act::Place(name) => {
            let spots: [(f64, f64); PLACED] = match name {
                "Fish" => [
                    (-250.0, -200.0),
                    (220.0, -230.0),
                    (-200.0, 220.0),
                    (240.0, 180.0),
                ],
                _ => [(-60.0, -60.0), (80.0, -40.0), (-40.0, 90.0), (90.0, 80.0)],
            };
            for (x, y) in spots {
                place(project, name, x, y).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
    }
}

/// Adds blueprint `name` when the project has none of that name.
fn add_blueprint(project: &mut Project, name: &str) -> Result<(), String> {
    if project.blueprint(name).is_some() {
        return Ok(());
    }
    let made = blueprints::create(project);
    blueprints::rename(project, &made, name).map_err(|e| e.to_string())
}

/// `script` with `lines` added at the end of its `# PROGRAM program` part (made at the end
/// when it has none), before the blank lines that end the part.
pub fn add_lines(script: &str, program: &str, lines: &str) -> String {
    let mut rows: Vec<&str> = script.lines().collect();
    let heading = |row: &str| {
        let words: Vec<String> = row
            .trim_start_matches(|c: char| c == '#' || c.is_whitespace())
            .split_whitespace()
            .map(str::to_uppercase)
            .collect();
        (row.trim_start().starts_with('#') && words.first().is_some_and(|w| w == "PROGRAM"))
            .then(|| words.get(1).cloned().unwrap_or_default())
    };
    let Some(start) = rows
        .iter()
        .position(|r| heading(r).as_deref() == Some(program))
    else {
        let mut out = script.trim_end().to_owned();
        out.push_str(&format!("\n# PROGRAM {program}\n{lines}\n"));
        return out;
    };
    let mut end = rows[start + 1..]
        .iter()
        .position(|r| heading(r).is_some())
        .map_or(rows.len(), |i| start + 1 + i);
    while end > start + 1 && rows[end - 1].trim().is_empty() {
        end -= 1;
    }
    let added: Vec<&str> = lines.lines().collect();
    rows.splice(end..end, added);
    let mut out = rows.join("\n");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{sim::tick_time, Simulation, TICKS_PER_SECOND};

    #[test]
    fn lines_go_at_the_end_of_their_program() {
        let script = "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Costume\n\n# PROGRAM UPDATE\n";
        assert_eq!(
            add_lines(script, "DEFINE", "addProp energy Number 5"),
            "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Costume\naddProp energy Number 5\n\n# PROGRAM UPDATE\n"
        );
        assert_eq!(
            add_lines(script, "UPDATE", "prop x add 1"),
            "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Costume\n\n# PROGRAM UPDATE\nprop x add 1\n"
        );
        assert_eq!(
            add_lines("# BLUEPRINT Fish", "UPDATE", "prop x add 1"),
            "# BLUEPRINT Fish\n# PROGRAM UPDATE\nprop x add 1\n"
        );
        assert_eq!(
            add_lines(
                "# blueprint Fish\n# program define\n",
                "DEFINE",
                "addFeature Costume"
            ),
            "# blueprint Fish\n# program define\naddFeature Costume\n"
        );
    }

    /// Each step is not done before its act and done after it; the tutorial's model runs, and
    /// a fish that touches algae gains energy while the others lose it.
    #[test]
    fn doing_each_step_in_turn_builds_a_model_that_runs() {
        // A bundled model is open: the first step is to press New.
        let mut project = crate::projects::blank::blank_project();
        blueprints::create(&mut project);
        assert_eq!(current(&Progress::of(&project, 0.0)), 0);
        project = crate::projects::blank::blank_project();
        for (i, step) in STEPS.iter().enumerate().skip(1) {
            let before = Progress::of(&project, 0.0);
            assert_eq!(current(&before), i, "before step {}: {}", i + 1, step.title);
            act(step, &mut project).unwrap();
            let seconds = if step.act == Act::Yourself {
                RUN_SECONDS
            } else {
                0.0
            };
            let after = Progress::of(&project, seconds);
            assert!(
                after.broken().is_empty(),
                "{}: {:?}",
                step.title,
                after.broken()
            );
            assert!(
                current(&after) > i,
                "step {} is done by its act: {}",
                i + 1,
                step.title
            );
        }
        let mut sim = Simulation::load(&project, 1).unwrap();
        assert_eq!(sim.count_of("Fish"), 4);
        assert_eq!(sim.count_of("Algae"), 4);
        sim.advance_to(tick_time(20 * u64::from(TICKS_PER_SECOND)));
        assert!(
            sim.log()
                .iter()
                .all(|e| !matches!(e.kind, sim_core::LogKind::Error)),
            "{:?}",
            sim.log()
        );
    }

    #[test]
    fn a_step_whose_blueprint_does_not_compile_is_not_done() {
        let mut project = crate::projects::blank::blank_project();
        for step in &STEPS[..3] {
            act(step, &mut project).unwrap();
        }
        assert_eq!(current(&Progress::of(&project, 0.0)), 3);
        let fish = project.blueprint_mut("Fish").unwrap();
        fish.script_text.push_str("featPorp Costume x setTo 1 [[\n");
        let progress = Progress::of(&project, 0.0);
        assert_eq!(progress.broken(), ["Fish"]);
        assert_eq!(current(&progress), 2, "the costume step is open again");

        // A mistake in the newest lines holds the student at their step, not at the first one.
        let mut project = crate::projects::blank::blank_project();
        for step in &STEPS[..9] {
            act(step, &mut project).unwrap();
        }
        assert_eq!(current(&Progress::of(&project, 0.0)), 9);
        let fish = project.blueprint_mut("Fish").unwrap();
        fish.script_text
            .push_str("when Fish touches Algae [[\n  prop Fish.energy add\n");
        assert_eq!(
            current(&Progress::of(&project, 0.0)),
            8,
            "held at Fish eat algae"
        );
    }
}

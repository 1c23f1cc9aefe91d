//! The differential test: small random models, each run by the engine and by the reference
//! interpreter ([`Simulation::load_reference`]), must give the same state hash and the same
//! log after every tick.
//!
//! A model is made from a seed by [`Model::generate`]: up to three blueprints with any of
//! the features, props and `when` tests the engine's shortcuts touch (number steps written
//! out or computed, feature props, Global props, both agents of a pair, `ifExpr` with
//! `getProp`, `every`, spawning and removal, touches through Physics), a few instances of
//! each on a small stage, so rules pass often. The number of cases is proptest's
//! (`PROPTEST_CASES`, 48 here by default); a failure prints the model's ScriptText.

use proptest::prelude::*;
use sim_core::{Project, Simulation};

/// How many ticks each model runs.
const TICKS: usize = 70;

/// The most agents a generated model may have.
const AGENT_CAP: usize = 120;

/// A tiny deterministic generator for the model text (the simulation has its own).
struct Pick(u64);

impl Pick {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn one<'a>(&mut self, of: &[&'a str]) -> &'a str {
        of[self.below(of.len())]
    }
}

/// Where statements are written: which blueprint names address an agent there.
#[derive(Clone, Copy)]
struct Scope<'a> {
    /// The blueprint whose script it is.
    me: &'a str,
    /// The other blueprint of the `when` rule around it, if any.
    other: Option<&'a str>,
}

/// A generated model: its blueprints' ScriptText and the instances of each.
struct Model {
    blueprints: Vec<(String, String)>,
    instances: Vec<usize>,
}

const NAMES: [&str; 3] = ["Ant", "Bee", "Cow"];

impl Model {
    fn generate(seed: u64) -> Model {
        let mut p = Pick(seed);
        let count = 1 + p.below(3);
        let names = &NAMES[..count];
        let blueprints = names
            .iter()
            .enumerate()
            .map(|(i, name)| (name.to_string(), blueprint(&mut p, names, name, i == 0)))
            .collect();
        let instances = names.iter().map(|_| 1 + p.below(6)).collect();
        Model {
            blueprints,
            instances,
        }
    }

    fn project(&self) -> Project {
        let blueprints: Vec<_> = self
            .blueprints
            .iter()
            .map(|(name, script)| serde_json::json!({"name": name, "label": name, "scriptText": script}))
            .collect();
        let mut instances = Vec::new();
        for ((name, _), &count) in self.blueprints.iter().zip(&self.instances) {
            for k in 0..count {
                instances.push(serde_json::json!({
                    "id": format!("{name}{k}"), "label": format!("{name} {k}"), "bpid": name,
                    "initScript": "",
                }));
            }
        }
        let json = serde_json::json!({
            "id": "generated", "label": "generated",
            "metadata": {"top": -60, "right": 60, "bottom": 60, "left": -60,
                         "wrap": [true, true], "bounce": false, "bgcolor": 0, "roundsCanLoop": false},
            "blueprints": blueprints, "instances": instances,
        });
        Project::from_json(&json.to_string()).expect("a generated project is well formed")
    }

    fn text(&self) -> String {
        let mut out = String::new();
        for ((_, script), count) in self.blueprints.iter().zip(&self.instances) {
            out.push_str(&format!("{script}// × {count}\n\n"));
        }
        out
    }
}

/// One blueprint's ScriptText; `first` declares the Global prop every blueprint may use.
fn blueprint(p: &mut Pick, names: &[&str], me: &str, first: bool) -> String {
    let mut s = format!("# BLUEPRINT {me}\n# PROGRAM DEFINE\n");
    s += "addFeature Movement\n";
    s += &format!(
        "featProp Movement movementType setTo '{}'\n",
        p.one(&["wander", "edgeToEdge", "jitter", "static"])
    );
    s += &format!("featProp Movement distance setTo {}\n", 1 + p.below(6));
    s += "featCall Movement setRandomPosition\n";
    if p.chance(30) {
        let seek = p.one(&[
            "seekNearest",
            "seekNearestVisibleCone",
            "seekNearestVisibleColor",
        ]);
        s += &format!("featCall Movement {seek} {}\n", p.one(names));
    }
    s += &format!("addProp n Number {}\n", p.below(50));
    if p.chance(40) {
        s += &format!("prop n setMax {}\n", 40 + p.below(60));
        s += "prop n setMin 0\n";
    }
    s += "addProp s String 'x'\naddProp on Boolean true\n";
    s += "useFeature Costume\nuseFeature Population\nuseFeature Global\n";
    if first {
        s += "featCall Global addGlobalProp g Number 0\n";
        // A prop only the first blueprint has, for blocks run on every character.
        s += "addProp k Number 0\n";
    }
    s += "useFeature Physics\n";
    s += &format!("featCall Physics setSize {}\n", 4 + p.below(30));
    s += "useFeature Vision\n";
    s += &format!("featProp Vision viewDistance setTo {}\n", 10 + p.below(60));
    for threshold in ["Hue", "Saturation", "Value"] {
        s += &format!(
            "featProp Vision color{threshold}DetectionThreshold setTo 0.{}\n",
            p.below(5)
        );
    }
    s += &format!(
        "featCall Costume setColorizeHSV 0.{} 0.{} 0.{}\n",
        p.below(3),
        p.below(3),
        p.below(3)
    );
    s += "useFeature Touches\n";
    for other in names {
        s += &format!(
            "featCall Touches monitor {other} {}\n",
            p.one(&["b2b", "c2c", "c2b", "binb"])
        );
    }
    let me_only = Scope { me, other: None };
    s += "# PROGRAM UPDATE\n";
    for _ in 0..1 + p.below(4) {
        statement(p, me_only, 0, &mut s);
    }
    if p.chance(30) {
        s += &format!("every {} [[\n", p.one(&["0.5", "1", "0.1"]));
        statement(p, me_only, 1, &mut s);
        s += "]]\n";
    }
    s += "# PROGRAM EVENT\n";
    for _ in 0..p.below(3) {
        let other = p.one(names);
        let rule = match p.below(10) {
            0 => format!("{me} touches {other}"),
            1 => format!("{me} firstTouches {other}"),
            2 => format!("{me} lastTouches {other}"),
            3 => format!("{me} isCenteredOn {other}"),
            4 => format!("{me} sees {other}"),
            5 => format!("{me} doesNotSee {other}"),
            6 => format!("{me} seesCamouflaged {other}"),
            _ => format!("{me} isCloseTo {other} {}", 5 + p.below(40)),
        };
        s += &format!("when {rule} [[\n");
        let scope = Scope {
            me,
            other: Some(other),
        };
        for _ in 0..1 + p.below(3) {
            statement(p, scope, 1, &mut s);
        }
        s += "]]\n";
    }
    if p.chance(25) {
        s += "onEvent Tick [[\n";
        statement(p, me_only, 1, &mut s);
        s += "]]\n";
    }
    s
}

/// A name that addresses an agent in `scope`: `agent`, or a blueprint name there.
fn who<'a>(p: &mut Pick, scope: Scope<'a>) -> &'a str {
    match scope.other {
        Some(other) if p.chance(50) => other,
        _ if p.chance(30) => scope.me,
        _ => "agent",
    }
}

/// A number expression.
fn number(p: &mut Pick, scope: Scope<'_>, depth: usize) -> String {
    let leaf = depth > 2 || p.chance(40);
    if leaf {
        return match p.below(7) {
            0 => format!("{}", p.below(20)),
            1 => "Math.random()".to_string(),
            2 => format!("{}.getProp('n').value", who(p, scope)),
            3 => format!("{}.x", who(p, scope)),
            4 => format!("{}.prop.Movement.direction.value", who(p, scope)),
            5 => "global.getProp('g').value".to_string(),
            _ => format!("{}.{}", p.below(10), p.below(10)),
        };
    }
    match p.below(5) {
        0 => format!("Math.floor({})", number(p, scope, depth + 1)),
        1 => format!(
            "({} ? {} : {})",
            test(p, scope, depth + 1),
            number(p, scope, depth + 1),
            number(p, scope, depth + 1)
        ),
        _ => format!(
            "({} {} {})",
            number(p, scope, depth + 1),
            p.one(&["+", "-", "*", "/", "%"]),
            number(p, scope, depth + 1)
        ),
    }
}

/// A true/false expression.
fn test(p: &mut Pick, scope: Scope<'_>, depth: usize) -> String {
    match p.below(if depth > 2 { 2 } else { 4 }) {
        0 => format!(
            "{} {} {}",
            number(p, scope, depth + 1),
            p.one(&["<", ">", "<=", ">=", "==", "!="]),
            number(p, scope, depth + 1)
        ),
        1 => format!("{}.getProp('on').value", who(p, scope)),
        2 => format!(
            "({} && {})",
            test(p, scope, depth + 1),
            test(p, scope, depth + 1)
        ),
        _ => format!(
            "!({} || {})",
            test(p, scope, depth + 1),
            test(p, scope, depth + 1)
        ),
    }
}

/// The argument of a number step: written out or computed.
fn amount(p: &mut Pick, scope: Scope<'_>) -> String {
    if p.chance(50) {
        format!("{}", p.below(10))
    } else {
        format!("{{{{ {} }}}}", number(p, scope, 0))
    }
}

/// Appends one statement (and, for a block, the statements inside it).
fn statement(p: &mut Pick, scope: Scope<'_>, depth: usize, out: &mut String) {
    let step = |p: &mut Pick| p.one(&["add", "sub", "setTo"]);
    let target = |p: &mut Pick| match who(p, scope) {
        "agent" => String::new(),
        name => format!("{name}."),
    };
    // Kinds 0..=9 and 14..=21 are single statements, 10 a spawn or removal, 11 and 12 an
    // `ifExpr`, 13 an `every`, 22 an `ifProp`, 23 a `tellAllCharacters`. Blocks nest two
    // deep at most. Spawning, removal and telling every character only outside `when`: a
    // rule's consequent runs once per pair, and spawning there grows a population past any
    // limit in a few ticks.
    const SIMPLE: [usize; 18] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15, 16, 17, 18, 19, 20, 21];
    let mut kinds = SIMPLE.to_vec();
    if depth <= 1 {
        kinds.extend([11, 12, 13, 22]);
        if scope.other.is_none() {
            kinds.extend([10, 23]);
        }
    }
    let line = match kinds[p.below(kinds.len())] {
        0 | 1 => format!("prop {}n {} {}", target(p), step(p), amount(p, scope)),
        2 => format!(
            "featProp {}Movement direction {} {}",
            target(p),
            step(p),
            amount(p, scope)
        ),
        3 => format!(
            "featCall Global globalProp g {} {}",
            step(p),
            amount(p, scope)
        ),
        4 => format!(
            "exprPush {{{{ {} }}}}\npropPop {}n",
            number(p, scope, 0),
            target(p)
        ),
        5 if p.chance(30) => format!("featCall {}Costume setPose {}", target(p), p.below(3)),
        5 if p.chance(40) => format!("featCall {}Costume setGlow {}", target(p), amount(p, scope)),
        5 => format!(
            "featCall {}Costume setColorizeHSV 0.{} 0.5 0.5",
            target(p),
            p.below(3)
        ),
        6 => format!(
            "prop {}s setTo {{{{ 'n=' + {}.getProp('n').value }}}}",
            target(p),
            who(p, scope)
        ),
        7 => format!("prop {}on setTo {{{{ {} }}}}", target(p), test(p, scope, 0)),
        8 => format!(
            "featProp {}Physics scale setTo {}",
            target(p),
            amount(p, scope)
        ),
        9 => format!("prop {}x {} {}", target(p), step(p), amount(p, scope)),
        10 => {
            // A spawn or a removal, rarely, so populations come and go without exploding.
            if p.chance(50) {
                "ifExpr {{ Math.random() < 0.02 }} [[\n  featCall Population spawnChild [[\n    prop n add 1\n  ]]\n]]".to_string()
            } else {
                "ifExpr {{ Math.random() < 0.02 }} [[\n  featCall Population removeCharacter\n]]"
                    .to_string()
            }
        }
        11 | 12 => {
            let mut block = format!("ifExpr {{{{ {} }}}} [[\n", test(p, scope, 0));
            for _ in 0..1 + p.below(2) {
                statement(p, scope, depth + 1, &mut block);
            }
            block + "]]"
        }
        13 => {
            let mut block = format!("every {} [[\n", p.one(&["0.5", "1", "0.2"]));
            statement(p, scope, depth + 1, &mut block);
            block + "]]"
        }
        14 => format!(
            "prop {}n {} {}",
            target(p),
            p.one(&["mul", "div", "addRnd", "subRnd", "setToRnd"]),
            amount(p, scope)
        ),
        // A statement that fails at run time, for the log.
        15 => format!(
            "prop {}n setTo {{{{ 1 / ({}.x - {}.x) }}}}",
            target(p),
            who(p, scope),
            who(p, scope)
        ),
        16 => format!(
            "featPropPush {}Movement direction\nfeatPropPop {}Physics scale",
            target(p),
            target(p)
        ),
        17 => format!("propPush {}n\npropPop {}s", target(p), target(p)),
        18 => format!(
            "featCall {}Movement {}",
            target(p),
            p.one(&["setRandomDirection", "jitterPos", "jitterRotate"])
        ),
        20 => format!(
            "exprPush {{{{ {} }}}}\nfeatPropPop {}{}",
            number(p, scope, 0),
            target(p),
            p.one(&[
                "Movement direction",
                "Physics scale",
                "Movement compassDirection"
            ])
        ),
        21 => format!(
            "prop {}on setTo {{{{ {}.prop.Movement.compassDirection.value {} '{}' }}}}",
            target(p),
            who(p, scope),
            p.one(&["===", "!==", "==", "!="]),
            p.one(&["E", "W", "N"])
        ),
        22 => {
            let compare = p.one(&["lessThan", "greaterThan", "equal", "notEqual", "gte", "lt"]);
            let mut block = format!("ifProp {}n {compare} {} [[\n", target(p), amount(p, scope));
            statement(p, scope, depth + 1, &mut block);
            block + "]]"
        }
        23 => {
            // Runs on characters of every blueprint: a bare prop is each one's, `k` only the
            // first blueprint's (the others fail the line), and the script's blueprint name
            // the character when it is one of that blueprint.
            let each = scope;
            let mut block =
                "ifExpr {{ Math.random() < 0.2 }} [[\n  featCall Population tellAllCharacters [[\n"
                    .to_string();
            for _ in 0..1 + p.below(2) {
                let line = match p.below(4) {
                    0 => format!("prop k {} {}", step(p), amount(p, each)),
                    1 => format!("prop {}.n add {}", each.me, amount(p, each)),
                    2 => format!("prop on setTo {{{{ {} }}}}", test(p, each, 1)),
                    _ => format!("prop n {} {}", step(p), amount(p, each)),
                };
                block += &format!("    {line}\n");
            }
            block + "  ]]\n]]"
        }
        _ => format!("dbgOut {{{{ {} }}}}", number(p, scope, 1)),
    };
    out.push_str(&line);
    out.push('\n');
}

/// Runs `model` both ways; the first tick where they differ, or `None`.
fn difference(model: &Model, seed: u64) -> Option<String> {
    let project = model.project();
    let (engine, reference) = (
        Simulation::load(&project, seed),
        Simulation::load_reference(&project, seed),
    );
    let (mut engine, mut reference) = match (engine, reference) {
        // Kept small, so a growing population stops well below the pair cap of a rule
        // (which pairs a capped scan skips depends on the order it finds them).
        (Ok(mut e), Ok(mut r)) => {
            e.set_agent_cap(AGENT_CAP);
            r.set_agent_cap(AGENT_CAP);
            // Every other run on a small work budget, so ticks stop part way, at a
            // statement both ways must agree on.
            if seed % 2 == 1 {
                let limit = 20 + seed % 400;
                e.set_work_limit(limit);
                r.set_work_limit(limit);
            }
            (e, r)
        }
        (Err(e), Err(r)) if e.to_string() == r.to_string() => return None,
        (e, r) => {
            return Some(format!(
                "they load differently: {:?} / {:?}",
                e.err().map(|e| e.to_string()),
                r.err().map(|e| e.to_string())
            ))
        }
    };
    for tick in 0..=TICKS {
        if engine.state_hash() != reference.state_hash() {
            return Some(format!(
                "the state differs after tick {tick}: {}",
                describe(&engine, &reference)
            ));
        }
        if engine.log() != reference.log() {
            return Some(format!(
                "the log differs after tick {tick}:\n{:#?}\n---\n{:#?}",
                engine.log(),
                reference.log()
            ));
        }
        if engine.work_done() != reference.work_done() {
            return Some(format!(
                "the work counted differs after tick {tick}: {} / {}",
                engine.work_done(),
                reference.work_done()
            ));
        }
        if engine.stopped() != reference.stopped() {
            return Some(format!(
                "they stop differently after tick {tick}: {:?} / {:?}",
                engine.stopped(),
                reference.stopped()
            ));
        }
        // A run stopped at its budget goes on, as after the teacher's Play.
        engine.go_on();
        reference.go_on();
        engine.step();
        reference.step();
    }
    None
}

/// What differs between two simulations' agents and Global props, in words.
fn describe(a: &Simulation, b: &Simulation) -> String {
    let agents = |sim: &Simulation| -> Vec<String> {
        sim.agents()
            .map(|v| {
                let props: Vec<String> = v
                    .props()
                    .iter()
                    .map(|p| format!("{}={:?}", p.name, p.value))
                    .collect();
                format!("{} {:?} {}", v.name(), v.position(), props.join(" "))
            })
            .collect()
    };
    let (xs, ys) = (agents(a), agents(b));
    if xs.len() != ys.len() {
        return format!("{} agents / {} agents", xs.len(), ys.len());
    }
    if let Some((x, y)) = xs.iter().zip(&ys).find(|(x, y)| x != y) {
        return format!("\n  engine:    {x}\n  reference: {y}");
    }
    format!("globals {:?} / {:?}", a.globals(), b.globals())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(48),
        .. ProptestConfig::default()
    })]

    #[test]
    fn the_engine_and_the_reference_interpreter_agree(seed in any::<u64>(), sim_seed in 0u64..1000) {
        let model = Model::generate(seed);
        if let Some(why) = difference(&model, sim_seed) {
            prop_assert!(false, "{why}\nmodel (seed {seed}, simulation seed {sim_seed}):\n{}", model.text());
        }
    }
}

#[test]
fn generated_models_compile_and_do_something() {
    // The generator is only useful if its models load and their rules fire.
    let mut loaded = 0;
    let mut changed = 0;
    let mut logged = 0;
    let mut stopped = 0;
    let mut told = 0;
    for seed in 0..40 {
        let model = Model::generate(seed);
        let mut sim = match Simulation::load(model.project(), 1) {
            Ok(sim) => sim,
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                continue;
            }
        };
        loaded += 1;
        told += usize::from(model.text().contains("tellAllCharacters"));
        let before = sim.state_hash();
        for _ in 0..10 {
            sim.step();
        }
        changed += usize::from(sim.state_hash() != before);
        logged += usize::from(!sim.log().is_empty());
        // On a small work budget, ticks stop part way: the comparison covers that too.
        sim.set_work_limit(10);
        sim.step();
        stopped += usize::from(sim.stopped().is_some());
    }
    assert!(
        stopped >= 10,
        "only {stopped} of 40 generated models stopped at a small budget"
    );
    assert!(loaded >= 36, "only {loaded} of 40 generated models loaded");
    assert!(
        told >= 5,
        "only {told} of 40 generated models tell every character"
    );
    assert!(
        changed >= 36,
        "only {changed} of 40 generated models changed"
    );
    // Errors and dbgOut lines are written too, so the logs are compared on something.
    assert!(
        logged >= 20,
        "only {logged} of 40 generated models wrote to the log"
    );
}

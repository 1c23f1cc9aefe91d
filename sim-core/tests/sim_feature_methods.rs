//! Every feature method in the catalog runs in the runtime, and the ones that answer
//! questions (colours, camouflage, a random character) answer as GEMSTEP's do.

mod sim_common;

use sim_common::{errors, load, num, project, prop, run_seconds};
use sim_core::{
    script::{ArgKind, ArgSpec},
    Simulation, Value, FEATURES,
};

/// A value for one argument of a catalog method, written as a `featCall` argument.
fn statement_arg(spec: &ArgSpec) -> String {
    match spec.kind {
        ArgKind::Number | ArgKind::Any => "1".to_string(),
        ArgKind::Boolean => "true".to_string(),
        ArgKind::Choice => spec.allowed.first().copied().unwrap_or("x").to_string(),
        ArgKind::Blueprint => "Moth".to_string(),
        ArgKind::PropName => "energy".to_string(),
        ArgKind::NewName => "shared".to_string(),
        ArgKind::VarType => "Number".to_string(),
        ArgKind::Method => "add".to_string(),
        ArgKind::Block => "[[\n]]".to_string(),
        _ => "'shared'".to_string(),
    }
}

/// The same argument written inside `{{ }}` (blocks cannot be passed there).
fn expression_arg(spec: &ArgSpec) -> Option<String> {
    Some(match spec.kind {
        ArgKind::Block => return None,
        ArgKind::Number | ArgKind::Any => "1".to_string(),
        ArgKind::Boolean => "true".to_string(),
        _ => format!("'{}'", statement_arg(spec).trim_matches('\'')),
    })
}

/// A blueprint that adds every feature and calls every catalog method once per tick, as a
/// statement and through `callFeatMethod`.
fn every_method_script() -> String {
    let mut script =
        String::from("# BLUEPRINT Tester\n# PROGRAM DEFINE\naddProp energy Number 1\n");
    for f in FEATURES.iter().map(|f| &f.spec) {
        script += &format!("addFeature {}\n", f.name);
    }
    script += "featCall Global addGlobalProp shared Number 0\n# PROGRAM UPDATE\n";
    for f in FEATURES.iter().map(|f| &f.spec) {
        for m in f.methods {
            let args: Vec<String> = m.args.iter().map(statement_arg).collect();
            script += &format!("featCall {} {} {}\n", f.name, m.name, args.join(" "));
            let values: Vec<String> = m.args.iter().filter_map(expression_arg).collect();
            let mut call = vec![format!("'{}'", f.name), format!("'{}'", m.name)];
            call.extend(values);
            script += &format!(
                "exprPush {{{{ agent.callFeatMethod({}) }}}}\n",
                call.join(", ")
            );
        }
    }
    script
}

#[test]
fn every_catalog_method_runs_as_a_statement_and_through_call_feat_method() {
    let tester = every_method_script();
    let moth = "# BLUEPRINT Moth\n# PROGRAM DEFINE\naddProp energy Number 1\naddFeature Cursor\n";
    let p = project(
        &[("Tester", &tester), ("Moth", moth)],
        &[("Tester", "t", ""), ("Moth", "m", "")],
        false,
    );
    let mut sim = load(&p, 3);
    run_seconds(&mut sim, 1);
    let missing: Vec<String> = errors(&sim)
        .into_iter()
        .filter(|e| e.contains("has no method") || e.contains("not available"))
        .collect();
    assert!(
        missing.is_empty(),
        "methods the runtime does not run: {missing:#?}"
    );
}

#[test]
fn an_unknown_method_in_call_feat_method_is_an_error_naming_it() {
    let script = "# BLUEPRINT A\n# PROGRAM DEFINE\naddFeature Costume\n# PROGRAM UPDATE\nexprPush {{ agent.callFeatMethod('Costume', 'paint' + 'ItBlack') }}\n";
    let mut sim = load(&project(&[("A", script)], &[("A", "a", "")], false), 1);
    sim.step();
    let errs = errors(&sim);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].contains("Costume has no method 'paintItBlack'"),
        "{errs:?}"
    );
}

/// Where a character that starts at 0, 0 ends up after `jitterPos ARGS`, on `seed`, and the
/// warnings the model gave.
fn jittered(args: &str, seed: u64) -> ((f64, f64), Vec<String>) {
    let script = "# BLUEPRINT J\n# PROGRAM DEFINE\naddFeature Movement\n";
    let init = format!("prop x setTo 0\nprop y setTo 0\nfeatCall Movement jitterPos {args}");
    let sim = load(
        &project(&[("J", script)], &[("J", "j", &init)], false),
        seed,
    );
    let place = (num(&sim, "J/j", "x"), num(&sim, "J/j", "y"));
    (place, sim_common::warnings(&sim))
}

#[test]
fn jitter_pos_moves_each_way_by_a_whole_number_from_min_to_max_which_are_5_each_way_when_left_out()
{
    let movement = &FEATURES
        .iter()
        .find(|f| f.spec.name == "Movement")
        .unwrap()
        .spec;
    let jitter = movement.method("jitterPos").unwrap();
    let kinds: Vec<(&str, ArgKind)> = jitter.args.iter().map(|a| (a.name, a.kind)).collect();
    assert_eq!(
        kinds,
        [
            ("min", ArgKind::Number),
            ("max", ArgKind::Number),
            ("round", ArgKind::Boolean)
        ]
    );
    // Every whole step from min to max turns up (both ends too: GEMSTEP rounds), and none
    // outside.
    let steps = |args: &str| {
        let mut seen = std::collections::BTreeSet::new();
        for seed in 0..200 {
            let ((x, y), warned) = jittered(args, seed);
            assert!(warned.is_empty(), "jitterPos {args}: {warned:?}");
            for v in [x, y] {
                assert_eq!(v, v.round(), "jitterPos {args} moved by {v}");
                seen.insert(v as i64);
            }
        }
        seen.into_iter().collect::<Vec<_>>()
    };
    assert_eq!(steps(""), (-5..=5).collect::<Vec<_>>());
    assert_eq!(steps("-2 2"), [-2, -1, 0, 1, 2]);
    assert_eq!(steps("3"), [3, 4, 5], "min 3, max 5 (left out)");
    assert_eq!(steps("0 2 true"), [0, 1, 2]);
    // round false: any amount from min up to max.
    let (mut low, mut high) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut fractions = 0;
    for seed in 0..200 {
        let ((x, y), warned) = jittered("-2 2 false", seed);
        assert!(warned.is_empty(), "{warned:?}");
        for v in [x, y] {
            assert!((-2.0..2.0).contains(&v), "moved by {v}");
            fractions += usize::from(v != v.round());
            (low, high) = (low.min(v), high.max(v));
        }
    }
    assert!(
        fractions > 390,
        "not rounded: {fractions} of 400 moves had a fraction"
    );
    assert!(low < -1.9 && high > 1.9, "from {low} to {high}");
}

#[test]
fn jitter_pos_draws_from_the_simulation_s_seed() {
    for seed in [1, 2, 99] {
        assert_eq!(
            jittered("-10 10 false", seed),
            jittered("-10 10 false", seed)
        );
    }
    let places: std::collections::HashSet<_> = (0..20)
        .map(|seed| {
            let ((x, y), _) = jittered("-10 10 false", seed);
            (x.to_bits(), y.to_bits())
        })
        .collect();
    assert!(places.len() > 15, "the seed decides the step");
}

/// The orientations (radians) of a character that calls `jitterRotate` on the ticks
/// `calls` does, tick by tick for `ticks` ticks, moving as `movement` says.
fn spun(movement: &str, calls: &str, seed: u64, ticks: usize) -> Vec<f64> {
    let script = format!(
        "# BLUEPRINT J
# PROGRAM DEFINE
addFeature Movement
addProp n Number 0
{movement}
# PROGRAM UPDATE
prop n add 1
ifExpr {{{{ {calls} }}}} [[
  featCall Movement jitterRotate
]]
"
    );
    let mut sim = load(&project(&[("J", &script)], &[("J", "j", "")], false), seed);
    let id = sim.lookup("J/j").unwrap();
    (0..ticks)
        .map(|_| {
            sim.step();
            sim.agent(id).unwrap().orientation()
        })
        .collect()
}

#[test]
fn jitter_rotate_turns_the_character_to_any_angle_once_per_call() {
    let tau = std::f64::consts::TAU;
    // Called on tick 3 only: the angle changes that tick, then stays.
    let once = spun("", "agent.getProp('n').value === 3", 5, 6);
    assert_eq!(&once[..2], [0.0, 0.0]);
    assert_ne!(once[2], 0.0);
    assert!(once[2..].iter().all(|&o| o == once[2]), "{once:?}");
    // Called every tick: a new angle each tick, anywhere in a whole turn.
    let every = spun("", "true", 5, 300);
    assert!(every.iter().all(|o| (0.0..tau).contains(o)), "{every:?}");
    assert!(every.windows(2).all(|w| w[0] != w[1]));
    assert!(every.iter().any(|&o| o < 0.5) && every.iter().any(|&o| o > tau - 0.5));
    assert_eq!(
        every,
        spun("", "true", 5, 300),
        "the seed decides the angles"
    );
    // A character turned to face the way it moves is turned at random instead that tick.
    let facing = "featProp Movement useAutoOrientation setTo true
featProp Movement movementType setTo 'edgeToEdge'
featProp Movement direction setTo 90";
    let turned = spun(facing, "agent.getProp('n').value === 3", 5, 5);
    let up = -std::f64::consts::FRAC_PI_2;
    assert_eq!((turned[0], turned[1], turned[3]), (up, up, up));
    assert!(
        turned[2] != up && (0.0..tau).contains(&turned[2]),
        "{turned:?}"
    );
}

const PAINTED: &str = "# BLUEPRINT Painted
# PROGRAM DEFINE
addFeature Costume
addProp h Number 0
addProp s Number 0
addProp v Number 0
addProp hue Number 0
featCall Costume setColorizeHSV 0.25 0.5 0.75
# PROGRAM UPDATE
exprPush {{ agent.callFeatMethod('Costume', 'getColorHSV').hue }}
propPop hue
featCall Costume getColorHSV
propPop v
propPop s
propPop h
";

#[test]
fn get_color_hsv_returns_the_hue_saturation_and_value_the_costume_was_given() {
    let mut sim = load(
        &project(&[("Painted", PAINTED)], &[("Painted", "p", "")], false),
        1,
    );
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    assert_eq!(
        num(&sim, "Painted/p", "hue"),
        0.25,
        "through callFeatMethod"
    );
    let hsv = ["h", "s", "v"].map(|p| num(&sim, "Painted/p", p));
    assert_eq!(
        hsv,
        [0.25, 0.5, 0.75],
        "as a featCall, pushed in that order"
    );
}

fn scale_colour(init: &str, step: &str) -> Simulation {
    let script = format!(
        "# BLUEPRINT S\n# PROGRAM DEFINE\naddFeature Costume\naddProp c Number -1\n{init}\n# PROGRAM UPDATE\nexprPush {{{{ agent.callFeatMethod('Costume', 'getHSVColorScaleColor', {step}) }}}}\npropPop c\n"
    );
    let mut sim = load(&project(&[("S", &script)], &[("S", "s", "")], false), 1);
    sim.step();
    sim
}

#[test]
fn get_hsv_color_scale_color_steps_the_scale_part_from_0_to_1() {
    let value_scale = "featCall Costume initHSVColorScale 0 0 1 'value' 5";
    assert_eq!(
        num(&scale_colour(value_scale, "0"), "S/s", "c"),
        0.0,
        "black"
    );
    assert_eq!(
        num(&scale_colour(value_scale, "4"), "S/s", "c"),
        16_777_215.0,
        "white"
    );
    let grey = f64::from(0x80_80_80);
    assert_eq!(num(&scale_colour(value_scale, "2"), "S/s", "c"), grey);
    let hue_scale = "featCall Costume initHSVColorScale 0.5 1 1 'hue' 4";
    assert_eq!(
        num(&scale_colour(hue_scale, "0"), "S/s", "c"),
        f64::from(0xff_00_00),
        "hue 0 is red"
    );
    let none = "featCall Costume setColorizeHSV 0.5 1 1";
    assert_eq!(
        num(&scale_colour(none, "3"), "S/s", "c"),
        0.0,
        "no scale set up: black"
    );
}

#[test]
fn a_step_off_the_colour_scale_is_reported() {
    let sim = scale_colour("featCall Costume initHSVColorScale 0 0 1 'value' 5", "7");
    let errs = errors(&sim);
    assert!(
        errs.iter().any(
            |e| e.contains("step 7 is not on the colour scale: use a whole number from 0 to 4")
        ),
        "{errs:?}"
    );
}

#[test]
fn the_colour_scale_index_picks_the_characters_tint() {
    let script = "# BLUEPRINT S\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume initHSVColorScale 0.5 1 1 'saturation' 3\nfeatProp Costume colorScaleIndex setTo 1\n";
    let mut sim = load(&project(&[("S", script)], &[("S", "s", "")], false), 1);
    sim.step();
    let id = sim.lookup("S/s").unwrap();
    let colour = sim.agent(id).unwrap().costume().color;
    // Hue 0.5 (cyan) at half saturation and full value.
    assert_eq!(colour, Some(0x80_ff_ff));
}

#[test]
fn randomize_color_moves_red_green_and_blue_by_at_most_the_amounts_given() {
    for seed in 0..20 {
        let script = "# BLUEPRINT R\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setColorize 0.5 0.5 0.5\nfeatCall Costume randomizeColor 0.2 0 0\n";
        let mut sim = load(&project(&[("R", script)], &[("R", "r", "")], false), seed);
        sim.step();
        let id = sim.lookup("R/r").unwrap();
        let rgb = sim.agent(id).unwrap().costume().color.unwrap();
        let (r, g, b) = ((rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff);
        assert_eq!((g, b), (128, 128), "seed {seed}: green and blue stay");
        assert!(
            (76..=179).contains(&r),
            "seed {seed}: red {r} moved by more than 0.2"
        );
    }
}

const CAMO: &str = "# BLUEPRINT Moth
# PROGRAM DEFINE
addFeature Costume
addFeature Vision
featCall Costume setColorizeHSV 0.1 0.5 0.5
featProp Vision colorHueDetectionThreshold setTo 0.1
featProp Vision colorSaturationDetectionThreshold setTo 0.1
featProp Vision colorValueDetectionThreshold setTo 0.1
addProp onBark Boolean false
addProp onLeaf Boolean false
addProp pushed Boolean false
# PROGRAM UPDATE
exprPush {{ agent.callFeatMethod('Vision', 'isCamouflaged', 'Bark') }}
propPop onBark
exprPush {{ agent.callFeatMethod('Vision', 'isCamouflaged', 'Leaf') }}
propPop onLeaf
featCall Vision isCamouflaged Bark
propPop pushed
";

fn tree(name: &str, value: f64) -> String {
    format!("# BLUEPRINT {name}\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setColorizeHSV 0.12 0.5 {value}\n")
}

#[test]
fn is_camouflaged_is_true_only_on_a_background_within_the_characters_colour_thresholds() {
    let (bark, leaf) = (tree("Bark", 0.55), tree("Leaf", 0.9));
    let p = project(
        &[("Moth", CAMO), ("Bark", &bark), ("Leaf", &leaf)],
        &[("Moth", "m", ""), ("Bark", "b", ""), ("Leaf", "l", "")],
        false,
    );
    let mut sim = load(&p, 1);
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    assert_eq!(
        prop(&sim, "Moth/m", "onBark"),
        Value::Boolean(true),
        "value 0.5 on bark 0.55"
    );
    assert_eq!(
        prop(&sim, "Moth/m", "onLeaf"),
        Value::Boolean(false),
        "value 0.5 on leaf 0.9"
    );
    assert_eq!(
        prop(&sim, "Moth/m", "pushed"),
        Value::Boolean(true),
        "as a featCall"
    );
    let moth = sim.lookup("Moth/m").unwrap();
    sim.move_agent(moth, 200.0, 0.0).unwrap();
    sim.step();
    assert_eq!(
        prop(&sim, "Moth/m", "onBark"),
        Value::Boolean(false),
        "off the bark"
    );
}

const PICKER: &str = "# BLUEPRINT Picker
# PROGRAM DEFINE
addFeature Population
addProp inertPicks Number 0
addProp picks Number 0
addProp last String ''
# PROGRAM UPDATE
ifExpr {{ agent.callFeatMethod('Population', 'getRandomActiveCharacter', 'Moth').prop.isInert.value }} [[
  prop inertPicks add 1
]]
exprPush {{ agent.callFeatMethod('Population', 'getRandomActiveCharacter', 'Moth').name }}
propPop last
prop picks add 1
";

fn picks(seed: u64) -> (Simulation, Vec<String>) {
    let moth = "# BLUEPRINT Moth\n# PROGRAM DEFINE\naddProp e Number 0\n";
    let p = project(
        &[("Picker", PICKER), ("Moth", moth)],
        &[
            ("Picker", "p", ""),
            ("Moth", "a", ""),
            ("Moth", "b", ""),
            ("Moth", "dead", "prop isInert setTo true"),
        ],
        false,
    );
    let mut sim = load(&p, seed);
    let mut names = Vec::new();
    for _ in 0..60 {
        sim.step();
        names.push(prop(&sim, "Picker/p", "last").as_text().unwrap());
    }
    (sim, names)
}

#[test]
fn get_random_active_character_picks_active_ones_of_the_kind_with_the_seeded_generator() {
    let (sim, names) = picks(5);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    assert_eq!(
        num(&sim, "Picker/p", "inertPicks"),
        0.0,
        "never the inert moth"
    );
    assert!(names.iter().all(|n| n == "a" || n == "b"), "{names:?}");
    assert!(
        names.iter().any(|n| n == "a") && names.iter().any(|n| n == "b"),
        "both get picked"
    );
    assert_eq!(picks(5).1, names, "the same seed picks the same moths");
    assert_ne!(picks(6).1, names, "another seed picks others");
}

#[test]
fn get_random_active_character_gives_null_when_the_kind_has_no_active_character() {
    let asker = "# BLUEPRINT Asker
# PROGRAM DEFINE
addFeature Population
addProp none Boolean false
# PROGRAM UPDATE
exprPush {{ agent.callFeatMethod('Population', 'getRandomActiveCharacter', 'Moth') == null }}
propPop none
";
    let moth = "# BLUEPRINT Moth\n# PROGRAM DEFINE\naddProp e Number 0\n";
    let p = project(
        &[("Asker", asker), ("Moth", moth)],
        &[
            ("Asker", "a", ""),
            ("Moth", "dead", "prop isInert setTo true"),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    assert_eq!(prop(&sim, "Asker/a", "none"), Value::Boolean(true));
}

fn seeker(seek: &str) -> Simulation {
    let predator = format!(
        "# BLUEPRINT Predator
# PROGRAM DEFINE
addFeature Movement
addFeature Vision
featProp Vision viewAngle setTo 90
featProp Vision colorHueDetectionThreshold setTo 0.2
featProp Vision colorSaturationDetectionThreshold setTo 0.2
featProp Vision colorValueDetectionThreshold setTo 0.2
featCall Movement {seek} Moth
featProp Movement distance setTo 1
"
    );
    let moth = "# BLUEPRINT Moth\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setColorizeHSV 0.1 0.5 0.5\n";
    let bark = tree("Bark", 0.5);
    let p = project(
        &[("Predator", &predator), ("Moth", moth), ("Bark", &bark)],
        &[
            ("Predator", "p", ""),
            ("Bark", "b", "prop x setTo 60\nprop y setTo -40"),
            ("Moth", "hidden", "prop x setTo 60\nprop y setTo -40"),
            (
                "Moth",
                "bright",
                "prop x setTo 120\nprop y setTo 60\nfeatCall Costume setColorizeHSV 0.6 1 1",
            ),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    sim
}

#[test]
fn seek_nearest_visible_color_passes_over_a_camouflaged_target_for_one_it_can_make_out() {
    let predator_y = |sim: &Simulation| {
        let id = sim.lookup("Predator/p").unwrap();
        sim.agent(id).unwrap().position().1
    };
    let by_colour = seeker("seekNearestVisibleColor");
    assert!(
        predator_y(&by_colour) > 0.0,
        "heads for the bright moth below"
    );
    let by_cone = seeker("seekNearestVisibleCone");
    assert!(
        predator_y(&by_cone) < 0.0,
        "the cone alone finds the nearer, hidden moth"
    );
}

/// Two Fish (with energy) that tell every character to add to its energy each tick, and an
/// Algae without it; run by the engine or by the reference interpreter.
fn telling(reference: bool) -> Simulation {
    let fish = "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energy Number 0
addFeature Population
# PROGRAM UPDATE
featCall Population tellAllCharacters [[
  prop energy add 1
  prop Algae.size add 1
]]
";
    let algae = "# BLUEPRINT Algae
# PROGRAM DEFINE
addProp size Number 0
";
    let p = project(
        &[("Fish", fish), ("Algae", algae)],
        &[("Fish", "f1", ""), ("Fish", "f2", ""), ("Algae", "a", "")],
        false,
    );
    if reference {
        Simulation::load_reference(p, 1).expect("the reference loads it")
    } else {
        load(&p, 1)
    }
}

#[test]
fn tell_all_characters_looks_a_prop_up_on_each_character_it_runs_on() {
    let mut sim = telling(false);
    let mut reference = telling(true);
    for _ in 0..3 {
        sim.step();
        reference.step();
        assert_eq!(sim.state_hash(), reference.state_hash());
        assert_eq!(sim.log(), reference.log());
    }
    // Each Fish tells both Fish and the Algae, every tick.
    assert_eq!(num(&sim, "Fish/f1", "energy"), 6.0);
    assert_eq!(num(&sim, "Fish/f2", "energy"), 6.0);
    assert_eq!(num(&sim, "Algae/a", "size"), 6.0);
    // On a character without the prop the line fails, is logged and is skipped, as GEMSTEP
    // fails it; the other characters still run it.
    assert_eq!(
        errors(&sim),
        [
            "Fish:8:3: 'Algae' is no character here: this line runs for f1, a Fish, and no 'when' names Algae",
            "Fish:7:3: a has no property 'energy'",
        ]
    );
}

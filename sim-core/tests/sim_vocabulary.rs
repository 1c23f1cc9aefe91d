//! GEMSTEP words Stepwise lacked: each compiles and does what GEMSTEP's code does
//! (dev-next: feat-global, feat-touches, feat-graphing, class-sm-number, class-sm-string).

mod sim_common;

use sim_common::{errors, load, num, project, prop, run_seconds};
use sim_core::Value;

#[test]
fn get_global_prop_gives_a_global_props_value() {
    let bp = "# BLUEPRINT G
# PROGRAM DEFINE
addFeature Global
featCall Global addGlobalProp rain Number 7
addProp seen Number 0
addProp read Number 0
# PROGRAM UPDATE
featCall Global getGlobalProp rain
propPop seen
exprPush {{ agent.callFeatMethod('Global', 'getGlobalProp', 'rain') + 1 }}
propPop read
";
    let mut sim = load(&project(&[("G", bp)], &[("G", "g", "")], false), 1);
    sim.step();
    assert_eq!(num(&sim, "G/g", "seen"), 7.0);
    assert_eq!(num(&sim, "G/g", "read"), 8.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn global_in_an_expression_is_the_agent_holding_the_global_props() {
    // GEMSTEP gives every expression `global` (class-sm-agent's exec context): its props
    // are the Global props.
    let bp = "# BLUEPRINT G
# PROGRAM DEFINE
addFeature Global
featCall Global addGlobalProp rain Number 7
addProp read Number 0
addProp also Number 0
addProp missing Number 0
# PROGRAM UPDATE
exprPush {{ global.getProp('rain').value + 1 }}
propPop read
exprPush {{ global.prop.rain.value * 2 }}
propPop also
exprPush {{ global.getProp('snow').value }}
propPop missing
";
    let mut sim = load(&project(&[("G", bp)], &[("G", "g", "")], false), 1);
    sim.step();
    assert_eq!(num(&sim, "G/g", "read"), 8.0);
    assert_eq!(num(&sim, "G/g", "also"), 14.0);
    let errors = errors(&sim);
    assert!(
        errors
            .iter()
            .any(|e| e.contains("no global property 'snow'")),
        "{errors:?}"
    );
}

#[test]
fn clear_touches_makes_a_touch_that_goes_on_a_first_touch_again() {
    let toucher = |clear: &str| {
        format!(
            "# BLUEPRINT A
# PROGRAM DEFINE
addFeature Physics
addFeature Touches
featCall Touches monitor B b2b
addProp firsts Number 0
# PROGRAM UPDATE
{clear}
when A firstTouches B [[
  prop A.firsts add 1
]]
"
        )
    };
    let b = "# BLUEPRINT B\n# PROGRAM DEFINE\naddFeature Physics\n";
    let run = |clear: &str| {
        let script = toucher(clear);
        let p = project(
            &[("A", script.as_str()), ("B", b)],
            &[("A", "a", ""), ("B", "b", "prop x setTo 5")],
            false,
        );
        let mut sim = load(&p, 1);
        for _ in 0..10 {
            sim.step();
        }
        assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
        num(&sim, "A/a", "firsts")
    };
    assert_eq!(run(""), 1.0, "a touch that goes on is first once");
    assert_eq!(
        run("featCall Touches clearTouches {{ agent.id }}"),
        10.0,
        "forgotten every tick, it is first every tick"
    );
    assert_eq!(
        run("featCall Touches clearTouches"),
        1.0,
        "without an id nothing is forgotten, as in GEMSTEP"
    );
}

#[test]
fn show_message_prop_shows_message_string_to_show() {
    let bp = "# BLUEPRINT M
# PROGRAM DEFINE
addFeature Graphing
featProp Graphing messageStringToShow setTo 'Moths are hiding'
# PROGRAM EVENT
onEvent Start [[
  featCall Graphing showMessageProp
]]
";
    let mut sim = load(&project(&[("M", bp)], &[("M", "m", "")], false), 1);
    sim.step();
    let last = sim.dialogs().last().map(|d| d.text.clone());
    assert_eq!(last.as_deref(), Some("Moths are hiding"));
}

#[test]
fn number_option_tests_compare_with_the_options_number() {
    let bp = "# BLUEPRINT N
# PROGRAM DEFINE
addProp speed Number 5
prop speed addOption slow 2
prop speed addOption fast 9
addProp tint Number 0
prop tint setToColor 16711680
addProp checks String ''
# PROGRAM UPDATE
ifProp speed notEqualToOption fast [[
  exprPush {{ agent.getProp('checks').value + 'a' }}
  propPop checks
]]
ifProp speed greaterThanOption slow [[
  exprPush {{ agent.getProp('checks').value + 'b' }}
  propPop checks
]]
ifProp speed lessThanOption fast [[
  exprPush {{ agent.getProp('checks').value + 'c' }}
  propPop checks
]]
ifProp speed greaterThanOrEqualToOption fast [[
  exprPush {{ agent.getProp('checks').value + 'X' }}
  propPop checks
]]
ifProp speed lessThanOrEqualToOption slow [[
  exprPush {{ agent.getProp('checks').value + 'Y' }}
  propPop checks
]]
";
    let mut sim = load(&project(&[("N", bp)], &[("N", "n", "")], false), 1);
    sim.step();
    assert_eq!(prop(&sim, "N/n", "checks"), Value::String("abc".into()));
    assert_eq!(num(&sim, "N/n", "tint"), 16_711_680.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn string_not_equal_to_option() {
    let bp = "# BLUEPRINT S
# PROGRAM DEFINE
addProp role String 'eater'
prop role addOption producer 'makes food'
addProp differs Boolean false
# PROGRAM UPDATE
ifProp role notEqualToOption producer [[
  prop differs setTo true
]]
";
    let mut sim = load(&project(&[("S", bp)], &[("S", "s", "")], false), 1);
    run_seconds(&mut sim, 1);
    assert_eq!(prop(&sim, "S/s", "differs"), Value::Boolean(true));
}

#[test]
fn gemstep_spelling_of_set_characters_by_feat_prop_type_keys_compiles() {
    let bp = "# BLUEPRINT P
# PROGRAM DEFINE
addFeature Population
featCall Population setCharctersByFeatPropTypeKeys 'a' 'b'
";
    let sim = load(&project(&[("P", bp)], &[("P", "p", "")], false), 1);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn gemstep_built_in_agent_props_hold_values_within_gemsteps_limits() {
    let bp = "# BLUEPRINT B
# PROGRAM DEFINE
prop statusValue setTo 1.7
prop statusValueColor setTo 65280
prop statusValueIsLarge setTo true
prop scaleY setTo 25
prop scale setTo 2
prop glowColor setTo 255
prop isInhabitingTarget setTo true
addProp tracker String ''
addProp tint Number 0
# PROGRAM UPDATE
propPush trackerId
propPop tracker
prop color setTo 16711680
propPush color
propPop tint
";
    let mut sim = load(&project(&[("B", bp)], &[("B", "b", "")], false), 1);
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    assert_eq!(
        num(&sim, "B/b", "statusValue"),
        1.0,
        "statusValue stays within 0..1"
    );
    assert_eq!(
        num(&sim, "B/b", "scaleY"),
        10.0,
        "scaleY stays within -10..10"
    );
    assert_eq!(
        prop(&sim, "B/b", "tracker"),
        Value::String("b".into()),
        "trackerId copies the name"
    );
    assert_eq!(num(&sim, "B/b", "tint"), 16_711_680.0);
    assert_eq!(
        prop(&sim, "B/b", "isInhabitingTarget"),
        Value::Boolean(true)
    );
    let id = sim.lookup("B/b").unwrap();
    let view = sim.agent(id).unwrap();
    let status = view.status().expect("a status meter");
    assert_eq!(
        (status.value, status.color, status.large),
        (1.0, 0x00ff00, true)
    );
    let look = view.costume();
    assert_eq!((look.scale, look.scale_y), (2.0, 10.0));
    assert_eq!(
        look.color,
        Some(0xff0000),
        "the agent's own colour tints it"
    );
    assert_eq!(look.glow_color, Some(0x0000ff));
}

#[test]
fn an_agent_without_those_props_set_keeps_gemsteps_defaults() {
    let bp = "# BLUEPRINT D
# PROGRAM DEFINE
addProp v Number 5
addProp large Boolean true
# PROGRAM UPDATE
propPush statusValue
propPop v
propPush statusValueIsLarge
propPop large
";
    let mut sim = load(&project(&[("D", bp)], &[("D", "d", "")], false), 1);
    sim.step();
    assert_eq!(num(&sim, "D/d", "v"), 0.0);
    assert_eq!(prop(&sim, "D/d", "large"), Value::Boolean(false));
    let id = sim.lookup("D/d").unwrap();
    assert!(
        sim.agent(id).unwrap().status().is_none(),
        "no status meter unless set"
    );
}

#[test]
fn a_costume_color_number_sets_the_tint() {
    let bp = "# BLUEPRINT C
# PROGRAM DEFINE
addFeature Costume
featCall Costume setCostume 'circle.json' 0
featProp Costume color setTo 255
";
    let mut sim = load(&project(&[("C", bp)], &[("C", "c", "")], false), 1);
    sim.step();
    let id = sim.lookup("C/c").unwrap();
    assert_eq!(sim.agent(id).unwrap().costume().color, Some(0x0000ff));
}

#[test]
fn boolean_options_name_true_and_false() {
    let bp = "# BLUEPRINT O
# PROGRAM DEFINE
addProp awake Boolean false
prop awake addOption day true
prop awake addOption night
addProp checks Number 0
# PROGRAM UPDATE
prop awake setToOption day
ifProp awake equalToOption day [[
  prop checks add 1
]]
ifProp awake notEqualToOption night [[
  prop checks add 10
]]
";
    let mut sim = load(&project(&[("O", bp)], &[("O", "o", "")], false), 1);
    sim.step();
    assert_eq!(prop(&sim, "O/o", "awake"), Value::Boolean(true));
    assert_eq!(num(&sim, "O/o", "checks"), 11.0);
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

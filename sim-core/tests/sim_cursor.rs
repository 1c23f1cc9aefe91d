//! Cursor: a cursor agent picks up a character, carries it every tick and drops it, from a
//! script and from the UI.

mod sim_common;

use sim_common::{errors, load, project, prop};
use sim_core::{sim::InputError, EntityId, Simulation, Value};

/// A pointer agent that glides right 2 units a tick; it picks up a moth when their centres
/// meet and drops it once past x = 100 (centres that stay together do not meet again, so the
/// moth is not picked straight back up).
const CURSOR: &str = "# BLUEPRINT Pointer
# PROGRAM DEFINE
addFeature Cursor
addFeature Movement
featCall Movement setMovementType edgeToEdge 2 0
# PROGRAM UPDATE
ifExpr {{ agent.x > 100 }} [[
  featCall Cursor drop
]]
when Pointer centerFirstTouchesCenter Moth [[
  featCall Pointer.Cursor pickUp Moth
]]
";

/// A moth that wanders on its own and may be picked up.
const MOTH: &str = "# BLUEPRINT Moth
# PROGRAM DEFINE
addFeature Cursor
addFeature Movement
featCall Movement setMovementType wander 1
";

const TREE: &str = "# BLUEPRINT Tree\n# PROGRAM DEFINE\naddFeature Costume\n";

fn world() -> Simulation {
    let p = project(
        &[("Pointer", CURSOR), ("Moth", MOTH), ("Tree", TREE)],
        &[
            ("Pointer", "p", "prop x setTo -50"),
            ("Moth", "m", "prop x setTo -50\nprop y setTo 0"),
            ("Tree", "t", "prop x setTo 300"),
        ],
        false,
    );
    load(&p, 9)
}

fn at(sim: &Simulation, id: EntityId) -> (f64, f64) {
    sim.agent(id).unwrap().position()
}

fn captive(sim: &Simulation, id: EntityId) -> bool {
    sim.agent(id).unwrap().selection().captive
}

#[test]
fn a_cursor_that_picks_up_a_moth_carries_it_to_the_cursors_position_and_drops_it_there() {
    let mut sim = world();
    let (pointer, moth) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    sim.step();
    sim.step();
    assert_eq!(sim.held_by(pointer), Some(moth), "picked up on touching");
    assert_eq!(prop(&sim, "Pointer/p", "isHolding"), Value::Boolean(true));
    let id = f64::from(moth.index());
    assert_eq!(prop(&sim, "Pointer/p", "cursorTargetId"), Value::Number(id));
    let mut ticks = 0;
    while sim.held_by(pointer).is_some() && ticks < 200 {
        assert_eq!(at(&sim, moth), at(&sim, pointer), "carried: on the cursor");
        assert!(
            captive(&sim, moth),
            "carried: captive, so it does not wander off"
        );
        sim.step();
        ticks += 1;
    }
    assert!(
        ticks > 70,
        "carried from x = -50 to past 100 at 2 a tick, got {ticks} ticks"
    );
    assert_eq!(sim.held_by(pointer), None, "dropped past x = 100");
    assert!(!captive(&sim, moth));
    assert_eq!(prop(&sim, "Pointer/p", "isHolding"), Value::Boolean(false));
    let (x, _) = at(&sim, moth);
    assert!(
        (100.0..=110.0).contains(&x),
        "dropped where the cursor was, got x = {x}"
    );
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
}

#[test]
fn the_ui_picks_up_an_agent_with_a_cursor_agent_and_drops_it_where_the_cursor_is() {
    let mut sim = world();
    let (pointer, moth) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    sim.move_agent(pointer, -300.0, 200.0).unwrap();
    assert_eq!(sim.pick_up(pointer, moth), Ok(true));
    assert_eq!(at(&sim, moth), (-300.0, 200.0), "it jumps to the cursor");
    assert!(captive(&sim, moth));
    sim.step();
    sim.move_agent(pointer, 50.0, 60.0).unwrap();
    sim.step();
    assert_eq!(
        at(&sim, moth),
        at(&sim, pointer),
        "it follows the cursor each tick"
    );
    let dropped_at = at(&sim, pointer);
    assert_eq!(sim.drop_held(pointer), Ok(Some(moth)));
    assert_eq!(at(&sim, moth), dropped_at);
    assert!(!captive(&sim, moth));
    assert_eq!(sim.drop_held(pointer), Ok(None), "nothing left to drop");
    sim.move_agent(pointer, -200.0, -200.0).unwrap();
    sim.step();
    assert_ne!(
        at(&sim, moth),
        at(&sim, pointer),
        "a dropped moth stays behind"
    );
}

#[test]
fn a_carried_agent_is_let_go_when_its_cursor_is_removed() {
    let mut sim = world();
    let (pointer, moth) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    assert_eq!(sim.pick_up(pointer, moth), Ok(true));
    sim.remove_agent(pointer).unwrap();
    assert!(!captive(&sim, moth), "let go at once");
    sim.step();
    assert!(sim.agent(moth).is_some());
    assert_eq!(sim.held_by(pointer), None);
}

#[test]
fn a_cursor_whose_carried_agent_is_removed_holds_nothing() {
    let mut sim = world();
    let (pointer, moth) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    assert_eq!(sim.pick_up(pointer, moth), Ok(true));
    sim.remove_agent(moth).unwrap();
    assert_eq!(sim.held_by(pointer), None);
    assert_eq!(prop(&sim, "Pointer/p", "isHolding"), Value::Boolean(false));
}

#[test]
fn only_a_character_whose_blueprint_adds_cursor_can_be_picked_up() {
    let mut sim = world();
    let (pointer, tree) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Tree/t").unwrap(),
    );
    match sim.pick_up(pointer, tree) {
        Err(InputError::Rejected(message)) => {
            assert!(
                message.contains("needs the line 'addFeature Cursor'"),
                "{message}"
            )
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(!captive(&sim, tree));
    assert_eq!(
        sim.pick_up(pointer, pointer),
        Err(InputError::Rejected(
            "a cursor cannot pick itself up".to_string()
        ))
    );
}

#[test]
fn a_cursor_carries_one_character_and_a_character_has_one_cursor() {
    let p = project(
        &[("Pointer", CURSOR), ("Moth", MOTH)],
        &[
            ("Pointer", "p", ""),
            ("Pointer", "q", ""),
            ("Moth", "a", ""),
            ("Moth", "b", ""),
        ],
        false,
    );
    let mut sim = load(&p, 1);
    let id = |path: &str| sim.lookup(path).unwrap();
    let (p1, p2, a, b) = (id("Pointer/p"), id("Pointer/q"), id("Moth/a"), id("Moth/b"));
    assert_eq!(sim.pick_up(p1, a), Ok(true));
    assert_eq!(sim.pick_up(p1, b), Ok(false), "already carrying a");
    assert_eq!(sim.pick_up(p2, a), Ok(false), "a is carried already");
    assert_eq!(sim.pick_up(p2, b), Ok(true));
    assert_eq!((sim.held_by(p1), sim.held_by(p2)), (Some(a), Some(b)));
}

#[test]
fn release_cursor_lets_the_carried_character_go_where_it_is() {
    let moth = format!("{MOTH}# PROGRAM UPDATE\nevery 1 [[\n  featCall Cursor releaseCursor\n]]\n");
    let p = project(
        &[("Pointer", CURSOR), ("Moth", &moth)],
        &[("Pointer", "p", ""), ("Moth", "m", "")],
        false,
    );
    let mut sim = load(&p, 1);
    let (pointer, m) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    sim.move_agent(pointer, -380.0, 0.0).unwrap();
    assert_eq!(sim.pick_up(pointer, m), Ok(true));
    for _ in 0..32 {
        sim.step();
    }
    assert_eq!(sim.held_by(pointer), None, "released on run 31 (tick 32)");
    assert!(!captive(&sim, m));
}

#[test]
fn bind_cursor_picks_up_the_character_whose_id_is_in_cursor_target_id() {
    let hunter = "# BLUEPRINT Pointer
# PROGRAM DEFINE
addFeature Cursor
addFeature Population
# PROGRAM UPDATE
ifExpr {{ !agent.prop.Cursor.isHolding.value }} [[
  featCall Population getRandomActiveCharacter Moth
  featPropPop Cursor cursorTargetId
  featCall Cursor bindCursor
]]
";
    let p = project(
        &[("Pointer", hunter), ("Moth", MOTH)],
        &[("Pointer", "p", "prop x setTo 120"), ("Moth", "m", "")],
        false,
    );
    let mut sim = load(&p, 1);
    sim.step();
    assert!(errors(&sim).is_empty(), "{:?}", errors(&sim));
    let (pointer, m) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    assert_eq!(sim.held_by(pointer), Some(m));
    sim.step();
    assert_eq!(at(&sim, m).0, 120.0, "carried to the pointer");
}

#[test]
fn a_copy_of_a_carrying_cursor_carries_nothing() {
    let pointer = "# BLUEPRINT Pointer
# PROGRAM DEFINE
addFeature Cursor
addFeature Population
addProp spawned Number 0
# PROGRAM UPDATE
ifExpr {{ agent.getProp('spawned').value == 0 }} [[
  prop spawned setTo 1
  featCall Population spawnChild
]]
";
    let p = project(
        &[("Pointer", pointer), ("Moth", MOTH)],
        &[("Pointer", "p", ""), ("Moth", "m", "")],
        false,
    );
    let mut sim = load(&p, 1);
    let (pointer, moth) = (
        sim.lookup("Pointer/p").unwrap(),
        sim.lookup("Moth/m").unwrap(),
    );
    assert_eq!(sim.pick_up(pointer, moth), Ok(true));
    sim.step();
    let copy = sim
        .agents()
        .find(|a| a.blueprint() == "Pointer" && a.id() != pointer)
        .map(|a| a.id())
        .expect("the pointer spawned a copy");
    let holding = sim
        .agent_props(copy)
        .unwrap()
        .into_iter()
        .find(|row| row.name == "isHolding")
        .unwrap();
    assert_eq!(holding.value, Value::Boolean(false));
    assert_eq!(sim.held_by(copy), None);
    assert_eq!(
        sim.held_by(pointer),
        Some(moth),
        "the original still carries the moth"
    );
}

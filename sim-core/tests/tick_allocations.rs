//! A warmed-up tick does not allocate: the engine reuses its buffers from tick to tick, so
//! thousands of agents cost no heap churn. A counting allocator (for this test binary only)
//! counts the allocations the test's own thread makes while ticks run.

mod sim_common;

use sim_common::{load, project};
use sim_core::{QueuePhase, Simulation, Value};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// Issue 8's walkers as a student writes them: straight ahead, turning a little each tick.
const WALKER: &str = "# BLUEPRINT Walker
# PROGRAM DEFINE
addFeature Movement
useFeature Global
featProp Movement movementType setTo 'edgeToEdge'
featProp Movement distance setTo 1
featCall Movement setRandomDirection
featCall Movement setRandomPosition
# PROGRAM UPDATE
featProp Movement direction add {{ Math.random() * 10 - 5 }}
";

/// What the touch workload adds: every neighbour within 10 units counts once.
const TOUCH_RULE: &str = "# PROGRAM EVENT
when Walker isCloseTo Walker 10 [[
  featCall Global globalProp contacts add 1
]]
";

const COUNTER: &str = "# BLUEPRINT Counter
# PROGRAM DEFINE
useFeature Global
featCall Global addGlobalProp contacts Number 0
";

/// `n` walkers (with the touch rule when asked) on the 800-unit wrapping test stage.
fn walkers(n: usize, touch: bool) -> Simulation {
    let script = if touch {
        format!("{WALKER}{TOUCH_RULE}")
    } else {
        WALKER.to_string()
    };
    let labels: Vec<String> = (0..n).map(|i| format!("w{i}")).collect();
    let mut instances: Vec<(&str, &str, &str)> =
        labels.iter().map(|l| ("Walker", l.as_str(), "")).collect();
    instances.push(("Counter", "counter", ""));
    load(
        &project(
            &[("Walker", &script), ("Counter", COUNTER)],
            &instances,
            true,
        ),
        7,
    )
}

/// Allocations made by this thread while `ticks` ticks run.
fn allocations_during(sim: &mut Simulation, ticks: u32) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    for _ in 0..ticks {
        sim.step();
    }
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn warmed_up_ticks_allocate_nothing_and_touch_rules_allocate_only_to_grow_their_list() {
    let mut wander = walkers(2_000, false);
    allocations_during(&mut wander, 30);
    assert_eq!(
        allocations_during(&mut wander, 60),
        0,
        "2,000 wandering agents, 60 warm ticks"
    );

    // Pairs vary from tick to tick: the world's list of consequents (and its sort buffers)
    // doubles when a tick has more passing pairs than any tick before, which after warming up
    // is rare (none in this window when this was written); an allocation per agent, pair or
    // consequent would be thousands per tick, hundreds of thousands in the window.
    let n = 2_000;
    let mut touch = walkers(n, true);
    allocations_during(&mut touch, 60);
    let ticks = 60;
    let grown = allocations_during(&mut touch, ticks);
    assert!(
        grown <= 3,
        "{grown} allocations in {ticks} ticks of {n} agents with a touch rule"
    );
    let contacts = touch
        .globals()
        .into_iter()
        .find(|(name, _)| name == "contacts")
        .map(|(_, v)| v);
    assert!(
        matches!(contacts, Some(sim_core::Value::Number(c)) if c > 0.0),
        "the rule ran: {contacts:?}"
    );
}

#[test]
fn warmed_up_message_queues_run_their_messages_without_allocating() {
    const COUNTING: &str =
        "# BLUEPRINT Bee\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1\n";
    let labels: Vec<String> = (0..100).map(|i| format!("b{i}")).collect();
    let instances: Vec<(&str, &str, &str)> =
        labels.iter().map(|l| ("Bee", l.as_str(), "")).collect();
    let mut sim = load(&project(&[("Bee", COUNTING)], &instances, true), 7);
    let ids: Vec<_> = labels
        .iter()
        .map(|l| sim.lookup(&format!("Bee/{l}")).unwrap())
        .collect();
    let mut during_ticks = 0;
    for round in 0..60 {
        // Compiling and queueing allocate, outside the ticks counted.
        for &id in &ids {
            for phase in [QueuePhase::Update, QueuePhase::Think, QueuePhase::Exec] {
                sim.queue_message(id, phase, "prop n add 1").unwrap();
            }
        }
        let spent = allocations_during(&mut sim, 1);
        if round >= 30 {
            during_ticks += spent;
        }
    }
    assert_eq!(during_ticks, 0, "30 warm ticks running 300 messages each");
    assert_eq!(
        sim_common::prop(&sim, "Bee/b0", "n"),
        Value::Number(60.0 * 4.0),
        "the update program and three messages a tick ran"
    );
}

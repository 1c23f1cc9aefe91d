//! The baseline does the work issue 8 defines: the mean contacts per agent sit near the
//! 0.92-agents-per-cell figure, and a seed fixes the whole run.

use bench_handwritten::World;

/// Mean contacts per agent over `ticks` ticks of touch.
fn mean_contacts(n: usize, seed: u64, ticks: u32) -> f64 {
    let mut world = World::new(n, seed);
    let total: u64 = (0..ticks).map(|_| world.step_touch()).sum();
    total as f64 / (f64::from(ticks) * n as f64)
}

#[test]
fn mean_contacts_per_agent_are_about_2_9_at_both_sizes() {
    // Edges do not wrap for touching, so the smaller world loses a little more to its border.
    let small = mean_contacts(1_000, 1, 50);
    let large = mean_contacts(10_000, 2, 10);
    assert!((2.6..3.0).contains(&small), "1,000 agents: {small}");
    assert!((2.75..3.0).contains(&large), "10,000 agents: {large}");
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let run = |seed| {
        let mut world = World::new(2_000, seed);
        let contacts: Vec<u64> = (0..30).map(|_| world.step_touch()).collect();
        let positions: Vec<_> = (0..world.len()).filter_map(|i| world.position(i)).collect();
        (contacts, positions)
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
}

#[test]
fn wander_and_touch_move_agents_alike() {
    let mut wandering = World::new(500, 3);
    let mut touching = World::new(500, 3);
    for _ in 0..20 {
        wandering.step_wander();
        touching.step_touch();
    }
    for i in 0..500 {
        assert_eq!(wandering.position(i), touching.position(i));
    }
}

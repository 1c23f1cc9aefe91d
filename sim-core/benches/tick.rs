//! Ticks per second for a script-driven model: N wandering agents (half A, half B), each
//! running an update program with an expression and a timer, and a `when A touches B` rule.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use sim_core::{Project, Simulation};
use std::time::Duration;

fn blueprint(name: &str) -> String {
    format!(
        "# BLUEPRINT {name}
# PROGRAM DEFINE
addFeature Movement
addFeature Physics
featProp Physics scale setTo 0.25
featCall Movement setMovementType 'wander' 2
featCall Movement setRandomDirection
featCall Movement setRandomPosition
addProp energy Number 100
addProp hits Number 0
# PROGRAM UPDATE
exprPush {{{{ agent.getProp('energy').value - 0.01 }}}}
propPop energy
every 1 [[
  prop energy add 1
]]
"
    )
}

fn model(n: usize) -> Project {
    let mut a = blueprint("A");
    a.push_str("when A touches B [[\n  prop A.hits add 1\n]]\n");
    let instances: Vec<_> = (0..n)
        .map(|i| {
            let bp = if i % 2 == 0 { "A" } else { "B" };
            serde_json::json!({"id": i.to_string(), "label": format!("{bp}{i}"), "bpid": bp, "initScript": ""})
        })
        .collect();
    let json = serde_json::json!({
        "id": "bench", "label": "bench", "description": "",
        "metadata": {"top": -2000, "right": 2000, "bottom": 2000, "left": -2000,
                     "wrap": [true, true], "bounce": false, "bgcolor": 0, "roundsCanLoop": false},
        "rounds": [],
        "blueprints": [
            {"name": "A", "label": "A", "scriptText": a},
            {"name": "B", "label": "B", "scriptText": blueprint("B")}
        ],
        "instances": instances
    });
    Project::from_json(&json.to_string()).expect("bench model is valid")
}

fn ticks(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick");
    group.measurement_time(Duration::from_secs(4));
    group.warm_up_time(Duration::from_secs(1));
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    for n in [1_000usize, 10_000] {
        let mut sim = Simulation::load(model(n), 1).expect("bench model loads");
        assert_eq!(sim.agents().count(), n);
        group.bench_with_input(
            BenchmarkId::new("wanderers_with_touch_rule", n),
            &n,
            |b, _| {
                b.iter(|| sim.step());
            },
        );
    }
    group.finish();
}

criterion_group!(benches, ticks);
criterion_main!(benches);

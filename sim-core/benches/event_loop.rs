//! Schedules and runs 1,000,000 events at random (seeded) times through the event loop,
//! against a bare binary heap of `(time, seq)` doing the same pushes and pops.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use sim_core::{
    event::{EventHandler, HandlerId, Invocation, Payload, TriggerType},
    EntityId, EventLoop, SimTime,
};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hint::black_box;
use std::rc::Rc;

const EVENTS: usize = 1_000_000;

/// SplitMix64: a tiny seeded generator, enough to scatter event times.
fn random_times(seed: u64) -> Vec<SimTime> {
    let mut state = seed;
    (0..EVENTS)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            // Up to about 1000 s, at full 1/65536 s resolution.
            SimTime::from_bits((z % (1000 << 16)) as i64)
        })
        .collect()
}

/// Counts its runs in the state; runs once at its reference time.
struct Tick;

impl EventHandler<u64> for Tick {
    fn id(&self) -> &str {
        "tick"
    }

    fn trigger_type(&self) -> TriggerType {
        TriggerType::Once
    }

    fn invoke(&self, _lp: &mut EventLoop<u64>, state: &mut u64, _call: Invocation<'_>) {
        *state += 1;
    }

    fn predict_invoke_time(&self, _target: EntityId, _state: &u64, at: SimTime) -> SimTime {
        at
    }
}

fn run_loop(times: &[SimTime]) -> u64 {
    let mut lp = EventLoop::<u64>::new();
    let handler: HandlerId = lp.add_event_handler(Rc::new(Tick)).unwrap();
    let target = lp.spawn_entity().unwrap();
    let mut count = 0_u64;
    for &t in times {
        lp.create_event(handler, target, &count, t, Payload::new())
            .unwrap();
    }
    lp.reach_time(SimTime::MAX, &mut count).unwrap();
    count
}

fn run_heap(times: &[SimTime]) -> u64 {
    let mut heap = BinaryHeap::new();
    for (seq, &t) in (0_u64..).zip(times) {
        heap.push(Reverse((t, seq)));
    }
    let mut count = 0_u64;
    while let Some(Reverse(entry)) = heap.pop() {
        black_box(entry);
        count += 1;
    }
    count
}

fn bench(c: &mut Criterion) {
    let times = random_times(0x5EED);
    assert_eq!(run_loop(&times), EVENTS as u64);
    assert_eq!(run_heap(&times), EVENTS as u64);
    let mut group = c.benchmark_group("1M events at random times");
    group.sample_size(10);
    group.bench_function("event loop", |b| {
        b.iter_batched(|| times.clone(), |t| run_loop(&t), BatchSize::LargeInput)
    });
    group.bench_function("bare heap", |b| {
        b.iter_batched(|| times.clone(), |t| run_heap(&t), BatchSize::LargeInput)
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

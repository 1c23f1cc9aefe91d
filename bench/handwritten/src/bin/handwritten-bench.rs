//! The native runner of the baseline for `scripts/bench`:
//!
//! ```text
//! handwritten-bench <wander|touch> <agents> <warm-up seconds> <window seconds>
//! ```
//!
//! Runs ticks for the warm-up, then measures ticks over the window (at least three) and
//! prints one JSON line, the protocol every system's runner follows:
//! `{"ticks_per_s":[…],"mean_contacts":x}` (`null` contacts for wander).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use bench_handwritten::World;

/// Fewest ticks a measurement may cover, however slow a tick is.
const MIN_TICKS: u32 = 3;
/// The seed of every run, so runs differ only in timing.
const SEED: u64 = 1;

#[derive(Clone, Copy)]
enum Workload {
    Wander,
    Touch,
}

struct Args {
    workload: Workload,
    agents: usize,
    warmup: Duration,
    window: Duration,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let [workload, agents, warmup, window] = args else {
        return Err("expected: <wander|touch> <agents> <warm-up seconds> <window seconds>".into());
    };
    let workload = match workload.as_str() {
        "wander" => Workload::Wander,
        "touch" => Workload::Touch,
        other => {
            return Err(format!(
                "unknown workload {other:?}: expected wander or touch"
            ))
        }
    };
    let agents = agents
        .parse()
        .map_err(|_| format!("agents: not a count: {agents:?}"))?;
    let seconds = |name: &str, text: &str| {
        text.parse::<f64>()
            .ok()
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .ok_or_else(|| format!("{name}: not a number of seconds: {text:?}"))
    };
    Ok(Args {
        workload,
        agents,
        warmup: seconds("warm-up", warmup)?,
        window: seconds("window", window)?,
    })
}

/// Runs ticks until `window` has passed (and at least [`MIN_TICKS`]); returns the ticks,
/// the seconds they took and the sum of the contacts they reported.
fn run_for(world: &mut World, workload: Workload, window: Duration) -> (u32, f64, u64) {
    let start = Instant::now();
    let (mut ticks, mut contacts) = (0u32, 0u64);
    while ticks < MIN_TICKS || start.elapsed() < window {
        match workload {
            Workload::Wander => world.step_wander(),
            Workload::Touch => contacts += world.step_touch(),
        }
        ticks += 1;
    }
    (ticks, start.elapsed().as_secs_f64(), contacts)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&args) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("handwritten-bench: {message}");
            return ExitCode::from(2);
        }
    };
    let mut world = World::new(args.agents, SEED);
    run_for(&mut world, args.workload, args.warmup);
    let (ticks, seconds, contacts) = run_for(&mut world, args.workload, args.window);
    let mean_contacts = match args.workload {
        Workload::Wander => "null".to_string(),
        Workload::Touch => {
            let agent_ticks = f64::from(ticks) * args.agents.max(1) as f64;
            format!("{}", contacts as f64 / agent_ticks)
        }
    };
    let ticks_per_s = f64::from(ticks) / seconds;
    println!("{{\"ticks_per_s\":[{ticks_per_s}],\"mean_contacts\":{mean_contacts}}}");
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_name_the_workload_agents_and_seconds() {
        let parsed = parse_args(&args("touch 1000 0.5 2")).unwrap();
        assert!(matches!(parsed.workload, Workload::Touch));
        assert_eq!(parsed.agents, 1000);
        assert_eq!(parsed.warmup, Duration::from_millis(500));
        assert_eq!(parsed.window, Duration::from_secs(2));
    }

    #[test]
    fn wrong_arguments_are_errors_naming_what_was_wrong() {
        let error = |text| parse_args(&args(text)).err().unwrap_or_default();
        assert!(error("touch 1000 1").starts_with("expected:"));
        assert!(error("fly 1000 1 1").contains("unknown workload \"fly\""));
        assert!(error("wander -3 1 1").starts_with("agents:"));
        assert!(error("wander 10 soon 1").starts_with("warm-up:"));
        assert!(error("wander 10 1 -1").starts_with("window:"));
    }

    #[test]
    fn a_measurement_covers_at_least_the_minimum_ticks() {
        let mut world = World::new(50, 1);
        let (ticks, seconds, contacts) = run_for(&mut world, Workload::Touch, Duration::ZERO);
        assert_eq!(ticks, MIN_TICKS);
        assert!(seconds >= 0.0);
        assert!(contacts > 0);
    }
}

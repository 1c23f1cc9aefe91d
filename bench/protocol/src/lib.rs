//! # The runner protocol of `scripts/bench`, for native runners
//!
//! Every benchmarked system is a command run as
//!
//! ```text
//! <runner> <workload> <agents> <warm-up seconds> <window seconds>
//! ```
//!
//! where the workload is `wander` or `touch` (every system runs them) or one of the realistic
//! suite's [`REALISTIC`] workloads (only the systems that can express them: Stepwise, and
//! AgentScript for its peer model `kelp`).
//!
//! that builds a world of that many agents from [`SEED`], runs ticks for the warm-up, then
//! measures whole ticks over the window (at least [`MIN_TICKS`]) and prints one JSON line:
//! `{"ticks_per_s":[…],"mean_contacts":x}` (`null` contacts for wander). `bench/run.mjs`
//! alternates the commands and gathers the lines; `bench/lib/protocol.mjs` is the same
//! protocol for runners in Node. A native runner's `main` is [`run_main`] with a function that
//! builds its world and returns one tick.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Fewest ticks a measurement may cover, however slow a tick is.
pub const MIN_TICKS: u32 = 3;
/// The seed of every run, so runs differ only in timing.
pub const SEED: u64 = 1;

/// Which workload to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    /// Turn up to 5° either way, move 0.1 forward, wrap.
    Wander,
    /// Wander, then every agent counts the others within distance 1.
    Touch,
    /// A workload of the realistic suite, by its name in [`REALISTIC`]: a pattern of real
    /// scripts or a GEMSTEP model scaled up (see `bench/stepwise-runner`).
    Realistic(&'static str),
}

/// The realistic suite's workloads: the common patterns of real scripts, the AgentScript
/// peer model, and GEMSTEP's shipped models scaled up.
pub const REALISTIC: &[&str] = &[
    "pair-props",
    "if-getprop",
    "physics-touches",
    "every",
    "population",
    "kelp",
    "aquatic",
    "moths",
    "decomposition",
    "moths-sandbox",
    "iu-sandbox",
];

impl Workload {
    /// The workload's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Wander => "wander",
            Workload::Touch => "touch",
            Workload::Realistic(name) => name,
        }
    }
}

/// One run, as the command line asks for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The workload to run.
    pub workload: Workload,
    /// How many agents.
    pub agents: usize,
    /// How long to run before measuring.
    pub warmup: Duration,
    /// How long to measure.
    pub window: Duration,
}

/// What a run measured.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// Ticks per second over the window.
    pub ticks_per_s: f64,
    /// Contacts per agent per tick, for touch.
    pub mean_contacts: Option<f64>,
}

impl Measurement {
    /// The protocol's JSON line (without the newline).
    pub fn json_line(&self) -> String {
        let contacts = self
            .mean_contacts
            .map_or("null".to_string(), |c| c.to_string());
        format!(
            "{{\"ticks_per_s\":[{}],\"mean_contacts\":{contacts}}}",
            self.ticks_per_s
        )
    }
}

/// Reads a run from the command-line arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Run, String> {
    let [workload, agents, warmup, window] = args else {
        return Err("expected: <workload> <agents> <warm-up seconds> <window seconds>".into());
    };
    let workload = match workload.as_str() {
        "wander" => Workload::Wander,
        "touch" => Workload::Touch,
        other => match REALISTIC.iter().find(|name| **name == other) {
            Some(name) => Workload::Realistic(name),
            None => {
                return Err(format!(
                    "unknown workload {other:?}: expected wander, touch or one of {}",
                    REALISTIC.join(", ")
                ))
            }
        },
    };
    let agents = agents
        .parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("agents: not a positive count: {agents:?}"))?;
    let seconds = |name: &str, text: &str| {
        text.parse::<f64>()
            .ok()
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .ok_or_else(|| format!("{name}: not a number of seconds: {text:?}"))
    };
    Ok(Run {
        workload,
        agents,
        warmup: seconds("warm-up", warmup)?,
        window: seconds("window", window)?,
    })
}

/// Runs `tick` (which returns the tick's summed contacts, 0 for wander) for the warm-up, then
/// measures it over the window.
pub fn measure(run: &Run, mut tick: impl FnMut() -> u64) -> Measurement {
    run_for(&mut tick, run.warmup);
    let (ticks, seconds, contacts) = run_for(&mut tick, run.window);
    let agent_ticks = f64::from(ticks) * run.agents as f64;
    Measurement {
        ticks_per_s: f64::from(ticks) / seconds,
        mean_contacts: (run.workload == Workload::Touch).then(|| contacts as f64 / agent_ticks),
    }
}

/// Runs ticks until `window` has passed (and at least [`MIN_TICKS`]); returns the ticks,
/// the seconds they took and the sum of the contacts they reported.
fn run_for(tick: &mut impl FnMut() -> u64, window: Duration) -> (u32, f64, u64) {
    let start = Instant::now();
    let (mut ticks, mut contacts) = (0u32, 0u64);
    while ticks < MIN_TICKS || start.elapsed() < window {
        contacts += tick();
        ticks += 1;
    }
    (ticks, start.elapsed().as_secs_f64(), contacts)
}

/// A whole runner: reads the run from the process arguments, builds the world with `build`
/// (which returns one tick, or an error to print), measures, prints the JSON line. Errors go to
/// standard error, named by `runner`, with exit status 2.
pub fn run_main<T, F>(runner: &str, build: F) -> ExitCode
where
    T: FnMut() -> u64,
    F: FnOnce(&Run) -> Result<T, String>,
{
    let args: Vec<String> = std::env::args().skip(1).collect();
    match parse_args(&args).and_then(|run| Ok((build(&run)?, run))) {
        Ok((tick, run)) => {
            println!("{}", measure(&run, tick).json_line());
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{runner}: {message}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn arguments_name_the_workload_agents_and_seconds() {
        let run = parse_args(&args("touch 1000 0.5 2")).unwrap();
        assert_eq!(run.workload, Workload::Touch);
        assert_eq!(run.agents, 1000);
        assert_eq!(run.warmup, Duration::from_millis(500));
        assert_eq!(run.window, Duration::from_secs(2));
        let run = parse_args(&args("aquatic 10000 1 2")).unwrap();
        assert_eq!(run.workload, Workload::Realistic("aquatic"));
        assert_eq!(run.workload.name(), "aquatic");
    }

    #[test]
    fn wrong_arguments_are_errors_naming_what_was_wrong() {
        let error = |text| parse_args(&args(text)).err().unwrap_or_default();
        assert!(error("touch 1000 1").starts_with("expected:"));
        assert!(error("fly 1000 1 1").contains("unknown workload \"fly\""));
        assert!(error("wander -3 1 1").starts_with("agents:"));
        assert!(error("wander 0 1 1").starts_with("agents:"));
        assert!(error("wander 10 soon 1").starts_with("warm-up:"));
        assert!(error("wander 10 1 -1").starts_with("window:"));
    }

    #[test]
    fn a_measurement_covers_at_least_the_minimum_ticks_and_averages_contacts() {
        let run = parse_args(&args("touch 4 0 0")).unwrap();
        let mut calls = 0;
        let measured = measure(&run, || {
            calls += 1;
            6
        });
        assert_eq!(calls, 2 * MIN_TICKS);
        assert_eq!(measured.mean_contacts, Some(1.5));
        assert!(measured.ticks_per_s > 0.0);
    }

    #[test]
    fn the_json_line_has_the_samples_and_null_contacts_for_wander() {
        let wander = Measurement {
            ticks_per_s: 12.5,
            mean_contacts: None,
        };
        assert_eq!(
            wander.json_line(),
            r#"{"ticks_per_s":[12.5],"mean_contacts":null}"#
        );
        let touch = Measurement {
            ticks_per_s: 3.0,
            mean_contacts: Some(2.75),
        };
        assert_eq!(
            touch.json_line(),
            r#"{"ticks_per_s":[3],"mean_contacts":2.75}"#
        );
    }
}

/// The seed of [`ScalePlaces`] for a scaled model's copies.
pub const PLACES_SEED: u64 = 0x5EED;

/// Where a scaled GEMSTEP model's copies start: Sebastiano Vigna's SplitMix64 from
/// [`PLACES_SEED`], shared by Stepwise's scaling (`stepwise-runner`) and the hand-written
/// aquatic, so both systems start from the same world. Not the simulation's generator.
#[derive(Debug, Clone)]
pub struct ScalePlaces(u64);

impl Default for ScalePlaces {
    fn default() -> ScalePlaces {
        ScalePlaces(PLACES_SEED)
    }
}

impl ScalePlaces {
    /// The next number in `[0, 1)`, from the top 53 bits of the next output.
    pub fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

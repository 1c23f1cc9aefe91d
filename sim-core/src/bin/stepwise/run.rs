//! `stepwise run`: a model run headless for a number of simulation seconds, from its start or
//! from a snapshot (`--from`), optionally writing a snapshot on the way (`--snapshot-at`,
//! `--snapshot-out`); the summary ends with the state hash, equal for a run split at a
//! snapshot and the run that never stopped.

use sim_core::{
    experiment::alive_failures, project::Guide, sim::parse_frame_log, InputFrame, Project,
    RoundPhase, Simulation, Value, TICKS_PER_SECOND,
};
use std::fmt::Write as _;

/// The options of `stepwise run`.
struct Options {
    file: String,
    seconds: u32,
    seed: u64,
    csv: Option<String>,
    /// When to write a snapshot (simulation seconds) and where.
    snapshot_at: Option<f64>,
    snapshot_out: Option<String>,
    /// A snapshot to start from.
    from: Option<String>,
    /// An input log of controller frames (JSON lines).
    inputs: Option<String>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        file: String::new(),
        seconds: 60,
        seed: 1,
        csv: None,
        snapshot_at: None,
        snapshot_out: None,
        from: None,
        inputs: None,
    };
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--seconds" => {
                let v = value("--seconds")?;
                options.seconds = v
                    .parse()
                    .map_err(|_| format!("--seconds: '{v}' is not a whole number"))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                options.seed = v
                    .parse()
                    .map_err(|_| format!("--seed: '{v}' is not a whole number"))?;
            }
            "--csv" => options.csv = Some(value("--csv")?),
            "--snapshot-at" => {
                let v = value("--snapshot-at")?;
                let at: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s >= 0.0)
                    .ok_or_else(|| format!("--snapshot-at: '{v}' is not a number of seconds"))?;
                options.snapshot_at = Some(at);
            }
            "--snapshot-out" => options.snapshot_out = Some(value("--snapshot-out")?),
            "--from" => options.from = Some(value("--from")?),
            "--inputs" => options.inputs = Some(value("--inputs")?),
            file if options.file.is_empty() && !file.starts_with("--") => {
                options.file = file.to_string()
            }
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    if options.file.is_empty() {
        return Err("stepwise run needs a .gemprj file".to_string());
    }
    if options.snapshot_at.is_some() != options.snapshot_out.is_some() {
        return Err("--snapshot-at and --snapshot-out go together".to_string());
    }
    Ok(options)
}

/// Runs the command; answers what to print.
pub fn run(args: &[String]) -> Result<String, String> {
    let options = parse(args)?;
    // The text is dropped once read: with 10,000 starting agents it is 2 MB the run never
    // reads again.
    // The simulation keeps the project (given, not copied: 3 MB at 10,000 agents).
    let project = Project::from_json(&super::read(&options.file)?)
        .map_err(|e| format!("{}: {e}", options.file))?;
    let guide = project.guide.clone();
    let mut sim = match &options.from {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            Simulation::restore(project, &bytes).map_err(|e| format!("{path}: {e}"))?
        }
        None => {
            Simulation::load(project, options.seed).map_err(|e| format!("{}: {e}", options.file))?
        }
    };
    let ticks = u64::from(TICKS_PER_SECOND);
    // The tick to write the snapshot at, and where, until it is written.
    let mut snapshot = options
        .snapshot_at
        .zip(options.snapshot_out.as_ref())
        .map(|(at, path)| ((at * ticks as f64).round() as u64, path));
    // A frame of tick T acts at the start of tick T; a run resumed from a snapshot of tick S
    // had those of ticks up to S already (see `Simulation::play_frames_to`).
    let frames = match &options.inputs {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            parse_frame_log(&text).map_err(|e| format!("{path}: {e}"))?
        }
        None => Vec::new(),
    };
    let mut csv = header(&sim);
    let first = sim.tick_count() / ticks + 1;
    for second in first..=u64::from(options.seconds) {
        let until = second * ticks;
        write_snapshot(&mut sim, &frames, &mut snapshot, until)?;
        sim.play_frames_to(&frames, until);
        row(&mut csv, second, &sim);
        if sim.round().phase == RoundPhase::Done || sim.stopped().is_some() {
            break;
        }
    }
    if let Some(path) = &options.csv {
        std::fs::write(path, &csv).map_err(|e| format!("{path}: {e}"))?;
    }
    match sim.stopped() {
        // A tick that went past its work budget ends the run: an error, with the summary.
        Some(overrun) => Err(format!(
            "{}
{}: {overrun}",
            summary(&sim, guide.as_ref()),
            options.file
        )),
        None => Ok(summary(&sim, guide.as_ref())),
    }
}

/// Writes the snapshot still to be written if its tick is at or before `by`: the run goes
/// to its tick first (before any frame of the tick after it is sent).
fn write_snapshot(
    sim: &mut Simulation,
    frames: &[(u64, InputFrame)],
    snapshot: &mut Option<(u64, &String)>,
    by: u64,
) -> Result<(), String> {
    if let Some((at, path)) = snapshot.filter(|(at, _)| *at <= by) {
        sim.play_frames_to(frames, at);
        std::fs::write(path, sim.snapshot()).map_err(|e| format!("{path}: {e}"))?;
        *snapshot = None;
    }
    Ok(())
}

fn header(sim: &Simulation) -> String {
    let mut columns = vec!["second".to_string()];
    columns.extend(sim.blueprint_names());
    columns.extend(
        sim.globals()
            .into_iter()
            .map(|(name, _)| format!("global:{name}")),
    );
    columns.join(",") + "\n"
}

fn row(csv: &mut String, second: u64, sim: &Simulation) {
    let mut cells = vec![second.to_string()];
    cells.extend(sim.counts().into_iter().map(|(_, n)| n.to_string()));
    cells.extend(sim.globals().into_iter().map(|(_, v)| cell(&v)));
    let _ = writeln!(csv, "{}", cells.join(","));
}

fn cell(value: &Value) -> String {
    sim_core::experiment::table::cell(&value.as_text().unwrap_or_default())
}

fn summary(sim: &Simulation, guide: Option<&Guide>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "time {:.3} s, {} ticks",
        sim.time().to_f64(),
        sim.tick_count()
    );
    let round = sim.round();
    if round.count > 0 {
        let state = match round.phase {
            RoundPhase::Running => "running",
            RoundPhase::Over => "over",
            RoundPhase::Done => "all rounds done",
        };
        let _ = writeln!(
            out,
            "round {} of {} ({}): {state}",
            round.number, round.count, round.label
        );
    }
    for (name, count) in sim.counts() {
        let _ = writeln!(out, "{name}: {count}");
    }
    for (name, value) in sim.globals() {
        let _ = writeln!(out, "global {name}: {}", cell(&value));
    }
    if let Some(guide) = guide.filter(|g| !g.alive.is_empty()) {
        let failures = alive_failures(guide, sim);
        let _ = match failures.is_empty() {
            true => writeln!(out, "guide: every alive check holds"),
            false => writeln!(out, "guide: {}", failures.join("; ")),
        };
    }
    if sim.inputs_refused() > 0 {
        let _ = writeln!(out, "inputs refused: {}", sim.inputs_refused());
    }
    for entry in sim.log() {
        let _ = writeln!(
            out,
            "log {:?} t={:.2} {}:{}:{}: {}",
            entry.kind,
            entry.time.to_f64(),
            entry.blueprint,
            entry.line,
            entry.col,
            entry.message
        );
    }
    let _ = write!(out, "state hash {:016x}", sim.state_hash());
    out
}

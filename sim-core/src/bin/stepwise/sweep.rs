//! `stepwise sweep`: an experiment run headless on every core, its table written as CSV.
//!
//! The experiment is the one saved in the project (`--experiment NAME`, or the only one), with
//! any field the options give replaced, or made from the options alone. Runs are independent
//! (see [`sim_core::experiment`]), so they go on a pool of threads and the table is put back
//! in run order: any number of threads writes the same bytes.

use rayon::prelude::*;
use sim_core::{experiment::table, ExperimentDef, Project, RunRows, Sweep, VaryDef};
use std::time::Instant;

/// The options of `stepwise sweep`.
#[derive(Default)]
struct Options {
    file: String,
    experiment: Option<String>,
    vary: Vec<VaryDef>,
    measures: Vec<String>,
    seeds: Option<u32>,
    first_seed: Option<u64>,
    seconds: Option<u32>,
    every: Option<u32>,
    csv: Option<String>,
    threads: Option<usize>,
}

/// What `stepwise sweep` accepts, for its errors.
pub const USAGE: &str = "stepwise sweep FILE.gemprj [--experiment NAME] [--vary 'Fish.energyUse=1,2,3']... [--seeds N] [--first-seed N] [--seconds S] [--measure 'count Fish']... [--every TICKS] [--csv out.csv] [--threads N]";

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let mut value = |name: &str| {
            rest.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match arg.as_str() {
            "--experiment" => options.experiment = Some(value(arg)?),
            "--vary" => {
                let v = value(arg)?;
                let (prop, values) = v
                    .split_once('=')
                    .ok_or_else(|| format!("--vary '{v}': write it as Fish.energyUse=1,2,3"))?;
                options.vary.push(VaryDef {
                    prop: prop.trim().to_string(),
                    values: values.trim().to_string(),
                });
            }
            "--measure" => options.measures.push(value(arg)?),
            "--seeds" => options.seeds = Some(whole(arg, &value(arg)?)?),
            "--first-seed" => options.first_seed = Some(whole(arg, &value(arg)?)?),
            "--seconds" => options.seconds = Some(whole(arg, &value(arg)?)?),
            "--every" => options.every = Some(whole(arg, &value(arg)?)?),
            "--threads" => {
                let n: usize = whole(arg, &value(arg)?)?;
                if n == 0 {
                    return Err("--threads: at least 1".to_string());
                }
                options.threads = Some(n);
            }
            "--csv" => options.csv = Some(value(arg)?),
            file if options.file.is_empty() && !file.starts_with("--") => {
                options.file = file.to_string();
            }
            other => return Err(format!("unknown option '{other}'; usage: {USAGE}")),
        }
    }
    if options.file.is_empty() {
        return Err(format!(
            "stepwise sweep needs a .gemprj file; usage: {USAGE}"
        ));
    }
    Ok(options)
}

fn whole<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{option}: '{text}' is not a whole number"))
}

/// The experiment to run: the saved one the options name (or the only one when no option
/// defines an experiment of its own), with the fields the options give replaced.
fn definition(project: &Project, options: &Options) -> Result<ExperimentDef, String> {
    let saved = match &options.experiment {
        Some(name) => Some(
            project
                .experiments
                .iter()
                .find(|e| e.name == *name)
                .ok_or_else(|| {
                    let names: Vec<&str> = project
                        .experiments
                        .iter()
                        .map(|e| e.name.as_str())
                        .collect();
                    format!(
                        "no experiment '{name}' in the project (it has: {})",
                        names.join(", ")
                    )
                })?,
        ),
        None if options.vary.is_empty() && options.measures.is_empty() => {
            match project.experiments.as_slice() {
                [only] => Some(only),
                [] => {
                    return Err(
                        "give --vary and --measure, or save an experiment in the project"
                            .to_string(),
                    )
                }
                _ => {
                    return Err(
                        "the project has several experiments: pick one with --experiment NAME"
                            .to_string(),
                    )
                }
            }
        }
        None => None,
    };
    let mut def = saved.cloned().unwrap_or_default();
    if !options.vary.is_empty() {
        def.vary = options.vary.clone();
    }
    if !options.measures.is_empty() {
        def.measures = options.measures.clone();
    }
    def.seeds = options.seeds.unwrap_or(def.seeds);
    def.first_seed = options.first_seed.unwrap_or(def.first_seed);
    def.seconds = options.seconds.unwrap_or(def.seconds);
    def.every = options.every.unwrap_or(def.every);
    Ok(def)
}

/// Runs the command; answers what to print (the table itself when no `--csv` is given).
pub fn run(args: &[String]) -> Result<String, String> {
    let options = parse(args)?;
    let file = &options.file;
    let text = super::read(file)?;
    let project = Project::from_json(&text).map_err(|e| format!("{file}: {e}"))?;
    let def = definition(&project, &options)?;
    let sweep =
        Sweep::new(&project, &def).map_err(|errors| format!("{file}: {}", errors.join("\n")))?;
    let threads = options.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("could not start {threads} threads: {e}"))?;
    let started = Instant::now();
    let runs = sweep.run_count();
    let results: Vec<Result<RunRows, String>> = pool.install(|| {
        (1..=runs)
            .into_par_iter()
            .map(|n| sweep.run(n).map_err(|e| format!("run {n}: {e}")))
            .collect()
    });
    let seconds = started.elapsed().as_secs_f64();
    let mut csv = sweep.header();
    let mut done = Vec::with_capacity(results.len());
    for run in results {
        let run = run?;
        csv.push_str(&table::rows(&run));
        done.push(run);
    }
    let blanks = done.iter().map(|run| (run.spec.number, &run.blanks[..]));
    for note in table::blank_notes(&sweep, blanks) {
        eprintln!("note: {note}");
    }
    let rows = csv.lines().count() - 1;
    match &options.csv {
        Some(path) => {
            std::fs::write(path, &csv).map_err(|e| format!("{path}: {e}"))?;
            Ok(format!(
                "{runs} runs, {rows} rows in {seconds:.2} s ({:.1} runs/s) on {threads} {}; wrote {path}",
                runs as f64 / seconds.max(1e-9),
                if threads == 1 { "thread" } else { "threads" }
            ))
        }
        None => Ok(csv.trim_end().to_string()),
    }
}

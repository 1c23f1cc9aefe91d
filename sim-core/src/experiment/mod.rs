//! Experiments: a model run many times, headless, over every combination of the values of the
//! props a teacher varies and several seeds each, measuring what the teacher asks every so
//! many ticks (NetLogo's BehaviorSpace).
//!
//! A [`Sweep`] is an [`ExperimentDef`] read and checked against its model. Its runs are
//! numbered from 1, the first varied prop changing slowest and the seeds fastest; each run is
//! independent of the others and reproducible from its values and its seed alone, so the
//! runs may go in any order, on any number of threads or Web Workers, and the table comes
//! out the same. The table is BehaviorSpace's "table" shape: one row per run and
//! measurement ([`table`]).

pub mod expression;
mod guide_check;
pub mod measure;
mod suggest_widgets;
pub mod table;
pub mod values;
mod widget_check;

pub use guide_check::{alive_failures, alive_problems};
pub use measure::{Measure, Stat};
pub use suggest_widgets::{suggest_widgets, WidgetSuggestion};
pub use widget_check::widget_problems;

use crate::project::{ExperimentDef, Project};
use crate::script::compiler::{project_symbols, Symbols};
use crate::sim::{RoundPhase, Simulation, StartTarget, Starting, TICKS_PER_SECOND};
use crate::vars::{Value, VarType};
use measure::{blueprint, unknown};

/// The most runs one experiment may have.
pub const MAX_RUNS: usize = 10_000;
/// The longest run, in seconds of simulation time.
pub const MAX_SECONDS: u32 = 3_600;
/// The most props one experiment may vary, and the most measures it may take.
pub const MAX_COLUMNS: usize = 32;
/// The most rows an experiment's table may have (runs × measurements per run).
pub const MAX_ROWS: usize = 1_000_000;

/// A varied prop: its column name, whose prop it is, and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Varied {
    /// As the teacher wrote it (`Fish.energyUse`), the column's name.
    pub label: String,
    /// The prop.
    pub target: StartTarget,
    /// Its values, in order.
    pub values: Vec<Value>,
}

/// An experiment ready to run: its definition read and checked against its model.
#[derive(Debug, Clone)]
pub struct Sweep {
    project: Project,
    varied: Vec<Varied>,
    measures: Vec<(String, Measure)>,
    seeds: u32,
    first_seed: u64,
    ticks: u64,
    every: u64,
}

/// Which run: its number (from 1), the values of the varied props, and its seed.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSpec {
    /// The run's number, from 1, in the table's order.
    pub number: usize,
    /// The value of each varied prop, in the sweep's order.
    pub values: Vec<Value>,
    /// The seed the run starts from.
    pub seed: u64,
}

/// What one run measured: at each measured tick, each measure's value (`None` where there
/// was none to take), and for each measure why its cells are empty, if any are.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRows {
    /// The run.
    pub spec: RunSpec,
    /// `(tick, values)` in tick order.
    pub rows: Vec<(u64, Vec<Option<f64>>)>,
    /// For each measure, in the sweep's order: its empty cells in this run, if any.
    pub blanks: Vec<Option<Blank>>,
}

/// A measure's empty cells in one run: how many, and why the first was empty. An empty
/// cell is never left unexplained (the panel and `stepwise sweep` both say why).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Blank {
    /// How many of the run's cells of this measure are empty.
    pub cells: usize,
    /// The tick of the first.
    pub tick: u64,
    /// Why it is empty ("there are no Fish").
    pub why: String,
}

impl Blank {
    /// Folds one more measurement into a measure's empty cells (`sample` at `tick`).
    fn note(blank: &mut Option<Blank>, tick: u64, sample: &Result<f64, String>) {
        let Err(why) = sample else { return };
        match blank {
            Some(b) => b.cells += 1,
            None => {
                *blank = Some(Blank {
                    cells: 1,
                    tick,
                    why: why.clone(),
                })
            }
        }
    }
}

impl Sweep {
    /// Reads `def` for `project`; every problem found is returned, each naming the field.
    pub fn new(project: &Project, def: &ExperimentDef) -> Result<Sweep, Vec<String>> {
        let symbols = project_symbols(project);
        let mut errors = Vec::new();
        if let Err(compile) = crate::script::compiler::compile_project(project) {
            let first = compile.first().map(ToString::to_string).unwrap_or_default();
            let count = match compile.len() {
                1 => "1 error".to_string(),
                n => format!("{n} errors"),
            };
            errors.push(format!(
                "the model does not compile ({count}; the first: {first})"
            ));
        }
        let mut varied = Vec::new();
        if def.vary.len() > MAX_COLUMNS || def.measures.len() > MAX_COLUMNS {
            errors.push(format!(
                "an experiment may vary at most {MAX_COLUMNS} props and take at most \
                 {MAX_COLUMNS} measures"
            ));
            return Err(errors);
        }
        for (i, vary) in def.vary.iter().enumerate() {
            match read_varied(&symbols, &vary.prop, &vary.values) {
                Ok(v) => varied.push(v),
                Err(why) => errors.push(format!("vary {} ({}): {why}", i + 1, vary.prop.trim())),
            }
        }
        if varied
            .iter()
            .enumerate()
            .any(|(i, v)| varied.iter().skip(i + 1).any(|w| w.target == v.target))
        {
            errors.push("a prop is varied twice".to_string());
        }
        let mut measures = Vec::new();
        for (i, text) in def.measures.iter().enumerate() {
            match Measure::parse(text).and_then(|m| m.check(&symbols).map(|()| m)) {
                Ok(m) => measures.push((text.split_whitespace().collect::<Vec<_>>().join(" "), m)),
                Err(why) => errors.push(format!("measure {} ({}): {why}", i + 1, text.trim())),
            }
        }
        if def.measures.is_empty() {
            errors.push("an experiment needs something to measure".to_string());
        }
        if !(1..=1_000).contains(&def.seeds) {
            errors.push("seeds: each combination runs 1 to 1000 times".to_string());
        }
        if !(1..=MAX_SECONDS).contains(&def.seconds) {
            errors.push(format!("seconds: a run lasts 1 to {MAX_SECONDS} seconds"));
        }
        let sweep = Sweep {
            project: project.clone(),
            varied,
            measures,
            seeds: def.seeds.max(1),
            first_seed: def.first_seed,
            ticks: u64::from(def.seconds) * u64::from(TICKS_PER_SECOND),
            every: u64::from(def.every),
        };
        if errors.is_empty() {
            let runs = sweep.run_count();
            let rows = runs.saturating_mul(sweep.rows_per_run());
            if runs > MAX_RUNS {
                errors.push(format!(
                    "{runs} runs; an experiment may have at most {MAX_RUNS}"
                ));
            } else if rows > MAX_ROWS {
                errors.push(format!(
                    "{rows} rows (measure less often, with 'every'); an experiment's table \
                     may have at most {MAX_ROWS}"
                ));
            }
        }
        if errors.is_empty() {
            Ok(sweep)
        } else {
            Err(errors)
        }
    }

    /// The varied props, in order.
    pub fn varied(&self) -> &[Varied] {
        &self.varied
    }

    /// The measures' column names, in order.
    pub fn measure_names(&self) -> impl Iterator<Item = &str> {
        self.measures.iter().map(|(name, _)| name.as_str())
    }

    /// How many runs: every combination of values, times the seeds.
    pub fn run_count(&self) -> usize {
        self.varied
            .iter()
            .fold(self.seeds as usize, |n, v| n.saturating_mul(v.values.len()))
    }

    /// The most rows one run gives: a measurement at tick 0 and every `every` ticks, and one
    /// at the end.
    fn rows_per_run(&self) -> usize {
        match self.every {
            0 => 1,
            every => usize::try_from(self.ticks / every + 2).unwrap_or(usize::MAX),
        }
    }

    /// Run `number` (from 1), if there is one.
    pub fn run_spec(&self, number: usize) -> Option<RunSpec> {
        if number == 0 || number > self.run_count() {
            return None;
        }
        let seeds = self.seeds as usize;
        let index = number - 1;
        let mut combination = index / seeds;
        let mut values = vec![Value::Null; self.varied.len()];
        // The last varied prop changes fastest.
        for (slot, varied) in values.iter_mut().zip(&self.varied).rev() {
            let n = varied.values.len().max(1);
            *slot = varied.values.get(combination % n)?.clone();
            combination /= n;
        }
        Some(RunSpec {
            number,
            values,
            seed: self.first_seed.wrapping_add((index % seeds) as u64),
        })
    }

    /// Runs run `number` headless from the model's start, playing rounds on as
    /// `stepwise run` does, and measures it at tick 0 and every `every` ticks (when
    /// measuring along the way) and at its last tick: the run's length, or earlier if its
    /// rounds are all done.
    pub fn run(&self, number: usize) -> Result<RunRows, String> {
        let spec = self
            .run_spec(number)
            .ok_or_else(|| format!("the experiment has no run {number}"))?;
        let mut sim = Simulation::load_starting(&self.project, spec.seed, self.starting(&spec))
            .map_err(|e| e.to_string())?;
        if let Some(overrun) = sim.stopped() {
            return Err(overrun.to_string());
        }
        let mut rows = Vec::new();
        let mut blanks = vec![None; self.measures.len()];
        if self.every > 0 {
            rows.push(self.measure(&sim, &mut blanks));
        }
        loop {
            let now = sim.tick_count();
            let next = match self.every {
                0 => self.ticks,
                every => (now / every + 1).saturating_mul(every).min(self.ticks),
            };
            sim.play_rounds_to(next);
            if let Some(overrun) = sim.stopped() {
                return Err(overrun.to_string());
            }
            let moved = sim.tick_count() > now;
            let done =
                !moved || sim.tick_count() >= self.ticks || sim.round().phase == RoundPhase::Done;
            if (moved && (self.every > 0 || done)) || (done && rows.is_empty()) {
                rows.push(self.measure(&sim, &mut blanks));
            }
            if done {
                break;
            }
        }
        Ok(RunRows { spec, rows, blanks })
    }

    /// The starting values run `spec` gives the varied props (what replaying it on the stage
    /// starts the model with, with its seed).
    pub fn starting(&self, spec: &RunSpec) -> Vec<Starting> {
        self.varied
            .iter()
            .zip(&spec.values)
            .map(|(v, value)| Starting {
                target: v.target.clone(),
                value: value.clone(),
            })
            .collect()
    }

    /// Every measure of `sim` now, with its tick; the empty ones are noted in `blanks`.
    fn measure(&self, sim: &Simulation, blanks: &mut [Option<Blank>]) -> (u64, Vec<Option<f64>>) {
        let tick = sim.tick_count();
        let values = self
            .measures
            .iter()
            .zip(blanks.iter_mut())
            .map(|((_, m), blank)| {
                let sample = m.sample(sim);
                Blank::note(blank, tick, &sample);
                sample.ok()
            })
            .collect();
        (tick, values)
    }

    /// The table's header line (see [`table`]).
    pub fn header(&self) -> String {
        table::header(self)
    }
}

/// Reads one varied prop: `Blueprint.prop` (an added prop) or `Global.prop`, and its values,
/// which must suit the prop's type.
fn read_varied(symbols: &Symbols, prop: &str, values: &str) -> Result<Varied, String> {
    let label = prop.trim();
    let target = StartTarget::parse(label)?;
    let ty = target_type(symbols, &target)?;
    let values = values::parse_values(values)?
        .into_iter()
        .map(|v| suited(v, ty, label))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Varied {
        label: label.to_string(),
        target,
        values,
    })
}

/// The type of the prop `target` names, or why the model has no such prop.
fn target_type(symbols: &Symbols, target: &StartTarget) -> Result<VarType, String> {
    match target {
        StartTarget::Global(name) => symbols.globals.get(name).copied().ok_or_else(|| {
            unknown(
                &format!("Global prop '{name}'"),
                name,
                symbols.globals.keys().map(String::as_str),
            )
        }),
        StartTarget::Prop {
            blueprint: owner,
            prop: name,
        } => {
            let declared = blueprint(symbols, owner)?;
            declared.props.get(name).copied().ok_or_else(|| {
                unknown(
                    &format!("prop '{name}' on {owner} (made with addProp)"),
                    name,
                    declared.props.keys().map(String::as_str),
                )
            })
        }
    }
}

/// `value` as a value of a prop of type `ty`: a number for a Number, true or false for a
/// Boolean, and any value, as text, for a String.
fn suited(value: Value, ty: VarType, label: &str) -> Result<Value, String> {
    match (ty, value) {
        (VarType::Number, v @ Value::Number(_)) | (VarType::Boolean, v @ Value::Boolean(_)) => {
            Ok(v)
        }
        (VarType::String, v) => Ok(Value::String(v.to_string())),
        (VarType::Dictionary, _) => Err(format!("{label} is a Dictionary, which cannot be varied")),
        (VarType::Number, v) => Err(format!("{label} is a Number; '{v}' is not a number")),
        (VarType::Boolean, v) => Err(format!("{label} is a Boolean; '{v}' is not true or false")),
    }
}

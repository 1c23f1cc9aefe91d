//! The Experiment panel: the teacher picks props to vary and their values, runs per
//! combination, how long each runs and what to measure; the runs go on in Web Workers with a
//! progress bar, a time left and Cancel; the table and a plot fill in as runs finish; the table
//! downloads as CSV, and a run's number replays that run on the stage.
//!
//! The experiment is saved in the project (its first experiment) when it is run, as an undoable
//! edit, so `stepwise sweep` on the saved project runs the same one and writes the same table.

use super::plot;
use super::pool::{self, Event, Pool};
use super::protocol::FromWorker;
use crate::projects::ProjectHandle;
use sim_core::{
    experiment::table, script::project_symbols, Blank, ExperimentDef, Project, Starting, Sweep,
    VarType, VaryDef,
};
use std::collections::BTreeMap;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The most table rows the panel shows (the download has them all).
const SHOWN_ROWS: usize = 200;

/// The least time between redraws while runs come in, milliseconds.
const REDRAW_MS: f64 = 250.0;

/// A run to replay on the stage: its starting values, its seed, and how to name it.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// The varied props' values.
    pub starting: Vec<Starting>,
    /// The run's seed.
    pub seed: u64,
    /// "run 5: Fish.energyUse = 3, seed 2".
    pub label: String,
}

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct ExperimentProps {
    /// The open project, whose first experiment the panel edits.
    pub project: ProjectHandle,
    /// Its revision, so the panel sees another project opened.
    pub revision: u64,
    /// A run's number was pressed: replay it on the stage.
    pub on_replay: Callback<Replay>,
}

/// What the teacher or a worker did.
pub enum Msg {
    VaryProp(usize, String),
    VaryValues(usize, String),
    AddVary,
    RemoveVary(usize),
    Measure(usize, String),
    AddMeasure,
    RemoveMeasure(usize),
    Seeds(String),
    Seconds(String),
    Every(String),
    Run,
    Cancel,
    Worker(Event),
    Download,
    PlotMeasure(usize),
    Replay(usize),
}

/// A run under way or done: the experiment as it was run and what came back.
struct Running {
    sweep: Sweep,
    header: String,
    total: usize,
    /// Each finished run's table rows, measures at its end and empty cells, by run number.
    results: BTreeMap<usize, RunResult>,
    failures: Vec<String>,
    /// The workers, until every run is back or the teacher cancels.
    pool: Option<Pool>,
    workers: usize,
    started_ms: f64,
    /// When the panel last redrew for a worker's news.
    drawn_ms: f64,
    cancelled: bool,
}

/// What a worker sent back for one run.
struct RunResult {
    /// Its table rows, each ending in a newline.
    csv: String,
    /// Each measure at the run's end.
    last: Vec<Option<f64>>,
    /// Each measure's empty cells and why.
    blanks: Vec<Option<Blank>>,
}

/// The panel.
pub struct ExperimentPanel {
    draft: ExperimentDef,
    lineage: u64,
    /// The props and measures the fields offer, and the project revision they were found in
    /// (finding them reads every script, so not on every redraw).
    offered: (Vec<String>, Vec<String>),
    offered_at: u64,
    errors: Vec<String>,
    running: Option<Running>,
    plot_measure: usize,
}

impl Component for ExperimentPanel {
    type Message = Msg;
    type Properties = ExperimentProps;

    fn create(ctx: &Context<Self>) -> Self {
        let project = &ctx.props().project;
        ExperimentPanel {
            draft: saved_or_new(project),
            lineage: project.lineage(),
            offered: project.with(|c| suggestions(c.map(|c| &*c.project))),
            offered_at: project.revision(),
            errors: Vec::new(),
            running: None,
            plot_measure: 0,
        }
    }

    /// Redraws only when another model was opened or the project was changed: the parent's
    /// `on_replay` is a new callback at every redraw of the app, which is every frame while
    /// the model plays.
    fn changed(&mut self, ctx: &Context<Self>, _old: &Self::Properties) -> bool {
        let project = &ctx.props().project;
        if project.lineage() == self.lineage && project.revision() == self.offered_at {
            return false;
        }
        if project.lineage() != self.lineage {
            // Another model was opened: its own experiment, and no results of the last one.
            self.lineage = project.lineage();
            self.draft = saved_or_new(project);
            self.errors.clear();
            self.running = None;
        }
        if project.revision() != self.offered_at {
            self.offered = project.with(|c| suggestions(c.map(|c| &*c.project)));
            self.offered_at = project.revision();
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let d = &mut self.draft;
        match msg {
            Msg::VaryProp(i, text) => {
                if let Some(v) = d.vary.get_mut(i) {
                    v.prop = text;
                }
            }
            Msg::VaryValues(i, text) => {
                if let Some(v) = d.vary.get_mut(i) {
                    v.values = text;
                }
            }
            Msg::AddVary => d.vary.push(VaryDef::default()),
            Msg::RemoveVary(i) if i < d.vary.len() => drop(d.vary.remove(i)),
            Msg::Measure(i, text) => {
                if let Some(m) = d.measures.get_mut(i) {
                    *m = text;
                }
            }
            Msg::AddMeasure => d.measures.push(String::new()),
            Msg::RemoveMeasure(i) if i < d.measures.len() => drop(d.measures.remove(i)),
            Msg::RemoveVary(_) | Msg::RemoveMeasure(_) => return false,
            Msg::Seeds(text) => d.seeds = text.trim().parse().unwrap_or(0),
            Msg::Seconds(text) => d.seconds = text.trim().parse().unwrap_or(0),
            Msg::Every(text) => d.every = text.trim().parse().unwrap_or(0),
            Msg::Run => self.run(ctx),
            Msg::Cancel => {
                if let Some(running) = &mut self.running {
                    running.pool = None;
                    running.cancelled = true;
                }
            }
            Msg::Worker(event) => return self.heard(event),
            Msg::Download => self.download(),
            Msg::PlotMeasure(i) => self.plot_measure = i,
            Msg::Replay(number) => {
                if let Some(replay) = self.replay(number) {
                    ctx.props().on_replay.emit(replay);
                }
                return false;
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let busy = self.running.as_ref().is_some_and(|r| r.pool.is_some());
        let (props, measures) = &self.offered;
        let runs = self
            .draft
            .vary
            .iter()
            .fold(self.draft.seeds as usize, |n, v| {
                n.saturating_mul(
                    sim_core::experiment::values::parse_values(&v.values).map_or(0, |v| v.len()),
                )
            });
        html! {
            <div class="panel experiment" data-testid="experiment">
                <h2>{ "Experiment" }</h2>
                <p class="hint">{ "Run the model many times over the values you pick, and compare." }</p>
                <datalist id="experiment-props">{ for props.iter().map(|p| html! { <option value={p.clone()} /> }) }</datalist>
                <datalist id="experiment-measures">{ for measures.iter().map(|m| html! { <option value={m.clone()} /> }) }</datalist>
                { self.vary_fields(ctx, busy) }
                { self.measure_fields(ctx, busy) }
                <div class="actions">
                    if busy {
                        <button data-testid="experiment-cancel" onclick={link.callback(|_| Msg::Cancel)}>{ "Cancel" }</button>
                    } else {
                        <button data-testid="experiment-run" class="primary" onclick={link.callback(|_| Msg::Run)}>
                            { format!("Run {runs} runs") }
                        </button>
                    }
                    if self.running.as_ref().is_some_and(|r| !r.results.is_empty()) {
                        <button data-testid="experiment-csv" onclick={link.callback(|_| Msg::Download)}>{ "Download CSV" }</button>
                    }
                </div>
                if !self.errors.is_empty() {
                    <ul class="errors" data-testid="experiment-errors" role="alert">
                        { for self.errors.iter().map(|e| html! { <li>{ e }</li> }) }
                    </ul>
                }
                { self.running.as_ref().map(|r| self.results_view(ctx, r)).unwrap_or_default() }
            </div>
        }
    }
}

impl ExperimentPanel {
    /// The props to vary, each with its values.
    fn vary_fields(&self, ctx: &Context<Self>, busy: bool) -> Html {
        let link = ctx.link();
        html! {
        <fieldset disabled={busy}>
            <legend>{ "Vary" }</legend>
            { for self.draft.vary.iter().enumerate().map(|(i, v)| html! {
                <div class="row" data-testid="vary-row">
                    <input aria-label={format!("Prop to vary {}", i + 1)} list="experiment-props"
                        placeholder="Fish.energyUse" value={v.prop.clone()} data-testid="vary-prop"
                        oninput={link.callback(move |e: InputEvent| Msg::VaryProp(i, e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <input aria-label={format!("Its values {}", i + 1)} placeholder="1,2,3 or 0.1..0.5:0.1"
                        value={v.values.clone()} data-testid="vary-values"
                        oninput={link.callback(move |e: InputEvent| Msg::VaryValues(i, e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <button aria-label={format!("Stop varying {}", v.prop)} onclick={link.callback(move |_| Msg::RemoveVary(i))}>{ "×" }</button>
                </div>
            }) }
            <button data-testid="add-vary" onclick={link.callback(|_| Msg::AddVary)}>{ "Add a prop to vary" }</button>
        </fieldset>
        }
    }

    /// The measures, and how many runs of each, for how long, measured how often.
    fn measure_fields(&self, ctx: &Context<Self>, busy: bool) -> Html {
        let link = ctx.link();
        let input = |make: fn(String) -> Msg| {
            link.callback(move |e: InputEvent| {
                make(e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        html! {
        <fieldset disabled={busy}>
            <legend>{ "Measure" }</legend>
            { for self.draft.measures.iter().enumerate().map(|(i, m)| html! {
                <div class="row" data-testid="measure-row">
                    <input aria-label={format!("Measure {}", i + 1)} list="experiment-measures"
                        placeholder="count Fish" value={m.clone()} data-testid="measure"
                        oninput={link.callback(move |e: InputEvent| Msg::Measure(i, e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <button aria-label={format!("Stop measuring {m}")} onclick={link.callback(move |_| Msg::RemoveMeasure(i))}>{ "×" }</button>
                </div>
            }) }
            <button data-testid="add-measure" onclick={link.callback(|_| Msg::AddMeasure)}>{ "Add a measure" }</button>
            <div class="numbers">
                <label>{ "Runs of each " }<input type="number" min="1" max="1000" data-testid="seeds"
                    value={self.draft.seeds.to_string()} oninput={input(Msg::Seeds)} /></label>
                <label>{ "Seconds " }<input type="number" min="1" max="3600" data-testid="seconds"
                    value={self.draft.seconds.to_string()} oninput={input(Msg::Seconds)} /></label>
                <label>{ "Every " }<input type="number" min="0" data-testid="every"
                    value={self.draft.every.to_string()} oninput={input(Msg::Every)} />{ " ticks (0: at the end)" }</label>
            </div>
        </fieldset>
        }
    }

    /// Checks the draft, saves it in the project and starts the workers.
    fn run(&mut self, ctx: &Context<Self>) {
        let handle = &ctx.props().project;
        let Some(project) = handle.with(|c| c.map(|c| c.project.clone())) else {
            self.errors = vec!["open a model first".to_string()];
            return;
        };
        let sweep = match Sweep::new(&project, &self.draft) {
            Ok(sweep) => sweep,
            Err(errors) => {
                self.errors = errors;
                return;
            }
        };
        self.errors.clear();
        let draft = self.draft.clone();
        handle.edit("Save the experiment", move |p| {
            match p.experiments.first_mut() {
                Some(first) => *first = draft,
                None => p.experiments.push(draft),
            }
        });
        let total = sweep.run_count();
        let workers = pool::worker_count(total);
        let on_event = ctx.link().callback(Msg::Worker);
        let started = Pool::start(&project, &self.draft, total, workers, on_event);
        let pool = match started {
            Ok(pool) => pool,
            Err(why) => {
                self.errors = vec![why];
                return;
            }
        };
        self.plot_measure = self
            .plot_measure
            .min(self.draft.measures.len().saturating_sub(1));
        self.running = Some(Running {
            header: sweep.header(),
            sweep,
            total,
            results: BTreeMap::new(),
            failures: Vec::new(),
            workers: pool.size(),
            pool: Some(pool),
            started_ms: now_ms(),
            drawn_ms: now_ms(),
            cancelled: false,
        });
    }

    /// A worker's news; whether to redraw. While runs keep coming the panel redraws at most
    /// every [`REDRAW_MS`]: on a machine with as many workers as cores, redrawing the table
    /// after every run would take a core from the workers.
    fn heard(&mut self, event: Event) -> bool {
        let Some(running) = &mut self.running else {
            return false;
        };
        let Some(pool) = &mut running.pool else {
            return false;
        };
        match event {
            Event::Said(worker, FromWorker::Ready) => pool.ready(worker),
            Event::Said(
                worker,
                FromWorker::Rows {
                    number,
                    csv,
                    last,
                    blanks,
                },
            ) => {
                running
                    .results
                    .insert(number, RunResult { csv, last, blanks });
                pool.finished(worker);
            }
            Event::Said(worker, FromWorker::Failed { number, message }) => {
                running.failures.push(match number {
                    0 => message,
                    n => format!("run {n}: {message}"),
                });
                pool.finished(worker);
            }
            Event::Broke(message) => {
                running.failures.push(message);
                // A broken worker takes its run with it: stop rather than wait for ever.
                running.pool = None;
                return true;
            }
        }
        if pool.done() {
            running.pool = None;
            return true;
        }
        let now = now_ms();
        if now - running.drawn_ms >= REDRAW_MS {
            running.drawn_ms = now;
            return true;
        }
        false
    }

    fn download(&self) {
        let Some(running) = &self.running else {
            return;
        };
        let mut csv = running.header.clone();
        for run in running.results.values() {
            csv.push_str(&run.csv);
        }
        if let Err(e) = crate::browser::download("stepwise-experiment.csv", "text/csv", &csv) {
            web_sys::console::warn_1(&e.to_string().into());
        }
    }

    /// Run `number` as the stage replays it.
    fn replay(&self, number: usize) -> Option<Replay> {
        let sweep = &self.running.as_ref()?.sweep;
        let spec = sweep.run_spec(number)?;
        let starting = sweep.starting(&spec);
        let mut label = format!("run {number}:");
        for (v, value) in sweep.varied().iter().zip(&spec.values) {
            label.push_str(&format!(" {} = {value},", v.label));
        }
        label.push_str(&format!(" seed {}", spec.seed));
        Some(Replay {
            starting,
            seed: spec.seed,
            label,
        })
    }

    fn results_view(&self, ctx: &Context<Self>, r: &Running) -> Html {
        let (done, state) = progress(r);
        let total_rows: usize = r.results.values().map(|run| run.csv.lines().count()).sum();
        let blanks = r.results.iter().map(|(n, run)| (*n, &run.blanks[..]));
        let blank_notes = table::blank_notes(&r.sweep, blanks);
        html! {
            <div class="results">
                <progress data-testid="experiment-progress" max={r.total.to_string()} value={done.to_string()} />
                <p class="status" data-testid="experiment-status" aria-live="polite">{ state }</p>
                if !r.failures.is_empty() {
                    <ul class="errors" role="alert">{ for r.failures.iter().map(|f| html! { <li>{ f }</li> }) }</ul>
                }
                { self.plot_view(ctx, r) }
                { results_table(ctx, r) }
                if !blank_notes.is_empty() {
                    <ul class="notes" data-testid="experiment-blanks">
                        { for blank_notes.iter().map(|n| html! { <li>{ n }</li> }) }
                    </ul>
                }
                if total_rows > SHOWN_ROWS {
                    <p class="hint">{ format!("the first {SHOWN_ROWS} of {total_rows} rows; Download CSV has them all") }</p>
                }
            </div>
        }
    }

    /// The plot of the chosen measure's last value against the first varied prop, with the
    /// measure's picker when there are several.
    fn plot_view(&self, ctx: &Context<Self>, r: &Running) -> Html {
        let names: Vec<&str> = r.sweep.measure_names().collect();
        let measure = self.plot_measure.min(names.len().saturating_sub(1));
        let points: Vec<_> = r
            .results
            .iter()
            .filter_map(|(n, run)| {
                let spec = r.sweep.run_spec(*n)?;
                let x = spec
                    .values
                    .first()
                    .cloned()
                    .unwrap_or(sim_core::Value::Number(*n as f64));
                Some((x, run.last.get(measure).copied().flatten()))
            })
            .collect();
        if points.is_empty() {
            return Html::default();
        }
        let x_name = r.sweep.varied().first().map_or("run", |v| v.label.as_str());
        let on_pick = ctx.link().callback(|e: web_sys::Event| {
            Msg::PlotMeasure(
                e.target_unchecked_into::<web_sys::HtmlSelectElement>()
                    .selected_index()
                    .max(0) as usize,
            )
        });
        html! {
            <>
            if names.len() > 1 {
                <label>{ "Plot " }
                    <select data-testid="plot-measure" onchange={on_pick}>
                        { for names.iter().enumerate().map(|(i, n)| html! { <option selected={i == measure}>{ *n }</option> }) }
                    </select>
                </label>
            }
            { plot::view(&plot::groups(&points), x_name, names.get(measure).copied().unwrap_or_default()) }
            </>
        }
    }
}

/// How many runs are back (with or without rows; a failure may also be of no run, so at most
/// all), and the progress line: runs done, workers, time left or taken.
fn progress(r: &Running) -> (usize, String) {
    let done = (r.results.len() + r.failures.len()).min(r.total);
    let elapsed = (now_ms() - r.started_ms).max(0.0) / 1000.0;
    let left = if done > 0 && r.pool.is_some() {
        format!(
            " · about {:.0} s left",
            elapsed / done as f64 * r.total.saturating_sub(done) as f64
        )
    } else {
        String::new()
    };
    let state = if r.pool.is_some() {
        format!("{done} of {} runs on {} workers{left}", r.total, r.workers)
    } else if r.cancelled {
        format!("cancelled after {} of {} runs", r.results.len(), r.total)
    } else {
        format!(
            "{} of {} runs done in {elapsed:.1} s on {} workers",
            r.results.len(),
            r.total,
            r.workers
        )
    };
    (done, state)
}

/// The table of the runs' rows (the first [`SHOWN_ROWS`]), each run's number a button that
/// replays it; an empty cell says why it is empty.
fn results_table(ctx: &Context<ExperimentPanel>, r: &Running) -> Html {
    let link = ctx.link();
    let rows: Vec<&str> = r
        .results
        .values()
        .flat_map(|run| run.csv.lines())
        .take(SHOWN_ROWS)
        .collect();
    // The first cell of a measure is the table's column after the run number, the varied
    // props, the seed and the step.
    let first_measure = r.sweep.varied().len() + 3;
    let row = |row: &&str| {
        let mut cells = row.split(',');
        let number = cells.next().unwrap_or_default().to_string();
        let run: usize = number.parse().unwrap_or(0);
        html! {
            <tr data-testid="experiment-row">
                <td><button class="link" title={format!("Replay run {number} on the stage")}
                    data-testid="replay-run" onclick={link.callback(move |_| Msg::Replay(run))}>{ number.clone() }</button></td>
                { for cells.enumerate().map(|(i, c)| {
                    let why = (c.is_empty()).then(|| {
                        let measure = (i + 1).checked_sub(first_measure)?;
                        let blank = r.results.get(&run)?.blanks.get(measure)?.as_ref()?;
                        Some(format!("empty: {}", blank.why))
                    }).flatten();
                    let title = why.unwrap_or_else(|| c.to_string());
                    html! { <td class="num" title={title}>{ shown(c) }</td> }
                }) }
            </tr>
        }
    };
    html! {
        <div class="table-wrap">
            <table class="costs sweep-table" data-testid="experiment-table">
                <thead><tr>{ for r.header.trim_end().split(',').map(|h| html! { <th>{ h }</th> }) }</tr></thead>
                <tbody>{ for rows.iter().map(row) }</tbody>
            </table>
        </div>
    }
}

/// The project's first experiment, or a new one measuring the first blueprint's count.
fn saved_or_new(project: &ProjectHandle) -> ExperimentDef {
    project.with(|c| {
        let project = c.map(|c| &c.project);
        if let Some(saved) = project.and_then(|p| p.experiments.first()) {
            return saved.clone();
        }
        let first = project
            .and_then(|p| p.blueprints.first())
            .map(|b| b.name.clone());
        ExperimentDef {
            name: "Experiment 1".to_string(),
            seeds: 2,
            seconds: 30,
            measures: first
                .map(|b| vec![format!("count {b}")])
                .unwrap_or_default(),
            vary: vec![VaryDef::default()],
            ..ExperimentDef::default()
        }
    })
}

/// What the prop and measure fields offer: every varied-able prop, and every measure (the
/// project's monitors' first).
fn suggestions(project: Option<&Project>) -> (Vec<String>, Vec<String>) {
    let Some(project) = project else {
        return (Vec::new(), Vec::new());
    };
    let symbols = project_symbols(project);
    let mut props = Vec::new();
    let mut measures: Vec<String> = project
        .widgets
        .iter()
        .filter(|w| w.kind == sim_core::WidgetKind::Monitor && !w.target.trim().is_empty())
        .map(|w| w.target.trim().to_string())
        .collect();
    for (bp, declared) in &symbols.blueprints {
        measures.push(format!("count {bp}"));
        for (prop, ty) in &declared.props {
            if *ty != VarType::Dictionary {
                props.push(format!("{bp}.{prop}"));
            }
            if *ty == VarType::Number {
                measures.push(format!("mean {bp}.{prop}"));
            }
        }
    }
    for (name, ty) in &symbols.globals {
        if *ty != VarType::Dictionary {
            props.push(format!("Global.{name}"));
        }
        if matches!(ty, VarType::Number | VarType::Boolean) {
            measures.push(format!("Global.{name}"));
        }
    }
    (props, measures)
}

/// A table cell as the panel shows it: a number with many decimals cut to three (the CSV
/// keeps every digit).
fn shown(cell: &str) -> String {
    match cell.parse::<f64>() {
        Ok(n) if cell.split_once('.').is_some_and(|(_, d)| d.len() > 3) => super::plot::short(n),
        _ => cell.to_string(),
    }
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn long_decimals_are_cut_for_the_table_only() {
        assert_eq!(shown("43.333333333333336"), "43.333");
        assert_eq!(shown("2.5000001"), "2.5");
        assert_eq!(shown("0.125"), "0.125");
        assert_eq!(shown("40"), "40");
        assert_eq!(shown("consumer"), "consumer");
        assert_eq!(shown(""), "");
    }
}

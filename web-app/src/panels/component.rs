//! The graphs, log and profiler panels, drawn from their readouts.

use super::readout::{CostRow, LogRow, PanelsReadout};
use super::series::Series;
use sim_core::{SchedulerStats, TaskStatus};
use std::rc::Rc;
use yew::prelude::*;

/// The chart's size in SVG units.
const CHART_W: f64 = 360.0;
const CHART_H: f64 = 150.0;

/// Line colours, reused in turn.
const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// The panels' inputs.
#[derive(Properties, PartialEq)]
pub struct PanelsProps {
    /// The log and profile.
    pub data: Rc<PanelsReadout>,
    /// The sampled counts and Globals.
    pub series: Rc<Series>,
    /// A log entry's `Blueprint:line` link was clicked: (blueprint, line).
    pub on_open: Callback<(String, u32)>,
    /// A panel before these (the model's widgets).
    #[prop_or_default]
    pub lead: Html,
    /// More panels after these.
    #[prop_or_default]
    pub children: Html,
}

/// The graphs and the log side by side, after the lead (the model's widgets).
#[function_component(Panels)]
pub fn panels(props: &PanelsProps) -> Html {
    html! {
        <section class="panels" aria-label="Graphs and messages">
            { props.lead.clone() }
            { graphs(&props.series) }
            { log(&props.data, &props.on_open) }
            { props.children.clone() }
        </section>
    }
}

/// The profiler's inputs.
#[derive(Properties, PartialEq)]
pub struct ProfilerProps {
    /// The profile and the periodic tasks' statistics.
    pub data: Rc<PanelsReadout>,
}

/// The profiler: time per tick by blueprint and by `when` rule, and the periodic tasks (one
/// of the developer tools).
#[function_component(Profiler)]
pub fn profiler_panel(props: &ProfilerProps) -> Html {
    profiler(&props.data)
}

fn log(data: &PanelsReadout, on_open: &Callback<(String, u32)>) -> Html {
    html! {
        <div class="panel log" data-testid="log">
            <h2>{ "Log" }</h2>
            if data.log.is_empty() {
                <p class="hint">{ "No errors or dbgOut lines yet." }</p>
            } else {
                if data.log_total > data.log.len() {
                    <p class="hint">{ format!("the newest {} of {} lines", data.log.len(), data.log_total) }</p>
                }
                <ol class="log-lines">
                    { for data.log.iter().map(|row| html! {
                        <li class={classes!("log-line", row.error.then_some("error"))} data-testid="log-entry">
                            <span class="log-time">{ format!("{:.2} s", row.time) }</span>
                            { log_place(row, on_open) }
                            <span class="log-message">{ &row.message }</span>
                        </li>
                    }) }
                </ol>
            }
        </div>
    }
}

/// Where an entry came from: a `Blueprint:line` link that opens the script there, or the
/// script's name as text when it is not a blueprint's line.
fn log_place(row: &LogRow, on_open: &Callback<(String, u32)>) -> Html {
    let Some((blueprint, line)) = row.place.clone() else {
        return html! { <span class="log-at">{ &row.at }</span> };
    };
    let text = format!("{blueprint}:{line}");
    let title = format!("open the script of {blueprint} at line {line} ({})", row.at);
    let onclick = on_open.reform(move |_: MouseEvent| (blueprint.clone(), line));
    html! {
        <button class="log-at log-link" data-testid="log-link" {title} {onclick}>{ text }</button>
    }
}

fn profiler(data: &PanelsReadout) -> Html {
    html! {
        <div class="panel profiler" data-testid="profiler">
            <h2>{ "Profiler" }</h2>
            <p class="hint">{ format!("mean time per tick over {} ticks", data.ticks) }</p>
            { cost_table("Blueprint", &data.blueprints) }
            if !data.rules.is_empty() {
                { cost_table("when", &data.rules) }
            }
            { task_table(&data.tasks) }
        </div>
    }
}

/// The app's periodic tasks as the scheduler counts them: how often each runs, how many runs
/// and how long they took.
fn task_table(stats: &SchedulerStats) -> Html {
    if stats.tasks.is_empty() {
        return Html::default();
    }
    html! {
        <table class="costs tasks" data-testid="task-table">
            <caption>{ "Periodic tasks (real time)" }</caption>
            <thead><tr>
                <th>{ "Task" }</th><th>{ "Every" }</th><th>{ "Runs" }</th>
                <th>{ "Total ms" }</th><th>{ "Min ms" }</th><th>{ "Max ms" }</th><th>{ "Status" }</th>
            </tr></thead>
            <tbody>
                { for stats.tasks.iter().map(|t| html! {
                    <tr data-testid="task-row" data-task={t.name.clone()}>
                        <td>{ &t.name }</td>
                        <td class="num">{ interval(t.interval.to_f64()) }</td>
                        <td class="num" data-testid="task-runs">{ t.runs }</td>
                        <td class="num">{ format!("{:.1}", t.total_ms) }</td>
                        <td class="num">{ format!("{:.2}", t.min_ms) }</td>
                        <td class="num">{ format!("{:.2}", t.max_ms) }</td>
                        <td>{ status(t.status) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

/// A task's interval: "every frame" for zero, else milliseconds or seconds.
fn interval(secs: f64) -> String {
    if secs <= 0.0 {
        "frame".to_string()
    } else if secs < 1.0 {
        format!("{:.0} ms", secs * 1000.0)
    } else {
        format!("{secs:.0} s")
    }
}

fn status(status: TaskStatus) -> &'static str {
    match status {
        TaskStatus::Suspended => "paused",
        TaskStatus::Ready => "waiting",
        TaskStatus::Queued => "queued",
    }
}

fn cost_table(what: &str, rows: &[CostRow]) -> Html {
    html! {
        <table class="costs">
            <thead><tr><th>{ what }</th><th>{ "µs / tick" }</th></tr></thead>
            <tbody>
                { for rows.iter().map(|row| html! {
                    <tr data-testid="profile-row">
                        <td>{ &row.name }</td>
                        <td class="num">{ format!("{:.1}", row.micros_per_tick) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

fn graphs(series: &Rc<Series>) -> Html {
    let csv_source = series.clone();
    let download = Callback::from(move |_: MouseEvent| download_csv(&csv_source.to_csv()));
    html! {
        <div class="panel graphs" data-testid="graphs">
            <h2>{ "Graphs" }</h2>
            { chart(series) }
            <ul class="legend">
                { for series.columns.iter().enumerate().map(|(i, name)| {
                    let latest = series.latest(i);
                    html! {
                        <li data-testid="legend-item">
                            <span class="swatch" style={format!("background:{}", colour(i))}></span>
                            { format!("{name}: ") }
                            { if latest.is_finite() { format!("{latest}") } else { "–".to_string() } }
                        </li>
                    }
                }) }
            </ul>
            <button data-testid="download-csv" onclick={download}>{ "Download CSV" }</button>
        </div>
    }
}

/// Every column as a line over time, on one scale from zero to the largest value.
fn chart(series: &Series) -> Html {
    let (first, last) = match (series.samples.first(), series.samples.last()) {
        (Some(a), Some(b)) => (a.time, b.time),
        _ => (0.0, 0.0),
    };
    let span = (last - first).max(1.0);
    let top = series
        .samples
        .iter()
        .flat_map(|s| s.values.iter().copied())
        .filter(|v| v.is_finite())
        .fold(1.0_f64, f64::max);
    let bottom = series
        .samples
        .iter()
        .flat_map(|s| s.values.iter().copied())
        .filter(|v| v.is_finite())
        .fold(0.0_f64, f64::min);
    let range = (top - bottom).max(f64::EPSILON);
    let line = |column: usize| -> String {
        series
            .samples
            .iter()
            .filter_map(|s| {
                let v = s.values.get(column).copied().filter(|v| v.is_finite())?;
                let x = (s.time - first) / span * CHART_W;
                let y = CHART_H - (v - bottom) / range * CHART_H;
                Some(format!("{x:.1},{y:.1}"))
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    html! {
        <svg class="chart" viewBox={format!("0 0 {CHART_W} {CHART_H}")} preserveAspectRatio="none">
            <rect width={CHART_W.to_string()} height={CHART_H.to_string()} class="chart-bg" />
            { for (0..series.columns.len()).map(|i| html! {
                <polyline points={line(i)} fill="none" stroke={colour(i)} stroke-width="1.5"
                    vector-effect="non-scaling-stroke" />
            }) }
            <text x="4" y="12" class="axis">{ format!("{top}") }</text>
            <text x="4" y={(CHART_H - 4.0).to_string()} class="axis">{ format!("{bottom} · {last:.0} s") }</text>
        </svg>
    }
}

fn colour(i: usize) -> &'static str {
    COLOURS.get(i % COLOURS.len()).copied().unwrap_or("#000")
}

/// Offers `csv` as a file download; where the page cannot make one there is nothing to show
/// the error in but the console, so it goes there.
fn download_csv(csv: &str) {
    if let Err(error) = crate::browser::download("stepwise-graphs.csv", "text/csv", csv) {
        web_sys::console::warn_1(&error.to_string().into());
    }
}

//! The log, profiler and graphs panels, drawn from their snapshots.

use super::series::Series;
use super::snapshot::{CostRow, PanelsSnapshot};
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
    pub data: Rc<PanelsSnapshot>,
    /// The sampled counts and Globals.
    pub series: Rc<Series>,
}

/// The log, profiler and graphs panels side by side.
#[function_component(Panels)]
pub fn panels(props: &PanelsProps) -> Html {
    html! {
        <section class="panels">
            { graphs(&props.series) }
            { log(&props.data) }
            { profiler(&props.data) }
        </section>
    }
}

fn log(data: &PanelsSnapshot) -> Html {
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
                            <span class="log-at">{ &row.at }</span>
                            <span class="log-message">{ &row.message }</span>
                        </li>
                    }) }
                </ol>
            }
        </div>
    }
}

fn profiler(data: &PanelsSnapshot) -> Html {
    html! {
        <div class="panel profiler" data-testid="profiler">
            <h2>{ "Profiler" }</h2>
            <p class="hint">{ format!("mean time per tick over {} ticks", data.ticks) }</p>
            { cost_table("Blueprint", &data.blueprints) }
            if !data.rules.is_empty() {
                { cost_table("when", &data.rules) }
            }
        </div>
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
    if let Err(error) = crate::projects::browser::download("stepwise-graphs.csv", "text/csv", csv) {
        web_sys::console::warn_1(&error.to_string().into());
    }
}

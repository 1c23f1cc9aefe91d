//! The experiment's plot: a measure at each run's end against the first varied prop, every run
//! a dot, and for each value of the prop the mean (joined by a line) and the spread from the
//! least to the greatest run (over seeds and the other props' values).

use sim_core::Value;
use yew::prelude::*;

/// The plot's size in SVG units.
const W: f64 = 360.0;
const H: f64 = 190.0;
/// Room for the axes' labels and titles.
const LEFT: f64 = 56.0;
const BOTTOM: f64 = 38.0;

/// The runs that share one value of the varied prop.
#[derive(Debug, Clone, PartialEq)]
pub struct Group {
    /// The value as shown.
    pub label: String,
    /// Where it goes along the axis (the number, or its place among texts).
    pub x: f64,
    /// Each run's measure.
    pub ys: Vec<f64>,
}

impl Group {
    /// The mean of the runs' measures.
    pub fn mean(&self) -> f64 {
        self.ys.iter().sum::<f64>() / self.ys.len().max(1) as f64
    }
}

/// Groups `(value of the varied prop, measure)` by the value, in the order values first come;
/// runs with nothing measured are left out. Numbers go along the axis at their value; when any
/// value is not a number, they all go at their place in that order.
pub fn groups(points: &[(Value, Option<f64>)]) -> Vec<Group> {
    let numeric = points.iter().all(|(v, _)| matches!(v, Value::Number(_)));
    let mut out: Vec<Group> = Vec::new();
    for (value, y) in points {
        let Some(y) = y.filter(|y| y.is_finite()) else {
            continue;
        };
        let label = value.to_string();
        match out.iter_mut().find(|g| g.label == label) {
            Some(group) => group.ys.push(y),
            None => {
                let x = match value {
                    Value::Number(n) if numeric => *n,
                    _ => out.len() as f64,
                };
                out.push(Group {
                    label,
                    x,
                    ys: vec![y],
                });
            }
        }
    }
    out
}

/// The plot of `groups`, `x_name` along and `y_name` up.
pub fn view(groups: &[Group], x_name: &str, y_name: &str) -> Html {
    let xs = || groups.iter().map(|g| g.x);
    let ys = || groups.iter().flat_map(|g| g.ys.iter().copied());
    let (x0, x1) = (
        xs().fold(f64::INFINITY, f64::min),
        xs().fold(f64::NEG_INFINITY, f64::max),
    );
    let (y0, y1) = (
        ys().fold(0.0_f64, f64::min),
        ys().fold(f64::NEG_INFINITY, f64::max).max(1.0),
    );
    let span = |lo: f64, hi: f64| if hi > lo { hi - lo } else { 1.0 };
    let px = |x: f64| {
        if x1 > x0 {
            LEFT + 8.0 + (x - x0) / span(x0, x1) * (W - LEFT - 16.0)
        } else {
            (LEFT + W) / 2.0
        }
    };
    let py = |y: f64| H - BOTTOM - (y - y0) / span(y0, y1) * (H - BOTTOM - 8.0);
    let means: Vec<String> = groups
        .iter()
        .map(|g| format!("{:.1},{:.1}", px(g.x), py(g.mean())))
        .collect();
    html! {
        <svg class="chart sweep-plot" data-testid="experiment-plot" viewBox={format!("0 0 {W} {H}")}
            role="img" aria-label={format!("{y_name} against {x_name}")}>
            <rect x={LEFT.to_string()} width={(W - LEFT).to_string()} height={(H - BOTTOM).to_string()} class="chart-bg" />
            { for groups.iter().map(|g| {
                let lo = g.ys.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = g.ys.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let x = px(g.x);
                html! { <>
                    <line class="spread" x1={format!("{x:.1}")} x2={format!("{x:.1}")}
                        y1={format!("{:.1}", py(lo))} y2={format!("{:.1}", py(hi))} />
                    { for g.ys.iter().map(|y| html! {
                        <circle class="run" data-testid="plot-point" cx={format!("{x:.1}")} cy={format!("{:.1}", py(*y))} r="2.5" />
                    }) }
                    <text class="axis" x={format!("{x:.1}")} y={(H - BOTTOM + 14.0).to_string()} text-anchor="middle">{ &g.label }</text>
                </> }
            }) }
            <polyline class="mean" points={means.join(" ")} fill="none" />
            <text class="axis" x={(LEFT - 4.0).to_string()} y="12" text-anchor="end">{ short(y1) }</text>
            <text class="axis" x={(LEFT - 4.0).to_string()} y={(H - BOTTOM).to_string()} text-anchor="end">{ short(y0) }</text>
            <text class="axis-title" data-testid="plot-x-title" x={((LEFT + W) / 2.0).to_string()} y={(H - 4.0).to_string()}
                text-anchor="middle">{ x_name }</text>
            <text class="axis-title" data-testid="plot-y-title" text-anchor="middle"
                transform={format!("translate(12 {:.1}) rotate(-90)", (H - BOTTOM) / 2.0)}>{ y_name }</text>
        </svg>
    }
}

/// A number as a person reads it on a plot, a table or a monitor: whole numbers whole, others
/// to three decimals without trailing zeros (`46.667`, `2.5`).
pub fn short(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{n:.0}")
    } else {
        let text = format!("{n:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_group_by_the_varied_value_in_order() {
        let n = Value::Number;
        let groups = groups(&[
            (n(3.0), Some(1.0)),
            (n(1.0), Some(4.0)),
            (n(3.0), Some(5.0)),
            (n(1.0), None),
        ]);
        assert_eq!(groups.len(), 2);
        assert_eq!((groups[0].x, groups[0].ys.clone()), (3.0, vec![1.0, 5.0]));
        assert_eq!(groups[0].mean(), 3.0);
        assert_eq!((groups[1].label.as_str(), groups[1].x), ("1", 1.0));
    }

    #[test]
    fn numbers_are_cut_to_three_decimals() {
        assert_eq!(short(100.0), "100");
        assert_eq!(short(46.666_666_7), "46.667");
        assert_eq!(short(2.5), "2.5");
        assert_eq!(short(-0.0001), "-0");
    }

    #[test]
    fn texts_go_at_their_places() {
        let t = |s: &str| Value::String(s.into());
        let groups = groups(&[
            (t("b"), Some(1.0)),
            (t("a"), Some(2.0)),
            (t("b"), Some(3.0)),
        ]);
        let xs: Vec<f64> = groups.iter().map(|g| g.x).collect();
        assert_eq!(xs, [0.0, 1.0]);
    }
}

//! Graphing (GEMSTEP's AgentWidgets) at run time: a label, a meter and a line graph per
//! character, kept as data the renderer draws, bound to props when asked.

use super::spec::GRAPHING;
use crate::agent::AgentRef;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::runtime::{feat, methods, num_arg, text_arg, Runtime, TickHooks};
use crate::features::MethodId;
use crate::script::program::Arg;
use crate::vars::{GVar, Value};
use crate::world::log::Origin;
use crate::world::World;

/// The Graphing feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    act: call,
    answer: None,
    tick: TickHooks {
        agent_in_world: Some(update),
        ..TickHooks::NONE
    },
    setter: None,
};

/// The most points a line graph keeps; older ones scroll off.
pub const MAX_GRAPH_POINTS: usize = 300;

methods!(
    GRAPHING,
    ShowMessage = "showMessage",
    ShowMessageProp = "showMessageProp",
    SetMeterPosition = "setMeterPosition",
    BindMeterTo = "bindMeterTo",
    BindTextTo = "bindTextTo",
    BindGraphTo = "bindGraphTo",
    BindGraphToGlobalProp = "bindGraphToGlobalProp",
    BindLineGraphHistogramToFeatProp = "bindLineGraphHistogramToFeatProp",
);

/// Runs a Graphing method on agent `id`.
pub(crate) fn call(
    r: &mut Runner<'_>,
    id: EntityId,
    method: MethodId,
    args: &[Arg],
) -> Result<(), Failure> {
    let bind = |r: &mut Runner<'_>, prop: &'static str| -> Result<(), Failure> {
        let name = text_arg(r, args, 0)?;
        feat(r, id, KIND)?.set(prop, Value::String(name));
        Ok(())
    };
    match Method::of(method)? {
        Method::BindMeterTo => bind(r, "meterProp"),
        Method::BindTextTo => bind(r, "textProp"),
        which @ (Method::BindGraphTo | Method::BindGraphToGlobalProp) => {
            let which = if which == Method::BindGraphTo {
                "graphProp"
            } else {
                "graphGlobalProp"
            };
            bind(r, which)?;
            // GEMSTEP's `bindGraphTo(prop, frequency = 30)`: frames between points.
            let frequency = num_arg(r, args, 1, 30.0)?;
            feat(r, id, KIND)?.set("graphFrequency", Value::Number(frequency));
            Ok(())
        }
        Method::SetMeterPosition => bind(r, "meterPosition"),
        Method::BindLineGraphHistogramToFeatProp => {
            let feature = text_arg(r, args, 0)?;
            let prop = text_arg(r, args, 1)?;
            let mut g = feat(r, id, KIND)?;
            g.set("barGraphPropFeature", Value::String(feature));
            g.set("barGraphProp", Value::String(prop));
            Ok(())
        }
        which @ (Method::ShowMessage | Method::ShowMessageProp) => {
            let text = if which == Method::ShowMessage {
                text_arg(r, args, 0)?
            } else {
                let shown = feat(r, id, KIND)?.text("messageStringToShow");
                shown.unwrap_or_default()
            };
            r.world.show(&text);
            let at: Origin<'_> = r.world.origin(&r.script, 0, 0);
            r.world.log.debug(at, format!("message: {text}"));
            Ok(())
        }
    }
}

/// Graphing's kind, which the tick (and the stage's view of an agent) finds the feature by.
pub(crate) const KIND: FeatureKind = FeatureKind::named(GRAPHING.name);

/// The Graphing props the tick reads and writes for every agent that has the feature (a
/// model's meters are often on every agent), found by slot rather than by name, and those the
/// stage reads every frame to draw them.
pub(crate) const TEXT: PropSlot = PropSlot::of(&GRAPHING, "text");
const TEXT_PROP: PropSlot = PropSlot::of(&GRAPHING, "textProp");
pub(crate) const METER: PropSlot = PropSlot::of(&GRAPHING, "meter");
pub(crate) const METER_COLOR: PropSlot = PropSlot::of(&GRAPHING, "meterColor");
pub(crate) const LARGE: PropSlot = PropSlot::of(&GRAPHING, "isLargeGraphic");
pub(crate) const BARS_OF: PropSlot = PropSlot::of(&GRAPHING, "barGraphPropFeature");
pub(crate) const METER_PROP: PropSlot = PropSlot::of(&GRAPHING, "meterProp");
const FREQUENCY: PropSlot = PropSlot::of(&GRAPHING, "graphFrequency");
const GRAPH_VALUE: PropSlot = PropSlot::of(&GRAPHING, "graphValue");
const GRAPH_PROP: PropSlot = PropSlot::of(&GRAPHING, "graphProp");
const GRAPH_GLOBAL_PROP: PropSlot = PropSlot::of(&GRAPHING, "graphGlobalProp");

/// Refreshes bound meters, labels and graphs of one agent. The label is only written when
/// its text changed, so an unchanged label costs no new string each tick.
fn update(world: &mut World, id: EntityId) {
    let frame = world.round().frame(world.tick);
    let Some(agent) = world.agents.get(id) else {
        return;
    };
    let Some(g) = world.agents.feature_of(&agent, KIND) else {
        return;
    };
    let meter = g
        .str_at(METER_PROP)
        .and_then(|prop| bound(&world.agents, agent, prop))
        .map(meter_level);
    let text = g
        .str_at(TEXT_PROP)
        .and_then(|prop| bound(&world.agents, agent, prop))
        .and_then(|v| v.value().as_text())
        .filter(|text| g.str_at(TEXT) != Some(text.as_str()));
    let point = graph_point(world, agent, g, frame);
    if meter.is_none() && text.is_none() && point.is_none() {
        return;
    }
    let Some(mut g) = world.agents.feature_mut(id, KIND) else {
        return;
    };
    if let Some(level) = meter {
        g.set_number_at(METER, level);
    }
    if let Some(text) = text {
        g.set_at(TEXT, Value::String(text));
    }
    if let Some(point) = point {
        let value = match point {
            Point::Sampled(value) => value,
            Point::Changed(value) => {
                g.set_graph_value_old(value);
                value
            }
        };
        if let Some(series) = g.series_mut() {
            if series.len() >= MAX_GRAPH_POINTS {
                series.remove(0);
            }
            series.push(value);
        }
    }
}

/// A point a graph gains this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Point {
    /// The bound prop's value, on a frame its timer picks.
    Sampled(f64),
    /// A new `graphValue`.
    Changed(f64),
}

/// The point agent `agent`'s graph gains at round frame `frame`, as GEMSTEP's Graphing adds
/// them (`feat-graphing.ts`, `m_FeaturesUpdate`): when a prop is bound (`graphProp`, else
/// `graphGlobalProp`), every `graphFrequency` frames (`frame % graphFrequency === 0`; never
/// when it is 0) the prop's value (0 for a prop the character lacks); on every other frame,
/// and on every frame when nothing is bound, a `graphValue` that differs from the one last
/// added. Frames count from the round's first tick (frame 0), so a graph bound with the
/// default 30 gains its first point then and one each second after.
fn graph_point(
    world: &World,
    agent: AgentRef<'_>,
    g: crate::agent::FeatureRef<'_>,
    frame: u64,
) -> Option<Point> {
    let prop = g.str_at(GRAPH_PROP).unwrap_or_default();
    let global = g.str_at(GRAPH_GLOBAL_PROP).unwrap_or_default();
    if !prop.is_empty() || !global.is_empty() {
        let frequency = g.number_at(FREQUENCY).unwrap_or(0.0);
        // As JavaScript's `%`: a remainder of 0 only for a multiple (NaN for 0, never 0).
        if (frame as f64) % frequency == 0.0 {
            let value = if prop.is_empty() {
                // GEMSTEP stops with an error for a shared prop there is none of; no point.
                world.global(global).map(|v| v.value())
            } else {
                Some(bound(&world.agents, agent, prop).map_or(Value::Number(0.0), GVar::value))
            };
            // GEMSTEP plots `value || 0`: what is no number plots 0.
            return value.map(|v| Point::Sampled(v.as_number().unwrap_or(0.0)));
        }
    }
    let value = g.number_at(GRAPH_VALUE).unwrap_or(0.0);
    let changed = value != g.graph_value_old();
    changed.then_some(Point::Changed(value))
}

fn bound<'a>(
    agents: &'a crate::agent::Agents,
    agent: AgentRef<'_>,
    prop: &str,
) -> Option<&'a GVar> {
    (!prop.is_empty())
        .then(|| agents.prop(&agent, prop))
        .flatten()
}

/// A meter shows a prop's place between its limits, or its value out of 100.
fn meter_level(var: &GVar) -> f64 {
    match var {
        GVar::Number(n) => n.fraction().unwrap_or(n.value() / 100.0).clamp(0.0, 1.0),
        other => other.value().as_number().unwrap_or(0.0),
    }
}

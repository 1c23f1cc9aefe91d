//! Graphing (GEMSTEP's AgentWidgets) at run time: a label, a meter and a line graph per
//! character, kept as data the renderer draws, bound to props when asked.

use super::common::{feat, methods, num_arg, text_arg, Runtime, TickHooks};
use crate::agent::AgentRef;
use crate::entity::EntityId;
use crate::exec::{Failure, Runner};
use crate::features::catalog::{FeatureKind, PropSlot};
use crate::features::catalog_looks::GRAPHING;
use crate::features::MethodId;
use crate::script::program::Arg;
use crate::vars::{GVar, Value};
use crate::world::log::Origin;
use crate::world::World;

/// The Graphing feature's methods, for the dispatch.
pub(crate) const RUNTIME: Runtime = Runtime {
    kind: KIND,
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
            let frequency = num_arg(r, args, 1, 1.0)?;
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

/// Refreshes bound meters, labels and graphs of one agent. The label is only written when
/// its text changed, so an unchanged label costs no new string each tick.
fn update(world: &mut World, id: EntityId) {
    let tick = world.tick;
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
    let frequency = g.number_at(FREQUENCY).unwrap_or(0.0);
    let sample = if frequency > 0.0 && tick % crate::exec::ticks_in(frequency) == 0 {
        graph_value(world, agent, g)
    } else {
        None
    };
    if meter.is_none() && text.is_none() && sample.is_none() {
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
    if let Some(point) = sample {
        if let Some(series) = g.series_mut() {
            if series.len() >= MAX_GRAPH_POINTS {
                series.remove(0);
            }
            series.push(point);
        }
    }
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

fn graph_value(world: &World, agent: AgentRef<'_>, g: crate::agent::FeatureRef<'_>) -> Option<f64> {
    let global = g.text("graphGlobalProp").unwrap_or_default();
    if !global.is_empty() {
        return world.global(&global)?.value().as_number();
    }
    let prop = g.text("graphProp").unwrap_or_default();
    match bound(&world.agents, agent, &prop) {
        Some(var) => var.value().as_number(),
        None => g.number("graphValue"),
    }
}

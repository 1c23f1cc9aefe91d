//! Read-only views of agents for the renderer and the inspector: borrowed, never copied per
//! frame.

use crate::agent::color::{hsv_of, rgb_number};
use crate::agent::{AgentRef, Selection, BUILTIN_PROPS};
use crate::entity::EntityId;
use crate::features::{costume, graphing, physics};
use crate::vars::Value;
use crate::world::World;
use std::borrow::Cow;

/// One agent as the renderer and inspector read it.
#[derive(Clone, Copy)]
pub struct AgentView<'a> {
    agent: AgentRef<'a>,
    world: &'a World,
}

/// How an agent's costume is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct CostumeView<'a> {
    /// The costume's file name (`fish.json`), or the skin without a Costume.
    pub name: Cow<'a, str>,
    /// Which frame.
    pub frame: f64,
    /// Horizontal scale (Physics scale wins over Costume scale when both are set).
    pub scale: f64,
    /// Vertical stretch on top of `scale`.
    pub scale_y: f64,
    /// Mirrored left to right.
    pub flip_x: bool,
    /// Mirrored top to bottom.
    pub flip_y: bool,
    /// Seconds of glow left (0: none).
    pub glow: f64,
    /// The tint as `0xRRGGBB`, if one is set.
    pub color: Option<u32>,
    /// The glow's colour as `0xRRGGBB`: the agent's `glowColor`, else the Costume's.
    pub glow_color: Option<u32>,
}

/// GEMSTEP's status meter (`statusValue`), set by a script directly.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StatusView {
    /// The fill, 0 to 1.
    pub value: f64,
    /// The colour as `0xRRGGBB` (`statusValueColor`).
    pub color: u32,
    /// Drawn large (`statusValueIsLarge`).
    pub large: bool,
}

/// What an agent's Graphing feature shows.
#[derive(Debug, Clone, PartialEq)]
pub struct GraphView<'a> {
    /// The label.
    pub text: Cow<'a, str>,
    /// The meter's fill, 0 to 1 (`None`: no meter).
    pub meter: Option<f64>,
    /// The meter's colour as `0xRRGGBB`.
    pub meter_color: u32,
    /// Whether to draw the meter or graph large.
    pub large: bool,
    /// The line graph's points, oldest first.
    pub series: &'a [f64],
    /// The histogram's bars, `(value, count)`, from the feature `barGraphPropFeature` names.
    pub histogram: &'a [(String, f64)],
}

/// Which group an inspector row belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PropGroup {
    /// A built-in prop (x, y, alpha ...).
    Builtin,
    /// A prop the blueprint added.
    Added,
    /// A prop of the named feature.
    Feature(String),
}

/// One row of the inspector.
#[derive(Debug, Clone, PartialEq)]
pub struct PropEntry {
    /// Its group.
    pub group: PropGroup,
    /// Its name.
    pub name: String,
    /// Its value.
    pub value: Value,
}

impl<'a> AgentView<'a> {
    pub(super) fn new(agent: AgentRef<'a>, world: &'a World) -> AgentView<'a> {
        AgentView { agent, world }
    }

    /// Its id (stable for the agent's life).
    pub fn id(&self) -> EntityId {
        self.agent.id
    }

    /// Its blueprint's name.
    pub fn blueprint(&self) -> &'a str {
        self.world.blueprints.name_ref(self.agent.blueprint)
    }

    /// Its name.
    pub fn name(&self) -> &'a str {
        &self.agent.agent().name
    }

    /// Its position.
    pub fn position(&self) -> (f64, f64) {
        (self.agent.x(), self.agent.y())
    }

    /// Whether it is drawn.
    pub fn visible(&self) -> bool {
        self.agent.visible()
    }

    /// Its opacity.
    pub fn alpha(&self) -> f64 {
        self.agent.alpha()
    }

    /// Its drawing order.
    pub fn z_index(&self) -> f64 {
        self.agent.z_index()
    }

    /// Its rotation in radians.
    pub fn orientation(&self) -> f64 {
        self.agent.orientation()
    }

    /// Whether it is inert.
    pub fn is_inert(&self) -> bool {
        self.agent.is_inert()
    }

    /// Its status text.
    pub fn status_text(&self) -> &'a str {
        self.agent.agent().rare.status_text()
    }

    /// Its selection flags.
    pub fn selection(&self) -> Selection {
        self.agent.selection
    }

    /// How to draw it. Read every frame for every agent, so each prop is found by its slot.
    pub fn costume(&self) -> CostumeView<'a> {
        let a = self.agent;
        let agents = &self.world.agents;
        let c = agents.feature_of(&a, costume::KIND);
        let physics = agents.feature_of(&a, physics::KIND);
        let num = |slot, default: f64| c.and_then(|c| c.number_at(slot)).unwrap_or(default);
        let flag = |slot| c.and_then(|c| c.flag_at(slot)).unwrap_or(false);
        let scale = physics
            .and_then(|p| p.number_at(physics::SCALE))
            .unwrap_or_else(|| num(costume::SCALE, 1.0));
        let scale_y = physics
            .and_then(|p| p.number_at(physics::SCALE_Y))
            .unwrap_or_else(|| num(costume::SCALE_Y, 1.0));
        let extras = a.agent().rare.extras();
        // A script's own agent props win over the features'.
        let scale = extras.and_then(|e| e.scale).unwrap_or(scale);
        let scale_y = extras.and_then(|e| e.scale_y).unwrap_or(scale_y);
        let own_color = extras.and_then(|e| e.color).filter(|c| *c > 0.0);
        let tint = || {
            c.filter(|c| c.number_at(costume::COLOR_VALUE).unwrap_or(0.0) > 0.0)
                .map(|c| rgb_number(hsv_of(c)))
        };
        let color = own_color.or_else(tint);
        CostumeView {
            name: c
                .and_then(|c| c.text_at(costume::NAME))
                .filter(|n| !n.is_empty())
                .unwrap_or(Cow::Borrowed(a.skin())),
            frame: num(costume::FRAME, 0.0),
            scale,
            scale_y,
            flip_x: flag(costume::FLIP_X),
            flip_y: flag(costume::FLIP_Y),
            glow: num(costume::GLOW, 0.0),
            color: color.map(|n| n.clamp(0.0, f64::from(0xff_ffff_u32)) as u32),
            glow_color: extras
                .map(|e| e.glow_color)
                .filter(|c| *c > 0.0)
                .or_else(|| c.and_then(|c| c.number_at(costume::GLOW_COLOR)))
                .map(|n| n.clamp(0.0, f64::from(0xff_ffff_u32)) as u32),
        }
    }

    /// The status meter a script set with `statusValue`, if any.
    pub fn status(&self) -> Option<StatusView> {
        let e = self.agent.agent().rare.extras()?;
        Some(StatusView {
            value: e.status_value?,
            color: e.status_value_color.clamp(0.0, f64::from(0xff_ffff_u32)) as u32,
            large: e.status_value_is_large,
        })
    }

    /// What its Graphing feature shows, if it has one (its props found by slot, as
    /// [`AgentView::costume`]'s are).
    pub fn graph(&self) -> Option<GraphView<'a>> {
        let agents = &self.world.agents;
        let g = agents.feature_of(self.agent.agent(), graphing::KIND)?;
        let bound = !g
            .str_at(graphing::METER_PROP)
            .unwrap_or_default()
            .is_empty();
        let meter = g.number_at(graphing::METER).unwrap_or(0.0);
        // Read every frame for every agent: the feature a bar graph draws is named on a cache
        // line of its own, so it is looked up only when some feature holds counts at all.
        let histogram = if agents.features(self.agent.agent()).any(|f| f.has_more()) {
            let bars = g.str_at(graphing::BARS_OF).unwrap_or_default();
            crate::features::feature(bars)
                .and_then(|spec| agents.feature_named(self.agent.agent(), spec.name))
                .map_or(&[][..], |f| f.buckets())
        } else {
            &[]
        };
        Some(GraphView {
            text: g.text_at(graphing::TEXT).unwrap_or_default(),
            meter: (bound || meter != 0.0).then_some(meter),
            meter_color: g
                .number_at(graphing::METER_COLOR)
                .unwrap_or(0.0)
                .clamp(0.0, 16_777_215.0) as u32,
            large: g.flag_at(graphing::LARGE).unwrap_or(false),
            series: g.series(),
            histogram,
        })
    }

    /// Every prop with its value: built-in, added, then each feature's.
    pub fn props(&self) -> Vec<PropEntry> {
        let a = self.agent;
        let mut rows: Vec<PropEntry> = BUILTIN_PROPS
            .iter()
            .map(|&name| PropEntry {
                group: PropGroup::Builtin,
                name: name.to_string(),
                value: if name == "type" {
                    Value::String(self.blueprint().to_string())
                } else {
                    self.world.agents.builtin(a, name).unwrap_or(Value::Null)
                },
            })
            .collect();
        rows.extend(self.world.agents.props(&a).map(|(name, var)| PropEntry {
            group: PropGroup::Added,
            name: name.to_string(),
            value: var.value(),
        }));
        for f in self.world.agents.features(&a) {
            rows.extend(f.props().map(|(name, var)| PropEntry {
                group: PropGroup::Feature(f.name().to_string()),
                name: name.to_string(),
                value: var.value(),
            }));
        }
        rows
    }
}

//! The model runner: the simulation of the current project, kept in step with the clock and
//! turned into what the stage draws.
//!
//! The runner rebuilds its [`Simulation`] whenever the project handle's revision changes (a
//! load, an import, an applied script edit). A project that does not compile has no
//! simulation: the stage stays empty and the projects panel lists the errors.
//!
//! GEMSTEP's stage has y growing downwards; the renderer's world has y growing upwards, so y
//! is negated here, at the one seam between them.

use crate::projects::ProjectHandle;
use crate::render::{Bounds, Costumes, Graph, GraphKind, Meter, RenderAgent, Rgb};
use sim_core::sim::{AgentView, Simulation};
use sim_core::time::SimTime;

/// The seed every run starts from, so a model behaves the same on every open and reset.
const SEED: u64 = 1;

/// The current project's simulation and the stage's picture of it.
#[derive(Default)]
pub struct Runner {
    sim: Option<Simulation>,
    /// The project revision the simulation was built from.
    revision: u64,
    /// What the renderer draws, refilled every frame.
    agents: Vec<RenderAgent>,
}

impl Runner {
    /// Rebuilds the simulation when the project changed since the last call; true when it did.
    pub fn sync(&mut self, project: &ProjectHandle) -> bool {
        let revision = project.revision();
        if revision == self.revision {
            return false;
        }
        self.revision = revision;
        self.sim = project.with(|c| Simulation::load(&c?.project, SEED).ok());
        true
    }

    /// Runs every tick due up to sim time `t`.
    pub fn advance_to(&mut self, t: SimTime) {
        if let Some(sim) = &mut self.sim {
            sim.advance_to(t);
        }
    }

    /// Runs exactly one tick.
    pub fn step(&mut self) {
        if let Some(sim) = &mut self.sim {
            sim.step();
        }
    }

    /// Back to the model's initial state.
    pub fn reset(&mut self) {
        if let Some(sim) = &mut self.sim {
            sim.reset();
        }
    }

    /// Simulation time (zero without a simulation).
    pub fn time(&self) -> SimTime {
        self.sim.as_ref().map_or(SimTime::ZERO, Simulation::time)
    }

    /// Ticks run since the start or the last reset.
    pub fn tick(&self) -> u64 {
        self.sim.as_ref().map_or(0, Simulation::tick_count)
    }

    /// The stage bounds of the running model, in the renderer's y-up world.
    pub fn bounds(project: &ProjectHandle) -> Bounds {
        project.with(|c| {
            c.map_or_else(Bounds::default, |c| {
                let m = &c.project.metadata;
                Bounds {
                    left: m.left,
                    right: m.right,
                    top: -m.top,
                    bottom: -m.bottom,
                }
            })
        })
    }

    /// Refills and returns the drawn agents from the simulation's current state.
    pub fn agents(&mut self, costumes: &mut Costumes) -> &[RenderAgent] {
        self.agents.clear();
        if let Some(sim) = &self.sim {
            let drawn = sim
                .agents()
                .enumerate()
                .map(|(i, a)| render_agent(i as u32, &a, costumes));
            self.agents.extend(drawn);
        }
        &self.agents
    }

    /// The agents drawn last.
    pub fn drawn(&self) -> &[RenderAgent] {
        &self.agents
    }
}

/// One simulation agent as the stage draws it; `id` is its position in the drawn list.
fn render_agent(id: u32, agent: &AgentView<'_>, costumes: &mut Costumes) -> RenderAgent {
    let (x, y) = agent.position();
    let look = agent.costume();
    let selection = agent.selection();
    let mut drawn = RenderAgent::new(id, x, -y, costumes.resolve(&look.name));
    drawn.frame = look.frame.max(0.0).min(f64::from(u16::MAX)) as u16;
    drawn.scale = look.scale;
    drawn.rotation_deg = agent.orientation().to_degrees();
    drawn.flip_x = look.flip_x;
    drawn.flip_y = look.flip_y;
    drawn.color = look.color.map(Rgb::from_packed);
    drawn.alpha = agent.alpha();
    drawn.glow = (look.glow > 0.0).then_some(Rgb::GLOW_YELLOW);
    drawn.z_index = agent.z_index() as i32;
    drawn.visible = agent.visible();
    drawn.selected = selection.selected;
    drawn.hovered = selection.hovered;
    if let Some(graph) = agent.graph() {
        drawn.label = Some(graph.text.clone()).filter(|t| !t.is_empty());
        drawn.meter = graph.meter.map(|value| Meter {
            value,
            color: Rgb::from_packed(graph.meter_color),
        });
        drawn.graph = chart(graph.series, graph.histogram);
    }
    drawn
}

/// A line graph of `series`, else bars of `histogram`, else nothing.
fn chart(series: &[f64], histogram: &[(String, f64)]) -> Option<Graph> {
    let color = Rgb::from_packed(0xffffff);
    if !series.is_empty() {
        return Some(Graph {
            kind: GraphKind::Line,
            series: series.to_vec(),
            color,
        });
    }
    (!histogram.is_empty()).then(|| Graph {
        kind: GraphKind::Histogram,
        series: histogram.iter().map(|(_, v)| *v).collect(),
        color,
    })
}

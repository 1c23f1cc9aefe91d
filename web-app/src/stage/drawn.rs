//! [`Drawn`]: the run's agents as the stage draws them, refilled in place only when the run
//! may have changed since (see [`Run::changes`]).
//!
//! GEMSTEP's stage has y growing downwards; the renderer's world has y growing upwards, so y
//! is negated here, at the one seam between them.

use crate::render::{Costumes, Graph, GraphKind, Meter, RenderAgent, Rgb, Status};
use crate::run::Run;
use crate::session::PuppetNames;
use sim_core::{AgentView, EntityId};

/// What the renderer draws and whose each drawn agent is.
#[derive(Default)]
pub struct Drawn {
    /// What the renderer draws, refilled in place: each agent is compared with what its
    /// place held, so a frame that would show the same need not be painted (a second list
    /// to compare with held 1.5 MB more at 10,000 agents).
    agents: Vec<RenderAgent>,
    /// The run's [change count](Run::changes) when `agents` was last refilled.
    drawn_at: Option<u64>,
    /// The entity of each drawn agent, parallel to `agents`: a hit-test's drawn id indexes it.
    ids: Vec<EntityId>,
    /// In a live session: whose characters are whose, for their labels.
    names: PuppetNames,
    /// Every agent ringed in white, for a high-contrast stage.
    high_contrast: bool,
    /// Whether the page runs the model it shows: a screen that follows the teacher's
    /// shows none of the teacher's selection or hover (those rings belong to the teacher).
    own: bool,
}

impl Drawn {
    /// A drawn list for a page that runs its own model (`own`) or follows another's.
    pub fn new(own: bool) -> Drawn {
        Drawn {
            own,
            ..Drawn::default()
        }
    }

    /// Brings the drawn agents up to the run's current state; true when they changed. The
    /// list is refilled only when the run may have changed since it was last filled, or
    /// with `again` set (the costumes' ids may have changed), and is then compared field for
    /// field with what it held.
    pub fn refresh(&mut self, run: &Run, costumes: &mut Costumes, again: bool) -> bool {
        let changes = run.changes();
        if !again && self.drawn_at == Some(changes) {
            return false;
        }
        self.drawn_at = Some(changes);
        self.ids.clear();
        let mut changed = false;
        let mut count = 0;
        if let Some(sim) = run.sim() {
            // Room for every agent at once: filled by pushes alone, the lists grew by
            // doubling, to 16,384 places for 10,000 agents (the app's peak memory with 10,000
            // agents was 2 MB higher).
            let all = sim.agents().count();
            self.agents.reserve(all.saturating_sub(self.agents.len()));
            self.ids.reserve(all);
            for (i, a) in sim.agents().enumerate() {
                let drawn = self.agent(i as u32, &a, costumes);
                match self.agents.get_mut(i) {
                    Some(was) if *was == drawn => {}
                    Some(was) => {
                        *was = drawn;
                        changed = true;
                    }
                    None => {
                        self.agents.push(drawn);
                        changed = true;
                    }
                }
                self.ids.push(a.id());
                count = i + 1;
            }
        }
        if self.agents.len() > count {
            self.agents.truncate(count);
            changed = true;
        }
        changed
    }

    /// One agent as drawn at place `i`, with its student's name and the high-contrast ring.
    fn agent(&self, i: u32, a: &AgentView<'_>, costumes: &mut Costumes) -> RenderAgent {
        let mut drawn = render_agent(i, a, costumes, self.own);
        if drawn.label.is_none() && self.names.shown {
            drawn.label = self.names.of(a.name());
        }
        if self.high_contrast {
            drawn.glow = Some(Rgb::WHITE);
        }
        drawn
    }

    /// The entity drawn as `drawn` (a hit-test's answer) in the last frame.
    pub fn entity(&self, drawn: u32) -> Option<EntityId> {
        self.ids.get(drawn as usize).copied()
    }

    /// The agents drawn last.
    pub fn agents(&self) -> &[RenderAgent] {
        &self.agents
    }

    /// Whose characters are whose; the agents are drawn again when that changed.
    pub fn set_names(&mut self, names: &PuppetNames) {
        if self.names != *names {
            self.names = names.clone();
            self.drawn_at = None;
        }
    }

    /// Whose characters are whose, as drawn.
    pub fn names(&self) -> &PuppetNames {
        &self.names
    }

    /// Rings every agent in white (for a high-contrast stage), or not; drawn again at once.
    pub fn set_high_contrast(&mut self, on: bool) {
        if self.high_contrast != on {
            self.high_contrast = on;
            self.drawn_at = None;
        }
    }
}

/// Every agent of `sim` as a still picture of it draws them: no selection, no names (the
/// models library's pictures).
pub fn still_agents(sim: &sim_core::Simulation, costumes: &mut Costumes) -> Vec<RenderAgent> {
    let agents = sim.agents().enumerate();
    agents
        .map(|(i, a)| render_agent(i as u32, &a, costumes, false))
        .collect()
}

/// One simulation agent as the stage draws it; `id` is its position in the drawn list. Its
/// selection and hover show only on the page that runs the model (`own`).
fn render_agent(id: u32, agent: &AgentView<'_>, costumes: &mut Costumes, own: bool) -> RenderAgent {
    let (x, y) = agent.position();
    let look = agent.costume();
    let selection = agent.selection();
    let mut drawn = RenderAgent::new(id, x, -y, costumes.resolve(&look.name));
    drawn.frame = look.frame.max(0.0).min(f64::from(u16::MAX)) as u16;
    drawn.scale = look.scale;
    drawn.stretch = look.scale_y;
    drawn.rotation_deg = agent.orientation().to_degrees();
    drawn.flip_x = look.flip_x;
    drawn.flip_y = look.flip_y;
    drawn.color = look.color.map(Rgb::from_packed);
    drawn.alpha = agent.alpha();
    let glow = look.glow_color.map_or(Rgb::GLOW_YELLOW, Rgb::from_packed);
    drawn.glow = (look.glow > 0.0).then_some(glow);
    drawn.status = agent.status().map(|s| Status {
        value: s.value,
        color: Rgb::from_packed(s.color),
        large: s.large,
    });
    drawn.z_index = agent.z_index() as i32;
    drawn.visible = agent.visible();
    drawn.selected = own && selection.selected;
    drawn.hovered = own && selection.hovered;
    if let Some(graph) = agent.graph() {
        drawn.label = Some(graph.text.into_owned()).filter(|t| !t.is_empty());
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A run of the bundled wander model, with its agents drawn once.
    fn wander() -> (Run, Drawn, Costumes) {
        let (_, run) = crate::run::wander();
        let (mut drawn, mut costumes) = (Drawn::new(true), Costumes::new());
        drawn.refresh(&run, &mut costumes, false);
        (run, drawn, costumes)
    }

    #[test]
    fn a_drawn_id_maps_back_to_the_entity_drawn() {
        let (run, drawn, _) = wander();
        let ids: Vec<EntityId> = run.sim().unwrap().agents().map(|a| a.id()).collect();
        assert_eq!(drawn.entity(3), ids.get(3).copied());
        assert_eq!(drawn.entity(ids.len() as u32), None);
    }

    #[test]
    fn the_drawn_agents_are_listed_again_only_when_the_model_may_have_changed() {
        let (mut run, mut drawn, mut costumes) = wander();
        let before = drawn.agents().to_vec();
        assert!(!drawn.refresh(&run, &mut costumes, false), "nothing ran");
        assert_eq!(drawn.agents(), before.as_slice());
        run.step();
        assert!(
            drawn.refresh(&run, &mut costumes, false),
            "a tick moved them"
        );
        assert!(
            !drawn.refresh(&run, &mut costumes, false),
            "and nothing since"
        );
        assert!(
            !drawn.refresh(&run, &mut costumes, true),
            "listed again, the same"
        );
        let first = drawn.entity(0).unwrap();
        run.drag_to(first, 1234.0, 56.0);
        assert!(
            drawn.refresh(&run, &mut costumes, false),
            "a drag moved one"
        );
        let moved = drawn.agents().first().unwrap();
        assert_eq!((moved.x, moved.y), (1234.0, 56.0));
        let count = drawn.agents().len();
        run.select(first, false);
        run.remove_selected();
        assert!(drawn.refresh(&run, &mut costumes, false), "one was removed");
        assert_eq!(drawn.agents().len(), count - 1, "and is no longer drawn");
        assert_eq!(drawn.ids.len(), count - 1);
    }

    #[test]
    fn names_and_high_contrast_draw_again_and_a_follower_shows_no_selection() {
        let (mut run, mut drawn, mut costumes) = wander();
        let first = drawn.entity(0).unwrap();
        run.select(first, false);
        drawn.refresh(&run, &mut costumes, false);
        assert!(drawn.agents()[0].selected);
        let mut follower = Drawn::new(false);
        follower.refresh(&run, &mut costumes, false);
        assert!(
            !follower.agents()[0].selected,
            "the teacher's ring is the teacher's"
        );
        drawn.set_high_contrast(true);
        assert!(drawn.refresh(&run, &mut costumes, false));
        assert_eq!(drawn.agents()[0].glow, Some(Rgb::WHITE));
        drawn.set_names(&PuppetNames::new([], true));
        assert!(
            !drawn.refresh(&run, &mut costumes, false),
            "no student's names: the same picture"
        );
    }
}

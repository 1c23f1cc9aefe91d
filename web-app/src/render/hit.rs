//! Which agent is under a point: the pointer handlers' half of the renderer.

use super::agent::RenderAgent;
use super::costume::Costumes;

/// Half the width (and height) of `agent` in world units: its costume's size times its scale.
pub fn half_size(agent: &RenderAgent, costumes: &Costumes) -> f64 {
    costumes.get(agent.costume).size * agent.scale.abs() / 2.0
}

/// The id of the topmost drawn agent whose costume box (rotated with the agent) contains the
/// world point `(x, y)`. Topmost means the highest `z_index`, then the latest in the slice,
/// the order [`Renderer::draw`](super::Renderer::draw) paints in.
pub fn agent_at(agents: &[RenderAgent], costumes: &Costumes, x: f64, y: f64) -> Option<u32> {
    let mut best: Option<&RenderAgent> = None;
    for agent in agents
        .iter()
        .filter(|a| a.is_drawn() && contains(a, costumes, x, y))
    {
        if best.is_none_or(|b| agent.z_index >= b.z_index) {
            best = Some(agent);
        }
    }
    best.map(|a| a.id)
}

/// Whether the world point lies in the agent's costume box.
fn contains(agent: &RenderAgent, costumes: &Costumes, x: f64, y: f64) -> bool {
    let half = half_size(agent, costumes);
    let (sin, cos) = agent.rotation_deg.to_radians().sin_cos();
    let (dx, dy) = (x - agent.x, y - agent.y);
    let (local_x, local_y) = (dx * cos + dy * sin, -dx * sin + dy * cos);
    local_x.abs() <= half && local_y.abs() <= half
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::costume::Art;

    fn agent(id: u32, x: f64, y: f64) -> RenderAgent {
        // A square costume is 32 world units wide.
        RenderAgent::new(id, x, y, Costumes::of_art(Art::Square))
    }

    #[test]
    fn a_point_inside_the_costume_hits_and_outside_misses() {
        let costumes = Costumes::new();
        let agents = [agent(7, 100.0, 50.0)];
        assert_eq!(agent_at(&agents, &costumes, 115.0, 35.0), Some(7));
        assert_eq!(agent_at(&agents, &costumes, 117.0, 50.0), None);
        assert_eq!(agent_at(&agents, &costumes, f64::NAN, 50.0), None);
    }

    #[test]
    fn scale_and_rotation_shape_the_box() {
        let costumes = Costumes::new();
        let mut big = agent(1, 0.0, 0.0);
        big.scale = 2.0;
        assert_eq!(agent_at(&[big.clone()], &costumes, 31.0, 0.0), Some(1));
        big.rotation_deg = 45.0;
        // The rotated square's corner now points along the x axis, 32·√2 away.
        assert_eq!(agent_at(&[big.clone()], &costumes, 44.0, 0.0), Some(1));
        assert_eq!(agent_at(&[big], &costumes, 30.0, 30.0), None);
    }

    #[test]
    fn the_topmost_agent_wins() {
        let costumes = Costumes::new();
        let mut agents = vec![agent(1, 0.0, 0.0), agent(2, 5.0, 0.0), agent(3, 10.0, 0.0)];
        assert_eq!(
            agent_at(&agents, &costumes, 5.0, 0.0),
            Some(3),
            "later in the slice is on top"
        );
        agents[0].z_index = 1;
        assert_eq!(
            agent_at(&agents, &costumes, 5.0, 0.0),
            Some(1),
            "higher z is on top"
        );
    }

    #[test]
    fn hidden_agents_are_not_hit() {
        let costumes = Costumes::new();
        let mut hidden = agent(1, 0.0, 0.0);
        hidden.visible = false;
        let agents = [agent(2, 0.0, 0.0), hidden];
        assert_eq!(agent_at(&agents, &costumes, 0.0, 0.0), Some(2));
    }
}

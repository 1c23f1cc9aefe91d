//! Which agents a frame draws, and in what order.

use super::agent::RenderAgent;
use super::costume::Costumes;
use super::hit::half_size;
use super::view::StageView;

/// Fills `order` with the indices of the drawn agents that reach into the view, sorted
/// stably by `z_index`: equal values keep slice order, so later agents are drawn on top.
/// Agents wholly outside the view, with room for widgets beside them, are culled.
pub fn draw_order(
    view: &StageView,
    agents: &[RenderAgent],
    costumes: &Costumes,
    order: &mut Vec<usize>,
) {
    let (left, right, bottom, top) = view.visible_world();
    order.clear();
    for (i, agent) in agents.iter().enumerate() {
        // Widgets stick out beside an agent, so cull with a generous margin.
        let reach = half_size(agent, costumes) * 2.0;
        let inside = agent.x + reach >= left
            && agent.x - reach <= right
            && agent.y + reach >= bottom
            && agent.y - reach <= top;
        if inside && agent.is_drawn() {
            order.push(i);
        }
    }
    order.sort_by_key(|&i| agents.get(i).map_or(0, |a| a.z_index));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Art, Bounds, Rgb};

    fn agent(x: f64, z_index: i32) -> RenderAgent {
        let mut agent = RenderAgent::new(0, x, 0.0, Costumes::of_art(Art::Circle));
        agent.z_index = z_index;
        agent
    }

    fn order_of(view: &StageView, agents: &[RenderAgent]) -> Vec<usize> {
        let mut order = vec![99];
        draw_order(view, agents, &Costumes::new(), &mut order);
        order
    }

    #[test]
    fn higher_z_is_drawn_later_and_ties_keep_slice_order() {
        let view = StageView::new(Bounds::default(), Rgb::WHITE, 800.0, 800.0);
        let agents = [
            agent(0.0, 2),
            agent(1.0, 0),
            agent(2.0, 2),
            agent(3.0, -1),
            agent(4.0, 0),
        ];
        assert_eq!(order_of(&view, &agents), vec![3, 1, 4, 0, 2]);
    }

    #[test]
    fn agents_outside_the_view_or_hidden_are_skipped() {
        let mut view = StageView::new(Bounds::default(), Rgb::WHITE, 800.0, 800.0);
        let mut hidden = agent(0.0, 0);
        hidden.visible = false;
        // A 32-unit circle just past the right edge still reaches in; far away does not.
        let agents = [agent(420.0, 0), agent(5000.0, 0), hidden, agent(-399.0, 0)];
        assert_eq!(order_of(&view, &agents), vec![0, 3]);
        view.zoom_about(800.0, 400.0, 4.0);
        assert_eq!(
            order_of(&view, &agents),
            vec![0],
            "zoomed in on the right edge"
        );
    }
}

//! Developer demos of the renderer, chosen by URL parameter; they are not models.
//!
//! - `?demo=wander&n=10000&scale=0.6`: `n` agents (default 1,000, at most 100,000) wandering at
//!   random over the stage at `scale` times their costume's size (default 0.6, trees half
//!   that), to measure frames per second; the status bar shows the rate.
//! - `?demo=gallery`: every built-in costume, tints, turns, flips, glow, rings, labels, meters
//!   and charts side by side, to look at the art.

use crate::render::{Art, Costumes, Graph, GraphKind, Meter, RenderAgent, Rgb, ARTS};

/// Agents in the wander demo when the URL gives no count.
const DEFAULT_WANDERERS: usize = 1_000;
/// Wanderers' size relative to their costume when the URL gives no scale.
const DEFAULT_SCALE: f64 = 0.6;
/// The most agents the wander demo makes.
const MAX_WANDERERS: usize = 100_000;
/// Wandering speed, world units per sim-second.
const SPEED: f64 = 60.0;
/// Half the stage, world units.
const HALF_STAGE: f64 = 400.0;

/// Which demo runs.
pub enum Demo {
    /// Agents wandering at random.
    Wander(Wanderers),
    /// A still sheet of every costume and widget.
    Gallery(Vec<RenderAgent>),
}

impl Demo {
    /// The demo a page query string (`?demo=wander&n=500`) asks for, if any, resolving its
    /// costume names in `costumes` (the renderer's).
    pub fn from_query(query: &str, costumes: &mut Costumes) -> Option<Demo> {
        let mut demo = None;
        let mut count = DEFAULT_WANDERERS;
        let mut scale = DEFAULT_SCALE;
        for (key, value) in query
            .trim_start_matches('?')
            .split('&')
            .filter_map(|kv| kv.split_once('='))
        {
            match key {
                "demo" => demo = Some(value),
                "n" => count = value.parse().map_or(count, |n: usize| n.min(MAX_WANDERERS)),
                "scale" => {
                    scale = value
                        .parse()
                        .ok()
                        .filter(|s: &f64| s.is_finite() && *s > 0.0)
                        .unwrap_or(scale)
                }
                _ => {}
            }
        }
        match demo? {
            "wander" => Some(Demo::Wander(Wanderers::new(count, scale))),
            "gallery" => Some(Demo::Gallery(gallery(costumes))),
            _ => None,
        }
    }

    /// Moves the demo on by `dt` sim-seconds.
    pub fn advance(&mut self, dt: f64) {
        if let Demo::Wander(wanderers) = self {
            wanderers.advance(dt);
        }
    }

    /// The agents to draw.
    pub fn agents(&self) -> &[RenderAgent] {
        match self {
            Demo::Wander(wanderers) => &wanderers.agents,
            Demo::Gallery(agents) => agents,
        }
    }
}

/// Agents that turn a little at random every step and bounce off the stage edges.
pub struct Wanderers {
    agents: Vec<RenderAgent>,
    /// Each agent's heading, radians counter-clockwise from facing right.
    headings: Vec<f64>,
    /// xorshift64 state: a fixed seed, so every run starts the same.
    rng: u64,
}

impl Wanderers {
    /// `n` agents scattered over the stage at `scale`, cycling through the built-in art.
    pub fn new(n: usize, scale: f64) -> Wanderers {
        let mut w = Wanderers {
            agents: Vec::with_capacity(n),
            headings: Vec::with_capacity(n),
            rng: 0x9e37_79b9_7f4a_7c15,
        };
        for i in 0..n {
            let (x, y) = (
                w.uniform(-HALF_STAGE, HALF_STAGE),
                w.uniform(-HALF_STAGE, HALF_STAGE),
            );
            let art = ARTS[i % ARTS.len()].0;
            let mut agent = RenderAgent::new(i as u32, x, y, Costumes::of_art(art));
            agent.scale = if art == Art::Tree { scale / 2.0 } else { scale };
            w.agents.push(agent);
            let heading = w.uniform(0.0, std::f64::consts::TAU);
            w.headings.push(heading);
        }
        w
    }

    fn advance(&mut self, dt: f64) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        for i in 0..self.agents.len() {
            let turn = self.uniform(-3.0, 3.0) * dt;
            let (Some(agent), Some(heading)) = (self.agents.get_mut(i), self.headings.get_mut(i))
            else {
                continue;
            };
            *heading += turn;
            agent.x += heading.cos() * SPEED * dt;
            agent.y += heading.sin() * SPEED * dt;
            if agent.x.abs() > HALF_STAGE {
                agent.x = agent.x.clamp(-HALF_STAGE, HALF_STAGE);
                *heading = std::f64::consts::PI - *heading;
            }
            if agent.y.abs() > HALF_STAGE {
                agent.y = agent.y.clamp(-HALF_STAGE, HALF_STAGE);
                *heading = -*heading;
            }
            agent.rotation_deg = heading.to_degrees();
        }
    }

    /// A pseudo-random number in `low..high`.
    fn uniform(&mut self, low: f64, high: f64) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        low + (high - low) * (self.rng >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The gallery sheet: a row of every costume as drawn by default, a row of tints, turns and
/// flips, and a row of widgets.
fn gallery(costumes: &mut Costumes) -> Vec<RenderAgent> {
    let mut agents = Vec::new();
    for (i, (art, _)) in ARTS.iter().enumerate() {
        let (x, y) = place(i, 340.0);
        let mut agent = RenderAgent::new(agents.len() as u32, x, y, Costumes::of_art(*art));
        agent.label = Some(ARTS[i].1.name.to_string());
        shrink_large(&mut agent);
        agents.push(agent);
    }
    for (i, (art, _)) in ARTS.iter().enumerate() {
        let (x, y) = place(i, 190.0);
        let mut agent = RenderAgent::new(agents.len() as u32, x, y, Costumes::of_art(*art));
        agent.color = Some(Rgb::from_hsv(i as f64 / ARTS.len() as f64, 0.6, 0.95));
        agent.rotation_deg = 30.0 * i as f64;
        agent.flip_x = i % 3 == 1;
        agent.flip_y = i % 3 == 2;
        shrink_large(&mut agent);
        agents.push(agent);
    }
    let named = [
        "lightmoth.json",
        "darkmoth.json",
        "dead_moth.json",
        "tree_trunk.json",
        "predator.json",
        "sunbeam.json",
    ];
    for (i, name) in named.iter().enumerate() {
        let mut agent = RenderAgent::new(
            agents.len() as u32,
            column(2 * i),
            20.0,
            costumes.resolve(name),
        );
        agent.label = Some((*name).to_string());
        agents.push(agent);
    }
    widget_row(&mut agents);
    agents
}

/// The gallery's column `i`, as a world x.
fn column(i: usize) -> f64 {
    -330.0 + 60.0 * i as f64
}

/// How many costumes a gallery row holds inside the stage: every built-in one in two rows.
const PER_ROW: usize = ARTS.len().div_ceil(2);

/// Where the `i`th costume of a pair of rows starting at `top` goes: [`PER_ROW`] a row, 60
/// units apart across the stage, the second row 65 units under the first.
fn place(i: usize, top: f64) -> (f64, f64) {
    let x = -360.0 + 60.0 * (i % PER_ROW) as f64;
    (x, top - 65.0 * (i / PER_ROW) as f64)
}

/// The gallery's last rows: a fish dressed in each of the drawn extras (frames, glow,
/// selection, hover, fading, a meter, charts).
fn widget_row(agents: &mut Vec<RenderAgent>) {
    let fish = Costumes::of_art(Art::Fish);
    let widgets: [fn(&mut RenderAgent); 9] = [
        |a| a.frame = 1,
        |a| a.frame = 2,
        |a| a.glow = Some(Rgb::GLOW_YELLOW),
        |a| a.selected = true,
        |a| a.hovered = true,
        |a| a.alpha = 0.35,
        |a| {
            a.meter = Some(Meter {
                value: 0.7,
                color: Rgb::from_packed(65280),
            })
        },
        |a| {
            a.graph = Some(Graph {
                kind: GraphKind::Line,
                series: vec![1.0, 3.0, 2.0, 5.0, 4.0, 6.0],
                color: Rgb::new(200, 40, 40),
            })
        },
        |a| {
            a.graph = Some(Graph {
                kind: GraphKind::Histogram,
                series: vec![2.0, 5.0, 3.0, 1.0],
                color: Rgb::new(40, 90, 200),
            })
        },
    ];
    for (i, dress) in widgets.iter().enumerate() {
        // Charts are wide: they get a row of their own.
        let (x, y) = if i < 7 {
            (column(i * 5 / 3), -120.0)
        } else {
            (column(1 + (i - 7) * 5), -280.0)
        };
        let mut agent = RenderAgent::new(agents.len() as u32, x, y, fish);
        dress(&mut agent);
        agents.push(agent);
    }
}

/// Trees and trunks are big; in the gallery's tight grid they are drawn smaller.
fn shrink_large(agent: &mut RenderAgent) {
    let large = ARTS
        .iter()
        .find(|(art, _)| agent.costume == Costumes::of_art(*art))
        .is_some_and(|(_, spec)| spec.size > 80.0);
    if large {
        agent.scale = 0.4;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_picks_the_demo_and_count() {
        assert!(
            matches!(Demo::from_query("?demo=wander&n=25", &mut Costumes::new()), Some(Demo::Wander(w)) if w.agents.len() == 25)
        );
        assert!(
            matches!(Demo::from_query("demo=wander", &mut Costumes::new()), Some(Demo::Wander(w)) if w.agents.len() == DEFAULT_WANDERERS)
        );
        assert!(
            matches!(Demo::from_query("?n=oops&demo=wander", &mut Costumes::new()), Some(Demo::Wander(w)) if w.agents.len() == DEFAULT_WANDERERS)
        );
        assert!(matches!(
            Demo::from_query("?demo=gallery", &mut Costumes::new()),
            Some(Demo::Gallery(_))
        ));
        assert!(Demo::from_query("", &mut Costumes::new()).is_none());
        assert!(Demo::from_query("?demo=nothing", &mut Costumes::new()).is_none());
    }

    #[test]
    fn the_query_sets_the_scale_when_it_is_a_positive_number() {
        let scale_of = |query: &str| match Demo::from_query(query, &mut Costumes::new()) {
            Some(Demo::Wander(w)) => w
                .agents
                .iter()
                .find(|a| a.costume == Costumes::of_art(Art::Fish))
                .map(|a| a.scale),
            _ => None,
        };
        assert_eq!(scale_of("?demo=wander&n=12&scale=0.25"), Some(0.25));
        for bad in ["-1", "0", "NaN", "inf", "big"] {
            assert_eq!(
                scale_of(&format!("?demo=wander&n=12&scale={bad}")),
                Some(DEFAULT_SCALE),
                "{bad}"
            );
        }
    }

    #[test]
    fn huge_counts_are_capped() {
        let query = format!("?demo=wander&n={}", MAX_WANDERERS * 10);
        assert!(
            matches!(Demo::from_query(&query, &mut Costumes::new()), Some(Demo::Wander(w)) if w.agents.len() == MAX_WANDERERS)
        );
    }

    #[test]
    fn wanderers_move_and_stay_on_stage() {
        let mut w = Wanderers::new(200, DEFAULT_SCALE);
        let start: Vec<_> = w.agents.iter().map(|a| (a.x, a.y)).collect();
        for _ in 0..600 {
            w.advance(1.0 / 30.0);
        }
        assert!(w.agents.iter().zip(&start).all(|(a, s)| (a.x, a.y) != *s));
        assert!(w
            .agents
            .iter()
            .all(|a| a.x.abs() <= HALF_STAGE && a.y.abs() <= HALF_STAGE));
        let frozen: Vec<_> = w.agents.iter().map(|a| (a.x, a.y)).collect();
        w.advance(0.0);
        w.advance(f64::NAN);
        assert_eq!(
            w.agents.iter().map(|a| (a.x, a.y)).collect::<Vec<_>>(),
            frozen
        );
    }

    #[test]
    fn the_gallery_shows_every_costume() {
        let agents = gallery(&mut Costumes::new());
        for (art, _) in ARTS {
            assert!(
                agents.iter().any(|a| a.costume == Costumes::of_art(art)),
                "{art:?}"
            );
        }
    }
}

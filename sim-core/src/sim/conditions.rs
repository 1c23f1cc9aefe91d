//! `when` rules, evaluated once per tick: for each rule, B's agents go into a uniform grid
//! and each A agent tests only the B agents in nearby cells, not all pairs (`doesNotSee`,
//! which passes for agents however far apart, and the reference interpreter test every
//! pair, up to [`MAX_PAIRS_PER_RULE`] passing). Passing pairs
//! join the world's list of consequents (see [`crate::world::consequents`]), rule by rule in the
//! order found; the list is then put in run order for the exec phase (by agent, rule and the
//! other agent's slot), which runs each consequent as A with both agents bound by blueprint
//! name.

use crate::agent::{AgentRef, Agents};
use crate::entity::EntityId;
use crate::exec::loaded::{Contact, LoadedProject, Rule, TestKind};
use crate::features::physics::half_size;
use crate::features::vision;
use crate::spatial::SpatialGrid;
use crate::world::consequents::Consequent;
use crate::world::World;

/// A centre this close to another counts as on it (`isCenteredOn`).
const CENTERED: f64 = 5.0;

/// The most pairs one rule may match in one tick; beyond it the rest are skipped with a
/// warning, so `when A isCloseTo B 100000` over thousands of agents cannot exhaust memory.
pub const MAX_PAIRS_PER_RULE: usize = 100_000;

/// An agent as a rule sees it.
#[derive(Clone, Copy)]
struct Body {
    id: EntityId,
    x: f64,
    y: f64,
    hw: f64,
    hh: f64,
}

impl Body {
    /// The agent's body; with `sized` unset its extent is left at zero (`isCloseTo` never
    /// reads it, and finding it means looking through the agent's features).
    fn of(agents: &Agents, id: EntityId, agent: AgentRef<'_>, sized: bool) -> Body {
        let (hw, hh) = if sized {
            half_size(agents, &agent)
        } else {
            (0.0, 0.0)
        };
        Body {
            id,
            x: agent.x(),
            y: agent.y(),
            hw,
            hh,
        }
    }
}

/// Buffers the rules reuse from tick to tick, so evaluating them allocates nothing once
/// warmed up.
#[derive(Default)]
pub(crate) struct Scratch {
    grid: SpatialGrid,
    a_side: Vec<Body>,
    b_side: Vec<Body>,
    /// B's bodies in the grid's cell order, so one search reads neighbouring memory.
    b_by_cell: Vec<Body>,
    xs: Vec<f64>,
    ys: Vec<f64>,
    passing: Vec<(EntityId, EntityId)>,
    /// The pairs in contact this tick for a first or last touch, sorted (becomes the rule's
    /// memory for next tick).
    touching: Vec<(EntityId, EntityId)>,
    /// Each blueprint's active bodies this tick, by blueprint index, gathered in one pass
    /// over the agents before the rules run (nothing moves while they are evaluated), sized
    /// for a blueprint some contact or vision rule names.
    by_blueprint: Vec<Vec<Body>>,
    /// What each blueprint's rules need of its bodies: nothing, centres, or sizes too.
    wanted: Vec<Wanted>,
}

/// What the rules of one tick need of a blueprint's bodies.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Wanted {
    Nothing,
    Centres,
    Sizes,
}

/// Evaluates every rule, queues the consequents of the pairs that passed and puts them in
/// agent order.
pub(crate) fn update(world: &mut World, program: &LoadedProject, scratch: &mut Scratch) {
    world.fit_rules(program.rules.len());
    gather(world, &program.rules, scratch);
    for (index, rule) in program.rules.iter().enumerate() {
        let start = world.now();
        match rule.test {
            TestKind::Dies => deaths(world, scratch, index, rule),
            test => evaluate(world, scratch, index, rule, test),
        }
        let spent = world.now().saturating_sub(start);
        if let Some(total) = world.profile_mut().rules.get_mut(index) {
            *total = total.saturating_add(spent);
        }
    }
    world.consequents_mut().sort();
}

fn evaluate(world: &mut World, s: &mut Scratch, index: usize, rule: &Rule, test: TestKind) {
    // The sides are lent the gathered bodies for the scan and give them back after it.
    let same = rule.a == rule.b;
    swap_side(&mut s.by_blueprint, rule.b, &mut s.b_side);
    if !same {
        swap_side(&mut s.by_blueprint, rule.a, &mut s.a_side);
    }
    s.passing.clear();
    s.touching.clear();
    // `doesNotSee` passes for every pair out of sight, near or far: there is nothing for a
    // grid to narrow down.
    let scanned = if world.reference() || test == TestKind::DoesNotSee {
        scan_plainly(world, s, same, test)
    } else {
        scan(world, s, same, test)
    };
    swap_side(&mut s.by_blueprint, rule.b, &mut s.b_side);
    if !same {
        swap_side(&mut s.by_blueprint, rule.a, &mut s.a_side);
    }
    if scanned.capped {
        let at = world.origin(&rule.script, rule.line, rule.col);
        let message = format!(
            "the rule matched more than {MAX_PAIRS_PER_RULE} pairs in one tick; the rest were skipped"
        );
        world.log.warn_once(at, message);
    }
    // Only a first or last touch remembers its pairs (the scan gathered no others), so only
    // its list is put in order for the comparison with the last tick's.
    if let Some(before) = world.touching_mut(index) {
        s.touching.sort_unstable();
        match test {
            TestKind::FirstTouch(_) => push_difference(&s.touching, before, &mut s.passing),
            TestKind::LastTouch(_) => push_difference(before, &s.touching, &mut s.passing),
            _ => {}
        }
        // The old memory becomes next tick's buffer.
        std::mem::swap(before, &mut s.touching);
    }
    queue(world, index, &s.passing);
}

/// Appends to `out` the pairs of sorted `now` that sorted `before` lacks, in order.
fn push_difference(
    now: &[(EntityId, EntityId)],
    before: &[(EntityId, EntityId)],
    out: &mut Vec<(EntityId, EntityId)>,
) {
    let mut rest = before.iter().peekable();
    for pair in now {
        while rest.next_if(|b| *b < pair).is_some() {}
        if rest.peek() != Some(&pair) {
            out.push(*pair);
        }
    }
}

/// Gathers the bodies every rule of this tick needs, in one pass over the agents: each
/// named blueprint's active agents in slot order, sized when a rule that reads extents names
/// the blueprint (finding a size means looking through the agent's features).
fn gather(world: &World, rules: &[Rule], s: &mut Scratch) {
    s.wanted.clear();
    s.wanted.resize(world.blueprints.count(), Wanted::Nothing);
    for rule in rules.iter().filter(|r| r.test != TestKind::Dies) {
        let need = if matches!(rule.test, TestKind::CloseTo(_)) {
            Wanted::Centres
        } else {
            Wanted::Sizes
        };
        for bp in [rule.a, rule.b] {
            if let Some(w) = s.wanted.get_mut(bp) {
                *w = (*w).max(need);
            }
        }
    }
    s.by_blueprint.resize_with(s.wanted.len(), Vec::new);
    s.by_blueprint.iter_mut().for_each(Vec::clear);
    if s.wanted.iter().all(|w| *w == Wanted::Nothing) {
        return;
    }
    for (id, agent) in world.agents.iter_with_ids() {
        let bp = agent.blueprint;
        let (Some(&need), Some(list)) = (s.wanted.get(bp), s.by_blueprint.get_mut(bp)) else {
            continue;
        };
        if need != Wanted::Nothing && agent.is_active() {
            list.push(Body::of(&world.agents, id, agent, need == Wanted::Sizes));
        }
    }
}

/// Swaps blueprint `bp`'s gathered bodies with a scan's `side` (which is left empty when
/// `bp` has none): once to lend them to a rule's scan, once more to take them back, so no
/// rule copies them. A rule that tests centres alone (`isCloseTo`) never reads a body's
/// extent, so it may see the sizes another rule needed.
fn swap_side(by_blueprint: &mut [Vec<Body>], bp: usize, side: &mut Vec<Body>) {
    match by_blueprint.get_mut(bp) {
        Some(list) => std::mem::swap(list, side),
        None => side.clear(),
    }
}

/// What a scan found besides its pairs.
struct Scanned {
    /// [`MAX_PAIRS_PER_RULE`] cut the scan short.
    capped: bool,
}

/// Tests every A body against the B bodies in nearby grid cells, filling the scratch's
/// passing and touching pairs. With `same` set, A's bodies are B's (`when Walker isCloseTo
/// Walker`).
fn scan(world: &World, s: &mut Scratch, same: bool, test: TestKind) -> Scanned {
    let Scratch {
        grid,
        a_side,
        b_side,
        b_by_cell,
        xs,
        ys,
        passing,
        touching,
        ..
    } = s;
    xs.clear();
    xs.extend(b_side.iter().map(|b| b.x));
    ys.clear();
    ys.extend(b_side.iter().map(|b| b.y));
    // `isCloseTo` measures centres alone: its search reaches no further for a body's extent.
    let reach_b = match test {
        TestKind::CloseTo(_) => 0.0,
        _ => b_side.iter().map(|b| b.hw.max(b.hh)).fold(0.0, f64::max),
    };
    // Cells about as wide as the search, so a search looks at few cells and few agents.
    let cell = match test {
        TestKind::CloseTo(d) => d.clamp(1.0, 256.0),
        _ => (reach_b * 2.0).clamp(16.0, 256.0),
    };
    grid.rebuild(xs, ys, cell);
    b_by_cell.clear();
    b_by_cell.extend(grid.order().iter().filter_map(|&i| b_side.get(i as usize)));
    // A's agents search in slot order, and each one's pairs are put in B's slot order: the
    // pairs come out in the order their consequents run, so one rule's need no sort (see
    // `crate::world::consequents::Consequents::sort`).
    let a_side: &[Body] = if same { b_side } else { a_side };
    let near = Near { grid, b_by_cell };
    if let TestKind::CloseTo(d) = test {
        let capped = near.pairs(a_side, d, passing);
        return Scanned { capped };
    }
    if let Some(contact) = test.contact() {
        let first_or_last = matches!(test, TestKind::FirstTouch(_) | TestKind::LastTouch(_));
        // Contacts through the same pass as `isCloseTo`, each A body searching as far as its
        // extent and B's widest reach (centres within CENTERED pass `c2c` whatever the
        // sizes). A first or last touch's pairs are what the rule remembers; others pass now.
        let out = if first_or_last { touching } else { passing };
        let capped = near.touching(a_side, reach_b, contact, out);
        return Scanned { capped };
    }
    let backdrops = (test == TestKind::SeesCamouflaged).then(|| vision::Backdrops::new(world));
    let mut capped = false;
    for a in a_side {
        let first = passing.len();
        let radius = match test {
            TestKind::Sees | TestKind::DoesNotSee | TestKind::SeesCamouflaged => {
                world.agents.get(a.id).map_or(250.0, |agent| {
                    (world.agents).feat_num_at(&agent, vision::VIEW_DISTANCE, 250.0)
                })
            }
            // Centres within CENTERED pass `isCenteredOn` whatever the sizes.
            _ => (a.hw.max(a.hh) + reach_b).max(CENTERED),
        };
        grid.for_each_run(a.x, a.y, radius, |run| {
            for b in b_by_cell.get(run).unwrap_or_default() {
                if b.id == a.id || !pair_passes(world, test, a, b, backdrops.as_ref()) {
                    continue;
                }
                if passing.len() >= MAX_PAIRS_PER_RULE {
                    capped = true;
                    return;
                }
                passing.push((a.id, b.id));
            }
        });
        in_slot_order(passing.get_mut(first..).unwrap_or_default());
        if capped {
            break;
        }
    }
    Scanned { capped }
}

/// Puts one A agent's pairs in B's slot order (the scan found them in cell order). They are
/// few, mostly: the library's unstable sort orders so short a slice by insertion.
fn in_slot_order(pairs: &mut [(EntityId, EntityId)]) {
    if pairs.len() > 1 {
        pairs.sort_unstable_by_key(|&(_, b)| b.index());
    }
}

/// The reference interpreter's scan: every active agent of A against every active agent of B
/// but itself, in slot order, by the plain test of the pair, filling the scratch's passing
/// and touching pairs as [`scan`] does.
fn scan_plainly(world: &World, s: &mut Scratch, same: bool, test: TestKind) -> Scanned {
    let contact = test.contact();
    let first_or_last = matches!(test, TestKind::FirstTouch(_) | TestKind::LastTouch(_));
    let a_side = if same { &s.b_side } else { &s.a_side };
    for a in a_side {
        for b in &s.b_side {
            let hit = b.id != a.id
                && match contact {
                    Some(contact) => touches(contact, a, b),
                    None => pair_passes(world, test, a, b, None),
                };
            if !hit {
                continue;
            }
            if s.passing.len() + s.touching.len() >= MAX_PAIRS_PER_RULE {
                return Scanned { capped: true };
            }
            if first_or_last {
                s.touching.push((a.id, b.id));
            } else {
                s.passing.push((a.id, b.id));
            }
        }
    }
    Scanned { capped: false }
}

/// B's side of an `isCloseTo` rule, ready for [`Near::pairs`]: the grid and B's bodies in
/// cell order.
struct Near<'s> {
    grid: &'s SpatialGrid,
    b_by_cell: &'s [Body],
}

impl Near<'_> {
    /// Appends to `passing` every pair of an A body and a different B body whose centres are
    /// at most `distance` apart, in run order as the general scan gives them; answers whether
    /// [`MAX_PAIRS_PER_RULE`] cut the scan short. Kept out of line: inlined into the tick,
    /// its loop lost its registers to the code around it and read A's place back from
    /// memory for every candidate.
    #[inline(never)]
    fn pairs(
        &self,
        a_side: &[Body],
        distance: f64,
        passing: &mut Vec<(EntityId, EntityId)>,
    ) -> bool {
        let reach = squared_reach(distance);
        self.pass(
            a_side,
            |_| distance,
            passing,
            |a, b| {
                let (dx, dy) = (b.x - a.x, b.y - a.y);
                // The general test's answer without its square root; a place that is not a
                // number fails, as there.
                dx * dx + dy * dy <= reach
            },
        )
    }

    /// Appends to `out` every pair of an A body and a different B body in `contact`, as
    /// [`Near::pairs`] does for a distance: each A body searches as far as its own extent and
    /// `reach_b`, B's widest.
    #[inline(never)]
    fn touching(
        &self,
        a_side: &[Body],
        reach_b: f64,
        contact: Contact,
        out: &mut Vec<(EntityId, EntityId)>,
    ) -> bool {
        let radius = |a: &Body| (a.hw.max(a.hh) + reach_b).max(CENTERED);
        self.pass(a_side, radius, out, |a, b| touches(contact, a, b))
    }

    /// The pass of [`Near::pairs`] and [`Near::touching`]: every A body's candidates in the
    /// grid cells within `radius_of` it, kept when `hit` says so, each body's pairs in B's slot
    /// order; answers whether [`MAX_PAIRS_PER_RULE`] cut it short.
    #[inline(always)]
    fn pass(
        &self,
        a_side: &[Body],
        radius_of: impl Fn(&Body) -> f64,
        passing: &mut Vec<(EntityId, EntityId)>,
        hit: impl Fn(&Body, &Body) -> bool,
    ) -> bool {
        let start = passing.len();
        let mut kept = start;
        for a in a_side {
            let first = kept;
            self.grid.for_each_run(a.x, a.y, radius_of(a), |run| {
                self.keep_near(a, run, passing, &mut kept, &hit);
            });
            in_slot_order(passing.get_mut(first..kept).unwrap_or_default());
            // Checked once per body: the pairs past the cap are dropped, as if the scan had
            // stopped at the first of them.
            if kept - start > MAX_PAIRS_PER_RULE {
                passing.truncate(start + MAX_PAIRS_PER_RULE);
                return true;
            }
        }
        passing.truncate(kept);
        false
    }

    /// Keeps the pairs of `a` with the B bodies at positions `run` of the cell order that
    /// `hit` passes, other than `a` itself, in `passing[kept..]`, moving `kept` past them.
    /// Whether a candidate passes is a coin toss to the processor, so the loop does not
    /// branch on it: every candidate's pair is written at `kept`, which moves on only past a
    /// kept one. `passing` is made long enough to hold every candidate first; the callers cut
    /// it back to the pairs kept.
    #[inline(always)]
    fn keep_near(
        &self,
        a: &Body,
        run: std::ops::Range<usize>,
        passing: &mut Vec<(EntityId, EntityId)>,
        kept: &mut usize,
        hit: impl Fn(&Body, &Body) -> bool,
    ) {
        let room = *kept + run.len();
        if passing.len() < room {
            passing.resize(room + SLACK, (a.id, a.id));
        }
        for b in self.b_by_cell.get(run).unwrap_or_default() {
            let near = hit(a, b);
            if let Some(slot) = passing.get_mut(*kept) {
                *slot = (a.id, b.id);
            }
            *kept += usize::from(near & (b.id != a.id));
        }
    }
}

/// The largest squared distance whose square root is at most `distance`, so that for every
/// sum of squares `s` (never negative, or not a number) `s <= squared_reach(d)` answers
/// exactly what `s.sqrt() <= d` does, without the square root, the slowest step of a
/// distance test. A square root is correctly rounded and never decreases as its argument
/// grows, so the sums that pass are all those up to one bound; `d * d` is within an ulp or
/// two of it, and the loops step it there.
pub(crate) fn squared_reach(distance: f64) -> f64 {
    if distance.is_nan() {
        return f64::NAN;
    }
    if distance < 0.0 {
        return -1.0;
    }
    if distance == f64::INFINITY {
        return f64::INFINITY;
    }
    // Both only ever see a number that is not negative (nor negative zero: 0 * 0 is +0), so
    // the next and previous numbers are one bit pattern away.
    let up = |t: f64| f64::from_bits(t.to_bits() + 1);
    let down = |t: f64| f64::from_bits(t.to_bits() - 1);
    let mut reach = distance * distance;
    while reach > 0.0 && reach.sqrt() > distance {
        reach = down(reach);
    }
    while reach < f64::MAX && up(reach).sqrt() <= distance {
        reach = up(reach);
    }
    reach
}

/// How many more places than a run of candidates needs [`Near::keep_near`] makes in the list
/// of pairs when it runs short, so it makes them rarely.
const SLACK: usize = 256;

/// `when A dies`: agents of A that turned inert since the last tick (remembered as pairs of
/// the agent with itself).
fn deaths(world: &mut World, s: &mut Scratch, index: usize, rule: &Rule) {
    s.touching.clear();
    s.touching.extend(
        world
            .agents
            .iter()
            .filter(|a| a.blueprint == rule.a && !a.system && a.is_inert())
            .map(|a| (a.id, a.id)),
    );
    s.touching.sort_unstable();
    s.passing.clear();
    if let Some(before) = world.touching_mut(index) {
        push_difference(&s.touching, before, &mut s.passing);
        std::mem::swap(before, &mut s.touching);
    }
    queue(world, index, &s.passing);
}

/// Whether a non-contact test passes for bodies `a` and `b`. Distance tests read the bodies
/// alone (they hold the agents' places this tick); only vision tests look the agents up, and
/// a colour test looks through `backdrops` when the scan made them.
#[inline]
fn pair_passes(
    world: &World,
    test: TestKind,
    a: &Body,
    b: &Body,
    backdrops: Option<&vision::Backdrops>,
) -> bool {
    let gap = || {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        (dx * dx + dy * dy).sqrt()
    };
    let agents = || world.agents.get(a.id).zip(world.agents.get(b.id));
    match test {
        TestKind::CenteredOn => gap() <= CENTERED,
        TestKind::CloseTo(d) => gap() <= d,
        TestKind::Sees => {
            agents().is_some_and(|(me, other)| vision::sees(&world.agents, me, other))
        }
        TestKind::DoesNotSee => {
            agents().is_some_and(|(me, other)| !vision::sees(&world.agents, me, other))
        }
        TestKind::SeesCamouflaged => agents().is_some_and(|(me, other)| {
            vision::sees(&world.agents, me, other)
                && match backdrops {
                    Some(backdrops) => backdrops.sees_color(world, me, other),
                    None => vision::sees_color(world, me, other),
                }
        }),
        TestKind::Touch(_) | TestKind::FirstTouch(_) | TestKind::LastTouch(_) | TestKind::Dies => {
            false
        }
    }
}

/// Whether two bodies are in the given contact.
fn touches(contact: Contact, a: &Body, b: &Body) -> bool {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    match contact {
        Contact::Bounds => dx <= a.hw + b.hw && dy <= a.hh + b.hh,
        Contact::CenterInBounds => dx <= b.hw && dy <= b.hh,
        Contact::Centers => (dx * dx + dy * dy).sqrt() <= a.hw.min(b.hw).max(CENTERED),
        Contact::Inside => dx + a.hw <= b.hw && dy + a.hh <= b.hh,
    }
}

/// Queues rule `index`'s consequent for each passing pair. Both agents exist (they were read from the world
/// in this phase, and agents are only removed at the end of the tick), so no agent is looked
/// up here: a look-up per pair, in grid order, would be a cache miss each.
fn queue(world: &mut World, index: usize, passing: &[(EntityId, EntityId)]) {
    let consequent = |(a, b)| Consequent { rule: index, a, b };
    world
        .consequents_mut()
        .extend(passing.len(), passing.iter().copied().map(consequent));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(x: f64, y: f64, half: f64) -> Body {
        let mut entities = crate::entity::Entities::new();
        Body {
            id: entities.spawn().unwrap(),
            x,
            y,
            hw: half,
            hh: half,
        }
    }

    #[test]
    fn contacts_compare_bounds_centres_and_insides() {
        let big = body(0.0, 0.0, 50.0);
        let small = body(40.0, 0.0, 5.0);
        assert!(touches(Contact::Bounds, &small, &big));
        assert!(touches(Contact::CenterInBounds, &small, &big));
        assert!(touches(Contact::Inside, &small, &big));
        assert!(!touches(Contact::Centers, &small, &big));
        let far = body(70.0, 0.0, 5.0);
        assert!(!touches(Contact::CenterInBounds, &far, &big));
        assert!(!touches(Contact::Bounds, &far, &body(0.0, 0.0, 10.0)));
    }
}

#[cfg(test)]
mod near_tests {
    use super::*;

    /// Bodies on a jittered lattice (some exactly `distance` apart, some on top of each
    /// other) plus one with a place that is not a number.
    fn bodies(n: usize) -> Vec<Body> {
        let mut entities = crate::entity::Entities::new();
        let mut seed = 7_u64;
        let mut next = || {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as f64 / f64::from(u32::MAX)
        };
        let mut out: Vec<Body> = (0..n)
            .map(|i| {
                let (col, row) = ((i % 20) as f64, (i / 20) as f64);
                let snap = i % 2 == 0;
                let (x, y) = if snap {
                    (col * 10.0, row * 10.0)
                } else {
                    (col * 10.0 + next() * 25.0, row * 10.0 + next() * 25.0)
                };
                Body {
                    id: entities.spawn().unwrap(),
                    x,
                    y,
                    hw: 0.0,
                    hh: 0.0,
                }
            })
            .collect();
        if let Some(b) = out.get_mut(5) {
            b.x = f64::NAN;
        }
        out
    }

    /// Every ordered pair of different bodies at most `distance` apart, sorted.
    fn all_pairs(bodies: &[Body], distance: f64) -> Vec<(EntityId, EntityId)> {
        let mut pairs = Vec::new();
        for a in bodies {
            for b in bodies {
                let gap = ((b.x - a.x).powi(2) + (b.y - a.y).powi(2)).sqrt();
                if a.id != b.id && gap <= distance {
                    pairs.push((a.id, b.id));
                }
            }
        }
        pairs.sort_unstable();
        pairs
    }

    /// The pairs [`Near::pairs`] finds within `distance`, in the order it finds them, on a
    /// grid built as the rule's scan builds it, searching from the bodies in slot order as
    /// the scan does.
    fn found(b_side: &[Body], distance: f64) -> Vec<(EntityId, EntityId)> {
        let (xs, ys): (Vec<f64>, Vec<f64>) = b_side.iter().map(|b| (b.x, b.y)).unzip();
        let mut grid = SpatialGrid::new();
        grid.rebuild(&xs, &ys, distance.clamp(1.0, 256.0));
        let b_by_cell: Vec<Body> = grid.order().iter().map(|&i| b_side[i as usize]).collect();
        let near = Near {
            grid: &grid,
            b_by_cell: &b_by_cell,
        };
        let mut found = Vec::new();
        let capped = near.pairs(b_side, distance, &mut found);
        assert!(!capped);
        found
    }

    /// The pairs come in run order (by A's slot, then B's), which the bodies' ids, spawned
    /// in order, follow: `all_pairs` sorts by them.
    #[test]
    fn close_pairs_are_every_ordered_pair_within_the_distance() {
        let b_side = bodies(400);
        let expected = all_pairs(&b_side, 10.0);
        assert!(expected.len() > 400, "the layout has many close pairs");
        assert_eq!(found(&b_side, 10.0), expected);
    }

    #[test]
    fn the_squared_reach_of_special_distances() {
        for (d, s, near) in [
            (f64::NAN, 0.0, false),
            (-1.0, 0.0, false),
            (0.0, 0.0, true),
            (0.0, f64::MIN_POSITIVE, false),
            (f64::INFINITY, f64::INFINITY, true),
            (f64::MAX, f64::INFINITY, false),
            (f64::MAX, f64::MAX, true),
            (10.0, 100.0, true),
            (10.0, f64::NAN, false),
        ] {
            assert_eq!(s <= squared_reach(d), near, "{s} within {d}");
            assert_eq!(s.sqrt() <= d, near, "{s} within {d}");
        }
    }

    proptest::proptest! {
        /// A sum of squares passes against the squared reach exactly when its square root
        /// passes against the distance: for any distance (any bit pattern, so tiny, huge and
        /// special ones too), at the bound, the numbers either side of it, and anywhere.
        #[test]
        fn the_squared_reach_answers_as_the_square_root_does(
            bits in proptest::num::u64::ANY,
            plain in 0.0f64..1000.0,
            step in -3i64..=3,
            anywhere in 0.0f64..1e7,
        ) {
            for d in [f64::from_bits(bits), plain] {
                let reach = squared_reach(d);
                let mut near_bound = Vec::new();
                for base in [reach, d * d] {
                    if base.is_finite() && base >= 0.0 {
                        let moved = base.to_bits() as i64 + step;
                        if moved >= 0 {
                            near_bound.push(f64::from_bits(moved as u64));
                        }
                    }
                }
                for s in near_bound.into_iter().chain([anywhere, 0.0, f64::INFINITY, f64::NAN]) {
                    if s >= 0.0 || s.is_nan() {
                        proptest::prop_assert_eq!(s <= reach, s.sqrt() <= d, "s {} d {}", s, d);
                    }
                }
            }
        }

        /// Whatever the places (many on a lattice of the distance, so exactly that far apart,
        /// some far from the origin, where rounding is coarse) and the distance, the close
        /// pairs found are exactly the pairs that measuring every pair finds.
        #[test]
        fn close_pairs_match_measuring_every_pair(
            places in proptest::collection::vec(
                (-40i32..40, -40i32..40, proptest::bool::ANY, 0.0f64..1.0),
                0..120,
            ),
            distance in proptest::prop_oneof![
                proptest::strategy::Just(10.0),
                proptest::strategy::Just(0.3),
                0.0f64..300.0,
            ],
            base in proptest::prop_oneof![
                proptest::strategy::Just(0.0),
                proptest::strategy::Just(-1e9),
                proptest::strategy::Just(3e7),
            ],
        ) {
            let mut entities = crate::entity::Entities::new();
            let b_side: Vec<Body> = places
                .iter()
                .map(|&(col, row, snap, jitter)| {
                    let off = if snap { 0.0 } else { jitter * distance };
                    Body {
                        id: entities.spawn().unwrap(),
                        x: base + f64::from(col) * distance + off,
                        y: base + f64::from(row) * distance - off,
                        hw: 0.0,
                        hh: 0.0,
                    }
                })
                .collect();
            let expected = all_pairs(&b_side, distance);
            proptest::prop_assert_eq!(&found(&b_side, distance), &expected);
        }
    }
}

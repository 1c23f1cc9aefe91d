//! One tick: GEMSTEP's tick phases in order, each running the modules that opted in.

use super::conditions;
use crate::agent::{Message, QueuePhase};
use crate::entity::EntityId;
use crate::event::{EventHandler, EventLoop, Invocation, TriggerType};
use crate::exec::features::{costume, cursor, graphing, movement};
use crate::exec::Runner;
use crate::phase::{Phase, PhaseMachine};
use crate::script::program::{CompiledBlueprint, SimEvent, Stmt};
use crate::time::SimTime;
use crate::world::consequents::{self, Consequent};
use crate::world::rounds::{RoundPhase, RoundState};
use crate::world::World;
use std::rc::Rc;

/// The modules that opt in to tick phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Module {
    /// Controller frames: puppets made, moved and let go (see [`super::controllers`]).
    Inputs,
    /// Makes and removes the agents scripts asked for.
    Lifecycle,
    /// Round time limits and `stopRound`, and GEMSTEP's once-a-second `Tick` event, at the
    /// end of the tick.
    Rounds,
    /// Blueprints' update programs and top-level `every` timers, then update messages.
    AgentsUpdate,
    /// Movement, carried characters following their cursors, and costume glow.
    Features,
    /// Meters, labels and graphs bound to props.
    Graphs,
    /// `when` rules, then the script events raised since the last tick (`onEvent`), as
    /// GEMSTEP runs its event queue in the conditions phase.
    Conditions,
    /// Blueprints' think programs, then think messages.
    AgentsThink,
    /// Blueprints' exec programs, then exec messages and the consequents of `when` rules.
    AgentsExec,
}

/// The phase machine with every module in GEMSTEP's phase for it.
pub(crate) fn phases() -> PhaseMachine<Module> {
    let mut machine = PhaseMachine::new();
    machine.opt_in(Phase::InputsUpdate, Module::Inputs);
    machine.opt_in(Phase::Create, Module::Lifecycle);
    machine.opt_in(Phase::AgentsUpdate, Module::AgentsUpdate);
    machine.opt_in(Phase::FeaturesUpdate, Module::Features);
    machine.opt_in(Phase::GraphsUpdate, Module::Graphs);
    machine.opt_in(Phase::ConditionsUpdate, Module::Conditions);
    machine.opt_in(Phase::AgentsThink, Module::AgentsThink);
    machine.opt_in(Phase::AgentsExec, Module::AgentsExec);
    machine.opt_in(Phase::SimEval, Module::Rounds);
    machine.opt_in(Phase::SimEval, Module::Lifecycle);
    machine
}

/// Scratch space reused by every tick, so the tick does not allocate once warmed up.
#[derive(Default)]
pub(crate) struct Scratch {
    ids: Vec<EntityId>,
    /// [`crate::agent::Agents::changes`] when `ids` was made (`None`: never made).
    ids_made_at: Option<u64>,
    conditions: conditions::Scratch,
    movement: movement::Scratch,
}

/// The `Repeat` event that runs the tick, 30 times per simulation second.
pub(crate) struct TickHandler {
    pub machine: PhaseMachine<Module>,
    pub scratch: std::cell::RefCell<Scratch>,
}

/// The name the tick handler is registered under.
pub(crate) const TICK_HANDLER: &str = "sim/tick";

/// The time of tick `n`: `n / 30` seconds, rounded up to the clock's resolution, so tick 30
/// is exactly one second.
pub fn tick_time(n: u64) -> SimTime {
    let per = i128::from(super::TICKS_PER_SECOND);
    let bits = (i128::from(n) * 65_536 + per - 1) / per;
    SimTime::from_bits(i64::try_from(bits).unwrap_or(i64::MAX))
}

impl EventHandler<World> for TickHandler {
    fn id(&self) -> &str {
        TICK_HANDLER
    }

    fn trigger_type(&self) -> TriggerType {
        TriggerType::Repeat
    }

    fn invoke(&self, lp: &mut EventLoop<World>, world: &mut World, call: Invocation<'_>) {
        world.tick += 1;
        world.time = call.time;
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        for (_, module) in self.machine.tick_order() {
            // Modules that make or remove agents change the list; the others reuse it.
            let changes = world.agents.changes();
            if scratch.ids_made_at != Some(changes) {
                world.agents.ids_into(&mut scratch.ids);
                scratch.ids_made_at = Some(changes);
            }
            run_module(module, lp, world, scratch);
        }
    }

    fn predict_invoke_time(&self, _target: EntityId, world: &World, _at: SimTime) -> SimTime {
        if world.round.phase != RoundPhase::Running {
            SimTime::MIN
        } else {
            tick_time(world.tick + 1)
        }
    }
}

fn run_module(module: Module, lp: &mut EventLoop<World>, world: &mut World, scratch: &mut Scratch) {
    let ids = &scratch.ids;
    match module {
        Module::Inputs => super::controllers::apply(world, lp),
        Module::Lifecycle => world.flush(lp),
        Module::Rounds => rounds(world),
        Module::AgentsUpdate => {
            programs(world, ids, Program::Update);
            drain_queues(world, ids, QueuePhase::Update);
        }
        Module::Features => {
            let dt = 1.0 / f64::from(super::TICKS_PER_SECOND);
            // Glows fade in movement's pass over the agents (costume reads no position).
            movement::update(world, ids, &mut scratch.movement, |agent| {
                costume::update(agent, dt)
            });
            cursor::carry(world);
        }
        Module::Graphs => ids.iter().for_each(|&id| graphing::update(world, id)),
        Module::Conditions => {
            conditions::update(world, &mut scratch.conditions);
            // Handlers cannot raise events, so the list is run as it is and its buffer kept.
            let events = std::mem::take(&mut world.pending_events);
            for &event in &events {
                world.fire(event, ids);
            }
            let mut events = events;
            events.clear();
            world.pending_events = events;
        }
        Module::AgentsThink => {
            programs(world, ids, Program::Think);
            drain_queues(world, ids, QueuePhase::Think);
        }
        Module::AgentsExec => {
            programs(world, ids, Program::Exec);
            drain_exec(world, ids);
        }
    }
}

#[derive(Clone, Copy)]
enum Program {
    Update,
    Think,
    Exec,
}

impl Program {
    /// Whether a blueprint has nothing to run in this program.
    fn idle(self, blueprint: &CompiledBlueprint) -> bool {
        match self {
            Program::Update => blueprint.update.is_empty() && blueprint.timers.is_empty(),
            Program::Think => blueprint.think.is_empty(),
            Program::Exec => blueprint.exec.is_empty(),
        }
    }
}

fn programs(world: &mut World, ids: &[EntityId], which: Program) {
    let program = Rc::clone(&world.program);
    if program.project.blueprints.iter().all(|b| which.idle(b)) {
        return;
    }
    if world.profile.blueprints.len() < program.blueprint_count() {
        world
            .profile
            .blueprints
            .resize(program.blueprint_count(), 0);
    }
    let mut clock = RunClock::default();
    for &id in ids {
        let Some(agent) = world.agents.get(id) else {
            continue;
        };
        let bp = agent.blueprint;
        let Some(blueprint) = program.project.blueprints.get(bp) else {
            continue;
        };
        if which.idle(blueprint) {
            continue;
        }
        clock.enter(world, bp);
        match which {
            Program::Update => run_update(world, &program, id, bp),
            Program::Think => Runner::new(world, id, program.name(bp)).run(&blueprint.think),
            Program::Exec => Runner::new(world, id, program.name(bp)).run(&blueprint.exec),
        }
    }
    clock.finish(world);
}

/// Runs agent `id`'s update program, then its top-level `every` timers, on one value stack.
/// A program worked out as number changes (see [`crate::world::direct`]) is applied straight; it
/// leaves nothing on the stack, so the timers start on an empty one.
fn run_update(
    world: &mut World,
    program: &crate::world::program::Program,
    id: EntityId,
    bp: usize,
) {
    let Some(blueprint) = program.project.blueprints.get(bp) else {
        return;
    };
    let direct = program.direct_updates.get(bp).filter(|_| !world.reference);
    let mut runner = match direct {
        Some(Some(changes)) => {
            run_changes(world, program, id, bp, changes);
            if blueprint.timers.is_empty() {
                return;
            }
            Runner::new(world, id, program.name(bp))
        }
        _ => {
            let mut runner = Runner::new(world, id, program.name(bp));
            runner.run(&blueprint.update);
            runner
        }
    };
    for every in &blueprint.timers {
        runner.top_level_every(every);
    }
}

/// Runs agent `id`'s update program, worked out as `changes`, as the interpreter would: in
/// order, with each change that cannot be made straight left to the interpreter. Nothing the
/// changes run removes the agent, which exists as they start.
fn run_changes(
    world: &mut World,
    program: &crate::world::program::Program,
    id: EntityId,
    bp: usize,
    changes: &[crate::world::direct::Change],
) {
    for (i, change) in changes.iter().enumerate() {
        if !change.apply(world, id, id) {
            interpret_update(world, program, id, bp, i);
        }
    }
}

/// Runs statement `i` of agent `id`'s update program in the interpreter, for
/// [`run_changes`]; out of line, so the common change, applied straight, does not set up a
/// runner's frame.
#[inline(never)]
fn interpret_update(
    world: &mut World,
    program: &crate::world::program::Program,
    id: EntityId,
    bp: usize,
    i: usize,
) {
    let Some(blueprint) = program.project.blueprints.get(bp) else {
        return;
    };
    let stmts = blueprint.update.get(i..=i).unwrap_or_default();
    Runner::new(world, id, program.name(bp)).run(stmts);
}

/// Charges the time of a pass over the agents to their blueprints, reading the injected
/// timer once per run of consecutive agents of one blueprint rather than twice per agent: in
/// the browser each reading is a call into JavaScript, and agents, iterated in slot order, sit
/// mostly in long runs of one blueprint.
#[derive(Default)]
struct RunClock {
    /// The blueprint of the current run and the timer's reading when it began.
    run: Option<(usize, u64)>,
}

impl RunClock {
    /// Called before running an agent of blueprint `bp`: a new blueprint ends the run so far.
    fn enter(&mut self, world: &mut World, bp: usize) {
        if self.run.is_some_and(|(current, _)| current == bp) {
            return;
        }
        let now = (world.timer)();
        self.charge(world, now);
        self.run = Some((bp, now));
    }

    /// Called after the pass: charges the last run.
    fn finish(mut self, world: &mut World) {
        if self.run.is_some() {
            let now = (world.timer)();
            self.charge(world, now);
        }
    }

    fn charge(&mut self, world: &mut World, now: u64) {
        if let Some((bp, start)) = self.run.take() {
            if let Some(total) = world.profile.blueprints.get_mut(bp) {
                *total = total.saturating_add(now.saturating_sub(start));
            }
        }
    }
}

/// Runs and empties every agent's queue of `phase` (update or think). These queues hold only
/// messages sent through [`crate::sim::Simulation::queue_message`], so the pass is skipped
/// when none was sent.
fn drain_queues(world: &mut World, ids: &[EntityId], phase: QueuePhase) {
    if !std::mem::take(world.messages_sent_mut(phase)) {
        return;
    }
    let program = Rc::clone(&world.program);
    for &id in ids {
        run_queued(world, &program, id, phase, &[]);
    }
}

/// The exec phase's queued work, agent by agent in `ids` order: the messages sent to the
/// agent, then the consequents conditions queued for it this tick, in the order queued.
/// Messages are sent only between ticks, so each was queued before this tick's consequents
/// and runs before them. When no exec message was sent, the consequents are run straight from
/// the list, in the order conditions left them (agent order, the order of `ids`, unless their
/// order cannot matter), without visiting the agents that have none; a run of consequents of
/// a rule that changes only Global props is applied as a group.
fn drain_exec(world: &mut World, ids: &[EntityId]) {
    let sent = std::mem::take(world.messages_sent_mut(QueuePhase::Exec));
    let mut list = std::mem::take(&mut world.consequents);
    let program = Rc::clone(&world.program);
    let mut rest = list.as_slice();
    if sent {
        for &id in ids {
            let mine = consequents::run_of(&mut rest, id);
            run_queued(world, &program, id, QueuePhase::Exec, mine);
        }
    } else {
        while let Some(first) = rest.first() {
            let same_rule = rest.iter().take_while(|c| c.rule == first.rule).count();
            let (run, tail) = rest.split_at_checked(same_rule).unwrap_or((rest, &[]));
            match program.rules.get(first.rule) {
                Some(rule) if rule.same_for_every_pair && !world.reference => {
                    run_same_for_every_pair(world, &program, rule, run);
                }
                _ => run.iter().for_each(|c| run_consequent(world, &program, c)),
            }
            rest = tail;
        }
    }
    // Hand the emptied list back so the next tick reuses its buffers.
    list.clear();
    world.consequents = list;
}

/// Runs agent `id`'s queue of `phase`, then `consequents`, and empties the queue (keeping its
/// buffer for the next tick). Costs one look-up when there is nothing to run, and nothing at
/// all for an agent removed since.
fn run_queued(
    world: &mut World,
    program: &crate::world::program::Program,
    id: EntityId,
    phase: QueuePhase,
    consequents: &[Consequent],
) {
    let Some(waiting) = world.agents.queue_of(id, phase) else {
        return;
    };
    if waiting.is_empty() && consequents.is_empty() {
        return;
    }
    let mut queue = std::mem::take(waiting);
    if !queue.is_empty() {
        let Some(blueprint) = world.agents.get(id).map(|a| program.name(a.blueprint)) else {
            return;
        };
        let mut runner = Runner::new(world, id, blueprint);
        run_messages(&mut runner, &queue);
    }
    for consequent in consequents {
        run_consequent(world, program, consequent);
    }
    if queue.capacity() > 0 {
        queue.clear();
        if let Some(slot) = world.agents.queue_of(id, phase) {
            if slot.is_empty() {
                *slot = queue;
            }
        }
    }
}

/// Runs script messages, each as itself with nothing bound; the value stack starts empty for
/// each, as if each had a runner of its own.
fn run_messages(runner: &mut Runner<'_>, queue: &[Message]) {
    for message in queue {
        runner.stack.clear();
        runner.script = Rc::clone(&message.script);
        runner.bindings = None;
        runner.run(&message.body);
    }
}

/// Runs a consequent as its agent, with the rule's two agents bound, as the rule's script
/// (written in the agent's blueprint, the rule's first) on an empty value stack. A body of
/// plain number changes is applied straight to the world (see [`crate::world::direct`]); any change
/// that cannot be made so, and every other body, runs in the interpreter. Nothing of the
/// agent is read but whether it still exists: with thousands of agents, most consequents
/// change something else (a Global prop, the other agent), and the agent's own memory is not
/// fetched for them.
fn run_consequent(
    world: &mut World,
    program: &crate::world::program::Program,
    consequent: &Consequent,
) {
    let Some(rule) = program.rules.get(consequent.rule) else {
        return;
    };
    let Some(changes) = rule.direct.as_ref().filter(|_| !world.reference) else {
        interpret(world, program, consequent, &rule.body);
        return;
    };
    for (i, change) in changes.iter().enumerate() {
        // As in the interpreter, an agent removed part-way runs nothing more.
        if !world.agents.contains(consequent.a) {
            return;
        }
        if !change.apply(world, consequent.a, consequent.b) {
            let stmts = rule.body.get(i..=i).unwrap_or_default();
            interpret(world, program, consequent, stmts);
        }
    }
}

/// Runs consequents of `rule`, whose direct changes step only Global props (the same for
/// every pair), as [`run_consequent`] would run each: the props are found once for all of
/// them (a change makes no Global prop, so none moves), and whether each agent still exists
/// is checked once per consequent (nothing these changes run removes an agent). Changes are
/// made in the interpreter's order, consequent by consequent, so limits and rounding act as
/// they would there.
fn run_same_for_every_pair(
    world: &mut World,
    program: &crate::world::program::Program,
    rule: &crate::world::program::Rule,
    consequents: &[Consequent],
) {
    let Some(changes) = &rule.direct else {
        return;
    };
    let places: smallvec::SmallVec<[Option<usize>; 4]> = changes
        .iter()
        .map(|change| change.global_index(&world.globals))
        .collect();
    // One change of a prop that exists (a counting rule): stepped in a loop of its own, up to
    // the first consequent it cannot be made for, which the loop below runs afresh.
    let mut counted = 0;
    if let ([change], [Some(at)]) = (changes.as_slice(), places.as_slice()) {
        let World {
            agents, globals, ..
        } = world;
        if let Some((_, var)) = globals.get_mut(*at) {
            for consequent in consequents {
                if agents.contains(consequent.a) && !change.apply_to(Some(&mut *var)) {
                    break;
                }
                counted += 1;
            }
        }
    }
    for consequent in consequents.get(counted..).unwrap_or_default() {
        if !world.agents.contains(consequent.a) {
            continue;
        }
        for (i, (change, place)) in changes.iter().zip(&places).enumerate() {
            let var = place
                .and_then(|at| world.globals.get_mut(at))
                .map(|(_, var)| var);
            if !change.apply_to(var) {
                let stmts = rule.body.get(i..=i).unwrap_or_default();
                interpret(world, program, consequent, stmts);
            }
        }
    }
}

/// Runs `stmts` of a consequent's rule in the interpreter, as [`run_consequent`] describes.
/// Out of line, so the common consequent, applied straight, does not set up a runner's frame.
#[inline(never)]
fn interpret(
    world: &mut World,
    program: &crate::world::program::Program,
    consequent: &Consequent,
    stmts: &[Stmt],
) {
    let Some(rule) = program.rules.get(consequent.rule) else {
        return;
    };
    let mut runner = Runner::new(world, consequent.a, program.name(rule.a));
    runner.bindings = Some([(rule.a, consequent.a), (rule.b, consequent.b)]);
    runner.run(stmts);
}

/// At the end of a tick: ends the round when its time is up or `stopRound` was called, and
/// otherwise raises GEMSTEP's `Tick` event after every 30th frame of the round (frames 0, 30,
/// 60…), which the next tick's conditions phase runs: once per simulation second.
fn rounds(world: &mut World) {
    if world.round.phase != RoundPhase::Running {
        return;
    }
    let project_rounds = Rc::clone(&world.rounds);
    if world.round.is_over(&project_rounds, world.tick) {
        end_round(world);
        return;
    }
    if world.round.frame(world.tick) % u64::from(super::TICKS_PER_SECOND) == 0 {
        world.raise(SimEvent::Tick);
    }
}

/// Ends the current round: its end script runs and its outro is shown at once, and
/// `onEvent RoundStop` is raised, which runs in the first tick of the next round (as in
/// GEMSTEP, whose stopped loop has no conditions phase to run it). Ticks wait for the next
/// round, or stop for good after the last one when the rounds do not loop.
fn end_round(world: &mut World) {
    let program = Rc::clone(&world.program);
    if let (Some(i), Some(system)) = (world.round.index, world.system) {
        if let Some(round) = program.project.rounds.get(i) {
            world.run_as(
                system,
                Rc::from(format!("round {} end", round.id)),
                &round.end,
            );
            let outro = world.rounds.get(i).map(|r| r.outtro.clone());
            if let Some(outro) = outro.filter(|o| !o.is_empty()) {
                let text = format!("End Round {}: {outro}", world.round.started);
                world.dialogs.show(&text);
            }
        }
    }
    world.raise(SimEvent::RoundStop);
    let loops = world.stage.rounds_can_loop;
    world.round.stop_requested = false;
    world.round.phase = match world.round.next(world.rounds.len(), loops) {
        Some(_) => RoundPhase::Over,
        None => RoundPhase::Done,
    };
}

/// Prepares round `index` (`None` for a model without rounds): its init script runs and its
/// intro is shown at once; `onEvent RoundInit` and then `Start` are raised for its first
/// tick, and, before the model's very first tick, `Costumes` between them (Stepwise has no
/// separate pick-characters step, so costumes are ready as the run starts).
pub(crate) fn start_round(world: &mut World, index: Option<usize>) {
    world.round = RoundState {
        index,
        started: world.round.started + 1,
        started_tick: world.tick,
        ..RoundState::default()
    };
    let program = Rc::clone(&world.program);
    let round = index.and_then(|i| program.project.rounds.get(i));
    if let (Some(round), Some(system)) = (round, world.system) {
        world.run_as(
            system,
            Rc::from(format!("round {} init", round.id)),
            &round.init,
        );
        let intro = index
            .and_then(|i| world.rounds.get(i))
            .map(|r| r.intro.clone());
        if let Some(intro) = intro.filter(|o| !o.is_empty()) {
            let text = format!("Round {}: {intro}", world.round.started);
            world.dialogs.show(&text);
        }
    }
    world.raise(SimEvent::RoundInit);
    if world.tick == 0 {
        world.raise(SimEvent::Costumes);
    }
    world.raise(SimEvent::Start);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_ticks_make_exactly_one_second() {
        assert_eq!(tick_time(30), SimTime::from_secs(1));
        assert_eq!(tick_time(0), SimTime::ZERO);
        assert!(tick_time(1) > SimTime::ZERO && tick_time(1) < tick_time(2));
    }

    thread_local! {
        static READS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// A timer that counts its own readings (per test thread, so parallel tests keep apart).
    fn counting_timer() -> u64 {
        READS.with(|n| {
            n.set(n.get() + 1);
            n.get()
        })
    }

    #[test]
    fn a_pass_reads_the_timer_once_per_run_of_one_blueprint_not_per_agent() {
        let script = |name: &str| {
            format!("# BLUEPRINT {name}\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1\n")
        };
        let blueprints: Vec<_> = ["A", "B"]
            .iter()
            .map(|n| serde_json::json!({"name": n, "label": n, "scriptText": script(n)}))
            .collect();
        let instances: Vec<_> = (0..200)
            .map(|i| {
                let bp = if i < 100 { "A" } else { "B" };
                serde_json::json!({"id": i.to_string(), "label": format!("{bp}{i}"), "bpid": bp, "initScript": ""})
            })
            .collect();
        let json = serde_json::json!({"id": "t", "label": "t", "blueprints": blueprints, "instances": instances});
        let project = crate::project::Project::from_json(&json.to_string()).unwrap();
        let mut sim = super::super::Simulation::load(&project, 1).unwrap();
        sim.set_timer(counting_timer);
        let before = READS.with(std::cell::Cell::get);
        sim.step();
        let reads = READS.with(std::cell::Cell::get) - before;
        // One update pass over 2 runs of 100 agents: a reading at each run's start and one at
        // the end (the other programs are empty and there are no rules).
        assert_eq!(reads, 3, "2 blueprints × 100 agents took {reads} readings");
        let profile = sim.profile();
        assert_eq!(profile.blueprints, vec![1, 1], "each run spans one reading");
    }
}

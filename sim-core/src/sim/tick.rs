//! One tick: GEMSTEP's tick phases in order, each running the modules that opted in.

use super::conditions;
use crate::agent::{Message, QueuePhase};
use crate::entity::EntityId;
use crate::event::{EventHandler, EventLoop, Invocation, TriggerType};
use crate::exec::loaded::LoadedProject;
use crate::exec::ops::Cx;
use crate::exec::Runner;
use crate::features::tick as features;
use crate::phase::{Phase, PhaseMachine};
use crate::script::program::{CompiledBlueprint, SimEvent};
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
    /// Every feature's part of the tick, from the features' own hooks (see
    /// [`crate::features::tick`]): movement, costume glow and tint, meters,
    /// labels and graphs bound to props (GEMSTEP's graphs phase, which follows with nothing
    /// between), and carried characters following their cursors.
    Features,
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
    machine.opt_in(Phase::ConditionsUpdate, Module::Conditions);
    machine.opt_in(Phase::AgentsThink, Module::AgentsThink);
    machine.opt_in(Phase::AgentsExec, Module::AgentsExec);
    machine.opt_in(Phase::SimEval, Module::Rounds);
    machine.opt_in(Phase::SimEval, Module::Lifecycle);
    machine
}

/// Scratch space reused by every tick, so the tick does not allocate once warmed up.
pub(crate) struct Scratch {
    ids: Vec<EntityId>,
    /// [`crate::agent::Agents::changes`] when `ids` was made (`None`: never made).
    ids_made_at: Option<u64>,
    conditions: conditions::Scratch,
    features: features::Scratch,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            ids: Vec::new(),
            ids_made_at: None,
            conditions: conditions::Scratch::default(),
            features: features::Scratch::new(1.0 / f64::from(super::TICKS_PER_SECOND)),
        }
    }
}

/// The `Repeat` event that runs the tick, 30 times per simulation second.
pub(crate) struct TickHandler {
    pub machine: PhaseMachine<Module>,
    /// The program the ticks run, which the simulation replaces when an edit is swapped in.
    pub program: std::cell::RefCell<Rc<LoadedProject>>,
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
        if world.halted.is_some() {
            // Halted since this tick was scheduled (see `World::halt_if_over`): it does not
            // run, and is not scheduled again.
            return;
        }
        world.tick += 1;
        world.time = call.time;
        world.budget.renew();
        let mut scratch = self.scratch.borrow_mut();
        let scratch = &mut *scratch;
        let program = Rc::clone(&self.program.borrow());
        for (_, module) in self.machine.tick_order() {
            // Modules that make or remove agents change the list; the others reuse it.
            let changes = world.agents.changes();
            if scratch.ids_made_at != Some(changes) {
                world.agents.ids_into(&mut scratch.ids);
                scratch.ids_made_at = Some(changes);
            }
            run_module(module, lp, (world, &program), scratch);
        }
        world.halt_if_over();
    }

    fn predict_invoke_time(&self, _target: EntityId, world: &World, _at: SimTime) -> SimTime {
        if world.round().phase != RoundPhase::Running || world.halted.is_some() {
            SimTime::MIN
        } else {
            tick_time(world.tick + 1)
        }
    }
}

fn run_module(
    module: Module,
    lp: &mut EventLoop<World>,
    (world, program): (&mut World, &LoadedProject),
    scratch: &mut Scratch,
) {
    let ids = &scratch.ids;
    match module {
        Module::Inputs => super::controllers::apply(world, program, lp),
        Module::Lifecycle => super::lifecycle::flush(world, program, lp),
        Module::Rounds => rounds(world, program),
        Module::AgentsUpdate => {
            programs(world, program, ids, TickProgram::Update);
            drain_queues(world, program, ids, QueuePhase::Update);
        }
        Module::Features => features::run(world, ids, &mut scratch.features),
        Module::Conditions => {
            conditions::update(world, program, &mut scratch.conditions);
            // Handlers cannot raise events, so the list is run as it is and its buffer kept.
            let events = world.take_events();
            for &event in &events {
                super::lifecycle::fire(world, program, event, ids);
            }
            world.return_events(events);
        }
        Module::AgentsThink => {
            programs(world, program, ids, TickProgram::Think);
            drain_queues(world, program, ids, QueuePhase::Think);
        }
        Module::AgentsExec => {
            programs(world, program, ids, TickProgram::Exec);
            drain_exec(world, program, ids);
        }
    }
}

#[derive(Clone, Copy)]
enum TickProgram {
    Update,
    Think,
    Exec,
}

impl TickProgram {
    /// Whether a blueprint has nothing to run in this program.
    fn idle(self, blueprint: &CompiledBlueprint) -> bool {
        match self {
            TickProgram::Update => blueprint.update.is_empty() && blueprint.timers.is_empty(),
            TickProgram::Think => blueprint.think.is_empty(),
            TickProgram::Exec => blueprint.exec.is_empty(),
        }
    }
}

fn programs(world: &mut World, program: &LoadedProject, ids: &[EntityId], which: TickProgram) {
    if program.project.blueprints.iter().all(|b| which.idle(b)) {
        return;
    }
    let times = &mut world.profile_mut().blueprints;
    if times.len() < program.names.count() {
        times.resize(program.names.count(), 0);
    }
    let mut clock = RunClock::default();
    let mut rest = ids;
    while let Some((&id, tail)) = rest.split_first() {
        rest = tail;
        let Some(bp) = world.agents.get(id).map(|agent| agent.blueprint) else {
            continue;
        };
        let (Some(blueprint), Some(name), Some(lowered)) = (
            program.project.blueprints.get(bp),
            program.names.shared_name(bp),
            program.lowered.get(bp),
        ) else {
            continue;
        };
        if which.idle(blueprint) {
            continue;
        }
        clock.enter(world, bp);
        if world.reference() {
            run_plainly(world, id, name, blueprint, which);
            continue;
        }
        // This agent and the agents after it of the same blueprint (agents sit mostly in long
        // runs of one blueprint) share one run context; an agent removed meanwhile is passed.
        let mut cx = Cx::new(world, id, name);
        loop {
            match which {
                TickProgram::Update => {
                    cx.run(&lowered.update);
                    if !lowered.timers.is_empty() {
                        cx.run(&lowered.timers);
                    }
                }
                TickProgram::Think => cx.run(&lowered.think),
                TickProgram::Exec => cx.run(&lowered.exec),
            }
            if !next_of_run(&mut cx, &mut rest, bp) {
                break;
            }
        }
    }
    clock.finish(world);
}

/// Moves `cx` on to the next agent of `rest`, passing agents removed meanwhile, and `rest`
/// past it when it is of blueprint `bp`: answers whether the run of `bp` goes on (otherwise
/// `rest` starts at the agent of another blueprint, if any).
fn next_of_run(cx: &mut Cx<'_, '_>, rest: &mut &[EntityId], bp: usize) -> bool {
    while let Some((&next, tail)) = rest.split_first() {
        match cx.run_as(next) {
            None => *rest = tail,
            Some(b) if b == bp => {
                *rest = tail;
                return true;
            }
            Some(_) => return false,
        }
    }
    false
}

/// Runs agent `id`'s program as written (the reference interpreter): an update program, then
/// its top-level `every` timers, on one value stack.
fn run_plainly(
    world: &mut World,
    id: EntityId,
    name: &Rc<str>,
    blueprint: &CompiledBlueprint,
    which: TickProgram,
) {
    let mut runner = Runner::new(world, id, Rc::clone(name));
    match which {
        TickProgram::Update => {
            runner.run(&blueprint.update);
            for every in &blueprint.timers {
                runner.top_level_every(every);
            }
        }
        TickProgram::Think => runner.run(&blueprint.think),
        TickProgram::Exec => runner.run(&blueprint.exec),
    }
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
        let now = world.now();
        self.charge(world, now);
        self.run = Some((bp, now));
    }

    /// Called after the pass: charges the last run.
    fn finish(mut self, world: &mut World) {
        if self.run.is_some() {
            let now = world.now();
            self.charge(world, now);
        }
    }

    fn charge(&mut self, world: &mut World, now: u64) {
        if let Some((bp, start)) = self.run.take() {
            if let Some(total) = world.profile_mut().blueprints.get_mut(bp) {
                *total = total.saturating_add(now.saturating_sub(start));
            }
        }
    }
}

/// Runs and empties every agent's queue of `phase` (update or think). These queues hold only
/// messages sent through [`crate::sim::Simulation::queue_message`], so the pass is skipped
/// when none was sent.
fn drain_queues(world: &mut World, program: &LoadedProject, ids: &[EntityId], phase: QueuePhase) {
    if !std::mem::take(world.messages_sent_mut(phase)) {
        return;
    }
    for &id in ids {
        run_queued(world, program, id, phase, &[]);
    }
}

/// The exec phase's queued work, agent by agent in `ids` order: the messages sent to the
/// agent, then the consequents conditions queued for it this tick, in the order queued.
/// Messages are sent only between ticks, so each was queued before this tick's consequents
/// and runs before them. When no exec message was sent, the consequents are run straight from
/// the list, in run order, without visiting the agents that have none.
fn drain_exec(world: &mut World, program: &LoadedProject, ids: &[EntityId]) {
    let sent = std::mem::take(world.messages_sent_mut(QueuePhase::Exec));
    let mut list = std::mem::take(world.consequents_mut());
    if sent {
        let mut rest = list.as_slice();
        for &id in ids {
            let mine = consequents::run_of(&mut rest, id);
            run_queued(world, program, id, QueuePhase::Exec, mine);
        }
    } else {
        let mut rest = list.as_slice();
        while let Some(first) = rest.first() {
            let same_rule = rest.iter().take_while(|c| c.rule == first.rule).count();
            let (run, tail) = rest.split_at_checked(same_rule).unwrap_or((rest, &[]));
            run_consequents(world, program, run);
            rest = tail;
        }
    }
    // Hand the emptied list back so the next tick reuses its buffers.
    list.clear();
    *world.consequents_mut() = list;
}

/// Runs agent `id`'s queue of `phase`, then `consequents`, and empties the queue (keeping its
/// buffer for the next tick). Costs one look-up when there is nothing to run, and nothing at
/// all for an agent removed since.
fn run_queued(
    world: &mut World,
    program: &LoadedProject,
    id: EntityId,
    phase: QueuePhase,
    consequents: &[Consequent],
) {
    let Some(queue) = world.agents.take_queue(id, phase) else {
        return;
    };
    if queue.is_empty() && consequents.is_empty() {
        keep_buffer(world, id, phase, queue);
        return;
    }
    if !queue.is_empty() {
        let Some(blueprint) = world
            .agents
            .get(id)
            .map(|a| program.names.name(a.blueprint))
        else {
            return;
        };
        let mut runner = Runner::new(world, id, blueprint);
        run_messages(&mut runner, &queue);
    }
    for consequent in consequents {
        run_consequents(world, program, std::slice::from_ref(consequent));
    }
    keep_buffer(world, id, phase, queue);
}

/// Gives agent `id`'s queue of `phase` back the buffer `queue` (emptied), when it has one and
/// nothing was queued meanwhile, so the next messages need no allocation.
fn keep_buffer(world: &mut World, id: EntityId, phase: QueuePhase, mut queue: Vec<Message>) {
    if queue.capacity() == 0 {
        return;
    }
    queue.clear();
    if let Some(slot) = world.agents.queue_of(id, phase) {
        if slot.is_empty() {
            *slot = queue;
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

/// Runs consequents of one rule, each as its agent, with the rule's two agents bound, as the
/// rule's script (written in the agent's blueprint, the rule's first) on an empty value
/// stack: lowered (one run context serving them all), or as written on the reference
/// interpreter. An agent removed since does nothing.
fn run_consequents(world: &mut World, program: &LoadedProject, consequents: &[Consequent]) {
    let Some(first) = consequents.first() else {
        return;
    };
    let Some(rule) = program.rules.get(first.rule) else {
        return;
    };
    let Some(name) = program.names.shared_name(rule.a) else {
        return;
    };
    // A budget that runs out in a consequent names its rule.
    world.budget.rule = Some(Rc::clone(&rule.described));
    if world.reference() {
        for c in consequents {
            if !world.agents.contains(c.a) {
                continue;
            }
            let mut runner = Runner::new(world, c.a, Rc::clone(name));
            runner.bindings = Some([(rule.a, c.a), (rule.b, c.b)]);
            runner.run(&rule.body);
        }
    } else if !(rule.counted.as_ref()).is_some_and(|counted| counted.run(world, consequents)) {
        let mut cx = Cx::new(world, first.a, name);
        for c in consequents {
            cx.bind([rule.a, rule.b], c.a, c.b);
            cx.run(&rule.ops);
        }
    }
    world.budget.rule = None;
}

/// At the end of a tick: ends the round when its time is up or `stopRound` was called, and
/// otherwise raises GEMSTEP's `Tick` event after every 30th frame of the round (frames 0, 30,
/// 60…), which the next tick's conditions phase runs: once per simulation second.
fn rounds(world: &mut World, program: &LoadedProject) {
    if world.round().phase != RoundPhase::Running {
        return;
    }
    let project_rounds = Rc::clone(world.rounds());
    if world.round().is_over(&project_rounds, world.tick) {
        end_round(world, program);
        return;
    }
    if world.round().frame(world.tick) % u64::from(super::TICKS_PER_SECOND) == 0 {
        world.raise(SimEvent::Tick);
    }
}

/// Ends the current round: its end script runs and its outro is shown at once, and
/// `onEvent RoundStop` is raised, which runs in the first tick of the next round (as in
/// GEMSTEP, whose stopped loop has no conditions phase to run it). Ticks wait for the next
/// round, or stop for good after the last one when the rounds do not loop.
fn end_round(world: &mut World, program: &LoadedProject) {
    if let (Some(i), Some(system)) = (world.round().index, world.system()) {
        if let Some(round) = program.project.rounds.get(i) {
            super::lifecycle::run_as(
                world,
                system,
                Rc::from(format!("round {} end", round.id)),
                &round.end,
            );
            let outro = world.rounds().get(i).map(|r| r.outtro.clone());
            if let Some(outro) = outro.filter(|o| !o.is_empty()) {
                let text = format!("End Round {}: {outro}", world.round().started);
                world.show(&text);
            }
        }
    }
    world.raise(SimEvent::RoundStop);
    let loops = world.stage().rounds_can_loop;
    let next = world.round().next(world.rounds().len(), loops);
    let round = world.round_mut();
    round.stop_requested = false;
    round.phase = match next {
        Some(_) => RoundPhase::Over,
        None => RoundPhase::Done,
    };
}

/// Prepares round `index` (`None` for a model without rounds): its init script runs and its
/// intro is shown at once; `onEvent RoundInit` and then `Start` are raised for its first
/// tick, and, before the model's very first tick, `Costumes` between them (Stepwise has no
/// separate pick-characters step, so costumes are ready as the run starts).
pub(crate) fn start_round(world: &mut World, program: &LoadedProject, index: Option<usize>) {
    let started = world.round().started + 1;
    *world.round_mut() = RoundState {
        index,
        started,
        started_tick: world.tick,
        ..RoundState::default()
    };
    let round = index.and_then(|i| program.project.rounds.get(i));
    if let (Some(round), Some(system)) = (round, world.system()) {
        super::lifecycle::run_as(
            world,
            system,
            Rc::from(format!("round {} init", round.id)),
            &round.init,
        );
        let intro = index
            .and_then(|i| world.rounds().get(i))
            .map(|r| r.intro.clone());
        if let Some(intro) = intro.filter(|o| !o.is_empty()) {
            let text = format!("Round {}: {intro}", world.round().started);
            world.show(&text);
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

    /// A simulation of blueprints A (whose update adds 1 to its prop `n`) and B (adds 10),
    /// with one instance of the blueprint each entry of `kinds` names, in that order.
    fn counters(kinds: &[&str]) -> super::super::Simulation {
        let script = |name: &str, step: u32| {
            format!("# BLUEPRINT {name}\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add {step}\n")
        };
        let blueprints = vec![
            serde_json::json!({"name": "A", "label": "A", "scriptText": script("A", 1)}),
            serde_json::json!({"name": "B", "label": "B", "scriptText": script("B", 10)}),
        ];
        let instances: Vec<_> = kinds
            .iter()
            .enumerate()
            .map(|(i, bp)| serde_json::json!({"id": i.to_string(), "label": format!("{bp}{i}"), "bpid": bp, "initScript": ""}))
            .collect();
        let json = serde_json::json!({"id": "t", "label": "t", "blueprints": blueprints, "instances": instances});
        let project = crate::project::Project::from_json(&json.to_string()).unwrap();
        super::super::Simulation::load(&project, 1).unwrap()
    }

    #[test]
    fn a_pass_reads_the_timer_once_per_run_of_one_blueprint_not_per_agent() {
        let kinds: Vec<_> = (0..200).map(|i| if i < 100 { "A" } else { "B" }).collect();
        let mut sim = counters(&kinds);
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

    #[test]
    fn agents_of_alternating_blueprints_each_run_their_own_program_once_a_tick() {
        // A, B, A, B…, then a run of three A: runs of one agent, and a longer one.
        let kinds = ["A", "B", "A", "B", "A", "A", "A", "B"];
        let mut sim = counters(&kinds);
        for _ in 0..3 {
            sim.step();
        }
        let mut seen = Vec::new();
        for agent in sim.agents() {
            let n = agent
                .props()
                .into_iter()
                .find(|p| p.name == "n")
                .map(|p| p.value);
            seen.push((agent.blueprint().to_string(), n));
        }
        let want: Vec<_> = kinds
            .iter()
            .map(|bp| {
                let n = if *bp == "A" { 3.0 } else { 30.0 };
                (bp.to_string(), Some(crate::vars::Value::Number(n)))
            })
            .collect();
        assert_eq!(seen, want);
    }
}

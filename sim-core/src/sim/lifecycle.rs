//! Making and removing agents: at load (instances), and at the end of a phase for the
//! creations and removals scripts asked for during it.

use crate::agent::Agent;
use crate::entity::EntityId;
use crate::event::EventLoop;
use crate::exec::loaded::LoadedProject;
use crate::exec::ops::Cx;
use crate::exec::Runner;
use crate::project::InstanceDef;
use crate::script::program::{CompiledBlueprint, SimEvent, Stmt};
use crate::world::{Birth, World};
use std::rc::Rc;

/// Makes an agent of blueprint `bp` named `name` (made unique if taken), runs its
/// blueprint's define and init programs, and returns its id; `None` when the agent cap is
/// reached (with a warning in the log).
pub(crate) fn make_agent(
    world: &mut World,
    program: &LoadedProject,
    lp: &mut EventLoop<World>,
    bp: usize,
    name: &str,
    at: (f64, f64),
) -> Option<EntityId> {
    let bp_name = world.blueprints.name(bp);
    if !world.budget.charge(1) {
        // The work budget ran out: nothing more is made (the overrun is logged where it
        // ran out).
        world.stopped_at(&bp_name, 0, 0);
        return None;
    }
    let cap = world.agent_cap();
    if world.model_agents() >= cap {
        let origin = world.origin(&bp_name, 0, 0);
        let message = format!(
            "the model has {cap} agents, the most it may have; no more {bp_name} were made"
        );
        world.log.warn_once(origin, message);
        return None;
    }
    let id = world.register(lp, &bp_name, name)?;
    let path = world.registry().path_of(id).unwrap_or_default();
    let label = path.split_once('/').map_or(name, |(_, n)| n).to_string();
    let mut agent = Agent::new(id, bp, label);
    let place = agent.apart.builtins_mut();
    (place.x, place.y) = at;
    world.agents.insert(agent);
    if let Some(blueprint) = program.project.blueprints.get(bp) {
        let mut runner = Runner::new(world, id, Rc::clone(&bp_name));
        runner.run(&blueprint.define);
        runner.world.give_starting_props(id, &bp_name);
        runner.run(&blueprint.init);
    }
    Some(id)
}

/// Makes the agents scripts asked for and removes the ones they removed.
pub(crate) fn flush(world: &mut World, program: &LoadedProject, lp: &mut EventLoop<World>) {
    // A birth's script may ask for more births; those wait for the next flush.
    for birth in world.take_births() {
        give_birth(world, program, lp, birth);
    }
    // Births' scripts may have removed agents: those go now too.
    let deaths = world.take_deaths();
    for id in deaths {
        if world.agents.discard(id) {
            // The id was alive in the registry, so removing it cannot fail.
            let _ = world.registry_mut().remove(lp, id);
        }
    }
    crate::features::cursor::forget_removed(world);
}

fn give_birth(world: &mut World, program: &LoadedProject, lp: &mut EventLoop<World>, birth: Birth) {
    let bp_name = world.blueprints.name(birth.blueprint);
    let name = format!("{bp_name} {}", world.serial());
    let Some(id) = make_agent(world, program, lp, birth.blueprint, &name, birth.at) else {
        return;
    };
    let parent = (birth.parent).and_then(|p| {
        let a = world.agents.get(p)?;
        Some((p, Box::<str>::from(a.skin()), a.alpha(), a.z_index()))
    });
    if let Some((parent_id, skin, alpha, z_index)) = parent {
        if let Some(mut child) = world.agents.get_mut(id) {
            *child.skin_mut() = skin;
            *child.alpha_mut() = alpha;
            *child.z_index_mut() = z_index;
        }
        world.agents.copy_props(parent_id, id);
        world.agents.copy_features(parent_id, id);
        crate::features::cursor::carries_nothing(&mut world.agents, id);
    }
    if let Some((feature, prop, add, sub)) = birth.mutation {
        world.mutate(id, &feature, &prop, add, sub);
    }
    let mut runner = Runner::new(world, id, birth.script);
    runner.run(&birth.init);
}

/// Runs every agent's handlers for `event` (in slot order).
pub(crate) fn fire(world: &mut World, program: &LoadedProject, event: SimEvent, ids: &[EntityId]) {
    let handles = |b: &CompiledBlueprint| b.events.iter().any(|h| h.event == event);
    if !program.project.blueprints.iter().any(handles) {
        return;
    }
    for &id in ids {
        let Some(bp) = world.agents.get(id).map(|a| a.blueprint) else {
            continue;
        };
        let Some(blueprint) = program.project.blueprints.get(bp) else {
            continue;
        };
        let (Some(name), Some(lowered)) = (program.names.shared_name(bp), program.lowered.get(bp))
        else {
            continue;
        };
        if world.reference() {
            for handler in blueprint.events.iter().filter(|h| h.event == event) {
                Runner::new(world, id, Rc::clone(name)).run(&handler.body);
            }
        } else {
            for (_, ops) in lowered.events.iter().filter(|(e, _)| *e == event) {
                Cx::new(world, id, name).run(ops);
            }
        }
    }
}

/// Runs round or instance statements as agent `id`.
pub(crate) fn run_as(world: &mut World, id: EntityId, script: Rc<str>, stmts: &[Stmt]) {
    let mut runner = Runner::new(world, id, script);
    runner.run(stmts);
}

/// Makes the program's starting agents from the one at index `from` on, each running its
/// init script.
pub(crate) fn make_instances(
    world: &mut World,
    (program, instances): (&LoadedProject, &[InstanceDef]),
    lp: &mut EventLoop<World>,
    from: usize,
) {
    // The instances still to make of each blueprint: once the first is made, its tables
    // get room for the rest at once.
    let mut left = vec![0usize; program.names.count()];
    for instance in instances.iter().skip(from) {
        if let Some(n) = (program.names.index(&instance.bpid)).and_then(|bp| left.get_mut(bp)) {
            *n += 1;
        }
    }
    let mut reserved = vec![false; left.len()];
    for instance in instances.iter().skip(from) {
        let Some(bp) = program.names.index(&instance.bpid) else {
            continue;
        };
        if let Some(id) = make_agent(world, program, lp, bp, &instance.label, (0.0, 0.0)) {
            let script: Rc<str> = Rc::from(format!("instance {}", instance.label));
            match program.project.instance_init(instance) {
                Ok(init) => run_as(world, id, script, &init),
                Err(errors) => {
                    let at = world.origin(&script, 0, 0);
                    let why = format!(
                        "its init script no longer compiles: {} errors",
                        errors.len()
                    );
                    world.log.warn_once(at, why);
                }
            }
            if let (Some(done), Some(n)) = (reserved.get_mut(bp), left.get(bp)) {
                if !*done {
                    *done = true;
                    world.agents.reserve_like(id, n.saturating_sub(1));
                }
            }
        }
    }
}

/// Makes the hidden round agent and every instance of the project, then prepares the
/// first round (or, without rounds, the run), making what its init script asks for.
pub(crate) fn populate(
    world: &mut World,
    program: &LoadedProject,
    instances: &[InstanceDef],
    lp: &mut EventLoop<World>,
) -> Result<(), String> {
    let id = lp.spawn_entity().map_err(|e| e.to_string())?;
    let mut system = Agent::new(id, usize::MAX, "rounds".to_string());
    system.system = true;
    system.apart.builtins_mut().visible = false;
    for feature in crate::features::FEATURES {
        system
            .features
            .push_apart(crate::agent::FeatureState::new(&feature.spec));
    }
    world.agents.insert(system);
    world.set_system(id);
    // The entities made so far (the clock's and the system agent's) come first.
    world
        .agents
        .reserve(instances.len() + id.index() as usize + 1);
    make_instances(world, (program, instances), lp, 0);
    let first = (!world.rounds().is_empty()).then_some(0);
    super::tick::start_round(world, program, first);
    flush(world, program, lp);
    // Every agent was just made, one by one: lay their memory out for the passes.
    world.agents.repack();
    world.halt_if_over();
    Ok(())
}

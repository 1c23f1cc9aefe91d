//! Hot swap: a running model takes edited blueprint scripts without a reset, so a student
//! sees an edit act on the agents already on stage.
//!
//! [`Simulation::hot_swap`] accepts a project that differs from the running one only in
//! blueprint scripts and added blueprints (every running blueprint still there under its
//! name, in any order; the same starting agents, rounds and stage, except starting agents
//! of added blueprints appended at the end, which are made on the spot). Agents of unchanged
//! blueprints are not touched. Each agent of a changed
//! blueprint keeps its state and takes only what the edit changed in its `# PROGRAM DEFINE`:
//!
//! - DEFINE runs again twice, on blank scratch agents, once as it was and once as it is, to
//!   learn what the edit changed; the real agent is never re-defined and INIT does not run.
//! - A prop, feature prop or built-in prop (position, costume, alpha …) whose DEFINE result
//!   is the same before and after keeps the agent's current value. One the edit changed
//!   (another starting value, another type) takes the new starting value.
//! - Props and features the edit added are added with their starting values; the ones it
//!   removed from DEFINE are removed. Props and features an agent gained at run time are kept.
//! - Every other program (UPDATE, THINK, EXEC, `when`, `every`, `onEvent`) is simply the new
//!   one from the next tick. `when` rules that survive the edit keep their touching memory,
//!   so a pair already touching does not count as a first touch again; an `every` timer
//!   whose line moved starts counting afresh. No consequent of the old program's rules is
//!   waiting (a tick queues and runs its consequents itself); queued script messages carry
//!   their own compiled statements and are kept.
//! - The scratch runs consume no random numbers of the model and make or remove no agents.

use super::Simulation;
use crate::agent::{Agent, FeatureState};
use crate::entity::EntityId;
use crate::exec::loaded::{LoadedProject, Rule};
use crate::exec::Runner;
use crate::project::Project;
use crate::script::compiler::{compile_project, CompileError};
use crate::vars::GVar;
use crate::vars::PropName;
use crate::world::World;
use std::rc::Rc;

/// Why a project could not be swapped in live. The running model is left exactly as it was;
/// the caller decides whether to keep it or to start afresh.
#[derive(Debug, Clone, PartialEq)]
pub enum SwapError {
    /// The project does not compile (every error, with script, line and column).
    Compile(Vec<CompileError>),
    /// Something other than blueprint scripts changed, which only a fresh start can apply;
    /// the text says what.
    Structure(&'static str),
}

impl std::fmt::Display for SwapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwapError::Compile(errors) if errors.len() == 1 => {
                write!(f, "the scripts have a compile error")
            }
            SwapError::Compile(errors) => {
                write!(f, "the scripts have {} compile errors", errors.len())
            }
            SwapError::Structure(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for SwapError {}

/// What a hot swap changed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Swapped {
    /// The blueprints whose scripts changed, in project order.
    pub blueprints: Vec<String>,
    /// How many agents of those blueprints were updated.
    pub agents: usize,
}

impl Simulation {
    /// Puts `project`'s blueprint scripts into the running model without a reset (see the
    /// module documentation for what each agent keeps). The new project is also what
    /// [`Simulation::reset`] starts from afterwards (shared, as [`Simulation::load`] shares
    /// it, when given as an `Rc`).
    pub fn hot_swap(&mut self, project: impl Into<Rc<Project>>) -> Result<Swapped, SwapError> {
        let project = project.into();
        if let Some(what) = structure_change(&self.project, &project) {
            return Err(SwapError::Structure(what));
        }
        let compiled = compile_project(&project).map_err(SwapError::Compile)?;
        let new = super::loaded(compiled);
        let mut remap = Vec::new();
        let mut changed = Vec::new();
        for old in &self.project.blueprints {
            let edited = project.blueprint(&old.name);
            let (Some(index), Some(edited)) = (new.names.index(&old.name), edited) else {
                return Err(SwapError::Structure(REMOVED));
            };
            remap.push(index);
            changed.push(edited.script_text != old.script_text);
        }
        let old = self.tick.program.replace(Rc::clone(&new));
        carry_rule_memory(&mut self.world, &old, &new);
        self.world.carry_profile(&remap, new.names.count());
        // DEFINE runs again on the changed blueprints' agents, on a budget of its own: a
        // DEFINE that would never end stops with its error in the log, and the next tick
        // starts afresh.
        self.world.budget.renew();
        let agents = respec(&mut self.world, &old, &new, &remap, &changed);
        self.world.budget.renew();
        // Starting agents of blueprints just added are made now, as a reset would make them.
        super::lifecycle::make_instances(
            &mut self.world,
            (&new, &project.instances),
            &mut self.lp,
            self.project.instances.len(),
        );
        super::lifecycle::flush(&mut self.world, &new, &mut self.lp);
        self.world.budget.renew();
        self.world.note_warnings(&new.project.blueprints);
        self.project = project;
        let blueprints = changed
            .iter()
            .zip(&remap)
            .filter(|(changed, _)| **changed)
            .map(|(_, &i)| new.names.name(i).to_string())
            .collect();
        Ok(Swapped { blueprints, agents })
    }
}

/// Why a swap refuses a project that lost a running blueprint (its agents would be orphans).
const REMOVED: &str = "a blueprint was removed or renamed";

/// Whether `new`'s starting agents are `running`'s followed only by agents of blueprints
/// `running` does not have (a blueprint added with its agents).
fn only_new_instances(running: &Project, new: &Project) -> bool {
    let kept = running.instances.len();
    new.instances.get(..kept) == Some(running.instances.as_slice())
        && new.instances[kept..]
            .iter()
            .all(|i| running.blueprint(&i.bpid).is_none())
}

/// What besides blueprint scripts and new blueprints differs between the running and the
/// new project, if anything.
fn structure_change(running: &Project, new: &Project) -> Option<&'static str> {
    if running
        .blueprints
        .iter()
        .any(|b| new.blueprint(&b.name).is_none())
    {
        Some(REMOVED)
    } else if !only_new_instances(running, new) {
        Some("the starting agents changed")
    } else if running.rounds != new.rounds {
        Some("the rounds changed")
    } else if running.metadata != new.metadata {
        Some("the stage settings changed")
    } else {
        None
    }
}

/// A rule's identity across an edit: who tests what, written in which blueprint.
fn rule_key<'a>(program: &LoadedProject, rule: &'a Rule) -> (Rc<str>, Rc<str>, &'a str, &'a str) {
    (
        program.names.name(rule.a),
        program.names.name(rule.b),
        rule.test_name.as_str(),
        &*rule.script,
    )
}

/// Moves each surviving rule's touching memory and profile time to its new index; the
/// n-th rule with a key in the old program matches the n-th with that key in the new.
fn carry_rule_memory(world: &mut World, old: &LoadedProject, new: &LoadedProject) {
    let count = new.rules.len();
    let mut touching: Vec<Vec<(EntityId, EntityId)>> = vec![Vec::new(); count];
    let mut profile = vec![0; count];
    let mut taken = vec![false; old.rules.len()];
    for (i, rule) in new.rules.iter().enumerate() {
        let key = rule_key(new, rule);
        let found = old
            .rules
            .iter()
            .enumerate()
            .find(|(j, r)| !taken.get(*j).copied().unwrap_or(true) && rule_key(old, r) == key)
            .map(|(j, _)| j);
        let Some(j) = found else { continue };
        if let Some(t) = taken.get_mut(j) {
            *t = true;
        }
        if let Some(slot) = touching.get_mut(i) {
            *slot = world.take_touching(j);
        }
        if let (Some(slot), Some(time)) = (profile.get_mut(i), world.profile().rules.get(j)) {
            *slot = *time;
        }
    }
    world.set_rule_memory(touching, profile);
}

/// Moves every agent to its blueprint's new index (`remap[old] = new`) and gives each
/// agent of a `changed` blueprint (by old index) what the edit from `old` to `new`
/// changed; returns how many agents that was. Ends with `new`'s blueprint names as the
/// world's.
fn respec(
    world: &mut World,
    old: &Rc<LoadedProject>,
    new: &Rc<LoadedProject>,
    remap: &[usize],
    changed: &[bool],
) -> usize {
    let model_rng = world.rng.clone();
    let queued = world.queued();
    let mut ids = Vec::new();
    world.agents.ids_into(&mut ids);
    // The agents of each changed blueprint, by their old index.
    let edited: Vec<(EntityId, usize)> = (ids.iter())
        .filter_map(|&id| {
            let agent = world.agents.get(id).filter(|a| !a.system)?;
            let was = agent.blueprint;
            changed
                .get(was)
                .copied()
                .unwrap_or(false)
                .then_some((id, was))
        })
        .collect();
    world.agents.renumber_blueprints(remap);
    let mut count = 0;
    for (id, was) in edited {
        let Some(&now) = remap.get(was) else {
            continue;
        };
        let Some(current) = world.agents.remove(id) else {
            continue;
        };
        let start = world.rng.clone();
        let before = scratch(world, &current, old, was);
        world.rng = start;
        let after = scratch(world, &current, new, now);
        world.agents.insert(merge(current, before, after));
        count += 1;
    }
    world.unqueue_since(queued);
    world.rng = model_rng;
    world.blueprints = Rc::clone(&new.names);
    if count > 0 {
        // The remade agents' features were made one agent at a time.
        world.agents.repack();
    }
    count
}

/// A blank agent like `like` (same id and name) of `program`'s blueprint `bp`, after
/// that blueprint's DEFINE.
fn scratch(world: &mut World, like: &Agent, program: &Rc<LoadedProject>, bp: usize) -> Agent {
    let blank = || Agent::new(like.id, bp, like.name.to_string());
    world.blueprints = Rc::clone(&program.names);
    world.agents.insert(blank());
    if let Some(blueprint) = program.project.blueprints.get(bp) {
        let mut runner = Runner::new(world, like.id, program.names.name(bp));
        runner.run(&blueprint.define);
    }
    world.agents.remove(like.id).unwrap_or_else(blank)
}

/// `current` with what DEFINE changed from `before` to `after` (see the module comment).
fn merge(mut current: Agent, mut before: Agent, mut after: Agent) -> Agent {
    fn take_changed<T: PartialEq + Clone>(current: &mut T, before: &T, after: &T) {
        if before != after {
            current.clone_from(after);
        }
    }
    let (was, now) = (before.apart.take_builtins(), after.apart.take_builtins());
    let kept = current.apart.builtins_mut();
    take_changed(&mut kept.x, &was.x, &now.x);
    take_changed(&mut kept.y, &was.y, &now.y);
    take_changed(&mut kept.visible, &was.visible, &now.visible);
    take_changed(&mut kept.alpha, &was.alpha, &now.alpha);
    take_changed(&mut kept.is_inert, &was.is_inert, &now.is_inert);
    take_changed(&mut kept.z_index, &was.z_index, &now.z_index);
    take_changed(&mut kept.orientation, &was.orientation, &now.orientation);
    take_changed(&mut kept.skin, &was.skin, &now.skin);
    let status = after.rare.status_text();
    if before.rare.status_text() != status {
        current.rare.set_status_text(status.to_string());
    }
    take_changed(&mut current.mode, &before.mode, &after.mode);
    let mut props = current.apart.take_props();
    merge_vars(&mut props, before.apart.props(), after.apart.props());
    current.apart.set_props(props);
    let (shadows_before, shadows_after) = (before.rare.builtin_vars(), after.rare.builtin_vars());
    // With no shadows before or after, the merge changes nothing (and makes nothing).
    if !(shadows_before.is_empty() && shadows_after.is_empty()) {
        merge_vars(
            current.rare.builtin_vars_mut(),
            shadows_before,
            shadows_after,
        );
    }
    merge_features(
        &mut current.features,
        before.features.apart(),
        after.features.apart(),
    );
    current
}

fn var<'a>(vars: &'a [(PropName, GVar)], name: &str) -> Option<&'a GVar> {
    vars.iter().find(|(n, _)| n == name).map(|(_, v)| v)
}

/// Named GVars merged three ways: `after`'s order of additions, `current`'s values where
/// DEFINE gave the same before and after.
fn merge_vars(
    current: &mut Vec<(PropName, GVar)>,
    before: &[(PropName, GVar)],
    after: &[(PropName, GVar)],
) {
    current.retain(|(n, _)| var(before, n).is_none() || var(after, n).is_some());
    for (name, new) in after {
        let same = var(before, name) == Some(new);
        match current.iter_mut().find(|(n, _)| n == name) {
            Some((_, kept)) if same && kept.var_type() == new.var_type() => {}
            Some((_, kept)) => *kept = new.clone(),
            None => current.push((name.clone(), new.clone())),
        }
    }
}

fn feature<'a>(features: &'a [FeatureState], name: &str) -> Option<&'a FeatureState> {
    features.iter().find(|f| f.view().name() == name)
}

/// Features merged three ways, prop by prop, as [`merge_vars`] merges props.
fn merge_features(
    current: &mut crate::agent::Features,
    before: &[FeatureState],
    after: &[FeatureState],
) {
    current.retain_apart(|f| {
        let name = f.view().name();
        feature(before, name).is_none() || feature(after, name).is_some()
    });
    for new in after {
        let name = new.view().name();
        let Some(kept) = current
            .apart_mut()
            .iter_mut()
            .find(|f| f.view().name() == name)
        else {
            current.push_apart(new.clone());
            continue;
        };
        let mut kept = kept.view_mut();
        let old = feature(before, name);
        for (prop, value) in new.view().props() {
            if old.and_then(|f| f.view().prop(prop)) == Some(value) {
                continue;
            }
            match kept.prop_mut(prop) {
                Some(slot) => *slot = value.clone(),
                None => kept.set(prop.to_owned(), value.value()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::{NumberVar, Value};

    fn number(n: f64) -> GVar {
        GVar::Number(NumberVar::new(n))
    }

    fn vars(list: &[(&str, f64)]) -> Vec<(PropName, GVar)> {
        list.iter()
            .map(|(n, v)| (PropName::from(*n), number(*v)))
            .collect()
    }

    #[test]
    fn a_prop_keeps_its_value_unless_the_edit_changed_its_start() {
        let mut current = vars(&[("energy", 17.0), ("size", 4.0), ("learned", 1.0)]);
        let before = vars(&[("energy", 5.0), ("size", 1.0), ("gone", 0.0)]);
        let after = vars(&[("energy", 5.0), ("size", 2.0), ("speed", 3.0)]);
        current.push(("gone".into(), number(8.0)));
        merge_vars(&mut current, &before, &after);
        assert_eq!(
            current,
            vars(&[
                ("energy", 17.0),
                ("size", 2.0),
                ("learned", 1.0),
                ("speed", 3.0)
            ])
        );
    }

    #[test]
    fn a_prop_whose_type_changed_takes_its_new_start() {
        let mut current = vars(&[("mood", 3.0)]);
        let before = vars(&[("mood", 0.0)]);
        let text = GVar::holding(&Value::String("calm".into())).unwrap();
        let after = vec![(PropName::from("mood"), text.clone())];
        merge_vars(&mut current, &before, &after);
        assert_eq!(current, after);
    }

    #[test]
    fn features_merge_prop_by_prop() {
        let spec = |name| crate::features::feature(name).unwrap();
        let mut moving = FeatureState::new(spec("Movement"));
        moving.view_mut().set("distance", Value::Number(7.0));
        moving.view_mut().set("isMoving", Value::Boolean(true));
        let mut current = crate::agent::Features::default();
        current.push_apart(moving);
        current.push_apart(FeatureState::new(spec("Costume")));
        let before = vec![
            FeatureState::new(spec("Movement")),
            FeatureState::new(spec("Costume")),
        ];
        let mut faster = FeatureState::new(spec("Movement"));
        faster.view_mut().set("distance", Value::Number(9.0));
        let after = vec![faster, FeatureState::new(spec("Physics"))];
        merge_features(&mut current, &before, &after);
        let names: Vec<&str> = current.apart().iter().map(|f| f.view().name()).collect();
        assert_eq!(names, ["Movement", "Physics"]);
        let kind = crate::features::catalog::FeatureKind::named;
        assert!(current.has_kind(kind("Physics")) && !current.has_kind(kind("Costume")));
        let moved = current.apart().first().map(FeatureState::view).unwrap();
        assert_eq!(moved.number("distance"), Some(9.0), "the edit changed it");
        let moving = moved.prop("isMoving").and_then(|v| v.value().as_bool());
        assert_eq!(moving, Some(true), "the run set it");
    }

    #[test]
    fn surviving_rules_keep_their_touching_memory_at_their_new_index() {
        let program = |fish: &str| {
            let mut project = Project::from_json(
                r##"{ "blueprints": [{ "name": "Fish" }, { "name": "Algae" }] }"##,
            )
            .unwrap();
            project.blueprints[0].script_text = fish.to_string();
            LoadedProject::new(compile_project(&project).unwrap())
        };
        let touch = "when Fish firstTouches Algae [[\n]]\n";
        let old = program(&format!("# BLUEPRINT Fish\n{touch}"));
        let new = program(&format!(
            "# BLUEPRINT Fish\nwhen Fish sees Algae [[\n]]\n{touch}"
        ));
        assert_eq!(new.rules.len(), 2);
        let mut world = Simulation::load(Project::default(), 1).unwrap().world;
        let mut entities = crate::entity::Entities::new();
        let pair = (entities.spawn().unwrap(), entities.spawn().unwrap());
        world.set_rule_memory(vec![vec![pair]], vec![40]);
        carry_rule_memory(&mut world, &old, &new);
        assert_eq!(world.profile().rules, vec![0, 40]);
        assert_eq!(world.take_touching(0), Vec::new());
        assert_eq!(world.take_touching(1), vec![pair]);
        assert_eq!(world.take_touching(2), Vec::new(), "no third rule");
    }
}

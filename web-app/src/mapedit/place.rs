//! Instances on the map: placing a new one, moving one, renaming it, changing its init script
//! and removing it. Plain changes to a [`Project`], tested natively; the panel and the stage's
//! pointer make them through [`super::apply_edit`].
//!
//! A position lives where GEMSTEP models keep it: in the instance's init script, as the lines
//! `prop x setTo …` and `prop y setTo …`, in the model's coordinates (origin at the stage's
//! centre, y growing downwards). Moving an instance rewrites those two lines and leaves every
//! other line of the script as it was.

use super::MapError;
use sim_core::{InstanceDef, Project};

/// Adds an instance of `blueprint` at the model point `(x, y)`, with a fresh id and a name not
/// yet taken (`Fish 1`, `Fish 2` …); returns its index in the instance list.
pub fn place(project: &mut Project, blueprint: &str, x: f64, y: f64) -> Result<usize, MapError> {
    if project.blueprint(blueprint).is_none() {
        return Err(MapError::NoBlueprint(blueprint.to_owned()));
    }
    Ok(project.add_instance(blueprint, with_position("", x, y)))
}

/// The instance at `index`, to change it.
fn instance_mut(project: &mut Project, index: usize) -> Result<&mut InstanceDef, MapError> {
    project
        .instances
        .get_mut(index)
        .ok_or(MapError::NoInstance(index))
}

/// Moves the instance at `index` to the model point `(x, y)`.
pub fn move_to(project: &mut Project, index: usize, x: f64, y: f64) -> Result<(), MapError> {
    let instance = instance_mut(project, index)?;
    instance.init_script = with_position(&instance.init_script, x, y);
    Ok(())
}

/// Renames the instance at `index`; the name must be new and not blank.
pub fn rename(project: &mut Project, index: usize, name: &str) -> Result<(), MapError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(MapError::BlankName);
    }
    let taken = project
        .instances
        .iter()
        .enumerate()
        .any(|(i, other)| i != index && other.label == name);
    if taken {
        return Err(MapError::NameTaken(name.to_owned()));
    }
    instance_mut(project, index)?.label = name.to_owned();
    Ok(())
}

/// Gives the instance at `index` a new init script.
pub fn set_init_script(project: &mut Project, index: usize, text: &str) -> Result<(), MapError> {
    instance_mut(project, index)?.init_script = text.to_owned();
    Ok(())
}

/// Removes the instance at `index`.
pub fn remove(project: &mut Project, index: usize) -> Result<(), MapError> {
    if index >= project.instances.len() {
        return Err(MapError::NoInstance(index));
    }
    project.instances.remove(index);
    Ok(())
}

/// What ties an agent on stage to the instance it was made from: its name, its blueprint and
/// how many agents of that name and blueprint were made before it.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentOrigin {
    /// The agent's name (its instance's label).
    pub name: String,
    /// Its blueprint.
    pub blueprint: String,
    /// How many earlier agents share its name and blueprint.
    pub rank: usize,
}

/// The index of the instance an agent was made from, if it was made from one.
pub fn instance_of(project: &Project, agent: &AgentOrigin) -> Option<usize> {
    project
        .instances
        .iter()
        .enumerate()
        .filter(|(_, i)| i.label == agent.name && i.bpid == agent.blueprint)
        .nth(agent.rank)
        .map(|(index, _)| index)
}

/// The position an init script sets with `prop x setTo N` and `prop y setTo N`, where it sets
/// both as plain numbers.
pub fn position_in(script: &str) -> Option<(f64, f64)> {
    let value = |axis: &str| script.lines().rev().find_map(|l| set_value(l, axis));
    Some((value("x")?, value("y")?))
}

/// The number a line `prop <axis> setTo <number>` sets, if it is such a line.
fn set_value(line: &str, axis: &str) -> Option<f64> {
    match line.split_whitespace().collect::<Vec<_>>().as_slice() {
        ["prop", name, "setTo", number] if *name == axis => {
            number.parse::<f64>().ok().filter(|n| n.is_finite())
        }
        _ => None,
    }
}

/// `script` with its x and y lines setting `(x, y)` (whole numbers); lines it lacks are added
/// at the top, every other line is kept as written.
pub fn with_position(script: &str, x: f64, y: f64) -> String {
    let mut lines: Vec<String> = script.lines().map(str::to_owned).collect();
    for (axis, value) in [("y", y), ("x", x)] {
        let written = format!("prop {axis} setTo {}", whole(value));
        let mut found = false;
        for line in lines.iter_mut().filter(|l| set_value(l, axis).is_some()) {
            let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
            *line = format!("{indent}{written}");
            found = true;
        }
        if !found {
            lines.insert(0, written);
        }
    }
    lines.join("\n")
}

/// A coordinate as a whole number, `0` rather than `-0`, and `0` for a value that is not a
/// number at all.
fn whole(value: f64) -> String {
    let rounded = value.round();
    if rounded == 0.0 || !rounded.is_finite() {
        "0".to_owned()
    } else {
        format!("{rounded}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> Project {
        Project::from_json(
            r#"{ "blueprints": [{ "name": "Fish" }, { "name": "Algae" }],
                 "instances": [{ "id": "7", "label": "Fish 1", "bpid": "Fish",
                                 "initScript": "prop energy setTo 5\n    prop x setTo 10\n    prop y setTo 20" }] }"#,
        )
        .unwrap()
    }

    #[test]
    fn placing_gives_a_fresh_id_a_free_name_and_the_position_lines() {
        let mut p = project();
        let at = place(&mut p, "Fish", 12.4, -30.6).unwrap();
        let placed = &p.instances[at];
        assert_eq!((placed.id.as_str(), placed.label.as_str()), ("8", "Fish 2"));
        assert_eq!(placed.init_script, "prop x setTo 12\nprop y setTo -31");
        assert_eq!(position_in(&placed.init_script), Some((12.0, -31.0)));
        assert!(p.problems().is_empty());
        assert_eq!(
            place(&mut p, "Shark", 0.0, 0.0),
            Err(MapError::NoBlueprint("Shark".into()))
        );
    }

    #[test]
    fn moving_rewrites_only_the_position_lines() {
        let mut p = project();
        move_to(&mut p, 0, -0.2, 99.5).unwrap();
        assert_eq!(
            p.instances[0].init_script,
            "prop energy setTo 5\n    prop x setTo 0\n    prop y setTo 100"
        );
        assert_eq!(
            with_position("dbgOut 'hi'", 1.0, 2.0),
            "prop x setTo 1\nprop y setTo 2\ndbgOut 'hi'"
        );
        assert_eq!(
            with_position("", f64::NAN, 3.0),
            "prop x setTo 0\nprop y setTo 3"
        );
        assert_eq!(move_to(&mut p, 4, 0.0, 0.0), Err(MapError::NoInstance(4)));
    }

    #[test]
    fn a_position_is_read_only_from_plain_numbers() {
        assert_eq!(position_in("prop x setTo 1\nprop y setTo {{ 2 }}"), None);
        assert_eq!(
            position_in("prop y setTo -4\nprop  x  setTo 3"),
            Some((3.0, -4.0))
        );
        assert_eq!(position_in("prop x setTo 1e999\nprop y setTo 2"), None);
    }

    #[test]
    fn names_must_be_unique_and_not_blank() {
        let mut p = project();
        place(&mut p, "Algae", 0.0, 0.0).unwrap();
        assert_eq!(rename(&mut p, 1, "  "), Err(MapError::BlankName));
        assert_eq!(
            rename(&mut p, 1, "Fish 1"),
            Err(MapError::NameTaken("Fish 1".into()))
        );
        rename(&mut p, 1, " Green ").unwrap();
        assert_eq!(p.instances[1].label, "Green");
        rename(&mut p, 1, "Green").unwrap();
        assert_eq!(rename(&mut p, 9, "X"), Err(MapError::NoInstance(9)));
    }

    #[test]
    fn an_agent_is_traced_back_to_its_instance_by_name_blueprint_and_rank() {
        let mut p = project();
        place(&mut p, "Fish", 0.0, 0.0).unwrap();
        p.instances[1].label = "Fish 1".into();
        let agent = |rank| AgentOrigin {
            name: "Fish 1".into(),
            blueprint: "Fish".into(),
            rank,
        };
        assert_eq!(instance_of(&p, &agent(0)), Some(0));
        assert_eq!(instance_of(&p, &agent(1)), Some(1));
        assert_eq!(instance_of(&p, &agent(2)), None);
        remove(&mut p, 0).unwrap();
        assert_eq!(instance_of(&p, &agent(0)), Some(0));
        assert_eq!(remove(&mut p, 3), Err(MapError::NoInstance(3)));
    }
}

//! Making a blueprint a character students may steer: the script edit that says so, as
//! GEMSTEP's models do, with `# TAG isCharControllable true` under its `# BLUEPRINT` line.

use sim_core::sim::CONTROLLABLE_TAG;

/// The words of a pragma line (`# TAG isCharControllable false` → `TAG`, `isCharControllable`,
/// `false`), or none for any other line.
fn pragma_words(line: &str) -> Option<Vec<&str>> {
    let rest = line.trim_start().strip_prefix('#')?;
    Some(rest.split_whitespace().collect())
}

/// `text` (a blueprint's script) saying its blueprint is a character: a `# TAG
/// isCharControllable` line turned true, else such a line added under the `# BLUEPRINT`
/// line (or first, when there is none). A script that says so already is given back as it is.
pub fn as_character(text: &str) -> String {
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    let is_tag = |words: &[&str]| {
        words.len() >= 2 && words[0].eq_ignore_ascii_case("TAG") && words[1] == CONTROLLABLE_TAG
    };
    let line = format!("# TAG {CONTROLLABLE_TAG} true");
    let tagged = lines
        .iter()
        .position(|l| pragma_words(l).is_some_and(|w| is_tag(&w)));
    if let Some(at) = tagged {
        lines[at] = line;
        return lines.join("\n");
    }
    let header = lines.iter().position(|l| {
        pragma_words(l).is_some_and(|w| {
            w.first()
                .is_some_and(|p| p.eq_ignore_ascii_case("BLUEPRINT"))
        })
    });
    lines.insert(header.map_or(0, |at| at + 1), line);
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::{Project, Simulation};

    #[test]
    fn the_tag_goes_under_the_blueprint_line_or_turns_true() {
        assert_eq!(
            as_character("# BLUEPRINT Fish\n# PROGRAM DEFINE\n"),
            "# BLUEPRINT Fish\n# TAG isCharControllable true\n# PROGRAM DEFINE\n"
        );
        assert_eq!(
            as_character("// fish\n#  blueprint Fish\n# tag isCharControllable false\nx"),
            "// fish\n#  blueprint Fish\n# TAG isCharControllable true\nx"
        );
        assert_eq!(
            as_character("prop x setTo 1"),
            "# TAG isCharControllable true\nprop x setTo 1"
        );
    }

    #[test]
    fn a_blueprint_made_a_character_is_one_the_engine_lets_students_steer() {
        let text = include_str!("../../../static/models/wander.gemprj");
        let mut project = Project::from_json(text).unwrap();
        let bp = project.blueprints.first_mut().unwrap();
        let name = bp.name.clone();
        assert!(!Simulation::load(&project, 1)
            .unwrap()
            .controllable_blueprints()
            .contains(&name));
        let bp = project.blueprints.first_mut().unwrap();
        bp.script_text = as_character(&bp.script_text);
        let sim = Simulation::load(&project, 1).unwrap();
        assert!(sim.controllable_blueprints().contains(&name));
    }
}

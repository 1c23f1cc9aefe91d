//! What the blueprint list does to a project: create, rename, duplicate and delete
//! blueprints, with names checked first. Plain functions on a [`Project`], so they are tested
//! natively; the panel runs them through [`super::ProjectHandle::try_edit`] for undo.
//!
//! A rename updates every place that names a blueprint as a script word: the blueprint
//! itself, the starting agents made from it, and in every script (blueprints, instance init
//! scripts, rounds) the words that are its name (`# BLUEPRINT Fish`, `when Fish touches
//! Algae`, `prop Fish.energy`), found with our tokenizer and replaced where they stand, so
//! the rest of the text, comments and layout stay as written. Not renamed: the name inside
//! strings (`'Fish'`, as Population's `monitoredCharacter` takes it) and inside `{{ }}`
//! expressions, which then show a compile error or count nothing until edited. In a script
//! the tokenizer cannot read, and for a blueprint named like a feature (where a word could
//! mean either), only `# BLUEPRINT` lines are renamed.

use sim_core::{
    script::{keywords, tokenize},
    BlueprintDef, Pos, Project, ScriptUnit, TokenKind,
};

/// The name a new blueprint gets, numbered when taken.
const NEW_NAME: &str = "Blueprint";

/// Why the blueprint list refused an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlueprintError {
    /// The name is empty or only spaces.
    Empty,
    /// The name is not one word a script can use (`My Fish`, `3fish`, `a-b`).
    NotAName(String),
    /// The name is a script keyword, which a script could not tell from the keyword.
    Keyword(String),
    /// Another blueprint already has the name.
    Taken(String),
    /// No blueprint has the name (it went away meanwhile).
    Missing(String),
}

impl std::fmt::Display for BlueprintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BlueprintError::Empty => write!(f, "a blueprint needs a name"),
            BlueprintError::NotAName(name) => write!(
                f,
                "'{name}' is not a name a script can use: use one word of letters, digits \
                 and _ that starts with a letter"
            ),
            BlueprintError::Keyword(name) => {
                write!(f, "'{name}' is a script keyword; choose another name")
            }
            BlueprintError::Taken(name) => write!(f, "there is already a blueprint named '{name}'"),
            BlueprintError::Missing(name) => write!(f, "there is no blueprint named '{name}'"),
        }
    }
}

/// Checks that `name` can name a new blueprint of `project`: one identifier as our tokenizer
/// reads it, not a keyword, not taken.
pub fn check_name(project: &Project, name: &str) -> Result<(), BlueprintError> {
    if name.trim().is_empty() {
        return Err(BlueprintError::Empty);
    }
    let units = tokenize(name).map_err(|_| BlueprintError::NotAName(name.to_string()))?;
    let one_word = matches!(units.as_slice(), [unit] if matches!(unit.as_slice(),
        [token] if matches!(&token.kind, TokenKind::Identifier(word) if word == name)));
    if !one_word {
        return Err(BlueprintError::NotAName(name.to_string()));
    }
    if keywords::keyword(name).is_some() {
        return Err(BlueprintError::Keyword(name.to_string()));
    }
    if project.blueprint(name).is_some() {
        return Err(BlueprintError::Taken(name.to_string()));
    }
    Ok(())
}

/// `base` followed by the first number from 1 (none for `base` itself when `bare` is true)
/// that gives a name no blueprint has.
fn unique_name(project: &Project, base: &str, bare: bool) -> String {
    let free = |name: &String| project.blueprint(name).is_none();
    let first = bare.then(|| base.to_string()).filter(free);
    first.unwrap_or_else(|| {
        (1..)
            .map(|n| format!("{base}{n}"))
            .find(free)
            .unwrap_or_default()
    })
}

/// Adds a blueprint with a free name and a script that compiles (its `# BLUEPRINT` line and
/// empty programs to write into); returns its name.
pub fn create(project: &mut Project) -> String {
    let name = unique_name(project, NEW_NAME, false);
    project.blueprints.push(BlueprintDef {
        name: name.clone(),
        label: String::new(),
        script_text: format!("# BLUEPRINT {name}\n# PROGRAM DEFINE\n\n# PROGRAM UPDATE\n"),
        extra: Default::default(),
    });
    name
}

/// Renames blueprint `old` to `new` where the project names it outside statements (see the
/// module comment).
pub fn rename(project: &mut Project, old: &str, new: &str) -> Result<(), BlueprintError> {
    if old == new {
        return Ok(());
    }
    check_name(project, new)?;
    let bp = project
        .blueprint_mut(old)
        .ok_or_else(|| BlueprintError::Missing(old.to_string()))?;
    bp.name = new.to_string();
    if bp.label == old {
        bp.label = new.to_string();
    }
    let texts = project
        .blueprints
        .iter_mut()
        .map(|b| &mut b.script_text)
        .chain(project.instances.iter_mut().map(|i| &mut i.init_script))
        .chain(
            project
                .rounds
                .iter_mut()
                .flat_map(|r| [&mut r.init_script, &mut r.end_script]),
        );
    for text in texts {
        *text = rename_words(text, old, new);
    }
    for instance in project.instances.iter_mut().filter(|i| i.bpid == old) {
        instance.bpid = new.to_string();
    }
    Ok(())
}

/// Adds a copy of blueprint `name` right after it, named `{name}Copy` (numbered when taken);
/// returns the copy's name. Starting agents are not copied.
pub fn duplicate(project: &mut Project, name: &str) -> Result<String, BlueprintError> {
    let (index, original) = project
        .blueprints
        .iter()
        .enumerate()
        .find(|(_, b)| b.name == name)
        .ok_or_else(|| BlueprintError::Missing(name.to_string()))?;
    let mut copy = original.clone();
    let copy_name = unique_name(project, &format!("{name}Copy"), true);
    copy.script_text = rename_own_header(&copy.script_text, name, &copy_name);
    copy.name = copy_name.clone();
    copy.label = String::new();
    project.blueprints.insert(index + 1, copy);
    Ok(copy_name)
}

/// Removes blueprint `name` and the starting agents made from it (a starting agent of a
/// missing blueprint would not load).
pub fn delete(project: &mut Project, name: &str) -> Result<(), BlueprintError> {
    let before = project.blueprints.len();
    project.blueprints.retain(|b| b.name != name);
    if project.blueprints.len() == before {
        return Err(BlueprintError::Missing(name.to_string()));
    }
    project.instances.retain(|i| i.bpid != name);
    Ok(())
}

/// `text` with every script word that names blueprint `old` (`Fish`, or the first part of
/// `Fish.energy`) made `new`, where it stands; see the module comment for what is left.
fn rename_words(text: &str, old: &str, new: &str) -> String {
    let units = match tokenize(text) {
        Ok(units) if sim_core::script::feature(old).is_none() => units,
        _ => return rename_in_header(text, old, new),
    };
    let mut spots = Vec::new();
    find_words(&units, old, &mut spots);
    if spots.is_empty() {
        return text.to_string();
    }
    let old_chars: Vec<char> = old.chars().collect();
    let lines: Vec<String> = text
        .split('\n')
        .enumerate()
        .map(|(i, line)| {
            let mut chars: Vec<char> = line.chars().collect();
            // Right to left, so a replacement does not move the spots still to come.
            for spot in spots.iter().rev().filter(|p| p.line as usize == i + 1) {
                let start = (spot.col as usize).saturating_sub(1);
                let end = start + old_chars.len();
                if chars.get(start..end) == Some(old_chars.as_slice()) {
                    chars.splice(start..end, new.chars());
                }
            }
            chars.into_iter().collect()
        })
        .collect();
    lines.join("\n")
}

/// Where the words naming `old` start, in text order, looking inside blocks.
fn find_words(units: &[ScriptUnit], old: &str, spots: &mut Vec<Pos>) {
    for token in units.iter().flatten() {
        match &token.kind {
            TokenKind::Identifier(word) if word == old => spots.push(token.pos),
            TokenKind::ObjRef(parts) if parts.first().is_some_and(|p| p == old) => {
                spots.push(token.pos)
            }
            TokenKind::Block(inner) => find_words(inner, old, spots),
            _ => {}
        }
    }
}

/// `text` with `old` replaced by `new` as the name or the base on its `# BLUEPRINT` lines.
fn rename_in_header(text: &str, old: &str, new: &str) -> String {
    rewrite_headers(text, |words| {
        for word in words.iter_mut().take(2) {
            if *word == old {
                *word = new.to_string();
            }
        }
    })
}

/// `text` with its own name `old` (the first word of its `# BLUEPRINT` line) made `new`.
fn rename_own_header(text: &str, old: &str, new: &str) -> String {
    rewrite_headers(text, |words| {
        if let Some(first) = words.first_mut().filter(|w| *w == old) {
            *first = new.to_string();
        }
    })
}

/// `text` with the words after `# BLUEPRINT` on each such line passed through `change`;
/// every other line is kept byte for byte.
fn rewrite_headers(text: &str, change: impl Fn(&mut Vec<String>)) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            let indent = &line[..line.len() - line.trim_start().len()];
            let Some(rest) = line.trim_start().strip_prefix('#') else {
                return line.to_string();
            };
            let mut words: Vec<String> = rest.split_whitespace().map(str::to_string).collect();
            if !words
                .first()
                .is_some_and(|w| w.eq_ignore_ascii_case("BLUEPRINT"))
            {
                return line.to_string();
            }
            let pragma = words.remove(0);
            let before = words.clone();
            change(&mut words);
            if words == before {
                return line.to_string();
            }
            format!("{indent}# {pragma} {}", words.join(" "))
        })
        .collect();
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::script::compile_project;

    fn fish_and_algae() -> Project {
        Project::from_json(
            r##"{ "id": "t", "blueprints": [
                { "name": "Fish", "label": "Fish", "scriptText": "# BLUEPRINT Fish\n# PROGRAM DEFINE\naddProp energy Number 5" },
                { "name": "Shark", "scriptText": "  # BLUEPRINT Shark Fish\n# PROGRAM DEFINE\naddProp size Number 1" },
                { "name": "Algae", "scriptText": "# BLUEPRINT Algae" }
            ], "instances": [
                { "id": "1", "label": "Nemo", "bpid": "Fish" },
                { "id": "2", "label": "Green", "bpid": "Algae" }
            ] }"##,
        )
        .unwrap()
    }

    fn names(project: &Project) -> Vec<&str> {
        project.blueprints.iter().map(|b| b.name.as_str()).collect()
    }

    #[test]
    fn names_are_checked_with_a_reason() {
        let project = fish_and_algae();
        assert_eq!(check_name(&project, "Coral_2"), Ok(()));
        assert_eq!(check_name(&project, "  "), Err(BlueprintError::Empty));
        for bad in ["My Fish", "3fish", "a-b", "'x'", "{{ x }}", "a\nb", "#"] {
            assert_eq!(
                check_name(&project, bad),
                Err(BlueprintError::NotAName(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            check_name(&project, "Fish"),
            Err(BlueprintError::Taken("Fish".into()))
        );
        assert_eq!(
            check_name(&project, "prop"),
            Err(BlueprintError::Keyword("prop".into()))
        );
        let message = check_name(&project, "a b").unwrap_err().to_string();
        assert!(
            message.starts_with("'a b' is not a name a script can use"),
            "{message}"
        );
    }

    #[test]
    fn a_new_blueprint_has_a_free_name_and_compiles() {
        let mut project = fish_and_algae();
        assert_eq!(create(&mut project), "Blueprint1");
        assert_eq!(create(&mut project), "Blueprint2");
        assert_eq!(compile_project(&project).err(), None);
    }

    #[test]
    fn a_rename_reaches_the_header_the_bases_and_the_instances() {
        let mut project = fish_and_algae();
        rename(&mut project, "Fish", "Trout").unwrap();
        assert_eq!(names(&project), ["Trout", "Shark", "Algae"]);
        let trout = project.blueprint("Trout").unwrap();
        assert_eq!(trout.label, "Trout");
        assert!(trout.script_text.starts_with("# BLUEPRINT Trout\n"));
        let shark = &project.blueprint("Shark").unwrap().script_text;
        assert!(shark.starts_with("  # BLUEPRINT Shark Trout\n"), "{shark}");
        assert_eq!(project.instances[0].bpid, "Trout");
        assert_eq!(project.instances[1].bpid, "Algae");
        assert!(project.problems().is_empty());
    }

    #[test]
    fn a_rename_reaches_script_words_but_not_strings_comments_or_expressions() {
        let mut project = fish_and_algae();
        project.blueprints[2].script_text = "# BLUEPRINT Algae\n\
            when Algae touches Fish [[\n\
            \tprop Fish.energy add 1 // Fish ate\n\
            \tdbgOut 'Fish'\n\
            ]]\n\
            prop x setTo {{ Fish.x }}\n\
            when Fishy touches Fish [[\n]]"
            .into();
        project.instances[0].init_script = "prop Fish.energy setTo 2".into();
        rename(&mut project, "Fish", "Trout").unwrap();
        assert_eq!(
            project.blueprints[2].script_text,
            "# BLUEPRINT Algae\n\
             when Algae touches Trout [[\n\
             \tprop Trout.energy add 1 // Fish ate\n\
             \tdbgOut 'Fish'\n\
             ]]\n\
             prop x setTo {{ Fish.x }}\n\
             when Fishy touches Trout [[\n]]"
        );
        assert_eq!(
            project.instances[0].init_script,
            "prop Trout.energy setTo 2"
        );
    }

    #[test]
    fn a_script_the_tokenizer_cannot_read_gets_only_its_header_renamed() {
        let text = "# BLUEPRINT Shark Fish\nwhen Fish touches 'open";
        assert_eq!(
            rename_words(text, "Fish", "Trout"),
            "# BLUEPRINT Shark Trout\nwhen Fish touches 'open"
        );
    }

    #[test]
    fn a_bad_rename_changes_nothing() {
        let mut project = fish_and_algae();
        let before = project.clone();
        assert_eq!(
            rename(&mut project, "Fish", "Algae"),
            Err(BlueprintError::Taken("Algae".into()))
        );
        assert_eq!(
            rename(&mut project, "Nobody", "Whale"),
            Err(BlueprintError::Missing("Nobody".into()))
        );
        assert_eq!(rename(&mut project, "Fish", "Fish"), Ok(()));
        assert_eq!(project, before);
    }

    #[test]
    fn a_duplicate_follows_its_original_under_a_free_name() {
        let mut project = fish_and_algae();
        assert_eq!(duplicate(&mut project, "Fish"), Ok("FishCopy".into()));
        assert_eq!(duplicate(&mut project, "Fish"), Ok("FishCopy1".into()));
        assert_eq!(
            names(&project),
            ["Fish", "FishCopy1", "FishCopy", "Shark", "Algae"]
        );
        let copy = project.blueprint("FishCopy").unwrap();
        assert!(copy.script_text.starts_with("# BLUEPRINT FishCopy\n"));
        assert!(copy.script_text.ends_with("addProp energy Number 5"));
        assert_eq!(project.instances.len(), 2, "starting agents are not copied");
        assert_eq!(compile_project(&project).err(), None);
    }

    #[test]
    fn deleting_a_blueprint_takes_its_starting_agents_along() {
        let mut project = fish_and_algae();
        delete(&mut project, "Algae").unwrap();
        assert_eq!(names(&project), ["Fish", "Shark"]);
        assert_eq!(project.instances.len(), 1);
        assert!(project.problems().is_empty());
        assert_eq!(
            delete(&mut project, "Algae"),
            Err(BlueprintError::Missing("Algae".into()))
        );
    }
}

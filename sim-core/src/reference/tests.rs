use super::*;
use crate::script::compiler::{compile_blueprint, Symbols};
use crate::script::tokenize;

/// The blueprint every example is written for: a Fish with a property of each type and every
/// feature, in a project that also has Algae.
const FISH: &str = "# BLUEPRINT Fish
# PROGRAM DEFINE
addProp energy Number 50
addProp nickname String 'Nemo'
addProp hungry Boolean false
addProp facts Dictionary
addFeature Costume
addFeature Movement
addFeature Physics
addFeature Touches
addFeature Vision
addFeature Population
addFeature Graphing
addFeature Global
addFeature Timer
addFeature Cursor
featCall Global addGlobalProp algaeEaten Number 0
";

const ALGAE: &str = "# BLUEPRINT Algae
# PROGRAM DEFINE
addProp energy Number 10
addFeature Costume
addFeature Physics
addFeature Touches
";

/// The errors and warnings compiling `example` gives, in Fish after its definitions (under
/// `# PROGRAM UPDATE` unless the example chooses its own program), or as a script of its own
/// when it starts with `# BLUEPRINT`.
fn problems(example: &str) -> Vec<String> {
    let mut symbols = Symbols::complete();
    for (name, text) in [("Fish", FISH), ("Algae", ALGAE)] {
        symbols.add_blueprint(name, &tokenize(text).unwrap());
    }
    let own = tokenize(example)
        .ok()
        .and_then(|units| crate::script::keywords::pragma::blueprint_name(&units));
    let (text, name) = match own {
        Some(name) => (example.to_owned(), name),
        None if example.trim_start().starts_with('#') => {
            (format!("{FISH}{example}"), "Fish".to_owned())
        }
        None => (
            format!("{FISH}# PROGRAM UPDATE\n{example}"),
            "Fish".to_owned(),
        ),
    };
    match compile_blueprint(&text, &name, &symbols) {
        Ok(bp) => bp
            .warnings
            .iter()
            .map(|w| format!("warning: {}", w.kind))
            .collect(),
        Err(errors) => errors.iter().map(|e| e.kind.to_string()).collect(),
    }
}

#[test]
fn every_word_of_every_table_has_an_entry() {
    let props: usize = FEATURES.iter().map(|f| f.spec.props.len()).sum();
    let methods: usize = FEATURES.iter().map(|f| f.spec.methods.len()).sum();
    let gvar: usize = VarType::ALL.iter().map(|t| t.methods().len()).sum();
    let count = |s: Section| entries().iter().filter(|e| e.section == s).count();
    assert_eq!(count(Section::Keyword), KEYWORDS.len());
    assert_eq!(count(Section::Heading), PRAGMAS.len());
    assert_eq!(count(Section::WhenTest), WHEN_TESTS.len());
    assert_eq!(count(Section::Feature), FEATURES.len());
    assert_eq!(count(Section::FeatureProp), props);
    assert_eq!(count(Section::FeatureMethod), methods);
    assert_eq!(count(Section::Method), gvar);
    let mut keys: Vec<String> = entries()
        .iter()
        .map(|e| format!("{:?} {}", e.section, e.key))
        .collect();
    keys.sort();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n, "two entries share a key");
}

#[test]
fn every_entry_says_what_it_does_and_names_its_arguments() {
    for e in entries() {
        assert!(!e.summary.trim().is_empty(), "{} has no summary", e.key);
        for a in &e.args {
            assert!(
                !a.help.trim().is_empty(),
                "{}'s {} has no help",
                e.key,
                a.name
            );
        }
    }
}

#[test]
fn every_entry_has_an_example_that_compiles_cleanly() {
    let mut missing = Vec::new();
    let mut broken = Vec::new();
    for e in entries() {
        if e.example.trim().is_empty() {
            missing.push(e.key.clone());
            continue;
        }
        let found = problems(e.example);
        if !found.is_empty() {
            broken.push(format!(
                "{}:\n{}\n  -> {}",
                e.key,
                e.example,
                found.join("\n  -> ")
            ));
        }
    }
    assert!(
        missing.is_empty() && broken.is_empty(),
        "no example for: {}\nexamples that do not compile:\n{}",
        missing.join(", "),
        broken.join("\n")
    );
}

#[test]
fn each_example_uses_the_word_it_explains() {
    for e in entries() {
        let word = e.name.trim_start_matches("# ");
        let uses = e.example.contains(word)
            || e.gemstep.iter().any(|g| e.example.contains(g))
            || e.example.to_lowercase().contains(&word.to_lowercase());
        assert!(
            uses,
            "the example of {} does not use it: {}",
            e.key, e.example
        );
    }
}

#[test]
fn find_takes_keys_words_and_other_gemstep_names() {
    let keys = |name: &str| -> Vec<String> { find(name).iter().map(|e| e.key.clone()).collect() };
    assert_eq!(keys("featCall"), ["featCall"]);
    assert_eq!(keys("number.ADD"), ["Number.add"]);
    assert_eq!(keys("Movement distance"), ["Movement.distance"]);
    assert_eq!(keys("useFeature"), ["addFeature"]);
    assert_eq!(keys("createAgent"), ["Population.createCharacter"]);
    assert_eq!(keys("# PROGRAM"), ["PROGRAM"]);
    assert!(keys("setTo").len() >= 3, "{:?}", keys("setTo"));
    assert!(keys("nothingLikeThis").is_empty());
}

#[test]
fn search_finds_by_name_before_by_summary() {
    let hits = search("touch");
    assert!(!hits.is_empty());
    assert!(
        hits[0].key.to_lowercase().contains("touch"),
        "{}",
        hits[0].key
    );
    assert!(search("costume set")
        .iter()
        .any(|e| e.key == "Costume.setCostume"));
    assert_eq!(search("").len(), entries().len());
}

#[test]
fn the_word_under_the_pointer_finds_its_entry() {
    let types = |name: &str| match name {
        "energy" => Some(VarType::Number),
        "nickname" => Some(VarType::String),
        _ => None,
    };
    let at = |line: &str, i: usize| {
        let words: Vec<&str> = line.split_whitespace().collect();
        entry_at(&words, i, &types).map(|e| e.key.clone())
    };
    let key = |k: &str| Some(k.to_owned());
    assert_eq!(
        at("featCall Movement setRandomDirection", 0),
        key("featCall")
    );
    assert_eq!(
        at("featCall Movement setRandomDirection", 1),
        key("Movement")
    );
    assert_eq!(
        at("featCall agent.Movement setRandomDirection", 2),
        key("Movement.setRandomDirection")
    );
    assert_eq!(
        at("featProp Costume scale setTo 2", 2),
        key("Costume.scale")
    );
    assert_eq!(at("featProp Costume scale setTo 2", 3), key("Number.setTo"));
    assert_eq!(
        at("featProp Fish.Costume.scale add 1", 2),
        key("Number.add")
    );
    assert_eq!(at("prop energy add 5", 2), key("Number.add"));
    assert_eq!(at("prop energy add 5", 3), key("Number.add"));
    assert_eq!(at("prop nickname setTo 'x'", 2), key("String.setTo"));
    assert_eq!(at("prop mystery add 5", 2), key("prop"));
    assert_eq!(at("when Fish touches Algae [[", 2), key("touches"));
    assert_eq!(at("# PROGRAM UPDATE", 2), key("PROGRAM"));
    assert_eq!(at("notAKeyword x", 0), None);
}

#[test]
fn a_whole_line_is_explained_by_its_most_particular_word() {
    let about = |line: &str| {
        let units = tokenize(line).unwrap();
        entry_of_line(&units[0], |_| Some(VarType::Number)).map(|e| e.key.clone())
    };
    let key = |k: &str| Some(k.to_owned());
    assert_eq!(
        about("featCall Movement setRandomDirection"),
        key("Movement.setRandomDirection")
    );
    assert_eq!(
        about("featProp Costume scale setTo 2"),
        key("Costume.scale")
    );
    assert_eq!(about("addFeature Vision"), key("Vision"));
    assert_eq!(about("prop energy add 1"), key("Number.add"));
    assert_eq!(about("when Fish touches Algae [[\n]]"), key("touches"));
    assert_eq!(about("every 2 [[\n]]"), key("every"));
    assert_eq!(about("# PROGRAM UPDATE"), key("PROGRAM"));
}

#[test]
fn the_listing_has_every_entry_under_its_section() {
    let text = text::listing();
    for section in Section::ALL {
        assert!(text.contains(&format!("## {} (", section.title())));
    }
    assert_eq!(text.matches("  Example:\n").count(), entries().len());
}

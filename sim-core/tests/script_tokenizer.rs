//! Behaviour of the script tokenizer and printer against GEMSTEP's own data: its tokenizer test
//! cases, and every real script in its shipped models. The data lives in `../shared` beside the
//! workspace and is not part of the project; each test says it skipped when the data is absent.

use std::path::PathBuf;

use serde_json::Value as Json;
use sim_core::{
    script::{print_units, tokenize, ExprSource},
    ScriptUnit, TokenKind,
};

fn shared(path: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/")).join(path)
}

/// The file's text, or `None` (after saying so) when the shared data is absent.
fn read_shared(path: &str) -> Option<String> {
    match std::fs::read_to_string(shared(path)) {
        Ok(text) => Some(text),
        Err(_) => {
            println!("skipped: {} not found", shared(path).display());
            None
        }
    }
}

/// Every script in the shared models and morgan-dino, named `file:blueprint` or similar.
fn real_scripts() -> Vec<(String, String)> {
    let mut scripts = Vec::new();
    if let Some(text) = read_shared("gemstep-tests/morgan-dino.gemscript") {
        scripts.push(("morgan-dino.gemscript".to_owned(), text));
    }
    let Ok(dir) = std::fs::read_dir(shared("gemstep-models")) else {
        println!("skipped: gemstep-models not found");
        return scripts;
    };
    let mut paths: Vec<PathBuf> = dir.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gemprj"))
    {
        let project: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        collect_scripts(&file, &project, &mut scripts);
    }
    scripts
}

fn collect_scripts(file: &str, project: &Json, scripts: &mut Vec<(String, String)>) {
    let fields = [
        ("blueprints", "name", "scriptText"),
        ("instances", "label", "initScript"),
        ("rounds", "id", "initScript"),
        ("rounds", "id", "endScript"),
    ];
    for (list, name, script) in fields {
        for item in project[list].as_array().into_iter().flatten() {
            if let Some(text) = item[script].as_str() {
                scripts.push((
                    format!("{file}:{list}:{}:{script}", item[name]),
                    text.to_owned(),
                ));
            }
        }
    }
}

#[test]
fn gemstep_tokenizer_cases_serialise_exactly_as_gemstep() {
    let Some(text) = read_shared("gemstep-tests/script-parser-cases.json") else {
        return;
    };
    let cases: Vec<Json> = serde_json::from_str(&text).unwrap();
    assert_eq!(cases.len(), 8, "expected GEMSTEP's 8 cases");
    for case in &cases {
        let units = tokenize(case["text"].as_str().unwrap()).unwrap();
        let actual = serde_json::to_value(&units).unwrap();
        assert_eq!(actual, case["expect"], "case {}", case["name"]);
    }
}

#[test]
fn every_real_gemstep_script_tokenizes() {
    let scripts = real_scripts();
    for (name, text) in &scripts {
        if let Err(e) = tokenize(text) {
            panic!("{name}:{e}");
        }
    }
    println!("tokenized {} real scripts", scripts.len());
}

#[test]
fn every_real_script_prints_and_reads_back_to_equal_units() {
    for (name, text) in real_scripts() {
        let units = tokenize(&text).unwrap();
        let printed = print_units(&units);
        assert_eq!(tokenize(&printed).unwrap(), units, "{name}");
        assert_eq!(
            print_units(&tokenize(&printed).unwrap()),
            printed,
            "{name}: canonical text is a fixed point"
        );
    }
}

fn expressions(units: &[ScriptUnit], out: &mut Vec<ExprSource>) {
    for token in units.iter().flatten() {
        match &token.kind {
            TokenKind::Expr(source) => out.push(source.clone()),
            TokenKind::Block(inner) => expressions(inner, out),
            _ => {}
        }
    }
}

#[test]
fn every_expression_in_real_scripts_parses() {
    let mut count = 0;
    for (name, text) in real_scripts() {
        let mut found = Vec::new();
        expressions(&tokenize(&text).unwrap(), &mut found);
        for source in found {
            if let Err(e) = source.parse() {
                panic!("{name}:{e} in {{{{ {} }}}}", source.text);
            }
            count += 1;
        }
    }
    println!("parsed {count} real expressions");
}

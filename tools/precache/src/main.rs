//! # precache: the service worker's list of the built site
//!
//! Trunk runs this after every build (a post-build hook in `Trunk.toml`) in its staging
//! folder (`TRUNK_STAGING_DIR`, or the folder given): it lists every file Trunk emitted,
//! checks that each file `index.html` refers to is among them, and writes `sw.js` — the
//! version (a hash of every file's path and bytes) and the list, then the worker's code from
//! `static/sw-template.js`. So the offline copy is exactly what was built: a file the page
//! needs but the build lacks fails the build instead of an offline start, and any change of
//! any file makes a new version that browsers offer as an update.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The worker's code, without its list.
const TEMPLATE: &str = "static/sw-template.js";
/// The worker written.
const WORKER: &str = "sw.js";

fn main() -> ExitCode {
    let dir = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("TRUNK_STAGING_DIR").ok());
    let Some(dir) = dir else {
        eprintln!("precache: give the built site's folder (Trunk sets TRUNK_STAGING_DIR)");
        return ExitCode::FAILURE;
    };
    match write_worker(Path::new(&dir)) {
        Ok(count) => {
            eprintln!("precache: {WORKER} keeps {count} files for offline use");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("precache: {why}");
            ExitCode::FAILURE
        }
    }
}

/// 64-bit FNV-1a, folded over byte strings.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        self.0 = (self.0 ^ 0xff).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// Writes `dir/sw.js`; how many files it lists.
fn write_worker(dir: &Path) -> Result<usize, String> {
    let template = std::fs::read_to_string(dir.join(TEMPLATE))
        .map_err(|e| format!("{TEMPLATE} is not in the built site: {e}"))?;
    let files: Vec<String> = site_files(dir)?
        .into_iter()
        .filter(|f| f != WORKER && f != TEMPLATE)
        .collect();
    check_references(dir, &files)?;
    let mut version = Fnv::new();
    for file in &files {
        let bytes = std::fs::read(dir.join(file)).map_err(|e| format!("{file}: {e}"))?;
        version.add(file.as_bytes());
        version.add(&bytes);
    }
    let list: Vec<String> = files.iter().map(|f| format!("  {}", quoted(f))).collect();
    let worker = format!(
        "const VERSION = '{:016x}';\nconst PRECACHE = [\n{}\n];\n\n{template}",
        version.0,
        list.join(",\n")
    );
    std::fs::write(dir.join(WORKER), worker).map_err(|e| format!("writing {WORKER}: {e}"))?;
    Ok(files.len())
}

/// `text` as a JavaScript string literal.
fn quoted(text: &str) -> String {
    let mut out = String::from("'");
    for c in text.chars() {
        match c {
            '\'' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// Every file under `dir`, as paths relative to it with `/`, sorted.
fn site_files(dir: &Path) -> Result<Vec<String>, String> {
    let mut files = Vec::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        let entries = std::fs::read_dir(dir.join(&folder))
            .map_err(|e| format!("{}: {e}", folder.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| e.to_string())?;
            let path = folder.join(entry.file_name());
            if entry.file_type().map_err(|e| e.to_string())?.is_dir() {
                folders.push(path);
            } else {
                let parts: Vec<String> = path
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                files.push(parts.join("/"));
            }
        }
    }
    files.sort();
    if !files.iter().any(|f| f == "index.html") {
        return Err("the built site has no index.html".into());
    }
    Ok(files)
}

/// Checks that every local file `index.html` names (`href="…"`, `src="…"`) is in `files`.
fn check_references(dir: &Path, files: &[String]) -> Result<(), String> {
    let html = std::fs::read_to_string(dir.join("index.html")).map_err(|e| e.to_string())?;
    for attribute in ["href=\"", "src=\""] {
        for (at, _) in html.match_indices(attribute) {
            let rest = &html[at + attribute.len()..];
            let value = &rest[..rest.find('"').unwrap_or(rest.len())];
            let local = !value.is_empty()
                && !value.starts_with('#')
                && !value.contains(':')
                && !value.starts_with("//");
            if !local {
                continue;
            }
            let path = value.trim_start_matches("./").trim_start_matches('/');
            let path = path.split(['?', '#']).next().unwrap_or_default();
            if !files.iter().any(|f| f == path) {
                return Err(format!(
                    "index.html refers to {value}, which the build did not emit"
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A built site in a fresh folder: `files` as (path, text).
    fn site(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("precache-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    const INDEX: &str = r#"<link rel="icon" href="data:,"><link rel="manifest" href="static/app.webmanifest"><script src="./app-1.js"></script><a href="https://example.org/">x</a>"#;

    #[test]
    fn the_worker_lists_every_file_but_itself_and_its_template() {
        let dir = site(
            "lists",
            &[
                ("index.html", INDEX),
                ("app-1.js", "x"),
                ("static/app.webmanifest", "{}"),
                ("static/models/it's.gemprj", "{}"),
                (TEMPLATE, "self.addEventListener('install', () => {});"),
            ],
        );
        assert_eq!(write_worker(&dir), Ok(4));
        let worker = std::fs::read_to_string(dir.join(WORKER)).unwrap();
        assert!(worker.contains("  'app-1.js',\n  'index.html',\n  'static/app.webmanifest',\n  'static/models/it\\'s.gemprj'\n];"), "{worker}");
        assert!(worker.ends_with("self.addEventListener('install', () => {});"));
        // Written again over its own output: the same worker.
        assert_eq!(write_worker(&dir), Ok(4));
        assert_eq!(std::fs::read_to_string(dir.join(WORKER)).unwrap(), worker);
    }

    #[test]
    fn any_change_of_any_file_is_a_new_version() {
        let files = [
            ("index.html", INDEX),
            ("app-1.js", "x"),
            ("static/app.webmanifest", "{}"),
            (TEMPLATE, ""),
        ];
        let version = |dir: &Path| {
            write_worker(dir).unwrap();
            std::fs::read_to_string(dir.join(WORKER))
                .unwrap()
                .lines()
                .next()
                .unwrap()
                .to_string()
        };
        let first = version(&site("v1", &files));
        let mut changed = files;
        changed[1] = ("app-1.js", "y");
        assert_ne!(version(&site("v2", &changed)), first);
        assert_eq!(version(&site("v3", &files)), first);
    }

    #[test]
    fn a_file_the_page_needs_but_the_build_lacks_fails_the_build() {
        let dir = site(
            "missing",
            &[("index.html", INDEX), ("app-1.js", "x"), (TEMPLATE, "")],
        );
        assert_eq!(
            write_worker(&dir),
            Err("index.html refers to static/app.webmanifest, which the build did not emit".into())
        );
        let dir = site("no-template", &[("index.html", "")]);
        assert!(write_worker(&dir).unwrap_err().contains(TEMPLATE));
    }
}

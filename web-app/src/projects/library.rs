//! [`Library`]: the student's projects, each kept in IndexedDB under its own entry, and the
//! autosave that keeps the open project's entry up to date.
//!
//! What is open decides where a save goes. A project from the library saves over its own
//! entry. Everything else opens as a copy: an import or a share link is written as a new
//! entry at once (the file or link may not come back), while a bundled model or New becomes
//! an entry at its first edit (until then there is nothing of the student's to keep). So no
//! opening ever overwrites another project.
//!
//! A save writes the entry and the project's text in one transaction. When it fails (a full
//! quota) the last saved version stays as it was, the status says so in plain words, and the
//! app asks before anything replaces the unsaved project.

use super::autosave;
use super::catalog::{clip_name, Catalog, Entry, Slot};
use super::current::{project_title, Origin, ProjectHandle};
use super::idb::Db;
use super::listeners::{Listeners, Subscription};
use super::load::parse_project;
use crate::browser;
use crate::browser::LoadError;
use crate::fingerprint::fingerprint;
use sim_core::Project;
use std::cell::RefCell;
use std::rc::Rc;
use yew::Callback;

/// The local-storage key naming what the app reopens (a [`Slot`]).
const SLOT_KEY: &str = "stepwise.open";
/// Where an autosave from before the library that could not be read is put aside, so it is
/// reported once and never destroyed.
const UNREADABLE_KEY: &str = "stepwise.autosave.unreadable";

/// How the open project stands with the library, for the status line.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveState {
    /// The library is still opening.
    Starting,
    /// A bundled model or a new project, not edited: nothing to keep yet.
    Unedited,
    /// A write is under way.
    Saving,
    /// Everything is written; `at` is when (page clock, ms).
    Saved { at: f64 },
    /// The last write failed: the message says why; the last saved version is intact.
    Failed(String),
    /// There is no library in this browser (storage disabled): nothing is kept.
    Unavailable(String),
}

/// How a project was opened, which decides where its saves go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opening {
    /// From the library: saves go to this entry.
    Saved(String),
    /// A bundled model, by id: an entry is made at the first edit.
    Bundled(String),
    /// An empty project from New: an entry is made at the first edit.
    Blank,
    /// An import or a share link: kept as a new entry now.
    Keep,
}

/// Where the next save goes.
#[derive(Debug, Clone, PartialEq)]
enum Target {
    Entry(String),
    NewEntry,
}

#[derive(Debug)]
struct State {
    db: Option<Db>,
    catalog: Catalog,
    target: Target,
    /// Bumped when another project opens, so a write that finishes late for the previous one
    /// does not mark the new one saved.
    generation: u64,
    /// The fingerprint of the open project's text as last written (or as opened).
    saved: Option<String>,
    /// The project handle's revision that text belongs to.
    saved_revision: Option<u64>,
    writing: bool,
    /// A save was asked for while a write was under way.
    again: bool,
    status: SaveState,
    /// The last project deleted, which Undo brings back.
    last_deleted: Option<String>,
}

impl State {
    /// The catalog entry the open project (named `name`) is saved as: its own, or a new one
    /// made for it, unless the catalog is full.
    fn entry_id(&mut self, name: &str) -> Result<String, String> {
        match &self.target {
            Target::Entry(id) => Ok(id.clone()),
            Target::NewEntry if self.catalog.is_full() => Err(format!(
                "your projects are full ({} of them): delete one you no longer need, \
                 or use Export to keep '{name}' as a file",
                super::catalog::MAX_PROJECTS
            )),
            Target::NewEntry => {
                let id = self.catalog.fresh_id(now());
                self.target = Target::Entry(id.clone());
                Ok(id)
            }
        }
    }
}

/// What starting the library found: the slot to reopen and anything to tell the student.
pub struct Start {
    /// What was open last time, if anything.
    pub slot: Option<Slot>,
    /// Problems met on the way (a damaged entry, an old autosave that could not be read).
    pub problems: Vec<LoadError>,
}

/// The shared project library: the app, the projects panel and the timed autosave hold
/// clones of one.
#[derive(Clone)]
pub struct Library {
    shared: Rc<RefCell<State>>,
    current: ProjectHandle,
    listeners: Listeners,
}

impl PartialEq for Library {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.shared, &other.shared)
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The project's text as the library stores it.
fn stored_text(project: &Project) -> Result<String, LoadError> {
    project.to_json_pretty().map_err(|e| LoadError::Library {
        action: "saving to the project library".into(),
        message: e.to_string(),
    })
}

/// A new library entry `(id, name)` for `project` (labelled with the name) and its stored
/// text; refused when the library is `full`, naming the `action`.
fn new_entry(
    mut project: Project,
    (id, name): (String, String),
    origin: &Origin,
    full: bool,
    action: &str,
) -> Result<(Entry, String), LoadError> {
    if full {
        return Err(LoadError::Library {
            action: action.into(),
            message: "your projects are full: delete one you no longer need first".into(),
        });
    }
    project.label = name.clone();
    let text = stored_text(&project)?;
    let entry = Entry {
        id,
        name,
        modified: now(),
        bundled: bundled_of(origin),
        deleted: false,
        bytes: text.len(),
    };
    Ok((entry, text))
}

/// Keeps `project` in this browser's library as a new project called `name` (a number is
/// added when the name is taken), never over another: what a student keeps of a class
/// model. Works on a page whose own library never started (a student's session page).
/// Returns the name it got.
pub async fn keep_copy(project: &Project, name: &str) -> Result<String, LoadError> {
    keep_new(project, name).await.map(|(_, name)| name)
}

/// Keeps `project` as a new project called `name` (see [`keep_copy`]) and makes it the one
/// the app opens next: *Continue from here* on a class run's replay.
pub async fn keep_and_open_next(project: &Project, name: &str) -> Result<String, LoadError> {
    let (id, name) = keep_new(project, name).await?;
    remember_slot(&Slot::Saved(id));
    Ok(name)
}

/// Keeps `project` as a new entry; its id and name.
async fn keep_new(project: &Project, name: &str) -> Result<(String, String), LoadError> {
    let db = Db::open().await?;
    let (catalog, _) = Catalog::from_records(&db.entry_records().await?);
    let name = if catalog.listed().iter().any(|e| e.name == name) {
        catalog.copy_name(name)
    } else {
        clip_name(name)
    };
    let id = catalog.fresh_id(now());
    let (entry, text) = new_entry(
        project.clone(),
        (id.clone(), name.clone()),
        &Origin::Other,
        catalog.is_full(),
        "keeping a copy of the class model",
    )?;
    db.put(&entry, Some(&text)).await?;
    Ok((id, name))
}

/// The projects in this browser's library, `(id, name)`, newest first: what a student may
/// hand in from a session page (whose own library never started).
pub async fn saved_projects() -> Result<Vec<(String, String)>, LoadError> {
    let db = Db::open().await?;
    let (catalog, _) = Catalog::from_records(&db.entry_records().await?);
    Ok(catalog
        .listed()
        .into_iter()
        .map(|e| (e.id.clone(), e.name.clone()))
        .collect())
}

/// The project stored as `id` in this browser's library.
pub async fn saved_project(id: &str) -> Result<Project, LoadError> {
    let text = Db::open().await?.project_text(id).await?;
    let text = text.ok_or_else(|| LoadError::Library {
        action: "reading a project".into(),
        message: "it is no longer in your projects".into(),
    })?;
    parse_project("your project", &text)
}

fn bundled_of(origin: &Origin) -> Option<String> {
    match origin {
        Origin::Bundled(id) => Some(id.clone()),
        Origin::Other => None,
    }
}

fn remember_slot(slot: &Slot) {
    // A slot that cannot be written only means the next start opens something else; the
    // project itself is in the library.
    let _ = browser::storage_set(SLOT_KEY, &slot.key());
}

/// A save about to be written.
struct Write {
    db: Db,
    entry: Entry,
    text: String,
    fingerprint: String,
    revision: u64,
    generation: u64,
}

impl Library {
    /// A library for the project in `current`, not started yet.
    pub fn new(current: ProjectHandle) -> Library {
        Library {
            shared: Rc::new(RefCell::new(State {
                db: None,
                catalog: Catalog::default(),
                target: Target::NewEntry,
                generation: 0,
                saved: None,
                saved_revision: None,
                writing: false,
                again: false,
                status: SaveState::Starting,
                last_deleted: None,
            })),
            current,
            listeners: Listeners::default(),
        }
    }

    /// Calls `listener` after every change of the library or of the save status.
    pub fn subscribe(&self, listener: Callback<()>) -> Subscription {
        self.listeners.subscribe(listener)
    }

    /// The open project's save status.
    pub fn status(&self) -> SaveState {
        self.shared.borrow().status.clone()
    }

    /// The projects to list, newest first.
    pub fn entries(&self) -> Vec<Entry> {
        self.shared
            .borrow()
            .catalog
            .listed()
            .into_iter()
            .cloned()
            .collect()
    }

    /// The library id of the open project, once it has one.
    pub fn open_id(&self) -> Option<String> {
        match &self.shared.borrow().target {
            Target::Entry(id) => Some(id.clone()),
            Target::NewEntry => None,
        }
    }

    /// The last deleted project, which [`Library::restore`] brings back.
    pub fn last_deleted(&self) -> Option<Entry> {
        let state = self.shared.borrow();
        let id = state.last_deleted.as_ref()?;
        state.catalog.get(id).filter(|e| e.deleted).cloned()
    }

    /// Whether the open project has changes that are not in the library and will not be
    /// written by a save under way: replacing it now would lose them.
    pub fn at_risk(&self) -> bool {
        let state = self.shared.borrow();
        let changed = state.saved_revision != Some(self.current.revision());
        changed
            && !state.writing
            && matches!(
                state.status,
                SaveState::Failed(_) | SaveState::Unavailable(_)
            )
    }

    /// Opens the database, removes what was deleted last time, moves an autosave from
    /// before the library into it, and says what to reopen. Saves asked for before this are
    /// written at its end.
    pub async fn start(&self) -> Start {
        let mut problems = Vec::new();
        let db = match Db::open().await {
            Ok(db) => db,
            Err(error) => {
                let message = format!(
                    "{error}. Your work is not kept after a reload: use Export to keep it."
                );
                self.set_status(SaveState::Unavailable(message));
                return Start {
                    slot: None,
                    problems,
                };
            }
        };
        let mut catalog = match db.entry_records().await {
            Ok(records) => {
                let (catalog, damaged) = Catalog::from_records(&records);
                problems.extend(damaged.into_iter().map(|message| LoadError::Library {
                    action: "reading the project library".into(),
                    message,
                }));
                catalog
            }
            Err(error) => {
                problems.push(error);
                Catalog::default()
            }
        };
        let gone: Vec<String> = catalog.deleted().map(|e| e.id.clone()).collect();
        for id in gone {
            match db.delete(&id).await {
                Ok(()) => catalog.remove(&id),
                Err(error) => problems.push(error),
            }
        }
        let mut slot = browser::storage_get(SLOT_KEY)
            .ok()
            .flatten()
            .and_then(|key| Slot::parse(&key));
        if let Some(migrated) = migrate(&db, &mut catalog, &mut problems).await {
            slot.get_or_insert(Slot::Saved(migrated));
        }
        {
            let mut state = self.shared.borrow_mut();
            state.db = Some(db);
            state.catalog = catalog;
            if state.status == SaveState::Starting {
                state.status = SaveState::Unedited;
            }
        }
        self.listeners.notify();
        self.save();
        Start { slot, problems }
    }

    /// The project stored as `id`, with the origin it began from.
    pub async fn load(&self, id: &str) -> Result<(Project, Origin), LoadError> {
        let (db, entry) = {
            let state = self.shared.borrow();
            (state.db.clone(), state.catalog.get(id).cloned())
        };
        let missing = || LoadError::Library {
            action: "opening a project".into(),
            message: "it is no longer in your projects".into(),
        };
        let (Some(db), Some(entry)) = (db, entry) else {
            return Err(missing());
        };
        let text = db.project_text(id).await?.ok_or_else(missing)?;
        let project = parse_project(&format!("your project '{}'", entry.name), &text)?;
        let origin = entry.bundled.map_or(Origin::Other, Origin::Bundled);
        Ok((project, origin))
    }

    /// Says how the project just put in the handle was opened; see [`Opening`].
    pub fn opened(&self, opening: Opening) {
        let text = self
            .current
            .with(|c| c.map(|c| c.project.to_json_pretty().ok()))
            .flatten();
        let revision = self.current.revision();
        {
            let mut state = self.shared.borrow_mut();
            state.generation = state.generation.wrapping_add(1);
            let (target, saved, slot) = match &opening {
                Opening::Saved(id) => (
                    Target::Entry(id.clone()),
                    text.as_deref().map(fingerprint),
                    Some(Slot::Saved(id.clone())),
                ),
                Opening::Bundled(id) => (
                    Target::NewEntry,
                    text.as_deref().map(fingerprint),
                    Some(Slot::Bundled(id.clone())),
                ),
                Opening::Blank => (
                    Target::NewEntry,
                    text.as_deref().map(fingerprint),
                    Some(Slot::Blank),
                ),
                Opening::Keep => (Target::NewEntry, None, None),
            };
            state.target = target;
            state.saved_revision = saved.is_some().then_some(revision);
            state.saved = saved;
            if !matches!(
                state.status,
                SaveState::Starting | SaveState::Unavailable(_)
            ) {
                state.status = match opening {
                    Opening::Saved(_) => SaveState::Saved { at: now() },
                    _ => SaveState::Unedited,
                };
            }
            if let Some(slot) = slot {
                remember_slot(&slot);
            }
        }
        self.listeners.notify();
        self.save();
    }

    /// The autosave: writes the open project when it changed since the last write. Called
    /// after every change and by the timed autosave; cheap when nothing changed.
    pub fn save(&self) {
        let write = match self.next_write() {
            Ok(Some(write)) => write,
            Ok(None) => return,
            Err(message) => return self.set_status(SaveState::Failed(message)),
        };
        self.set_status(SaveState::Saving);
        let library = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = write.db.put(&write.entry, Some(&write.text)).await;
            library.finish(write, result);
        });
    }

    /// The write a save should make now, if any; an error when the project cannot be kept.
    fn next_write(&self) -> Result<Option<Write>, String> {
        let revision = self.current.revision();
        let mut state = self.shared.borrow_mut();
        let Some(db) = state.db.clone() else {
            return Ok(None);
        };
        if state.saved_revision == Some(revision) {
            return Ok(None);
        }
        if state.writing {
            state.again = true;
            return Ok(None);
        }
        let Some((text, name, bundled)) = self.current.with(|c| {
            c.map(|c| {
                (
                    stored_text(&c.project),
                    clip_name(c.title()),
                    bundled_of(&c.origin),
                )
            })
        }) else {
            return Ok(None);
        };
        let text = text.map_err(|e| e.to_string())?;
        let print = fingerprint(&text);
        if state.saved.as_ref() == Some(&print) {
            state.saved_revision = Some(revision);
            return Ok(None);
        }
        let id = state.entry_id(&name)?;
        state.writing = true;
        Ok(Some(Write {
            db,
            entry: Entry {
                id,
                name,
                modified: now(),
                bundled,
                deleted: false,
                bytes: text.len(),
            },
            text,
            fingerprint: print,
            revision,
            generation: state.generation,
        }))
    }

    fn finish(&self, write: Write, result: Result<(), LoadError>) {
        let again = {
            let mut state = self.shared.borrow_mut();
            state.writing = false;
            let ours = state.generation == write.generation;
            match result {
                Ok(()) => {
                    let at = write.entry.modified;
                    if ours {
                        remember_slot(&Slot::Saved(write.entry.id.clone()));
                        state.saved = Some(write.fingerprint);
                        state.saved_revision = Some(write.revision);
                        state.status = SaveState::Saved { at };
                    }
                    state.catalog.put(write.entry);
                }
                Err(error) if ours => {
                    state.status = SaveState::Failed(format!(
                        "could not save '{}' to your projects: {error}. The last save is kept; \
                         use Export to keep this version, or delete projects you no longer need",
                        write.entry.name
                    ));
                }
                Err(_) => {}
            }
            std::mem::take(&mut state.again)
        };
        self.listeners.notify();
        if again {
            self.save();
        }
    }

    fn set_status(&self, status: SaveState) {
        let changed = {
            let mut state = self.shared.borrow_mut();
            let changed = state.status != status;
            state.status = status;
            changed
        };
        if changed {
            self.listeners.notify();
        }
    }

    fn db(&self) -> Result<Db, LoadError> {
        self.shared.borrow().db.clone().ok_or(LoadError::Library {
            action: "using the project library".into(),
            message: "it is not open in this browser".into(),
        })
    }

    fn entry(&self, id: &str) -> Result<Entry, LoadError> {
        self.shared
            .borrow()
            .catalog
            .get(id)
            .cloned()
            .ok_or(LoadError::Library {
                action: "finding a project".into(),
                message: "it is no longer in your projects".into(),
            })
    }

    /// Writes `entry` (and `text`), then records it in the catalog and tells the listeners.
    async fn store(&self, entry: Entry, text: Option<&str>) -> Result<(), LoadError> {
        self.db()?.put(&entry, text).await?;
        self.shared.borrow_mut().catalog.put(entry);
        self.listeners.notify();
        Ok(())
    }

    /// Renames the project `id` (not the open one, which is renamed by editing its label):
    /// its entry and the label inside it.
    pub async fn rename(&self, id: &str, name: &str) -> Result<(), LoadError> {
        let (mut project, _) = self.load(id).await?;
        project.label = clip_name(name);
        let text = stored_text(&project)?;
        let mut entry = self.entry(id)?;
        entry.name = clip_name(project_title(&project));
        entry.modified = now();
        entry.bytes = text.len();
        self.store(entry, Some(&text)).await
    }

    /// Keeps a copy of the project `id` as a new project named "… (copy)".
    pub async fn duplicate(&self, id: &str) -> Result<(), LoadError> {
        let (project, origin) = self.load(id).await?;
        let (name, new_id, full) = {
            let state = self.shared.borrow();
            let source = state.catalog.get(id).map_or("", |e| e.name.as_str());
            (
                state.catalog.copy_name(source),
                state.catalog.fresh_id(now()),
                state.catalog.is_full(),
            )
        };
        let entry = new_entry(
            project,
            (new_id, name),
            &origin,
            full,
            "duplicating a project",
        )?;
        self.store(entry.0, Some(&entry.1)).await
    }

    /// The stored text of project `id` and the file name its export gets.
    pub async fn export(&self, id: &str) -> Result<(String, String), LoadError> {
        let (project, _) = self.load(id).await?;
        Ok((
            super::current::export_file_name(&project),
            stored_text(&project)?,
        ))
    }

    /// Deletes the project `id` (never the open one); [`Library::restore`] takes it back
    /// until the page closes, and the next start removes it for good.
    pub async fn delete(&self, id: &str) -> Result<(), LoadError> {
        if self.open_id().as_deref() == Some(id) {
            return Err(LoadError::Library {
                action: "deleting a project".into(),
                message: "it is open: open another project first".into(),
            });
        }
        let mut entry = self.entry(id)?;
        entry.deleted = true;
        self.store(entry, None).await?;
        self.shared.borrow_mut().last_deleted = Some(id.to_string());
        self.listeners.notify();
        Ok(())
    }

    /// Brings back the project `id` after a delete.
    pub async fn restore(&self, id: &str) -> Result<(), LoadError> {
        let mut entry = self.entry(id)?;
        entry.deleted = false;
        self.store(entry, None).await?;
        let mut state = self.shared.borrow_mut();
        if state.last_deleted.as_deref() == Some(id) {
            state.last_deleted = None;
        }
        drop(state);
        self.listeners.notify();
        Ok(())
    }
}

/// Moves the autosave kept in local storage before the library into it, as a project of its
/// own; its id when that worked. The old entry is removed only once it is written; one that
/// cannot be read is reported and put aside under [`UNREADABLE_KEY`].
async fn migrate(db: &Db, catalog: &mut Catalog, problems: &mut Vec<LoadError>) -> Option<String> {
    let old = browser::storage_get(autosave::STORAGE_KEY).ok().flatten()?;
    let (project, origin) = match autosave::decode(&old) {
        Ok(restored) => restored,
        Err(error) => {
            problems.push(error);
            if browser::storage_set(UNREADABLE_KEY, &old).is_ok() {
                browser::storage_remove(autosave::STORAGE_KEY);
            }
            return None;
        }
    };
    let text = match stored_text(&project) {
        Ok(text) => text,
        Err(error) => {
            problems.push(error);
            return None;
        }
    };
    let entry = Entry {
        id: catalog.fresh_id(now()),
        name: clip_name(project_title(&project)),
        modified: now(),
        bundled: bundled_of(&origin),
        deleted: false,
        bytes: text.len(),
    };
    match db.put(&entry, Some(&text)).await {
        Ok(()) => {
            browser::storage_remove(autosave::STORAGE_KEY);
            let id = entry.id.clone();
            catalog.put(entry);
            Some(id)
        }
        Err(error) => {
            problems.push(error);
            None
        }
    }
}

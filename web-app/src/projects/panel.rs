//! [`ProjectsPanel`]: the side panel that loads, saves and shares the current project, and
//! shows its blueprints, their compile status and every message.
//!
//! On open the panel loads, in order of preference: a project carried by a share link, the
//! project open last time (from the library, or the bundled model it was), the first
//! bundled model. Every load goes through [`ProjectsPanel::adopt`], the only place the
//! current project is replaced, so a failed load leaves it as it was, and a project whose
//! last save failed is never replaced without the student's say. Edits (the script editor,
//! the blueprint list, any other editor) go through [`ProjectHandle::edit`]; the panel hears
//! of every change, has the [`Library`] save it and offers Undo and Redo.

use super::blank::blank_project;
use super::catalog::Slot;
use super::costumes::CostumeList;
use super::current::{CurrentProject, Origin, ProjectHandle, Subscription};
use super::gallery::ModelLibrary;
use super::keys::page_listeners;
use super::library::{Library, Opening, Start};
use super::library_list::LibraryList;
use super::list::BlueprintList;
use super::load::parse_project;
use super::markup;
use super::models::{self, ModelEntry};
use crate::browser;
use crate::browser::LoadError;
use crate::editor::ScriptPanel;
use crate::fingerprint::fingerprint;
use crate::share;
use gloo_events::EventListener;
use sim_core::Project;
use std::rc::Rc;
use web_sys::{File, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The longest share link offered; browsers truncate longer addresses.
const MAX_LINK_CHARS: usize = 1_500_000;
/// The local-storage key holding a fingerprint of the last share link made here.
const SHARED_KEY: &str = "stepwise.shared";
/// At most this many messages are kept; older ones drop off.
const MAX_NOTICES: usize = 6;

/// Properties of [`ProjectsPanel`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// Where the current project lives; the panel replaces what is inside.
    pub current: ProjectHandle,
    /// Where projects are kept and the current one is saved.
    pub library: Library,
    /// Whether the script drawer is open (the title bar's *Script* button).
    pub script_open: bool,
    /// Opens (true) or closes the script drawer.
    pub on_script: Callback<bool>,
    /// Counts the class runs kept elsewhere on the page (a session's), so the list shows them.
    #[prop_or_default]
    pub runs_kept: u32,
    /// While this page hosts a live session: the blueprints its students steer (none yet:
    /// empty). Opening a model that would leave them without a character asks first.
    #[prop_or_default]
    pub session: Option<Rc<Vec<String>>>,
    /// Starts the first-model tutorial (the panel's *Tutorial* button, the library's card).
    #[prop_or_default]
    pub on_tutorial: Callback<()>,
}

/// A message shown in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// Whether something failed (shown in red) or is just information.
    pub is_error: bool,
    /// The text.
    pub text: String,
}

/// What the user or the browser asks of the panel.
pub enum Msg {
    /// The list of bundled models arrived (or failed to).
    Models(Result<Vec<ModelEntry>, LoadError>),
    /// The user picked a bundled model by id.
    Pick(String),
    /// The models library page opens, or closes.
    ShowLibrary(bool),
    /// The user chose a file to import.
    Import(File),
    /// An imported class run was kept (or why not).
    RunKept(Result<super::runs::RunEntry, LoadError>),
    /// The library opened and said what was open last time.
    Started(Start),
    /// A project finished loading (or failed to).
    Loaded(Box<Loaded>),
    /// The user chose a project in the library list.
    OpenSaved(String),
    /// The library's list or save status changed.
    LibraryChanged,
    /// The New button was clicked: an empty project replaces the current one.
    New,
    /// The export button was clicked.
    Export,
    /// The share button was clicked.
    Share,
    /// The clipboard answered a copy of the share link.
    Copied(Result<(), LoadError>),
    /// The projector toggle was clicked.
    ToggleProjector,
    /// Escape was pressed.
    ExitProjector,
    /// The user cleared the messages.
    DismissNotices,
    /// The address bar's fragment changed (someone pasted a share link into this tab).
    FragmentChanged,
    /// The script editor applied new text to a blueprint: (blueprint name, text).
    ApplyScript((String, String)),
    /// Rename a blueprint from the script editor: (old name, new name).
    RenameBlueprint((String, String)),
    /// The project changed (here or anywhere else) or the stage model left a note.
    ProjectChanged,
    /// Undo the last authoring step (Ctrl+Z; the title bar has the button).
    Undo,
    /// Redo the last undone step (Ctrl+Shift+Z or Ctrl+Y; the title bar has the button).
    Redo,
    /// Open a blueprint in the script editor.
    Open(String),
}

/// A finished load: the project or why not, whether the user asked for it (a success then
/// clears old messages), how it was opened (where its saves go), and which request it
/// answers (see [`ProjectsPanel::asked`]).
pub struct Loaded {
    result: Result<(Project, Origin), LoadError>,
    by_user: bool,
    opening: Opening,
    ask: u64,
}

impl Loaded {
    fn msg(
        result: Result<(Project, Origin), LoadError>,
        (by_user, ask): (bool, u64),
        opening: Opening,
    ) -> Msg {
        Msg::Loaded(Box::new(Loaded {
            result,
            by_user,
            opening,
            ask,
        }))
    }
}

/// The projects side panel.
pub struct ProjectsPanel {
    models: Vec<ModelEntry>,
    /// The bundled model to load when the model list arrives (`Some("")`: the first), for a
    /// start with nothing else to open.
    pending_model: Option<String>,
    notices: Vec<Notice>,
    share_link: Option<String>,
    projector: bool,
    picker: NodeRef,
    /// The blueprint the list last asked the script editor to show, and how many times it
    /// asked (so asking again for the same one reopens the editor).
    focus: Option<(String, u32)>,
    /// Hears every change of the project, whoever made it, and of the library.
    _subscriptions: [Subscription; 2],
    /// Escape (leaves the projector view) and a share link pasted into the address bar.
    _listeners: Vec<EventListener>,
    /// Counts what the student asked to open: a load that finishes after a later request
    /// (two models picked quickly, the slower arriving last) is dropped, so the last one
    /// asked for is the one open.
    asked: u64,
    /// Counts the class runs kept from this panel (the list reads them again).
    runs_kept: u32,
    /// Whether the models library page is open.
    library_open: bool,
}

impl ProjectsPanel {
    fn notify(&mut self, is_error: bool, text: String) {
        if self.notices.last().is_some_and(|n| n.text == text) {
            return;
        }
        self.notices.push(Notice { is_error, text });
        let excess = self.notices.len().saturating_sub(MAX_NOTICES);
        self.notices.drain(..excess);
    }

    /// An imported class run was kept (the list reads them again), or why not.
    fn run_kept(&mut self, kept: Result<super::runs::RunEntry, LoadError>) {
        match kept {
            Ok(run) => {
                self.runs_kept += 1;
                self.notify(
                    false,
                    format!(
                        "The class run “{}” ({:.0} min) is kept in your projects under Class runs: Replay opens it.",
                        run.title, run.minutes
                    ),
                );
            }
            Err(e) => self.fail(e),
        }
    }

    fn fail(&mut self, error: LoadError) {
        self.notify(true, error.to_string());
    }

    /// Makes `project` the current project and tells the library how it was opened, then
    /// clears a stale share link. When the current project's changes could not be saved,
    /// the student is asked first; false when they keep it.
    fn adopt(
        &mut self,
        ctx: &Context<Self>,
        project: Project,
        origin: Origin,
        opening: Opening,
    ) -> bool {
        if !self.may_replace(ctx) {
            self.notify(
                true,
                "kept your unsaved project open: use Export to keep it as a file".into(),
            );
            self.sync_picker(ctx);
            return false;
        }
        let opened = CurrentProject::new(project, origin);
        if !may_replace_in_session(ctx.props().session.as_deref(), &opened) {
            self.notify(false, "kept the session's model open".into());
            self.sync_picker(ctx);
            return false;
        }
        ctx.props().current.replace(opened);
        ctx.props().library.opened(opening);
        self.share_link = None;
        if let Err(error) = browser::set_fragment("") {
            self.fail(error);
        }
        true
    }

    /// Whether the current project may be replaced: always, unless changes of it are not
    /// saved, when the student decides.
    fn may_replace(&self, ctx: &Context<Self>) -> bool {
        if !ctx.props().library.at_risk() {
            return true;
        }
        let title = ctx
            .props()
            .current
            .with(|c| c.map(|c| c.title().to_string()));
        let question = format!(
            "Your latest changes to '{}' could not be saved. Open another project and lose them?",
            title.unwrap_or_default()
        );
        web_sys::window()
            .and_then(|w| w.confirm_with_message(&question).ok())
            .unwrap_or(false)
    }

    /// Puts `text` in as `blueprint`'s script, as one undoable step; the handle recompiles
    /// the project and the change notice autosaves it. The project keeps its origin: an
    /// edited bundled model is still shown as that model.
    fn apply_script(&mut self, ctx: &Context<Self>, blueprint: &str, text: String) {
        let current = &ctx.props().current;
        let known = current.with(|c| c.is_some_and(|c| c.project.blueprint(blueprint).is_some()));
        if !known {
            return self.notify(
                true,
                format!("there is no blueprint named '{blueprint}' to apply the script to"),
            );
        }
        current.edit(&format!("edit {blueprint}'s script"), |project| {
            if let Some(bp) = project.blueprint_mut(blueprint) {
                bp.script_text = text;
            }
        });
    }

    /// Renames blueprint `old` to `new` as one undoable step, everywhere the project names it;
    /// a name that cannot be used (taken, not a name) is said in Messages.
    fn rename_blueprint(&mut self, ctx: &Context<Self>, old: &str, new: &str) {
        let renamed = ctx
            .props()
            .current
            .try_edit(&format!("rename {old} to {new}"), |project| {
                super::blueprints::rename(project, old, new)
            });
        if let Err(e) = renamed {
            self.notify(true, format!("'{old}' was not renamed: {e}"));
        }
    }

    /// After any change: save, show the stage model's note if it left one, and take away the
    /// note that the stage runs an older version once the project compiles again.
    fn project_changed(&mut self, ctx: &Context<Self>) {
        ctx.props().library.save();
        if let Some(note) = ctx.props().current.take_note() {
            self.notify(false, note);
        }
        if ctx
            .props()
            .current
            .with(|c| c.is_some_and(|c| c.errors.is_empty()))
        {
            self.notices.retain(|n| n.text != super::STALE_NOTE);
        }
    }

    /// Asks the script editor to show `blueprint`.
    fn open(&mut self, blueprint: String) {
        let asked = self.focus.as_ref().map_or(0, |(_, n)| n.wrapping_add(1));
        self.focus = Some((blueprint, asked));
    }

    /// The project a share link in the address bar carries, if there is one. A damaged link
    /// is reported and removed from the address bar, so a reload does not report it again.
    fn read_share_link(&mut self, at_start: bool) -> Option<Project> {
        let fragment = browser::fragment();
        if at_start && is_own_share_link(&fragment) {
            // The link this browser made for a project it keeps: a reload after Share
            // reopens that project instead of making another copy of it. (A link pasted
            // into an open tab is always opened: the student asked for it.)
            if let Err(error) = browser::set_fragment("") {
                self.fail(error);
            }
            return None;
        }
        let result = share::project_from_fragment(&fragment)?
            .map_err(LoadError::from)
            .and_then(|json| parse_project("the share link", &json));
        match result {
            Ok(project) => Some(project),
            Err(error) => {
                self.fail(error);
                if let Err(error) = browser::set_fragment("") {
                    self.fail(error);
                }
                None
            }
        }
    }

    /// The library is open: report what it found, then reopen what was open last time
    /// (unless a share link already opened something).
    fn started(&mut self, ctx: &Context<Self>, start: Start) {
        for problem in start.problems {
            self.fail(problem);
        }
        if ctx.props().current.with(|c| c.is_some()) {
            return;
        }
        match start.slot {
            Some(Slot::Saved(id)) => self.open_saved(ctx, id, false),
            Some(Slot::Bundled(id)) => self.wait_for_model(ctx, id),
            Some(Slot::Blank) => {
                self.adopt(ctx, blank_project(), Origin::Other, Opening::Blank);
            }
            None => self.wait_for_model(ctx, String::new()),
        }
    }

    /// Loads the bundled model `id` (empty: the first) once the model list is here.
    fn wait_for_model(&mut self, ctx: &Context<Self>, id: String) {
        self.pending_model = Some(id);
        self.load_pending_model(ctx);
    }

    fn load_pending_model(&mut self, ctx: &Context<Self>) {
        if self.models.is_empty() || ctx.props().current.with(|c| c.is_some()) {
            return;
        }
        let Some(id) = self.pending_model.take() else {
            return;
        };
        let entry = self
            .models
            .iter()
            .find(|m| m.id == id)
            .or(self.models.first())
            .cloned();
        if let Some(entry) = entry {
            self.load_model(ctx, &entry, false);
        }
    }

    /// Opens the library's project `id`; a project that cannot be opened at start gives way
    /// to the first bundled model.
    fn open_saved(&mut self, ctx: &Context<Self>, id: String, by_user: bool) {
        let library = ctx.props().library.clone();
        let ask = self.ask(by_user);
        ctx.link().send_future(async move {
            let result = library.load(&id).await;
            Loaded::msg(result, (by_user, ask), Opening::Saved(id))
        });
    }

    fn load_model(&mut self, ctx: &Context<Self>, entry: &ModelEntry, by_user: bool) {
        let entry = entry.clone();
        let ask = self.ask(by_user);
        ctx.link().send_future(async move {
            let text = browser::fetch_text(&entry.url()).await;
            let result = text
                .and_then(|text| parse_project(&entry.file, &text))
                .map(|project| (project, Origin::Bundled(entry.id.clone())));
            Loaded::msg(result, (by_user, ask), Opening::Bundled(entry.id))
        });
    }

    /// The number of a new request to open something (a new one when the student asked).
    fn ask(&mut self, by_user: bool) -> u64 {
        if by_user {
            self.asked += 1;
        }
        self.asked
    }

    fn export(&mut self, ctx: &Context<Self>) {
        let result = ctx.props().current.with(|c| {
            let c = c?;
            Some(
                c.project
                    .to_json_pretty()
                    .map_err(|error| LoadError::Browser {
                        action: "export".into(),
                        message: error.to_string(),
                    })
                    .and_then(|json| browser::download(&c.file_name(), "application/json", &json)),
            )
        });
        if let Some(Err(error)) = result {
            self.fail(error);
        }
    }

    fn share(&mut self, ctx: &Context<Self>) {
        let json = ctx
            .props()
            .current
            .with(|c| c.map(|c| serde_json::to_string(&c.project)));
        let json = match json {
            None => return,
            Some(Err(error)) => return self.notify(true, format!("share failed: {error}")),
            Some(Ok(json)) => json,
        };
        let fragment = share::fragment_for(&json);
        if fragment.len() > MAX_LINK_CHARS {
            return self.notify(
                true,
                "this project is too large for a link; use Export and send the file instead".into(),
            );
        }
        match browser::set_fragment(&fragment) {
            Ok(url) => {
                // Forgetting this only means a reload opens the link as a copy.
                let _ = browser::storage_set(SHARED_KEY, &fingerprint(&format!("#{fragment}")));
                self.share_link = Some(url.clone());
                ctx.link().send_future(async move {
                    Msg::Copied(browser::copy_to_clipboard(&url).await)
                });
            }
            Err(error) => self.fail(error),
        }
    }

    fn models_arrived(&mut self, ctx: &Context<Self>, result: Result<Vec<ModelEntry>, LoadError>) {
        match result {
            Ok(models) => {
                self.models = models;
                self.load_pending_model(ctx);
            }
            Err(error) => self.fail(error),
        }
    }

    fn loaded(
        &mut self,
        ctx: &Context<Self>,
        result: Result<(Project, Origin), LoadError>,
        by_user: bool,
        opening: Opening,
    ) {
        match result {
            // The first bundled model, loaded because there was nothing to show, arrived after
            // the user opened something: what they opened stays.
            Ok(_) if !by_user && ctx.props().current.with(|c| c.is_some()) => {}
            Ok((project, origin)) => {
                if by_user {
                    self.notices.clear();
                }
                self.adopt(ctx, project, origin, opening);
            }
            Err(error) => {
                self.fail(error);
                self.sync_picker(ctx);
                // The project open last time is gone: show the first example instead.
                if !by_user && matches!(opening, Opening::Saved(_)) {
                    self.wait_for_model(ctx, String::new());
                }
            }
        }
    }

    fn set_projector(&mut self, on: bool) {
        self.projector = on;
        browser::set_root_class("projector", on);
    }

    /// Shows the current project's origin in the picker (after a load or a failed pick).
    fn sync_picker(&self, ctx: &Context<Self>) {
        if let Some(select) = self.picker.cast::<HtmlSelectElement>() {
            let id = ctx.props().current.with(|c| match c.map(|c| &c.origin) {
                Some(Origin::Bundled(id)) => id.clone(),
                _ => String::new(),
            });
            select.set_value(&id);
        }
    }
}

/// Whether `opened` may replace the model of the live session whose students steer `steered`
/// (none: no session): when it would leave them without their characters, or the room with
/// no character to join as, the teacher is asked first.
fn may_replace_in_session(steered: Option<&Vec<String>>, opened: &CurrentProject) -> bool {
    let Some(steered) = steered else {
        return true;
    };
    let lost: Vec<&str> = steered
        .iter()
        .filter(|b| !opened.characters.contains(b))
        .map(String::as_str)
        .collect();
    let question = if opened.characters.is_empty() {
        format!(
            "'{}' has no blueprint students can steer (no '# TAG isCharControllable true'). \
             In this session every student's character would leave the stage and nobody could \
             join until you make a blueprint a character (Lesson, Characters). Open it anyway?",
            opened.title()
        )
    } else if !lost.is_empty() {
        format!(
            "'{}' has no {}: the students steering one would lose their character and pick \
             another. Open it anyway?",
            opened.title(),
            lost.join(" or ")
        )
    } else {
        return true;
    };
    web_sys::window()
        .and_then(|w| w.confirm_with_message(&question).ok())
        .unwrap_or(false)
}

/// Whether `fragment` (with its `#`) is the share link this browser made last.
fn is_own_share_link(fragment: &str) -> bool {
    !fragment.is_empty()
        && browser::storage_get(SHARED_KEY).ok().flatten() == Some(fingerprint(fragment))
}

/// Reads a file the user chose and loads it as the current project (request `ask`).
fn import(ctx: &Context<ProjectsPanel>, file: File, ask: u64) {
    ctx.link().send_future(async move {
        let text = browser::read_file_text(&file).await;
        let result = text
            .and_then(|text| parse_project(&file.name(), &text))
            .map(|project| (project, Origin::Other));
        Loaded::msg(result, (true, ask), Opening::Keep)
    });
}

/// Reads a class run the user chose and keeps it among the library's class runs.
fn import_run(ctx: &Context<ProjectsPanel>, file: File) {
    ctx.link().send_future(async move {
        let kept = async {
            let size = file.size();
            if size > sim_core::session::class_run::MAX_RUN_BYTES as f64 {
                let error = sim_core::session::RunFileError::TooLarge(size as usize);
                return Err(LoadError::Library {
                    action: "keeping a class run".into(),
                    message: error.to_string(),
                });
            }
            let bytes = browser::read_file_bytes(&file).await?;
            let id = format!("import-{}", js_sys::Date::now());
            super::runs::keep_run(&id, &bytes).await
        };
        Msg::RunKept(kept.await.map_err(|e| match e {
            LoadError::Library { message, .. } => LoadError::File {
                name: file.name(),
                message,
            },
            other => other,
        }))
    });
}

/// The panel's buttons and pickers, each sending its message.
fn actions(link: &html::Scope<ProjectsPanel>, on_tutorial: &Callback<()>) -> markup::Actions {
    let on_pick = link.callback(|e: Event| {
        Msg::Pick(
            e.target_dyn_into::<HtmlSelectElement>()
                .map(|s| s.value())
                .unwrap_or_default(),
        )
    });
    let on_import = link.batch_callback(|e: Event| {
        let input = e.target_dyn_into::<HtmlInputElement>()?;
        let file = input.files().and_then(|files| files.get(0));
        // Clearing the input lets the same file be chosen again after a fix.
        input.set_value("");
        file.map(Msg::Import)
    });
    markup::Actions {
        on_pick,
        on_import,
        on_new: link.callback(|_| Msg::New),
        on_library: link.callback(|_| Msg::ShowLibrary(true)),
        on_tutorial: on_tutorial.reform(|_| ()),
        on_export: link.callback(|_| Msg::Export),
        on_share: link.callback(|_| Msg::Share),
        on_projector: link.callback(|_| Msg::ToggleProjector),
        on_dismiss: link.callback(|_| Msg::DismissNotices),
    }
}

impl Component for ProjectsPanel {
    type Message = Msg;
    type Properties = Props;

    fn create(ctx: &Context<Self>) -> Self {
        ctx.link().send_future(async {
            let text = browser::fetch_text(models::INDEX_URL).await;
            Msg::Models(text.and_then(|text| models::parse_index(&text)))
        });
        let library = ctx.props().library.clone();
        ctx.link()
            .send_future(async move { Msg::Started(library.start().await) });
        let mut panel = ProjectsPanel {
            models: Vec::new(),
            pending_model: None,
            notices: Vec::new(),
            share_link: None,
            projector: false,
            picker: NodeRef::default(),
            focus: None,
            asked: 0,
            runs_kept: 0,
            library_open: false,
            _subscriptions: [
                ctx.props()
                    .current
                    .subscribe(ctx.link().callback(|()| Msg::ProjectChanged)),
                ctx.props()
                    .library
                    .subscribe(ctx.link().callback(|()| Msg::LibraryChanged)),
            ],
            _listeners: page_listeners(ctx.link()),
        };
        if let Some(project) = panel.read_share_link(true) {
            panel.adopt(ctx, project, Origin::Other, Opening::Keep);
        }
        panel
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Models(result) => self.models_arrived(ctx, result),
            Msg::ShowLibrary(open) => self.library_open = open,
            Msg::Pick(id) => match self.models.iter().find(|m| m.id == id).cloned() {
                Some(entry) => self.load_model(ctx, &entry, true),
                None => self.sync_picker(ctx),
            },
            Msg::Import(file) if file.name().ends_with(".stepwise-run") => import_run(ctx, file),
            Msg::Import(file) => import(ctx, file, self.ask(true)),
            Msg::RunKept(kept) => self.run_kept(kept),
            Msg::Started(start) => self.started(ctx, start),
            // A later request was made meanwhile: its project is the one to open.
            Msg::Loaded(loaded) if loaded.ask != self.asked => return false,
            Msg::Loaded(loaded) => {
                let Loaded {
                    result,
                    by_user,
                    opening,
                    ..
                } = *loaded;
                self.loaded(ctx, result, by_user, opening)
            }
            Msg::OpenSaved(id) => self.open_saved(ctx, id, true),
            Msg::LibraryChanged => {}
            Msg::New => {
                self.ask(true);
                if self.adopt(ctx, blank_project(), Origin::Other, Opening::Blank) {
                    self.notices.clear();
                }
            }
            Msg::Export => self.export(ctx),
            Msg::Share => self.share(ctx),
            Msg::Copied(Ok(())) => self.notify(false, "share link copied to the clipboard".into()),
            Msg::Copied(Err(_)) => {
                self.notify(false, "copy the share link from the box above".into())
            }
            Msg::ToggleProjector => self.set_projector(!self.projector),
            Msg::ExitProjector if self.projector => self.set_projector(false),
            Msg::ExitProjector => return false,
            Msg::DismissNotices => self.notices.clear(),
            Msg::FragmentChanged => match self.read_share_link(false) {
                Some(project) => {
                    self.adopt(ctx, project, Origin::Other, Opening::Keep);
                }
                None => return !self.notices.is_empty(),
            },
            Msg::ApplyScript((blueprint, text)) => self.apply_script(ctx, &blueprint, text),
            Msg::RenameBlueprint((old, new)) => self.rename_blueprint(ctx, &old, &new),
            Msg::ProjectChanged => self.project_changed(ctx),
            Msg::Undo => return ctx.props().current.undo(),
            Msg::Redo => return ctx.props().current.redo(),
            Msg::Open(blueprint) => self.open(blueprint),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let actions = actions(link, &ctx.props().on_tutorial);
        let state = markup::State {
            models: &self.models,
            picker: &self.picker,
            share_link: self.share_link.as_deref(),
            projector: self.projector,
            notices: &self.notices,
            saved: ctx.props().library.status(),
        };
        let blueprints = ctx.props().current.with(|c| {
            let Some(c) = c else { return html! {} };
            let statuses = c.blueprint_statuses();
            let instances = statuses
                .iter()
                .map(|s| c.project.instances_of(&s.name).count())
                .collect::<Vec<_>>();
            html! {
                <BlueprintList current={ctx.props().current.clone()} {statuses} {instances}
                    on_open={link.callback(Msg::Open)} />
            }
        });
        let library = html! {
            <>
            <LibraryList library={ctx.props().library.clone()} current={ctx.props().current.clone()}
                on_open={link.callback(Msg::OpenSaved)} />
            <super::runs_list::RunsList serial={self.runs_kept.wrapping_add(ctx.props().runs_kept)} />
            </>
        };
        let costumes = ctx.props().current.with(|c| {
            let Some(c) = c else { return html! {} };
            html! {
                <CostumeList current={ctx.props().current.clone()} costumes={c.project.costumes.clone()} />
            }
        });
        let (focus, focus_serial) = match &self.focus {
            Some((name, n)) => (Some(AttrValue::from(name.clone())), *n),
            None => (None, 0),
        };
        let project = ctx
            .props()
            .current
            .with(|c| c.map(|c| Rc::clone(&c.project)));
        html! {
            <>
                { ctx.props().current.with(|current| markup::panel(&state, current, actions, markup::Parts { library, blueprints, costumes })) }
                if self.library_open {
                    <ModelLibrary models={self.models.clone()}
                        on_open={link.batch_callback(|id| vec![Msg::ShowLibrary(false), Msg::Pick(id)])}
                        on_tutorial={{
                            let (start, close) = (ctx.props().on_tutorial.clone(), link.callback(|()| Msg::ShowLibrary(false)));
                            Callback::from(move |()| { close.emit(()); start.emit(()); })
                        }}
                        on_close={link.callback(|()| Msg::ShowLibrary(false))} />
                }
                <ScriptPanel {project} {focus} {focus_serial} on_apply={link.callback(Msg::ApplyScript)}
                    on_rename={link.callback(Msg::RenameBlueprint)}
                    open={ctx.props().script_open} on_open={ctx.props().on_script.clone()} />
            </>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first_render: bool) {
        self.sync_picker(ctx);
    }
}

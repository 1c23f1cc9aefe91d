//! [`LibraryList`]: the student's projects, newest first, each of which can be opened,
//! renamed, duplicated, exported or deleted (with Undo until the page closes).

use super::catalog::{clip_name, Entry};
use super::current::ProjectHandle;
use super::library::Library;
use super::listeners::Subscription;
use super::markup::clock_time;
use crate::browser;
use crate::browser::LoadError;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Properties of [`LibraryList`].
#[derive(Properties, PartialEq)]
pub struct Props {
    /// The library listed.
    pub library: Library,
    /// The open project, renamed through its own authoring path.
    pub current: ProjectHandle,
    /// Opens a project of the library, by id (the projects panel does the opening).
    pub on_open: Callback<String>,
}

/// What the student does with the list.
pub enum Msg {
    Toggle,
    Open(String),
    StartRename(String, String),
    RenameInput(String),
    CommitRename,
    CancelRename,
    Duplicate(String),
    Export(String),
    Delete(String),
    Restore(String),
    /// An action on the library finished.
    Done(Result<(), LoadError>),
    /// An export's file name and text arrived.
    Exported(Result<(String, String), LoadError>),
    /// The library changed.
    Changed,
}

/// The "Your projects" section of the projects panel.
pub struct LibraryList {
    expanded: bool,
    /// The project being renamed and the name typed so far.
    renaming: Option<(String, String)>,
    error: Option<String>,
    _subscription: Subscription,
}

impl LibraryList {
    /// Runs a library action and reports its outcome as [`Msg::Done`].
    fn run<F>(&mut self, ctx: &Context<Self>, action: impl FnOnce(Library) -> F + 'static)
    where
        F: std::future::Future<Output = Result<(), LoadError>> + 'static,
    {
        self.error = None;
        let library = ctx.props().library.clone();
        ctx.link()
            .send_future(async move { Msg::Done(action(library).await) });
    }

    fn commit_rename(&mut self, ctx: &Context<Self>) {
        let Some((id, name)) = self.renaming.take() else {
            return;
        };
        let name = clip_name(&name);
        if name.is_empty() {
            self.error = Some("a project needs a name".into());
            return;
        }
        if ctx.props().library.open_id().as_deref() == Some(id.as_str()) {
            // The open project is renamed as an authoring step (undoable); the autosave then
            // carries the new name into its entry.
            ctx.props()
                .current
                .edit("rename the project", |project| project.label = name);
        } else {
            self.run(ctx, move |library| async move {
                library.rename(&id, &name).await
            });
        }
    }
}

/// When `entry` was saved, as the list shows it.
fn saved_at(entry: &Entry) -> String {
    let then = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(entry.modified));
    let today = js_sys::Date::new_0();
    let same_day = then.get_full_year() == today.get_full_year()
        && then.get_month() == today.get_month()
        && then.get_date() == today.get_date();
    if same_day {
        format!("today {}", clock_time(entry.modified))
    } else {
        format!(
            "{}-{:02}-{:02} {}",
            then.get_full_year(),
            then.get_month() + 1,
            then.get_date(),
            clock_time(entry.modified)
        )
    }
}

impl Component for LibraryList {
    type Message = Msg;
    type Properties = Props;

    fn create(ctx: &Context<Self>) -> Self {
        LibraryList {
            expanded: false,
            renaming: None,
            error: None,
            _subscription: ctx
                .props()
                .library
                .subscribe(ctx.link().callback(|()| Msg::Changed)),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Toggle => self.expanded = !self.expanded,
            Msg::Open(id) => {
                self.error = None;
                ctx.props().on_open.emit(id);
            }
            Msg::StartRename(id, name) => self.renaming = Some((id, name)),
            Msg::RenameInput(text) => {
                if let Some((_, name)) = &mut self.renaming {
                    *name = text;
                }
                return false;
            }
            Msg::CommitRename => self.commit_rename(ctx),
            Msg::CancelRename => self.renaming = None,
            Msg::Duplicate(id) => {
                self.run(
                    ctx,
                    move |library| async move { library.duplicate(&id).await },
                )
            }
            Msg::Export(id) => {
                self.error = None;
                let library = ctx.props().library.clone();
                ctx.link()
                    .send_future(async move { Msg::Exported(library.export(&id).await) });
            }
            Msg::Exported(result) => {
                let downloaded = result
                    .and_then(|(name, text)| browser::download(&name, "application/json", &text));
                self.error = downloaded.err().map(|e| e.to_string());
            }
            Msg::Delete(id) => {
                self.run(ctx, move |library| async move { library.delete(&id).await })
            }
            Msg::Restore(id) => self.run(
                ctx,
                move |library| async move { library.restore(&id).await },
            ),
            Msg::Done(result) => self.error = result.err().map(|e| e.to_string()),
            Msg::Changed => {}
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let library = &ctx.props().library;
        let entries = library.entries();
        let open_id = library.open_id();
        let link = ctx.link();
        html! {
            <div class="library">
                <button class="library-toggle" data-testid="library-toggle"
                    aria-expanded={self.expanded.to_string()} onclick={link.callback(|_| Msg::Toggle)}
                    title="The projects kept in this browser">
                    { format!("Your projects ({})", entries.len()) }
                </button>
                if self.expanded {
                    <section class="library-list" data-testid="library" aria-label="Your projects">
                        if let Some(deleted) = library.last_deleted() {
                            <p class="library-deleted">
                                { format!("Deleted '{}'. ", deleted.name) }
                                <button data-testid="library-undo"
                                    onclick={link.callback(move |_| Msg::Restore(deleted.id.clone()))}>{ "Undo" }</button>
                            </p>
                        }
                        if let Some(error) = &self.error {
                            <p class="error" data-testid="library-error" role="alert">{ error }</p>
                        }
                        if entries.is_empty() {
                            <p class="quiet">{ "No projects yet: change a model, import one or open a share link, and it is kept here." }</p>
                        }
                        <ul>
                            { for entries.iter().map(|entry| self.row(ctx, entry, open_id.as_deref() == Some(entry.id.as_str()))) }
                        </ul>
                    </section>
                }
            </div>
        }
    }
}

impl LibraryList {
    fn row(&self, ctx: &Context<Self>, entry: &Entry, is_open: bool) -> Html {
        let link = ctx.link();
        let id = entry.id.clone();
        let by_id = |make: fn(String) -> Msg| {
            let id = id.clone();
            link.callback(move |_: MouseEvent| make(id.clone()))
        };
        let name = match &self.renaming {
            Some((renaming, typed)) if *renaming == entry.id => html! {
                <input class="library-name" data-testid="library-name" value={typed.clone()}
                    aria-label="New name" maxlength="120"
                    oninput={link.callback(|e: InputEvent| Msg::RenameInput(
                        e.target_dyn_into::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default()))}
                    onkeydown={link.batch_callback(|e: KeyboardEvent| match e.key().as_str() {
                        "Enter" => Some(Msg::CommitRename),
                        "Escape" => Some(Msg::CancelRename),
                        _ => None,
                    })}
                    onblur={link.callback(|_| Msg::CommitRename)} />
            },
            _ => html! { <span class="library-title">{ &entry.name }</span> },
        };
        let rename = {
            let (id, name) = (entry.id.clone(), entry.name.clone());
            link.callback(move |_: MouseEvent| Msg::StartRename(id.clone(), name.clone()))
        };
        html! {
            <li data-testid="library-row" data-project={entry.name.clone()} class={classes!(is_open.then_some("open"))}
                aria-current={is_open.then_some("true")}>
                <div class="library-what">
                    { name }
                    <span class="library-when">{ if is_open { format!("open · saved {}", saved_at(entry)) } else { saved_at(entry) } }</span>
                </div>
                <div class="library-actions">
                    <button data-testid="library-open" disabled={is_open} onclick={by_id(Msg::Open)}>{ "Open" }</button>
                    <button data-testid="library-rename" onclick={rename}>{ "Rename" }</button>
                    <button data-testid="library-duplicate" onclick={by_id(Msg::Duplicate)}>{ "Duplicate" }</button>
                    <button data-testid="library-export" onclick={by_id(Msg::Export)}>{ "Export" }</button>
                    <button data-testid="library-delete" disabled={is_open} onclick={by_id(Msg::Delete)}
                        title={if is_open { "Open another project to delete this one" } else { "Delete (you can undo)" }}>{ "Delete" }</button>
                </div>
            </li>
        }
    }
}

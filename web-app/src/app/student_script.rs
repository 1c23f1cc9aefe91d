//! A joined student's *Script* drawer: the class model's blueprints as the session's
//! snapshots carry them, in the text editor or the wizard, editable where the teacher's rules
//! allow; *Send to class* once the student's version compiles, and what became of it. The
//! device goes on following the class run meanwhile.
//!
//! A student's version is a draft of the room (the editor's drafts, keyed by the room), typed
//! over a *base*: the class's text when they started. While there is no draft, the base
//! follows the class's text; once the class's text moves away from a draft, the drawer shows
//! it beside theirs, and sending over the old base is a conflict the teacher sees, never a
//! silent overwrite. Bases are kept in storage by room, so a reload, a dropped connection or
//! a resync loses no draft.

use super::action::{Action, DeviceAction};
use super::page::{ActingHandle, PageHandle};
use crate::authoring::vocab::project_symbols;
use crate::browser::{storage_get, storage_set};
use crate::editor::component::ScriptEditor;
use crate::editor::drafts;
use crate::editor::marks::compile_report;
use crate::editor::panel::{mode_tabs, reference_button};
use crate::projects::ProjectHandle;
use crate::reference::{ReferenceOpener, ReferencePanel};
use crate::session::codesign::{line_diff, SUBMIT_GAP_MS};
use crate::session::device::Sent;
use crate::wizard::Wizard;
use sim_core::session::codesign::{revision, Policy, SendState, MAX_NEW_AGENTS, MAX_SCRIPT_BYTES};
use sim_core::{Project, Symbols};
use std::collections::BTreeMap;
use std::rc::Rc;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The picker's value for a new blueprint.
const NEW: &str = "\u{1f}new";
/// The most bases kept for one room (one per blueprint the student started on).
const MAX_BASES: usize = 64;

/// Where a room's bases are kept.
fn bases_key(code: &str) -> String {
    format!("stepwise-bases-{code}")
}

/// The class texts the student's drafts were typed over, by blueprint.
fn load_bases(code: &str) -> BTreeMap<String, String> {
    storage_get(&bases_key(code))
        .ok()
        .flatten()
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

fn save_bases(code: &str, bases: &BTreeMap<String, String>) {
    if let Ok(json) = serde_json::to_string(bases) {
        let _ = storage_set(&bases_key(code), &json);
    }
}

/// The drafts' project key of room `code`.
fn room_key(code: &str) -> String {
    format!("room {code}")
}

/// What the drawer shows of one blueprint: the class's text, the base the student's draft
/// is over, and the draft, if any.
struct Version {
    class: String,
    base: String,
    draft: Option<String>,
}

impl Version {
    /// `blueprint`'s version on this device: with no draft (or one the class has caught up
    /// with) the base is the class's text.
    fn of(code: &str, blueprint: &str, class: &str, bases: &BTreeMap<String, String>) -> Version {
        let kept = drafts::load();
        let key = drafts::key(&room_key(code), blueprint);
        let base = bases.get(blueprint).map_or(class, String::as_str);
        let draft = kept.get(&key, base).map(str::to_string);
        match draft {
            Some(draft) if draft != class => Version {
                class: class.to_string(),
                base: base.to_string(),
                draft: Some(draft),
            },
            _ => Version {
                class: class.to_string(),
                base: class.to_string(),
                draft: None,
            },
        }
    }

    /// What the student has: the draft, or the class's text.
    fn text(&self) -> &str {
        self.draft.as_deref().unwrap_or(&self.base)
    }

    /// Whether the class's text changed under the draft.
    fn behind(&self) -> bool {
        self.draft.is_some() && self.base != self.class
    }
}

/// The class model `project` as this student has it in room `code`: each blueprint with
/// the student's unsent version where there is one (what *Hand in* sends of the class model).
pub fn class_with_drafts(code: &str, project: &Project) -> Project {
    let bases = load_bases(code);
    let mut mine = project.clone();
    for bp in &mut mine.blueprints {
        let version = Version::of(code, &bp.name, &bp.script_text, &bases);
        bp.script_text = version.text().to_string();
    }
    mine
}

/// What the drawer is given: the page to act on, and what it shows (the room, the class
/// model, the rules, the student's character and last change), so it renders again only
/// when one of them changes, not with every frame of the class run.
#[derive(Properties, PartialEq)]
pub struct StudentScriptProps {
    /// The page, to send changes and say what is open.
    pub page: ActingHandle,
    /// The class model as the snapshots carry it.
    pub project: ProjectHandle,
    /// Its revision.
    pub revision: u64,
    /// The room's code.
    pub code: AttrValue,
    /// The teacher's rules, once heard.
    pub policy: Option<Policy>,
    /// The blueprint the student steers; `None` while the student is not in or not following.
    pub own: Option<AttrValue>,
    /// The student's last change and what became of it.
    pub sent: Option<Sent>,
    /// Whether the drawer is open (the title bar's *Script* button).
    pub open: bool,
}

/// What the drawer reads of its props, once per render.
struct Seen {
    code: String,
    policy: Option<Policy>,
    own: Option<String>,
    sent: Option<Sent>,
}

/// The drawer's own state.
#[derive(Clone, PartialEq, Default)]
struct Drawer {
    chosen: String,
    wizard: bool,
    /// The editor's text and whether it compiles, as it last said.
    checked: Option<(String, bool)>,
    /// A new blueprint's name and starting agents.
    new_name: String,
    new_agents: u8,
    /// Bumped when a draft changed outside the editor (the wizard, Bring up to date).
    serial: u32,
    /// The reference, when open in the drawer: at this entry, if one was asked for.
    reference: Option<Option<AttrValue>>,
}

/// The drawer, when open (the title bar's *Script* button opens it once the student is in).
#[function_component(StudentScript)]
pub fn student_script(props: &StudentScriptProps) -> Html {
    let drawer = use_state(Drawer::default);
    let project = {
        let handle = props.project.clone();
        use_memo(props.revision, move |_| {
            handle.with(|c| c.map(|c| Rc::new(c.project.clone())))
        })
    };
    use_send_again(props.sent.as_ref());
    let joined = props.own.is_some();
    let open = props.open && joined;
    use_effect_with(open, |open| {
        crate::browser::set_root_class("script-open", *open)
    });
    let editing = open
        .then(|| drawer.chosen.clone())
        .filter(|c| !c.is_empty() && c != NEW);
    use_tell_editing(&props.page.0, editing);
    if !joined {
        return Html::default();
    }
    let seen = Seen {
        code: props.code.to_string(),
        policy: props.policy,
        own: props.own.as_ref().map(|o| o.to_string()),
        sent: props.sent.clone(),
    };
    let body = match (open, (*project).clone()) {
        (false, _) => Html::default(),
        (true, None) => {
            html! { <p class="editor-missing">{ "The class model has not arrived yet." }</p> }
        }
        (true, Some(project)) => drawer_body(&props.page.0, &drawer, &seen, &project),
    };
    let reference = reference_in(&drawer);
    html! {
        <aside class={classes!("script-panel", "student-script", open.then_some("open"))} aria-label="Script">
            <ContextProvider<ReferenceOpener> context={reference}>
                <div class="script-sheet">{ body }</div>
            </ContextProvider<ReferenceOpener>>
        </aside>
    }
}

/// Opens the reference in the drawer itself (the device page has no side column), at an
/// entry if one is asked for.
fn reference_in(drawer: &UseStateHandle<Drawer>) -> ReferenceOpener {
    let drawer = drawer.clone();
    ReferenceOpener(Callback::from(move |at: Option<AttrValue>| {
        drawer.set(Drawer {
            reference: Some(at),
            ..(*drawer).clone()
        })
    }))
}

/// Renders the drawer again once the 2 s between two changes have passed after `sent`, so
/// Send is offered again.
#[hook]
fn use_send_again(sent: Option<&Sent>) {
    let wake = use_state(|| 0u32);
    let sent_at = sent.map(|s| s.sent_ms().to_bits());
    use_effect_with(sent_at, move |_| {
        let timer = gloo_timers::callback::Timeout::new(SUBMIT_GAP_MS as u32 + 100, move || {
            wake.set(*wake + 1)
        });
        move || drop(timer)
    });
}

/// Tells the teacher's roster which blueprint the student has open (`None`: none).
#[hook]
fn use_tell_editing(page: &PageHandle, editing: Option<String>) {
    let page = page.clone();
    use_effect_with(editing, move |editing| {
        let editing = editing.clone();
        let _ = page.dispatch(Action::Device(DeviceAction::Editing(editing)));
    });
}

/// The bar (Text / Wizard, the blueprint picker), the chosen blueprint's editor or the new
/// blueprint form, and Send with what became of the last change.
fn drawer_body(
    page: &PageHandle,
    drawer: &UseStateHandle<Drawer>,
    seen: &Seen,
    project: &Rc<Project>,
) -> Html {
    let policy = seen.policy.unwrap_or(Policy {
        edit: sim_core::session::codesign::EditPolicy::Nobody,
        review: true,
    });
    let chosen = chosen(drawer, seen, project, &policy);
    let view = if chosen == NEW {
        new_blueprint(page, drawer, seen, project)
    } else {
        blueprint_view(page, drawer, seen, project, &chosen, &policy)
    };
    let close_reference = {
        let drawer = drawer.clone();
        Callback::from(move |_: MouseEvent| {
            drawer.set(Drawer {
                reference: None,
                ..(*drawer).clone()
            })
        })
    };
    // The editor stays mounted (hidden) under the reference, so nothing typed is disturbed.
    let reading = drawer.reference.is_some();
    html! {
        <>
            { script_bar(drawer, project, &chosen, policy.may_add()) }
            if let Some(chosen) = drawer.reference.clone() {
                <ReferencePanel {chosen} on_close={close_reference} />
            }
            <div class={classes!("student-work", reading.then_some("away"))}>
                { view }
                { send_state(seen, project, restore_sent(drawer, seen, project)) }
            </div>
        </>
    }
}

/// The blueprint shown: the one picked (or, once the class took the student's new blueprint,
/// that one), else the student's own character's, else the first.
fn chosen(drawer: &Drawer, seen: &Seen, project: &Project, policy: &Policy) -> String {
    let added = seen.sent.as_ref().filter(|s| {
        s.state == Some(SendState::Applied)
            && s.submit.new_agents.is_some()
            && s.submit.blueprint == drawer.new_name.trim()
            && drawer.chosen == NEW
            && project.blueprint(&s.submit.blueprint).is_some()
    });
    if let Some(added) = added {
        return added.submit.blueprint.clone();
    }
    if drawer.chosen == NEW && policy.may_add() {
        return NEW.to_string();
    }
    project
        .blueprint(&drawer.chosen)
        .or_else(|| seen.own.as_deref().and_then(|o| project.blueprint(o)))
        .or_else(|| project.blueprints.first())
        .map(|b| b.name.clone())
        .unwrap_or_default()
}

/// Text / Wizard and the blueprint picker (with *New blueprint…* where the rules allow).
fn script_bar(
    drawer: &UseStateHandle<Drawer>,
    project: &Project,
    chosen: &str,
    may_add: bool,
) -> Html {
    let on_choose = {
        let drawer = drawer.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            // Asking for a new blueprint starts with no name.
            let new_name = if value == NEW {
                String::new()
            } else {
                drawer.new_name.clone()
            };
            drawer.set(Drawer {
                new_name,
                chosen: value,
                checked: None,
                ..(*drawer).clone()
            });
        })
    };
    let on_mode = {
        let drawer = drawer.clone();
        Callback::from(move |wizard| {
            drawer.set(Drawer {
                wizard,
                ..(*drawer).clone()
            })
        })
    };
    html! {
        <div class="script-bar">
            { mode_tabs(drawer.wizard, &on_mode) }
            { reference_button(Some(&reference_in(drawer))) }
            <select class="script-blueprint" data-testid="script-blueprint" aria-label="Blueprint" onchange={on_choose}>
                { for project.blueprints.iter().map(|b| html! {
                    <option value={b.name.clone()} selected={b.name == chosen}>{ &b.name }</option>
                }) }
                if may_add {
                    <option value={NEW} selected={chosen == NEW}>{ "New blueprint…" }</option>
                }
            </select>
        </div>
    }
}

/// The editor (or wizard) of an existing blueprint, the class's text beside a draft it moved
/// away from, and Send.
fn blueprint_view(
    page: &PageHandle,
    drawer: &UseStateHandle<Drawer>,
    seen: &Seen,
    project: &Rc<Project>,
    name: &str,
    policy: &Policy,
) -> Html {
    let Some(bp) = project.blueprint(name) else {
        return Html::default();
    };
    let bases = load_bases(&seen.code);
    let version = Version::of(&seen.code, name, &bp.script_text, &bases);
    let editable = policy.may_edit(seen.own.as_deref(), name);
    let symbols = Rc::new(project_symbols(project));
    let room = room_key(&seen.code);
    let shown_symbols = Rc::clone(&symbols);
    let on_checked = {
        let (drawer, code, name, base) = (
            drawer.clone(),
            seen.code.clone(),
            name.to_string(),
            version.base.clone(),
        );
        Callback::from(move |checked: (String, bool)| {
            // The base a draft is typed over is kept, so a reload finds the draft again.
            if checked.0 != base {
                keep_base(&code, &name, &base);
            }
            drawer.set(Drawer {
                checked: Some(checked),
                ..(*drawer).clone()
            });
        })
    };
    let key = format!("{name}/{}", drawer.serial);
    let editor = if drawer.wizard && editable {
        let on_apply = wizard_edit(drawer, &seen.code, name, &version.base);
        html! { <Wizard {key} text={version.text().to_string()}
        blueprint={name.to_string()} symbols={shown_symbols} {on_apply} /> }
    } else {
        html! { <ScriptEditor {key} text={version.base.clone()} blueprint={name.to_string()}
        project={room} symbols={shown_symbols} on_apply={Callback::noop()} readonly={!editable} on_checked={Some(on_checked)} /> }
    };
    html! {
        <>
            { editor }
            if version.behind() { { behind(drawer, seen, name, &version) } }
            if editable { { send_button(page, drawer, seen, name, &version, (&symbols, None)) } }
        </>
    }
}

/// Keeps `base` as the class text the draft of `name` in room `code` is typed over.
fn keep_base(code: &str, name: &str, base: &str) {
    let mut bases = load_bases(code);
    if bases.get(name).map(String::as_str) == Some(base) {
        return;
    }
    if bases.len() >= MAX_BASES {
        bases.clear();
    }
    bases.insert(name.to_string(), base.to_string());
    save_bases(code, &bases);
}

/// What a wizard edit of `name` does: its new text becomes the student's draft over `base`.
fn wizard_edit(
    drawer: &UseStateHandle<Drawer>,
    code: &str,
    name: &str,
    base: &str,
) -> Callback<String> {
    let (drawer, code, name, base) = (
        drawer.clone(),
        code.to_string(),
        name.to_string(),
        base.to_string(),
    );
    Callback::from(move |text: String| {
        let mut kept = drafts::load();
        kept.put(&drafts::key(&room_key(&code), &name), &base, &text);
        let _ = drafts::save(&kept);
        keep_base(&code, &name, &base);
        drawer.set(Drawer {
            checked: None,
            serial: drawer.serial + 1,
            ..(*drawer).clone()
        });
    })
}

/// The class's text beside a draft it moved away from, with the two ways forward.
fn behind(drawer: &UseStateHandle<Drawer>, seen: &Seen, name: &str, version: &Version) -> Html {
    let rebase = |keep_mine: bool| {
        let (drawer, code, name) = (drawer.clone(), seen.code.clone(), name.to_string());
        let (class, draft) = (
            version.class.clone(),
            version.draft.clone().unwrap_or_default(),
        );
        Callback::from(move |_: MouseEvent| {
            let key = drafts::key(&room_key(&code), &name);
            let mut kept = drafts::load();
            if keep_mine {
                kept.put(&key, &class, &draft);
            } else {
                kept.remove(&key);
            }
            let _ = drafts::save(&kept);
            keep_base(&code, &name, &class);
            drawer.set(Drawer {
                checked: None,
                serial: drawer.serial + 1,
                ..(*drawer).clone()
            });
        })
    };
    let diff = line_diff(&version.base, &version.class);
    html! {
        <details class="script-behind" data-testid="script-behind" open=true>
            <summary>{ format!("The class's {name} changed since you started. Here is what changed; bring yours up to date, then send it again.") }</summary>
            <pre class="submission-diff" data-testid="class-diff">
                { for diff.iter().map(|(mark, line)| {
                    let class = match mark { '+' => "added", '-' => "removed", _ => "kept" };
                    html! { <span class={class}>{ format!("{mark} {line}\n") }</span> }
                }) }
            </pre>
            <pre class="class-text" data-testid="class-text" aria-label={format!("The class's {name} now")}>{ &version.class }</pre>
            <button data-testid="script-rebase" onclick={rebase(true)}
                title="Yours is up to date with the class's: send it over the class's current text">{ "Mine is up to date" }</button>
            <button data-testid="script-take-class" onclick={rebase(false)}>{ "Start again from the class's" }</button>
        </details>
    }
}

/// *Send to class*: enabled when the student's version compiles and differs from the class's
/// (and, for a new blueprint, its name can be used).
fn send_button(
    page: &PageHandle,
    drawer: &UseStateHandle<Drawer>,
    seen: &Seen,
    name: &str,
    version: &Version,
    (symbols, new_agents): (&Symbols, Option<u8>),
) -> Html {
    let why_not = why_not_send(drawer, seen, name, version, (symbols, new_agents));
    let onclick = {
        let (page, name, text) = (page.clone(), name.to_string(), version.text().to_string());
        let base = if new_agents.is_some() {
            0
        } else {
            revision(&version.base)
        };
        Callback::from(move |_: MouseEvent| {
            let _ = page.dispatch(Action::Device(DeviceAction::SendChange {
                blueprint: name.clone(),
                text: text.clone(),
                base,
                new_agents,
            }));
        })
    };
    html! {
        <div class="script-send-bar">
            <button class="primary" data-testid="script-send" disabled={why_not.is_some()} {onclick}
                title={why_not.unwrap_or("Send your version to the class model")}>{ "Send to class" }</button>
            if let Some(why) = why_not { <span class="send-why">{ why }</span> }
        </div>
    }
}

/// Why Send is off, if it is: no change, too long, errors, still sending, or the 2 s
/// between two changes not passed.
fn why_not_send(
    drawer: &Drawer,
    seen: &Seen,
    name: &str,
    version: &Version,
    (symbols, new_agents): (&Symbols, Option<u8>),
) -> Option<&'static str> {
    // What the editor last said of this very text, else a compile here (the wizard's edits).
    let compiles = || match drawer
        .checked
        .as_ref()
        .filter(|(text, _)| text == version.text())
    {
        Some((_, ok)) => *ok,
        None => compile_report(version.text(), name, symbols).0.is_empty(),
    };
    let sent = seen.sent.as_ref();
    if new_agents.is_none() && version.text() == version.class {
        Some("no change to send")
    } else if version.text().len() > MAX_SCRIPT_BYTES {
        Some("too long to send: the class takes scripts of 48 KB at most")
    } else if !compiles() {
        Some("fix the errors first")
    } else if sent.is_some_and(|s| s.state.is_none()) {
        Some("sending…")
    } else if sent.is_some_and(|s| super::now_ms() - s.sent_ms() < SUBMIT_GAP_MS) {
        // The teacher takes one change every 2 s from a device: the button waits too.
        Some("you can send again in a moment")
    } else {
        None
    }
}

/// *Bring my version back*: the student's last sent text becomes their draft again over the
/// class's text now (after the teacher undid it, say).
fn restore_sent(
    drawer: &UseStateHandle<Drawer>,
    seen: &Seen,
    class: &Project,
) -> Callback<MouseEvent> {
    let Some(sent) = seen.sent.clone() else {
        return Callback::noop();
    };
    let (drawer, code) = (drawer.clone(), seen.code.clone());
    let bp = sent.submit.blueprint.clone();
    let now = class
        .blueprint(&bp)
        .map_or(String::new(), |b| b.script_text.clone());
    Callback::from(move |_: MouseEvent| {
        let mut kept = drafts::load();
        kept.put(&drafts::key(&room_key(&code), &bp), &now, &sent.submit.text);
        let _ = drafts::save(&kept);
        keep_base(&code, &bp, &now);
        drawer.set(Drawer {
            chosen: bp.clone(),
            checked: None,
            serial: drawer.serial + 1,
            ..(*drawer).clone()
        });
    })
}

/// What became of the student's last change (`class`: the class model now, which an applied
/// change may no longer be in).
fn send_state(seen: &Seen, class: &Project, restore: Callback<MouseEvent>) -> Html {
    let Some(sent) = &seen.sent else {
        return Html::default();
    };
    let bp = &sent.submit.blueprint;
    // An applied change the class model no longer runs as it was sent: the teacher undid it,
    // or changed the blueprint since.
    let running = class
        .blueprint(bp)
        .is_some_and(|b| b.script_text == sent.submit.text);
    if sent.state == Some(SendState::Applied) && !running {
        let text = format!("Your change to {bp} is no longer in the class model: the teacher undid it or changed {bp} since. ");
        return html! {
            <p class="send-state undone" data-testid="send-state" data-state="undone" role="status">
                { text }
                <button data-testid="send-restore" onclick={restore}>{ "Bring my version back" }</button>
            </p>
        };
    }
    let (state, text) = match &sent.state {
        None => ("sending", format!("Sending your {bp}…")),
        Some(SendState::Waiting) => ("waiting", format!("Your {bp} is waiting for the teacher's review.")),
        Some(SendState::Conflict) => ("conflict", format!("Conflict: the class's {bp} changed since you started. Your version waits, marked, for the teacher; bring it up to date and send it again.")),
        Some(SendState::Applied) => ("applied", format!("Your {bp} is running in the class model.")),
        Some(SendState::Declined(why)) if why.is_empty() => ("declined", format!("The teacher declined your {bp}. It is still here as your draft.")),
        Some(SendState::Declined(why)) => ("declined", format!("The teacher declined your {bp}: “{why}”. It is still here as your draft.")),
        Some(SendState::Refused(why)) => ("refused", format!("Not taken: {why}. It is still here as your draft.")),
    };
    html! {
        <p class={classes!("send-state", state)} data-testid="send-state" data-state={state} role="status">{ text }</p>
    }
}

/// A new blueprint: its name, its starting agents (0–50, placed at random) and its script.
fn new_blueprint(
    page: &PageHandle,
    drawer: &UseStateHandle<Drawer>,
    seen: &Seen,
    project: &Rc<Project>,
) -> Html {
    let name = drawer.new_name.trim().to_string();
    let problem = crate::projects::blueprints::check_name(project, &name).err();
    let on_name = {
        let drawer = drawer.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            drawer.set(Drawer {
                new_name: value,
                checked: None,
                ..(*drawer).clone()
            });
        })
    };
    let on_agents = {
        let drawer = drawer.clone();
        Callback::from(move |e: InputEvent| {
            let value = e.target_unchecked_into::<HtmlInputElement>().value();
            let n = value.parse::<u8>().unwrap_or(0).min(MAX_NEW_AGENTS);
            drawer.set(Drawer {
                new_agents: n,
                ..(*drawer).clone()
            });
        })
    };
    let template = format!("# BLUEPRINT {name}\n# PROGRAM DEFINE\nuseFeature Costume\nfeatProp Costume.costumeName setTo 'circle.json'\n# PROGRAM UPDATE\n");
    let version = Version::of(&seen.code, &name, &template, &BTreeMap::new());
    let symbols = Rc::new(project_symbols(project));
    let on_checked = {
        let drawer = drawer.clone();
        Callback::from(move |checked: (String, bool)| {
            drawer.set(Drawer {
                checked: Some(checked),
                ..(*drawer).clone()
            })
        })
    };
    html! {
        <div class="new-blueprint" data-testid="new-blueprint">
            <label>{ "Name " }<input data-testid="newbp-name" value={drawer.new_name.clone()} oninput={on_name} maxlength="40" /></label>
            <label>{ "Starting agents " }<input data-testid="newbp-agents" type="number" min="0" max={MAX_NEW_AGENTS.to_string()}
                value={drawer.new_agents.to_string()} oninput={on_agents} /></label>
            if let Some(why) = &problem {
                <p class="send-why" role="alert">{ why.to_string() }</p>
            } else {
                <ScriptEditor key={format!("new {name}")} text={template} blueprint={name.clone()}
                    project={room_key(&seen.code)} symbols={Rc::clone(&symbols)}
                    on_apply={Callback::noop()} on_checked={Some(on_checked)} />
                { send_button(page, drawer, seen, &name, &version, (&symbols, Some(drawer.new_agents))) }
            }
        </div>
    }
}

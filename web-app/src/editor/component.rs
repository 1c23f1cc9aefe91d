//! [`ScriptEditor`]: the Yew component over the editor logic. The student types in a real
//! `<textarea>` (undo, IME, accessibility all native) whose text is transparent; under it a
//! `<pre>` with the same font, padding, line height and tab size shows the same text coloured,
//! with errors underlined and the matched bracket pair marked. Scrolling the textarea scrolls
//! the `<pre>` and the line numbers with it.

use super::caret::{char_index, index_of, line_col, utf16_offset, visual_col};
use super::complete::{apply, complete, typed_in_full, Completion};
use super::dom::{
    hover_title, html_document, pointer_cell, scroll_to_line, show_chosen_item, sync_scroll,
};
use super::drafts::{self, Drafts};
use super::header::{self, HeaderMismatch};
use super::highlight::{highlight, Span};
use super::hover::{hovered, Hovered};
use super::layers::{segments, Segment};
use super::marks::{
    bracket_pairs, compile_report, error_marks, pair_at_caret, BracketPair, ErrorMark,
};
use super::place::ScriptPlace;
use crate::authoring::limits::too_large;
use crate::authoring::vocab::Vocabulary;
use gloo_timers::callback::Timeout;
use sim_core::Symbols;
use std::rc::Rc;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

/// How long typing must pause before the script is compiled again, in milliseconds.
const COMPILE_DELAY_MS: u32 = 250;

/// The tab width both layers use (`tab-size` in the stylesheet).
const TAB_SIZE: usize = 4;

/// What the editor is given.
#[derive(Properties, PartialEq)]
pub struct ScriptEditorProps {
    /// The blueprint's script as the project holds it (the last applied version).
    pub text: AttrValue,
    /// The blueprint's name.
    pub blueprint: AttrValue,
    /// Which project the blueprint is in, so its draft is kept apart from other projects'.
    #[prop_or_default]
    pub project: AttrValue,
    /// What the whole project declares, to compile and complete against.
    pub symbols: Rc<Symbols>,
    /// Called with the edited text when the student applies it (Apply or Ctrl+Enter), errors
    /// or not: the app keeps running the last version that compiled.
    pub on_apply: Callback<String>,
    /// Called with a new name for the blueprint (to match its `# BLUEPRINT` line).
    #[prop_or_default]
    pub on_rename: Callback<String>,
    /// A line to show: the caret goes there, the text scrolls to it and the line is marked
    /// until the student types.
    #[prop_or_default]
    pub reveal: Option<ScriptPlace>,
    /// Shows the text without letting it change (a blueprint a student may not edit now).
    #[prop_or_default]
    pub readonly: bool,
    /// A student's draft of the class model: there is no Apply (the owner sends the text),
    /// and this hears the text with whether it compiles, each time that changes (`false`
    /// while a compile is pending).
    #[prop_or_default]
    pub on_checked: Option<Callback<(String, bool)>>,
}

/// What the textarea and the controls report.
pub enum Msg {
    /// The text changed: new text, UTF-16 caret, and whether it was typed text (which opens
    /// the completion list).
    Input(String, u32, bool),
    /// The caret moved (UTF-16 offset).
    Caret(u32),
    /// Typing paused: compile.
    Compile,
    /// A key the editor handles: its name and whether Ctrl (or Cmd) was held.
    Key(String, bool),
    /// A completion item was chosen.
    Pick(usize),
    /// Emit the text to `on_apply`.
    Apply,
    /// Move the caret to a 1-based line and column (an error in the list was clicked).
    Goto(u32, u32),
    /// Close the completion list (the textarea lost focus).
    Close,
    /// Throw the draft away and go back to the applied text.
    Discard,
    /// Put the project's name on the `# BLUEPRINT` line that names another, and apply.
    UseProjectName,
    /// Rename the blueprint to the name its `# BLUEPRINT` line gives (the text applied first).
    RenameToHeader,
    /// The pointer is over this line (0-based) and character of the text, or left it.
    Hover(Option<(usize, usize)>),
}

/// The script editor.
pub struct ScriptEditor {
    text: String,
    applied: String,
    caret: usize,
    lines: Vec<Vec<char>>,
    spans: Vec<Vec<Span>>,
    pairs: Vec<BracketPair>,
    errors: Vec<ErrorMark>,
    /// What GEMSTEP runs but quietly ignores, listed under the text (the script compiles).
    warnings: Vec<ErrorMark>,
    /// A `# BLUEPRINT` line naming the blueprint otherwise than the project does.
    header: Option<HeaderMismatch>,
    vocab: Vocabulary,
    completion: Option<Completion>,
    selected: usize,
    compile_timer: Option<Timeout>,
    /// The revealed line (0-based), marked in the view.
    marked_line: Option<usize>,
    /// A revealed line (1-based) whose caret and scroll are still to be set once rendered.
    pending_reveal: Option<u32>,
    input: NodeRef,
    layer: NodeRef,
    gutter: NodeRef,
    /// Unapplied texts, this one's and other blueprints', as kept in local storage.
    drafts: Drafts,
    /// Why the draft could not be kept (full storage), shown in the toolbar.
    draft_error: Option<String>,
    /// Why the last change was refused (it made the script too large to edit here).
    limit_error: Option<String>,
    /// What `on_checked` heard last.
    checked: Option<(String, bool)>,
    /// The word under the pointer and its reference entry, shown in a card under it.
    hover: Option<Hovered>,
}

impl ScriptEditor {
    /// The text box changed to `text` with the caret at UTF-16 index `caret` (`typed`: by a
    /// key that may open the completions); a change past the size limit is refused.
    fn input(&mut self, ctx: &Context<Self>, text: String, caret: u32, typed: bool) {
        if let Some(why) = too_large(&text) {
            // Refused: the box goes back to the text before this change.
            self.limit_error = Some(format!("{why}: that change was not made."));
            if let Some(area) = self.textarea() {
                area.set_value(&self.text);
            }
            return;
        }
        self.limit_error = None;
        self.text = text;
        self.caret = char_index(&self.text, caret as usize);
        self.refresh(ctx);
        self.completion = if typed || self.completion.is_some() {
            complete(&self.text, self.caret, &self.vocab)
        } else {
            None
        };
        self.selected = 0;
        self.marked_line = None;
        self.keep_draft(ctx);
        self.tell_checked(ctx, false);
        self.schedule_compile(ctx);
    }

    /// Tells `on_checked` the text and whether it compiles, when that changed.
    fn tell_checked(&mut self, ctx: &Context<Self>, ok: bool) {
        let Some(on_checked) = &ctx.props().on_checked else {
            return;
        };
        let now = (self.text.clone(), ok);
        if self.checked.as_ref() != Some(&now) {
            self.checked = Some(now.clone());
            on_checked.emit(now);
        }
    }

    /// Re-reads the text: lines, colours, brackets, the names it declares.
    fn refresh(&mut self, ctx: &Context<Self>) {
        let props = ctx.props();
        self.vocab = Vocabulary::new(&self.text, &props.blueprint, &props.symbols);
        self.lines = self.text.split('\n').map(|l| l.chars().collect()).collect();
        self.spans = highlight(&self.text, &self.vocab);
        self.pairs = bracket_pairs(&self.lines);
    }

    fn compile(&mut self, ctx: &Context<Self>) {
        let props = ctx.props();
        let (errors, warnings) = compile_report(&self.text, &props.blueprint, &props.symbols);
        self.errors = error_marks(&self.lines, &errors);
        self.warnings = error_marks(&self.lines, &warnings);
        self.header = header::find(&warnings);
        self.tell_checked(ctx, self.errors.is_empty());
    }

    fn schedule_compile(&mut self, ctx: &Context<Self>) {
        let link = ctx.link().clone();
        self.compile_timer = Some(Timeout::new(COMPILE_DELAY_MS, move || {
            link.send_message(Msg::Compile)
        }));
    }

    /// The key of this blueprint's draft.
    fn draft_key(ctx: &Context<Self>) -> String {
        let props = ctx.props();
        drafts::key(&props.project, &props.blueprint)
    }

    /// Keeps the text as this blueprint's draft (or forgets the draft when it is applied).
    fn keep_draft(&mut self, ctx: &Context<Self>) {
        let key = Self::draft_key(ctx);
        // Read afresh before writing: another tab of this browser, or another editor of this
        // page, may have kept drafts since this one last read them, and saving an old copy
        // over theirs would lose them (a student's draft then seemed gone, and Send stayed
        // off on a second device of the same browser).
        self.drafts = drafts::load();
        let kept = self.drafts.put(&key, &self.applied, &self.text);
        self.draft_error = match (kept, drafts::save(&self.drafts)) {
            (false, _) => Some("too long to keep as a draft: apply it to keep it".into()),
            (true, Err(why)) => Some(format!(
                "the draft could not be kept ({why}): apply it to keep it"
            )),
            (true, Ok(())) => None,
        };
    }

    fn reset_to_props(&mut self, ctx: &Context<Self>) {
        self.applied = ctx.props().text.to_string();
        self.drafts = drafts::load();
        self.text = self
            .drafts
            .get(&Self::draft_key(ctx), &self.applied)
            .unwrap_or(&self.applied)
            .to_string();
        self.completion = None;
        self.marked_line = None;
        self.refresh(ctx);
        self.compile(ctx);
    }

    fn textarea(&self) -> Option<HtmlTextAreaElement> {
        self.input.cast::<HtmlTextAreaElement>()
    }

    /// Moves the textarea's caret to character index `index` and focuses it.
    fn place_caret(&mut self, index: usize) {
        self.caret = index;
        if let Some(area) = self.textarea() {
            let at = u32::try_from(utf16_offset(&self.text, index)).unwrap_or(u32::MAX);
            let _ = area.focus();
            let _ = area.set_selection_range(at, at);
        }
    }

    /// Inserts the chosen completion through the browser's editing command, so it joins the
    /// textarea's own undo history and the `input` event it fires updates the editor. Where
    /// the command is refused, the text is replaced directly (losing native undo of it).
    fn pick(&mut self, ctx: &Context<Self>, index: usize) {
        let Some(completion) = self.completion.take() else {
            return;
        };
        let Some(item) = completion.items.get(index) else {
            return;
        };
        let Some(area) = self.textarea() else {
            return;
        };
        let inserted = item.label.clone();
        let from = u32::try_from(utf16_offset(&self.text, completion.start)).unwrap_or(0);
        let to = u32::try_from(utf16_offset(&self.text, completion.end)).unwrap_or(0);
        let _ = area.focus();
        let _ = area.set_selection_range(from, to);
        let done = html_document()
            .and_then(|doc| {
                doc.exec_command_with_show_ui_and_value("insertText", false, &inserted)
                    .ok()
            })
            .unwrap_or(false);
        if !done {
            let (text, caret) = apply(&self.text, &completion, &item.label);
            area.set_value(&text);
            self.text = text;
            self.refresh(ctx);
            self.place_caret(caret);
            self.schedule_compile(ctx);
        }
    }

    /// Whether Enter picks the chosen completion: the list is open and the word typed is not
    /// already that completion (then Enter means a new line).
    fn enter_picks(&self) -> bool {
        self.completion.as_ref().is_some_and(|c| {
            c.items
                .get(self.selected)
                .is_some_and(|item| !typed_in_full(&self.text, c, &item.label))
        })
    }

    fn on_key(&mut self, ctx: &Context<Self>, key: &str, ctrl: bool) -> bool {
        let open = self.completion.as_ref().map_or(0, |c| c.items.len());
        match (key, ctrl) {
            ("Enter", true) if ctx.props().on_checked.is_none() && !ctx.props().readonly => {
                self.apply(ctx)
            }
            (" ", true) => {
                self.completion = complete(&self.text, self.caret, &self.vocab);
                self.selected = 0;
            }
            ("ArrowDown", _) if open > 0 => self.selected = (self.selected + 1) % open,
            ("ArrowUp", _) if open > 0 => self.selected = (self.selected + open - 1) % open,
            ("Enter", _) if self.enter_picks() => self.pick(ctx, self.selected),
            ("Tab", _) if open > 0 => self.pick(ctx, self.selected),
            ("Escape", _) => self.completion = None,
            _ => return false,
        }
        true
    }

    /// Moves the caret to a 1-based line and column.
    fn goto(&mut self, line: u32, col: u32) {
        let index = index_of(
            &self.text,
            (line as usize).saturating_sub(1),
            (col as usize).saturating_sub(1),
        );
        self.completion = None;
        self.place_caret(index);
    }

    /// Marks the line `place` asks for and has it shown after the next render.
    fn ask_reveal(&mut self, place: Option<&ScriptPlace>) {
        if let Some(place) = place {
            self.marked_line = Some((place.line as usize).saturating_sub(1));
            self.pending_reveal = Some(place.line);
        }
    }

    /// Hands the text to the app and notes it as applied.
    fn apply(&mut self, ctx: &Context<Self>) {
        ctx.props().on_apply.emit(self.text.clone());
        self.applied = self.text.clone();
        self.keep_draft(ctx);
    }

    /// Goes back to the applied text, forgetting the draft.
    fn discard(&mut self, ctx: &Context<Self>) {
        self.text = self.applied.clone();
        self.keep_draft(ctx);
        self.completion = None;
        self.refresh(ctx);
        self.compile(ctx);
    }
}

/// Whether the editor handles `key` itself (the textarea's own handling is prevented):
/// Enter only when it picks a completion (`enter_picks`), otherwise it starts a new line.
fn handled_key(key: &str, ctrl: bool, list_open: bool, enter_picks: bool) -> bool {
    match key {
        "Enter" if ctrl => true,
        "Enter" => enter_picks,
        " " => ctrl,
        "ArrowDown" | "ArrowUp" | "Tab" | "Escape" => list_open,
        _ => false,
    }
}

impl Component for ScriptEditor {
    type Message = Msg;
    type Properties = ScriptEditorProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut editor = ScriptEditor {
            text: String::new(),
            applied: String::new(),
            caret: 0,
            lines: Vec::new(),
            spans: Vec::new(),
            pairs: Vec::new(),
            errors: Vec::new(),
            warnings: Vec::new(),
            header: None,
            vocab: Vocabulary::default(),
            completion: None,
            selected: 0,
            compile_timer: None,
            marked_line: None,
            pending_reveal: None,
            input: NodeRef::default(),
            layer: NodeRef::default(),
            gutter: NodeRef::default(),
            drafts: Drafts::default(),
            draft_error: None,
            limit_error: None,
            checked: None,
            hover: None,
        };
        editor.reset_to_props(ctx);
        editor.ask_reveal(ctx.props().reveal.as_ref());
        editor
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        show_chosen_item(&self.input);
        if let Some(line) = self.pending_reveal.take() {
            self.goto(line, 1);
            scroll_to_line(&self.input, &self.layer, &self.gutter, line);
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &Self::Properties) -> bool {
        let props = ctx.props();
        if props.text != old.text || props.blueprint != old.blueprint {
            if props.text.as_str() == self.text && props.blueprint == old.blueprint {
                self.applied = self.text.clone();
                self.keep_draft(ctx);
            } else {
                self.reset_to_props(ctx);
            }
        } else {
            self.refresh(ctx);
            self.compile(ctx);
        }
        if props.reveal != old.reveal {
            self.ask_reveal(props.reveal.as_ref());
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        match msg {
            Msg::Input(text, caret, typed) => self.input(ctx, text, caret, typed),
            Msg::Caret(caret) => {
                let caret = char_index(&self.text, caret as usize);
                if caret == self.caret {
                    return false;
                }
                self.caret = caret;
                self.completion = None;
            }
            Msg::Compile => {
                self.compile_timer = None;
                self.compile(ctx);
            }
            Msg::Key(key, ctrl) => return self.on_key(ctx, &key, ctrl),
            Msg::Close => self.completion = None,
            Msg::Hover(cell) => {
                let now = cell
                    .and_then(|(line, col)| hovered(self.lines.get(line)?, line, col, &self.vocab));
                if now == self.hover {
                    return false;
                }
                self.hover = now;
            }
            Msg::Pick(index) => self.pick(ctx, index),
            Msg::Apply => self.apply(ctx),
            Msg::Goto(line, col) => self.goto(line, col),
            Msg::Discard => self.discard(ctx),
            Msg::UseProjectName => {
                if let Some(at) = &self.header {
                    self.text = header::with_name(&self.text, at, &ctx.props().blueprint);
                    self.refresh(ctx);
                    self.compile(ctx);
                    self.apply(ctx);
                }
            }
            Msg::RenameToHeader => {
                if let Some(at) = self.header.clone() {
                    if self.text != self.applied {
                        self.apply(ctx);
                    }
                    ctx.props().on_rename.emit(at.header);
                }
            }
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let list_open = self.completion.is_some();
        let enter_picks = self.enter_picks();
        let oninput = link.callback(|e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            let typed = e.input_type() == "insertText";
            Msg::Input(
                area.value(),
                area.selection_start().ok().flatten().unwrap_or(0),
                typed,
            )
        });
        let caret = |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            Msg::Caret(area.selection_start().ok().flatten().unwrap_or(0))
        };
        let onkeydown = link.batch_callback(move |e: KeyboardEvent| {
            let ctrl = e.ctrl_key() || e.meta_key();
            let key = e.key();
            handled_key(&key, ctrl, list_open, enter_picks).then(|| {
                e.prevent_default();
                Msg::Key(key, ctrl)
            })
        });
        let onscroll = sync_scroll(self.layer.clone(), self.gutter.clone());
        let onmousemove = {
            let (title, layer) = (
                hover_title(self.layer.clone(), self.input.clone()),
                self.layer.clone(),
            );
            let link = link.clone();
            Callback::from(move |e: MouseEvent| {
                let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
                link.send_message(Msg::Hover(pointer_cell(&layer, x, y)));
                title.emit(e);
            })
        };
        let onmouseleave = link.callback(|_: MouseEvent| Msg::Hover(None));
        let (line, col) = line_col(&self.text, self.caret);
        let pair = pair_at_caret(&self.pairs, line, col);
        html! {
            <section class="script-editor" data-testid="script-editor">
                { self.view_toolbar(ctx) }
                if let Some(at) = &self.header {
                    { header::bar(at, &ctx.props().blueprint, link.callback(|()| Msg::UseProjectName),
                        link.callback(|()| Msg::RenameToHeader)) }
                }
                <div class="editor-body">
                    <pre class="editor-gutter" aria-hidden="true" ref={self.gutter.clone()}>
                        { self.gutter_text() }
                    </pre>
                    <div class="editor-code">
                        <pre class="editor-layer" aria-hidden="true" ref={self.layer.clone()}>
                            { for self.lines.iter().enumerate().map(|(i, chars)| self.view_line(i, chars, pair)) }
                        </pre>
                        <textarea class="editor-input" data-testid="script-text" ref={self.input.clone()}
                            aria-label={format!("Script of {}", ctx.props().blueprint)}
                            spellcheck="false" autocomplete="off" wrap="off" readonly={ctx.props().readonly}
                            value={self.text.clone()} {oninput} {onkeydown} {onscroll} {onmousemove} {onmouseleave}
                            onkeyup={link.callback(move |e: KeyboardEvent| caret(e.into()))}
                            onclick={link.callback(move |e: MouseEvent| caret(e.into()))}
                            onblur={link.callback(|_| Msg::Close)} />
                        { self.view_completion(ctx) }
                        { self.view_hover() }
                    </div>
                </div>
                { self.view_errors(ctx) }
            </section>
        }
    }
}

impl ScriptEditor {
    fn view_toolbar(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let dirty = self.text != self.applied;
        let drafting = props.on_checked.is_some();
        // "applied" only when what is shown is what runs: an applied script with errors
        // leaves the stage on the last version that compiled.
        let (state, text, title) = if props.readonly {
            (
                "",
                "read only",
                Some("The teacher does not take changes to this blueprint from you now"),
            )
        } else if dirty && drafting {
            (
                "dirty",
                "your version, not sent",
                Some("A draft: kept on this device until the class takes it or you discard it"),
            )
        } else if dirty {
            ("dirty", "unapplied changes", Some("A draft: kept if you switch blueprint, close the editor or reload, until you apply or discard it"))
        } else if drafting {
            ("", "the class's version", None)
        } else if !self.errors.is_empty() {
            (
                "stale",
                "applied with errors: the stage runs the last version that compiled",
                Some("Fix the errors marked below and apply again to see this script run"),
            )
        } else {
            ("", "applied", None)
        };
        html! {
            <div class="editor-toolbar">
                <span class="editor-title">{ format!("Script of {}", props.blueprint) }</span>
                <span class={classes!("editor-state", state)} data-testid="script-state" {title}>{ text }</span>
                if let Some(why) = &self.draft_error {
                    <span class="editor-draft-error" role="alert" data-testid="draft-error">{ why }</span>
                }
                if let Some(why) = &self.limit_error {
                    <span class="editor-draft-error" role="alert" data-testid="script-limit">{ why }</span>
                }
                if dirty && !props.readonly {
                    <button data-testid="script-discard" title="Throw these changes away and go back to the applied script"
                        onclick={ctx.link().callback(|_| Msg::Discard)}>{ "Discard" }</button>
                }
                if !drafting && !props.readonly {
                    <button data-testid="script-apply" title="Apply (Ctrl+Enter)"
                        onclick={ctx.link().callback(|_| Msg::Apply)}>{ "Apply" }</button>
                }
            </div>
        }
    }

    fn gutter_text(&self) -> String {
        (1..=self.lines.len().max(1))
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn view_line(&self, i: usize, chars: &[char], pair: Option<BracketPair>) -> Html {
        let spans = self.spans.get(i).map(Vec::as_slice).unwrap_or_default();
        let segs = segments(i, chars, spans, &self.errors, pair);
        let marked = self.marked_line == Some(i);
        html! {
            <>
                <span class={classes!("editor-line", marked.then_some("revealed"))} data-line={(i + 1).to_string()}
                    data-testid={marked.then_some("revealed-line")}>
                    { for segs.iter().map(view_segment) }
                </span>
                { "\n" }
            </>
        }
    }

    /// The hovered word's entry, under its line (not while the completion list is open).
    fn view_hover(&self) -> Html {
        let Some(h) = self.hover.filter(|_| self.completion.is_none()) else {
            return Html::default();
        };
        let line_text: String = self
            .lines
            .get(h.line)
            .map(|l| l.iter().collect())
            .unwrap_or_default();
        let cells = visual_col(&line_text, h.start, TAB_SIZE);
        let (top, left) = self
            .textarea()
            .map_or((0, 0), |a| (a.scroll_top(), a.scroll_left()));
        let style = format!(
            "top: calc(var(--editor-pad) + {} * var(--editor-line) - {top}px); left: max(0px, calc(var(--editor-pad) + {cells}ch - {left}px - 2rem))",
            h.line + 1
        );
        html! {
            <div class="editor-hover" data-testid="script-hover" role="tooltip" {style}>
                { crate::reference::entry_brief(h.entry) }
            </div>
        }
    }

    fn view_completion(&self, ctx: &Context<Self>) -> Html {
        let Some(completion) = &self.completion else {
            return html! {};
        };
        let (line, col) = line_col(&self.text, completion.start);
        let line_text: String = self
            .lines
            .get(line)
            .map(|l| l.iter().collect())
            .unwrap_or_default();
        let cells = visual_col(&line_text, col, TAB_SIZE);
        let (top, left) = self
            .textarea()
            .map_or((0, 0), |a| (a.scroll_top(), a.scroll_left()));
        let style = format!(
            "top: calc(var(--editor-pad) + {} * var(--editor-line) - {top}px); left: calc(var(--editor-pad) + {cells}ch - {left}px)",
            line + 1
        );
        let help = completion.items.get(self.selected).map(|i| i.help.clone());
        html! {
            <div class="editor-completion" data-testid="script-completion" {style}>
                <ul role="listbox">
                    { for completion.items.iter().enumerate().map(|(i, item)| {
                        let chosen = i == self.selected;
                        html! {
                            <li role="option" aria-selected={chosen.to_string()}
                                class={classes!(chosen.then_some("chosen"))}
                                onmousedown={ctx.link().callback(move |e: MouseEvent| { e.prevent_default(); Msg::Pick(i) })}>
                                <span class="item-label">{ &item.label }</span>
                                <span class="item-kind">{ item.kind.label() }</span>
                            </li>
                        }
                    }) }
                </ul>
                if let Some(help) = help { <p class="item-help">{ help }</p> }
            </div>
        }
    }

    fn view_errors(&self, ctx: &Context<Self>) -> Html {
        html! {
            <>
            { self.view_marks(ctx, &self.errors, "editor-errors", "script-errors") }
            if !self.warnings.is_empty() {
                { self.view_marks(ctx, &self.warnings, "editor-warnings", "script-warnings") }
            }
            </>
        }
    }

    /// A list of placed messages, each a button that puts the caret there.
    fn view_marks(
        &self,
        ctx: &Context<Self>,
        marks: &[ErrorMark],
        class: &'static str,
        testid: &'static str,
    ) -> Html {
        let warning = class == "editor-warnings";
        html! {
            <ul class={class} data-testid={testid}>
                { for marks.iter().map(|e| {
                    let (line, col) = (e.pos.line, e.pos.col);
                    html! {
                        <li>
                            <button data-line={line.to_string()} data-col={col.to_string()}
                                onclick={ctx.link().callback(move |_| Msg::Goto(line, col))}>
                                <span class="error-pos">{ format!("line {line}, column {col}") }</span>
                                { if warning { format!(": warning: {}", e.message) } else { format!(": {}", e.message) } }
                            </button>
                        </li>
                    }
                }) }
            </ul>
        }
    }
}

fn view_segment(seg: &Segment) -> Html {
    let plain = seg.class.is_none() && seg.errors.is_empty() && !seg.matched;
    if plain {
        return html! { { seg.text.clone() } };
    }
    let error = !seg.errors.is_empty();
    let class = classes!(
        seg.class.map(|c| c.css()),
        error.then_some("hl-error"),
        seg.matched.then_some("hl-match")
    );
    let title = error.then(|| seg.errors.join("\n"));
    let testid = error.then_some("script-error-mark");
    html! { <span {class} {title} data-testid={testid}>{ seg.text.clone() }</span> }
}

#[cfg(test)]
mod tests {
    use super::handled_key;

    #[test]
    fn list_keys_are_taken_from_the_browser_only_while_the_list_is_open() {
        for key in ["ArrowDown", "ArrowUp", "Tab", "Escape"] {
            assert!(handled_key(key, false, true, false), "{key}");
            assert!(!handled_key(key, false, false, false), "{key}");
        }
        assert!(handled_key("Enter", false, true, true), "Enter picks");
        assert!(
            !handled_key("Enter", false, true, false),
            "Enter after a word typed in full starts a new line"
        );
        assert!(
            handled_key("Enter", true, false, false),
            "Ctrl+Enter applies"
        );
        assert!(
            handled_key(" ", true, false, false),
            "Ctrl+Space opens the list"
        );
        assert!(!handled_key(" ", false, true, true));
        assert!(!handled_key("a", false, true, true));
    }
}

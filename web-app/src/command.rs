//! The command line (NetLogo's Command Center): one line of ScriptText and who runs it — the
//! model as a whole, every agent of a blueprint, or the selected agent. It runs at the start of
//! the next tick ([`sim_core::Simulation::run_command`]); a mistake shows at once with its
//! line and column. The arrow keys walk back and forth through the commands sent.

use sim_core::{CommandTarget, EntityId};
use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

/// The most commands the history keeps.
const HISTORY: usize = 100;

/// The command line's inputs.
#[derive(Properties, PartialEq)]
pub struct CommandProps {
    /// The model's blueprints.
    pub blueprints: Vec<String>,
    /// The selected agent, if one is: its id and name.
    pub selected: Option<(EntityId, String)>,
    /// Sends a command; the answer says what became of it ("sent to 12 Fish; it runs at the
    /// next tick") or why it was refused.
    pub on_send: Callback<(CommandTarget, String), Result<String, String>>,
}

pub enum Msg {
    Text(String),
    Who(String),
    Send,
    Key(KeyboardEvent),
}

/// The command line.
pub struct CommandLine {
    text: String,
    /// `model`, `bp:NAME` or `selected`.
    who: String,
    history: Vec<String>,
    /// Where the arrow keys are in the history (its length: past the newest).
    cursor: usize,
    /// What became of the last command (Ok: sent; Err: refused, or nothing was sent because
    /// the selected agent was chosen and none is selected).
    said: Option<Result<String, String>>,
}

impl Component for CommandLine {
    type Message = Msg;
    type Properties = CommandProps;

    fn create(_ctx: &Context<Self>) -> Self {
        CommandLine {
            text: String::new(),
            who: "model".to_string(),
            history: Vec::new(),
            cursor: 0,
            said: None,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Text(text) => self.text = text,
            Msg::Who(who) => self.who = who,
            Msg::Send => {
                let text = self.text.trim().to_string();
                if text.is_empty() {
                    return false;
                }
                let Some(target) = self.target(ctx) else {
                    self.said = Some(Err("select an agent on the stage first".to_string()));
                    return true;
                };
                let said = ctx.props().on_send.emit((target, text.clone()));
                if said.is_ok() {
                    // Sent: it joins the history and the line is cleared for the next.
                    if self.history.last() != Some(&text) {
                        self.history.push(text);
                        if self.history.len() > HISTORY {
                            self.history.remove(0);
                        }
                    }
                    self.text.clear();
                }
                self.cursor = self.history.len();
                self.said = Some(said);
            }
            Msg::Key(e) => match e.key().as_str() {
                "ArrowUp" if self.cursor > 0 => {
                    e.prevent_default();
                    self.cursor -= 1;
                    self.text = self.history.get(self.cursor).cloned().unwrap_or_default();
                }
                "ArrowDown" if self.cursor < self.history.len() => {
                    e.prevent_default();
                    self.cursor += 1;
                    self.text = self.history.get(self.cursor).cloned().unwrap_or_default();
                }
                _ => return false,
            },
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let props = ctx.props();
        let on_submit = link.callback(|e: SubmitEvent| {
            e.prevent_default();
            Msg::Send
        });
        let selected_name = props.selected.as_ref().map(|(_, name)| name.clone());
        html! {
            <form class="command-line" data-testid="command-line" onsubmit={on_submit}>
                <label class="who">{ "Run as " }
                    <select data-testid="command-who" aria-label="Who runs the command"
                        onchange={link.callback(|e: Event| Msg::Who(e.target_unchecked_into::<HtmlSelectElement>().value()))}>
                        <option value="model" selected={self.who == "model"}>{ "the model (Global)" }</option>
                        { for props.blueprints.iter().map(|bp| {
                            let value = format!("bp:{bp}");
                            let selected = self.who == value;
                            html! { <option {selected} {value}>{ format!("every {bp}") }</option> }
                        }) }
                        if let Some(name) = selected_name {
                            <option value="selected" selected={self.who == "selected"}>{ format!("the selected {name}") }</option>
                        }
                    </select>
                </label>
                <input class="command-text" data-testid="command-text" aria-label="Command (ScriptText)"
                    placeholder="featCall Global globalProp rate setTo 3" spellcheck="false" autocomplete="off"
                    value={self.text.clone()}
                    oninput={link.callback(|e: InputEvent| Msg::Text(e.target_unchecked_into::<HtmlInputElement>().value()))}
                    onkeydown={link.callback(Msg::Key)} />
                <button type="submit" data-testid="command-run">{ "Run" }</button>
                if let Some(said) = &self.said {
                    <p class={classes!("command-answer", said.is_err().then_some("error"))}
                        data-testid="command-answer" role={said.is_err().then_some("alert")}>
                        { match said { Ok(s) | Err(s) => s.clone() } }
                    </p>
                }
            </form>
        }
    }
}

impl CommandLine {
    /// Who the chosen "Run as" names (none: the selected agent, when nothing is selected).
    fn target(&self, ctx: &Context<Self>) -> Option<CommandTarget> {
        match self.who.as_str() {
            "model" => Some(CommandTarget::Model),
            "selected" => ctx
                .props()
                .selected
                .as_ref()
                .map(|(id, _)| CommandTarget::Agent(*id)),
            who => who
                .strip_prefix("bp:")
                .map(|bp| CommandTarget::Blueprint(bp.to_string())),
        }
    }
}

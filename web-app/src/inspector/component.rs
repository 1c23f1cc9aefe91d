//! The inspector's view: the inspected agent's props grouped as built-in, added and per
//! feature, and the agent list with its blueprint filter.

use super::readout::{AgentRow, Edit, Inspection};
use sim_core::{EntityId, PropEntry, PropGroup, Value};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

/// How many agents the list shows at most; a 10,000-agent model lists its first ones.
const LIST_LIMIT: usize = 200;

/// The inspector's inputs.
#[derive(Properties)]
pub struct InspectorProps {
    /// What to show.
    pub data: Rc<Inspection>,
    /// An agent in the list was clicked.
    pub on_select: Callback<EntityId>,
    /// A prop edit was applied with Enter.
    pub on_edit: Callback<Edit>,
}

impl PartialEq for InspectorProps {
    /// A readout is never changed once shared, so the same pointer means the same readout.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.data, &other.data)
            && self.on_select == other.on_select
            && self.on_edit == other.on_edit
    }
}

/// The inspector panel.
#[function_component(Inspector)]
pub fn inspector(props: &InspectorProps) -> Html {
    let data = &props.data;
    html! {
        <section class="inspector" data-testid="inspector" aria-label="Inspector">
            <div class="inspected">
                <h2>{ "Inspector" }</h2>
                <p class="hovered" data-testid="hovered">
                    { data.hovered.as_ref().map_or(String::new(), |name| format!("Under the pointer: {name}")) }
                </p>
                if let Some(error) = &data.error {
                    <p class="error" data-testid="inspector-error">{ error }</p>
                }
                { inspected(data, &props.on_edit) }
            </div>
            <AgentList agents={data.clone()} on_select={props.on_select.clone()} />
        </section>
    }
}

/// The selected agent's name and props, or a hint when nothing is selected.
fn inspected(data: &Inspection, on_edit: &Callback<Edit>) -> Html {
    let Some((agent, rows)) = &data.inspected else {
        return html! { <p class="hint" data-testid="no-selection">{ "Click an agent to inspect it." }</p> };
    };
    let others = data.selected_count.saturating_sub(1);
    let groups = [PropGroup::Builtin, PropGroup::Added]
        .into_iter()
        .chain(rows.iter().filter_map(|r| match &r.group {
            PropGroup::Feature(_) => Some(r.group.clone()),
            _ => None,
        }))
        .fold(Vec::new(), |mut seen, g| {
            if !seen.contains(&g) {
                seen.push(g);
            }
            seen
        });
    html! {
        <>
            <h3 data-testid="inspected-name">{ &agent.name }</h3>
            <p class="selection-count" data-testid="selected-count">
                { if others > 0 { format!("{} agents selected", data.selected_count) } else { "1 agent selected".to_string() } }
            </p>
            { for groups.iter().map(|g| prop_table(agent.id, g, rows, on_edit)) }
        </>
    }
}

/// One group's rows as a table, nothing when the group is empty.
fn prop_table(
    agent: EntityId,
    group: &PropGroup,
    rows: &[PropEntry],
    on_edit: &Callback<Edit>,
) -> Html {
    let rows: Vec<&PropEntry> = rows.iter().filter(|r| &r.group == group).collect();
    if rows.is_empty() {
        return Html::default();
    }
    let title = match group {
        PropGroup::Builtin => "Built-in".to_string(),
        PropGroup::Added => "Added".to_string(),
        PropGroup::Feature(name) => name.clone(),
    };
    html! {
        <table class="props">
            <caption>{ title }</caption>
            { for rows.into_iter().map(|r| html! {
                <PropRow key={r.name.clone()} {agent} entry={r.clone()} on_edit={on_edit.clone()} />
            }) }
        </table>
    }
}

#[derive(Properties, PartialEq)]
struct PropRowProps {
    agent: EntityId,
    entry: PropEntry,
    on_edit: Callback<Edit>,
}

/// One prop: numbers and text in an input applied with Enter, Booleans as a checkbox, other
/// values as text. While the input has focus it keeps the value it had when focused, so a
/// running model does not overwrite what the user is typing.
#[function_component(PropRow)]
fn prop_row(props: &PropRowProps) -> Html {
    let frozen = use_state(|| None::<String>);
    let entry = &props.entry;
    let testid = match &entry.group {
        PropGroup::Feature(feature) => format!("prop-{feature}.{}", entry.name),
        _ => format!("prop-{}", entry.name),
    };
    let shown = format_value(&entry.value);
    let editable = matches!(entry.value, Value::Number(_) | Value::String(_));
    let cell = if let Value::Boolean(on) = entry.value {
        checkbox(props, testid, on)
    } else if editable {
        let value = (*frozen).clone().unwrap_or_else(|| shown.clone());
        let onfocus = {
            let (frozen, shown) = (frozen.clone(), shown.clone());
            Callback::from(move |_: FocusEvent| frozen.set(Some(shown.clone())))
        };
        let onblur = {
            let frozen = frozen.clone();
            Callback::from(move |_: FocusEvent| frozen.set(None))
        };
        let onkeydown = {
            let (on_edit, agent, entry) = (props.on_edit.clone(), props.agent, entry.clone());
            Callback::from(move |e: KeyboardEvent| {
                if e.key() != "Enter" {
                    return;
                }
                if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                    on_edit.emit(Edit {
                        agent,
                        group: entry.group.clone(),
                        name: entry.name.clone(),
                        text: input.value(),
                        was: entry.value.clone(),
                    });
                    // Leaving the field shows the value the simulation now holds.
                    let _ = input.blur();
                }
            })
        };
        html! { <input data-testid={testid} aria-label={entry.name.clone()} {value} {onfocus} {onblur} {onkeydown} /> }
    } else {
        html! { <span data-testid={testid}>{ shown }</span> }
    };
    html! { <tr><th>{ &entry.name }</th><td>{ cell }</td></tr> }
}

/// A Boolean prop as a checkbox; a click sends `true` or `false` as an edit. The box is put
/// back as it was at once: the next readout shows what the simulation accepted.
fn checkbox(props: &PropRowProps, testid: String, on: bool) -> Html {
    let onchange = {
        let (on_edit, agent, entry) = (props.on_edit.clone(), props.agent, props.entry.clone());
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                on_edit.emit(Edit {
                    agent,
                    group: entry.group.clone(),
                    name: entry.name.clone(),
                    text: input.checked().to_string(),
                    was: entry.value.clone(),
                });
                input.set_checked(on);
            }
        })
    };
    html! { <input type="checkbox" data-testid={testid} aria-label={props.entry.name.clone()} checked={on} {onchange} /> }
}

/// A value as the inspector shows it: numbers to at most three decimals.
fn format_value(value: &Value) -> String {
    match value {
        Value::Number(n) if n.fract() != 0.0 => {
            let text = format!("{n:.3}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
        other => other.to_string(),
    }
}

#[derive(Properties)]
struct AgentListProps {
    agents: Rc<Inspection>,
    on_select: Callback<EntityId>,
}

impl PartialEq for AgentListProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.agents, &other.agents) && self.on_select == other.on_select
    }
}

/// Every agent, filtered by blueprint; a click selects one. The list is one tab stop (the
/// selected row, else the first): the arrow keys, Home and End move the selection inside it,
/// so the keyboard reaches what follows without passing every agent.
#[function_component(AgentList)]
fn agent_list(props: &AgentListProps) -> Html {
    let filter = use_state(String::new);
    let on_filter = {
        let filter = filter.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                filter.set(select.value());
            }
        })
    };
    let matching: Vec<&AgentRow> = props
        .agents
        .agents
        .iter()
        .filter(|a| filter.is_empty() || a.blueprint == *filter)
        .collect();
    let total = matching.len();
    let shown = &matching[..total.min(LIST_LIMIT)];
    let ids: Vec<EntityId> = shown.iter().map(|a| a.id).collect();
    let stop = shown.iter().position(|a| a.selected).unwrap_or(0);
    let onkeydown = arrow_keys(ids, &props.on_select);
    html! {
        <div class="agent-list" data-testid="agent-list">
            <h3>{ "Agents " }<span data-testid="agent-count">{ total }</span></h3>
            <label>{ "Blueprint " }
                <select data-testid="agent-filter" onchange={on_filter}>
                    <option value="" selected={filter.is_empty()}>{ "all" }</option>
                    { for props.agents.blueprints.iter().map(|b| html! {
                        <option value={b.clone()} selected={*b == *filter}>{ b }</option>
                    }) }
                </select>
            </label>
            <ul aria-label="Agents (arrow keys move the selection)" {onkeydown}>
                { for shown.iter().enumerate().map(|(index, a)| {
                    let (id, on_select) = (a.id, props.on_select.clone());
                    html! {
                        <li key={a.id.to_string()}>
                            <button class={classes!(a.selected.then_some("selected"))} data-testid="agent-row"
                                data-index={index.to_string()} tabindex={if index == stop { "0" } else { "-1" }}
                                aria-pressed={a.selected.to_string()}
                                onclick={Callback::from(move |_| on_select.emit(id))}>{ &a.name }</button>
                        </li>
                    }
                }) }
            </ul>
            if total > LIST_LIMIT {
                <p class="hint">{ format!("and {} more", total - LIST_LIMIT) }</p>
            }
        </div>
    }
}

/// The arrow keys, Home and End on the list select the agent of the row they move to
/// (`ids`, in the rows' order) and focus it.
fn arrow_keys(ids: Vec<EntityId>, on_select: &Callback<EntityId>) -> Callback<KeyboardEvent> {
    let on_select = on_select.clone();
    Callback::from(move |e: KeyboardEvent| {
        let Some(from) = e
            .target_dyn_into::<web_sys::Element>()
            .and_then(|row| row.get_attribute("data-index"))
            .and_then(|i| i.parse().ok())
        else {
            return;
        };
        let Some(to) = moved_to(&e.key(), from, ids.len()) else {
            return;
        };
        e.prevent_default();
        on_select.emit(ids[to]);
        focus_row(&e, to);
    })
}

/// Where a key moves the focus in a list of `len` rows from row `from`; None for other keys.
fn moved_to(key: &str, from: usize, len: usize) -> Option<usize> {
    let last = len.checked_sub(1)?;
    match key {
        "ArrowDown" | "ArrowRight" => Some((from + 1).min(last)),
        "ArrowUp" | "ArrowLeft" => Some(from.saturating_sub(1)),
        "Home" => Some(0),
        "End" => Some(last),
        _ => None,
    }
}

/// Focuses row `index` of the list the key event came from.
fn focus_row(e: &KeyboardEvent, index: usize) {
    let row = e
        .current_target()
        .and_then(|list| list.dyn_into::<web_sys::Element>().ok())
        .and_then(|list| {
            list.query_selector(&format!("[data-index=\"{index}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|row| row.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(row) = row {
        let _ = row.focus();
    }
}

#[cfg(test)]
mod tests {
    use super::moved_to;

    #[test]
    fn arrows_move_within_the_list_and_stop_at_its_ends() {
        assert_eq!(moved_to("ArrowDown", 0, 3), Some(1));
        assert_eq!(moved_to("ArrowDown", 2, 3), Some(2));
        assert_eq!(moved_to("ArrowUp", 0, 3), Some(0));
        assert_eq!(moved_to("Home", 2, 3), Some(0));
        assert_eq!(moved_to("End", 0, 3), Some(2));
        assert_eq!(moved_to("Enter", 0, 3), None);
        assert_eq!(moved_to("ArrowDown", 0, 0), None);
    }
}

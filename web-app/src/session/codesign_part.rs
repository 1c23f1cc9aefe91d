//! The co-design part of the teacher's lesson panel (its review tab): who may edit the class model's
//! blueprints, whether changes wait for review, the changes waiting (each with its line diff
//! against the running text, Accept and Decline with a reason) and who changed what.

use super::codesign::{line_diff, Desk, Waiting};
use sim_core::session::codesign::{EditPolicy, Policy};
use sim_core::Project;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// What the co-design part does.
#[derive(Clone)]
pub struct CodesignActions {
    /// Sets the room's rules.
    pub policy: Callback<Policy>,
    /// Accepts a waiting change: device, submission number.
    pub accept: Callback<(String, u32)>,
    /// Declines a waiting change: device, submission number, reason.
    pub decline: Callback<(String, u32, String)>,
}

/// The rules, the list waiting and the log of changes, against the running `project`.
pub fn codesign_part(
    desk: &Desk,
    project: Option<&Project>,
    now_ms: f64,
    actions: &CodesignActions,
) -> Html {
    let policy = desk.policy;
    let on_edit = actions.policy.reform(move |e: Event| {
        let key = e.target_unchecked_into::<HtmlSelectElement>().value();
        Policy {
            edit: EditPolicy::from_key(&key).unwrap_or_default(),
            ..policy
        }
    });
    let on_review = actions.policy.reform(move |e: Event| Policy {
        review: e.target_unchecked_into::<HtmlSelectElement>().value() == "review",
        ..policy
    });
    let counts = desk.counts;
    html! {
        <fieldset class="session-codesign" data-testid="session-codesign">
            <legend>{ "Students' scripts" }</legend>
            <label>{ "Who may edit " }
                <select data-testid="session-edit-policy" onchange={on_edit}>
                    { for EditPolicy::ALL.iter().map(|p| html! {
                        <option value={p.key()} selected={*p == policy.edit}>{ p.label() }</option>
                    }) }
                </select>
            </label>
            <label>{ "Changes " }
                <select data-testid="session-review" onchange={on_review}>
                    <option value="apply" selected={!policy.review}>{ "apply at once" }</option>
                    <option value="review" selected={policy.review}>{ "wait for my review" }</option>
                </select>
            </label>
            if !desk.waiting().is_empty() {
                <ul class="session-submissions" aria-label="Changes waiting for review">
                    { for desk.waiting().iter().map(|w| submission(w, project, now_ms, actions)) }
                </ul>
            }
            <p class="session-counts" data-testid="codesign-counts">
                { format!("{} applied · {} declined · {} refused · {} sent too fast",
                    counts.applied, counts.declined, counts.refused, counts.throttled) }
            </p>
            if desk.changes().next().is_some() {
                <ol class="session-changes" data-testid="session-changes" aria-label="Who changed what">
                    { for desk.changes().map(|line| html! { <li>{ line }</li> }) }
                </ol>
            }
        </fieldset>
    }
}

/// One waiting change: who, which blueprint, when, whether it conflicts, its diff, and the
/// teacher's buttons.
fn submission(
    w: &Waiting,
    project: Option<&Project>,
    now_ms: f64,
    actions: &CodesignActions,
) -> Html {
    let running = project
        .and_then(|p| p.blueprint(&w.blueprint))
        .map_or("", |b| b.script_text.as_str());
    let diff = line_diff(running, &w.text);
    let reason = NodeRef::default();
    let key = (w.device.clone(), w.id);
    let accept = {
        let key = key.clone();
        actions.accept.reform(move |_: MouseEvent| key.clone())
    };
    let decline = {
        let reason = reason.clone();
        actions.decline.reform(move |_: MouseEvent| {
            let why = reason
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            (key.0.clone(), key.1, why)
        })
    };
    let kind = if w.new_agents.is_some() {
        "new blueprint "
    } else {
        ""
    };
    let ago = ((now_ms - w.at_ms) / 1000.0).max(0.0);
    html! {
        <li class={classes!("session-submission", w.conflict.then_some("conflict"))} data-testid="session-submission"
            data-device={w.device.clone()} data-blueprint={w.blueprint.clone()} data-conflict={w.conflict.to_string()}>
            <p>
                <strong>{ &w.name }</strong>{ format!(" · {kind}{} · {ago:.0} s ago", w.blueprint) }
                if let Some(n) = w.new_agents { { format!(" · {n} agents") } }
                if w.conflict {
                    <span class="submission-conflict" title="The class's script changed since this student started: accepting replaces that change">
                        { " · conflict: written over an older version" }
                    </span>
                }
            </p>
            <pre class="submission-diff" data-testid="submission-diff" aria-label="Changes against the running script">
                { for diff.iter().map(|(mark, line)| {
                    let class = match mark { '+' => "added", '-' => "removed", _ => "kept" };
                    html! { <span class={class}>{ format!("{mark} {line}\n") }</span> }
                }) }
            </pre>
            <div class="submission-actions">
                <button class="primary" data-testid="submission-accept" onclick={accept}>{ "Accept" }</button>
                <input data-testid="submission-reason" ref={reason} maxlength="200" placeholder="reason (optional)"
                    aria-label={format!("Why decline {}'s {}", w.name, w.blueprint)} />
                <button data-testid="submission-decline" onclick={decline}>{ "Decline" }</button>
            </div>
        </li>
    }
}

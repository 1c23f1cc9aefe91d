//! [`ReferencePanel`]: every reference entry, searchable, grouped by kind of word; choosing one
//! shows it in full above the list.

use super::card::entry_card;
use sim_core::reference::{find, search, Entry, Section};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct ReferenceProps {
    /// The entry to show first (its key), if any: the one a *More* button asked for.
    #[prop_or_default]
    pub chosen: Option<AttrValue>,
    /// Closes the panel.
    pub on_close: Callback<MouseEvent>,
}

/// The Reference panel.
#[function_component(ReferencePanel)]
pub fn reference_panel(props: &ReferenceProps) -> Html {
    let query = use_state(String::new);
    let chosen = use_state(|| props.chosen.clone());
    let card = use_node_ref();
    let here = use_node_ref();
    {
        // On a phone the side column is under the stage: the panel comes into view as it opens.
        let here = here.clone();
        use_effect_with((), move |_| crate::browser::bring_into_view(here.cast()));
    }
    {
        // The entry shows above the list: choosing one far down brings it into view.
        let card = card.clone();
        use_effect_with((*chosen).clone(), move |chosen| {
            let height = web_sys::window()
                .and_then(|w| w.inner_height().ok())
                .and_then(|h| h.as_f64())
                .unwrap_or_default();
            if let Some(card) = card.cast::<web_sys::Element>().filter(|_| chosen.is_some()) {
                let top = card.get_bounding_client_rect().top();
                if top < 0.0 || top > height * 0.7 {
                    card.scroll_into_view_with_bool(true);
                }
            }
        });
    }
    {
        // A *More* button asking for another entry while the panel is open shows that one.
        let chosen = chosen.clone();
        use_effect_with(props.chosen.clone(), move |asked| {
            if asked.is_some() {
                chosen.set(asked.clone());
            }
        });
    }
    let hits = search(&query);
    let shown: Option<&Entry> = (*chosen)
        .as_ref()
        .and_then(|key| find(key).into_iter().find(|e| e.key == key.as_str()));
    let oninput = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            query.set(input.value());
        })
    };
    let pick = |key: &str| {
        let (chosen, key) = (chosen.clone(), AttrValue::from(key.to_owned()));
        Callback::from(move |_: MouseEvent| chosen.set(Some(key.clone())))
    };
    let count = if query.trim().is_empty() {
        format!("{} entries", hits.len())
    } else if hits.is_empty() {
        "Nothing matches: try one word, like touch, colour or add.".to_owned()
    } else {
        format!("{} of the entries match", hits.len())
    };
    html! {
        <section class="reference-panel" data-testid="reference-panel" aria-labelledby="reference-title" ref={here}>
            <header class="info-head">
                <h2 id="reference-title">{ "Reference" }</h2>
                <button data-testid="reference-close" onclick={props.on_close.clone()}
                    aria-label="Close the reference">{ "Close" }</button>
            </header>
            <p class="quiet">{ "Every keyword, feature and method a script can use, with an example." }</p>
            <input type="search" class="reference-search" data-testid="reference-search"
                placeholder="Search: touch, costume, add …" aria-label="Search the reference"
                value={(*query).clone()} {oninput} />
            <div class="ref-shown" ref={card}>
                if let Some(e) = shown {
                    { entry_card(e) }
                }
            </div>
            <p class="quiet" data-testid="reference-count" aria-live="polite">{ count }</p>
            { for Section::ALL.iter().map(|section| {
                let in_section: Vec<&Entry> = hits.iter().copied().filter(|e| e.section == *section).collect();
                html! {
                    if !in_section.is_empty() {
                        <h3 class="ref-section">{ section.title() }</h3>
                        <ul class="ref-list">
                            { for in_section.iter().map(|e| {
                                let current = shown.is_some_and(|s| s.key == e.key);
                                html! {
                                    <li>
                                        <button class="ref-item" data-testid="reference-item" data-key={e.key.clone()}
                                            aria-current={current.then_some("true")} onclick={pick(&e.key)}>
                                            <span class="ref-item-name">{ e.title() }</span>
                                            <span class="ref-item-summary">{ e.summary }</span>
                                        </button>
                                    </li>
                                }
                            }) }
                        </ul>
                    }
                }
            }) }
        </section>
    }
}

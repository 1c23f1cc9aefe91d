//! An entry drawn for a reader: in full in the Reference panel, or briefly (what it does, a
//! line that uses it, an example) in the wizard's help box and the text editor's hover card.

use sim_core::reference::Entry;
use yew::prelude::*;

/// The whole entry: title, the shape of a line that uses it, what it does, what it holds or
/// gives back, its arguments, the example and GEMSTEP's other names for it.
pub fn entry_card(e: &Entry) -> Html {
    html! {
        <article class="ref-card" data-testid="reference-entry" data-key={e.key.clone()}>
            <h3 class="ref-title">{ e.title() }</h3>
            <code class="ref-usage">{ e.usage() }</code>
            <p class="ref-summary">{ e.summary }</p>
            if let Some(value) = &e.value { <p class="ref-fact">{ format!("Holds: {value}") }</p> }
            if let Some(answer) = &e.answers { <p class="ref-fact">{ format!("Gives back: {answer}") }</p> }
            if !e.args.is_empty() {
                <dl class="ref-args">
                    { for e.args.iter().map(|a| html! {
                        <>
                            <dt><code>{ a.name }</code>
                                if !a.how_many.is_empty() { <span class="quiet">{ format!(" ({})", a.how_many) }</span> }
                            </dt>
                            <dd>{ a.help }</dd>
                        </>
                    }) }
                </dl>
            }
            { example(e) }
            if !e.gemstep.is_empty() {
                <p class="ref-fact quiet">{ format!("GEMSTEP also writes: {}", e.gemstep.join(", ")) }</p>
            }
        </article>
    }
}

/// What it does, the shape of a line that uses it and the example: enough to go on typing.
pub fn entry_brief(e: &Entry) -> Html {
    html! {
        <div class="ref-brief" data-testid="reference-brief" data-key={e.key.clone()}>
            <p class="ref-summary"><strong>{ e.title() }</strong>{ ": " }{ e.summary }</p>
            { example(e) }
        </div>
    }
}

fn example(e: &Entry) -> Html {
    html! {
        <figure class="ref-example">
            <figcaption>{ "Example" }</figcaption>
            <pre>{ e.example }</pre>
        </figure>
    }
}

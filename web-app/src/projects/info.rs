//! [`InfoPanel`]: the open model's lesson guide, beside the model: what it shows, how to use
//! it in a 40-minute lesson, what to notice, questions for students, things to try and the
//! science behind it. A model without a guide shows its description and says so.

use super::current::ProjectHandle;
use sim_core::project::Guide;
use yew::prelude::*;

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct InfoProps {
    /// The open project.
    pub project: ProjectHandle,
    /// The project's revision: the panel shows the guide again when it changes.
    pub revision: u64,
    /// Goes back to the model.
    pub on_close: Callback<MouseEvent>,
}

/// The open model's lesson guide.
#[function_component(InfoPanel)]
pub fn info_panel(props: &InfoProps) -> Html {
    let here = use_node_ref();
    {
        // On a phone the side column is under the stage: the guide comes into view as it
        // opens. Where it opens in view (beside the stage), nothing moves.
        let here = here.clone();
        use_effect_with((), move |_| crate::browser::bring_into_view(here.cast()));
    }
    let (title, description, guide) = props.project.with(|c| match c {
        Some(c) => (
            c.title().to_string(),
            c.project.description.clone(),
            c.project.guide.clone(),
        ),
        None => (String::new(), String::new(), None),
    });
    html! {
        <section class="info-panel" data-testid="info-panel" aria-labelledby="info-title" ref={here}>
            <header class="info-head">
                <h2 id="info-title">{ format!("About {title}") }</h2>
                <button data-testid="info-close" onclick={props.on_close.clone()}
                    aria-label="Close the guide and show the model">{ "Close" }</button>
            </header>
            { match guide {
                Some(guide) => guide_sections(&guide),
                None => html! {
                    <>
                    if !description.trim().is_empty() { <p>{ description }</p> }
                    <p class="quiet" data-testid="info-none">
                        { "This model has no lesson guide. The models in the library each have one." }
                    </p>
                    </>
                },
            } }
        </section>
    }
}

/// The guide's sections, in the order a teacher preparing a lesson reads them.
fn guide_sections(guide: &Guide) -> Html {
    let band = [guide.subject.trim(), guide.grades.trim()];
    let band = match band {
        ["", ""] => String::new(),
        [subject, ""] => subject.to_string(),
        ["", grades] => format!("Grades {grades}"),
        [subject, grades] => format!("{subject} · grades {grades}"),
    };
    html! {
        <>
        if !band.is_empty() { <p class="info-band" data-testid="info-band">{ band }</p> }
        if !guide.summary.trim().is_empty() { <p class="info-summary">{ &guide.summary }</p> }
        { paragraph("What it shows", "info-shows", &guide.shows) }
        { list("In class", "info-steps", &guide.steps, true) }
        { list("What to notice", "info-notice", &guide.notice, false) }
        { list("Questions for students", "info-questions", &guide.questions, false) }
        { list("Things to try", "info-try", &guide.try_this, false) }
        { paragraph("The science", "info-science", &guide.science) }
        </>
    }
}

fn paragraph(heading: &str, id: &str, text: &str) -> Html {
    if text.trim().is_empty() {
        return Html::default();
    }
    html! {
        <section data-testid={id.to_string()}>
            <h3>{ heading }</h3>
            { for text.split("\n\n").map(|p| html! { <p>{ p }</p> }) }
        </section>
    }
}

fn list(heading: &str, id: &str, items: &[String], numbered: bool) -> Html {
    if items.is_empty() {
        return Html::default();
    }
    let items = items.iter().map(|item| html! { <li>{ item }</li> });
    html! {
        <section data-testid={id.to_string()}>
            <h3>{ heading }</h3>
            if numbered { <ol>{ for items }</ol> } else { <ul>{ for items }</ul> }
        </section>
    }
}

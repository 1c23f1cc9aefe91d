//! [`ModelLibrary`]: the models library page, where a teacher chooses tomorrow's model. Each
//! bundled model has a card with a picture drawn from the model itself, its subject, grade
//! band and one-line summary (from its lesson guide); a search box and the subjects narrow
//! the list. Choosing a card opens the model as the model picker would (a copy is kept in the
//! student's projects at the first change). The blank starting points are listed last.

mod filter;
mod picture;

use super::load::parse_project;
use super::models::ModelEntry;
use crate::browser;
use picture::ModelPicture;
use sim_core::project::SUBJECTS;
use sim_core::Project;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The library's inputs.
#[derive(Properties, PartialEq)]
pub struct LibraryProps {
    /// The bundled models, in the index's order.
    pub models: Vec<ModelEntry>,
    /// Opens the model with this id.
    pub on_open: Callback<String>,
    /// Closes the library without opening anything.
    pub on_close: Callback<()>,
    /// Closes the library and starts the first-model tutorial.
    pub on_tutorial: Callback<()>,
}

/// What the library knows of one model: nothing yet, its project, or why it did not load.
enum Card {
    Loading,
    Loaded(Rc<Project>),
    Failed(String),
}

/// The library's messages.
pub enum Msg {
    /// Model `index`'s file arrived (or did not).
    Fetched(usize, Result<Box<Project>, String>),
    /// The search box changed.
    Query(String),
    /// A subject was chosen, or all of them.
    Subject(Option<&'static str>),
}

/// The models library page.
pub struct ModelLibrary {
    cards: Vec<Card>,
    query: String,
    subject: Option<&'static str>,
    search: NodeRef,
}

impl Component for ModelLibrary {
    type Message = Msg;
    type Properties = LibraryProps;

    fn create(ctx: &Context<Self>) -> Self {
        for (index, entry) in ctx.props().models.iter().enumerate() {
            let (url, file) = (entry.url(), entry.file.clone());
            ctx.link().send_future(async move {
                let text = browser::fetch_text(&url).await;
                let project = text.and_then(|text| parse_project(&file, &text));
                Msg::Fetched(index, project.map(Box::new).map_err(|e| e.to_string()))
            });
        }
        ModelLibrary {
            cards: ctx.props().models.iter().map(|_| Card::Loading).collect(),
            query: String::new(),
            subject: None,
            search: NodeRef::default(),
        }
    }

    fn update(&mut self, _: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Fetched(index, result) => {
                if let Some(card) = self.cards.get_mut(index) {
                    *card = match result {
                        Ok(project) => Card::Loaded(Rc::new(*project)),
                        Err(why) => Card::Failed(why),
                    };
                }
            }
            Msg::Query(query) => self.query = query,
            Msg::Subject(subject) => self.subject = subject,
        }
        true
    }

    fn rendered(&mut self, _: &Context<Self>, first: bool) {
        if first {
            if let Some(search) = self.search.cast::<HtmlInputElement>() {
                let _ = search.focus();
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let on_query = link.callback(|e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            Msg::Query(input.value())
        });
        let on_close = ctx.props().on_close.reform(|_: MouseEvent| ());
        let close = ctx.props().on_close.clone();
        let on_key = Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                close.emit(());
            }
        });
        let models = &ctx.props().models;
        let shown: Vec<usize> = (0..models.len())
            .filter(|&i| self.is_shown(i, &models[i]))
            .collect();
        let (lessons, starters): (Vec<usize>, Vec<usize>) =
            shown.into_iter().partition(|&i| !models[i].starter);
        let page = html! {
            <div class="library-page" role="dialog" aria-modal="true" aria-labelledby="library-title"
                data-testid="library-page" onkeydown={on_key}>
                <div class="library-head">
                    <h2 id="library-title">{ "Models library" }</h2>
                    <button class="library-close" data-testid="library-close" onclick={on_close}>{ "Close" }</button>
                </div>
                <p class="library-tutorial">
                    { "New to Stepwise? Build your first model in 11 steps: fish, algae and a graph. " }
                    <button data-testid="library-tutorial" onclick={ctx.props().on_tutorial.reform(|_: MouseEvent| ())}>
                        { "Start the tutorial" }</button>
                </p>
                <div class="library-filters">
                    <input type="search" data-testid="library-search" ref={self.search.clone()}
                        placeholder="Search by name, subject or topic" aria-label="Search the models"
                        value={self.query.clone()} oninput={on_query} />
                    <div class="library-subjects" role="group" aria-label="Subject">
                        { self.subject_button(ctx, None) }
                        { for SUBJECTS.iter().map(|s| self.subject_button(ctx, Some(s))) }
                    </div>
                </div>
                <p class="library-count" data-testid="library-count" aria-live="polite">
                    { count_text(lessons.len()) }
                </p>
                <ul class="library-cards">
                    { for lessons.iter().map(|&i| self.card(ctx, i)) }
                </ul>
                if !starters.is_empty() {
                    <h3 class="library-starters">{ "Starting points" }</h3>
                    <ul class="library-cards">
                        { for starters.iter().map(|&i| self.card(ctx, i)) }
                    </ul>
                }
            </div>
        };
        // Over the whole page, out of the side column (whose sticky place would keep it
        // under the title bar and the inspector).
        match web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            Some(body) => create_portal(page, body.into()),
            None => page,
        }
    }
}

impl ModelLibrary {
    /// Whether model `index` (`entry`) matches the search and subject; one still loading is
    /// matched by its name alone.
    fn is_shown(&self, index: usize, entry: &ModelEntry) -> bool {
        let guide = match self.cards.get(index) {
            Some(Card::Loaded(project)) => project.guide.as_ref(),
            _ => None,
        };
        filter::shown(&entry.label, guide, &self.query, self.subject)
    }

    fn subject_button(&self, ctx: &Context<Self>, subject: Option<&'static str>) -> Html {
        let pressed = self.subject == subject;
        html! {
            <button data-testid="library-subject" aria-pressed={pressed.to_string()}
                onclick={ctx.link().callback(move |_| Msg::Subject(subject))}>
                { subject.unwrap_or("All subjects") }
            </button>
        }
    }

    /// Model `index`'s card.
    fn card(&self, ctx: &Context<Self>, index: usize) -> Html {
        let entry = &ctx.props().models[index];
        let id = entry.id.clone();
        let on_open = ctx.props().on_open.reform(move |_: MouseEvent| id.clone());
        let label = AttrValue::from(entry.label.clone());
        let (picture, details) = match &self.cards[index] {
            Card::Loading => (
                html! { <div class="model-picture loading" /> },
                html! {
                    <p class="quiet">{ "Loading…" }</p>
                },
            ),
            Card::Failed(why) => (
                html! { <div class="model-picture" /> },
                html! {
                    <p class="error">{ why }</p>
                },
            ),
            Card::Loaded(project) => {
                let guide = project.guide.as_ref();
                let band = guide.map(|g| match g.grades.trim() {
                    "" => g.subject.clone(),
                    grades => format!("{} · grades {grades}", g.subject),
                });
                let summary = guide
                    .map(|g| g.summary.clone())
                    .filter(|s| !s.trim().is_empty())
                    .unwrap_or_else(|| project.description.clone());
                (
                    html! { <ModelPicture project={project.clone()} label={label.clone()} /> },
                    html! {
                        <>
                        if let Some(band) = band {
                            <p class="library-band" data-testid="library-band">{ band }</p>
                        }
                        <p class="library-summary">{ summary }</p>
                        </>
                    },
                )
            }
        };
        html! {
            <li>
                <button class="library-card" data-testid="library-card" data-model={entry.id.clone()}
                    onclick={on_open}>
                    { picture }
                    <h3>{ label }</h3>
                    { details }
                </button>
            </li>
        }
    }
}

fn count_text(n: usize) -> String {
    match n {
        0 => "No model matches: try another word or All subjects.".to_string(),
        1 => "1 model".to_string(),
        n => format!("{n} models"),
    }
}

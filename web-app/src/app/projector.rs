//! [`ProjectorCard`]: what the class screen shows beside the stage, large enough to read from
//! the back of the room: the room code and its QR code while the room takes students, the
//! run's clock, and the high-contrast stage for models whose agents are hard to see.

use super::action::{Action, StageAction};
use super::lesson::room_links;
use super::page::PageHandle;
use crate::session::screens;
use yew::prelude::*;

/// Where the projector keeps whether it draws the stage in high contrast.
const HIGH_CONTRAST: &str = "stepwise-high-contrast";

/// Whether this browser's projector draws the stage in high contrast.
pub fn high_contrast_kept() -> bool {
    crate::browser::flag_kept(HIGH_CONTRAST)
}

/// Keeps whether this browser's projector draws the stage in high contrast.
pub fn keep_high_contrast(on: bool) {
    crate::browser::keep_flag(HIGH_CONTRAST, on);
}

/// The projector card's inputs.
#[derive(Properties, PartialEq)]
pub struct ProjectorProps {
    /// The page's shared state.
    pub page: PageHandle,
}

/// The class screen's card: join code and QR code, clock, contrast.
#[function_component(ProjectorCard)]
pub fn projector_card(props: &ProjectorProps) -> Html {
    let page = &props.page;
    let state = page.read();
    let Some(d) = &state.session.device else {
        return Html::default();
    };
    let playing = d.control.as_ref().is_some_and(|c| c.playing);
    let open = d.following() && !d.ended && !d.control.as_ref().is_some_and(|c| c.locked);
    let (join_link, _) = room_links(d.code(), &state.query);
    let contrast = state.stage.high_contrast();
    let toggle =
        page.on(move |_: MouseEvent| Some(Action::Stage(StageAction::HighContrast(!contrast))));
    html! {
        <div class="panel projector-card" data-testid="projector-card">
            if open {
                <div class="join-card" data-testid="projector-join">
                    <p class="join-title">{ "Join with code" }</p>
                    <p class="join-code" data-testid="projector-code">{ d.code() }</p>
                    <div class="join-qr" role="img" aria-label={format!("QR code of {join_link}")}>{ screens::qr_code(&join_link) }</div>
                    <p class="join-at">{ join_link.clone() }</p>
                </div>
            }
            <p class="projector-clock" data-testid="projector-clock" aria-live="off">
                { format!("t = {:.1} s · {}", state.stage.shown_time(&state.run).to_f64(), if playing { "playing" } else { "paused" }) }
            </p>
            <button class="contrast-toggle" data-testid="projector-contrast" aria-pressed={contrast.to_string()}
                onclick={toggle}>{ "High contrast stage" }</button>
        </div>
    }
}

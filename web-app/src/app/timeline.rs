//! The timeline under the stage: a slider over the run from its first kept tick to the
//! furthest reached (dragging it shows that moment) and Step back. The run itself is in
//! [`sim_core::Timeline`]; this is its control.

use super::action::{Action, RunAction};
use super::page::PageHandle;
use sim_core::TICKS_PER_SECOND;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The slider and Step back, for a timeline over ticks `range` showing tick `tick`.
pub(super) fn bar(range: Option<(u64, u64)>, tick: u64, page: &PageHandle) -> Html {
    let Some((start, latest)) = range else {
        return Html::default();
    };
    let oninput = page.on(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let tick = input.value().parse::<u64>().ok()?;
        Some(Action::Run(RunAction::Seek(tick)))
    });
    let back = page.on(|_: MouseEvent| Some(Action::Run(RunAction::StepBack)));
    let seconds = |t: u64| t as f64 / f64::from(TICKS_PER_SECOND);
    let label = format!(
        "Timeline: showing {:.1} s of {:.1} s",
        seconds(tick),
        seconds(latest)
    );
    html! {
        <div class="timeline">
            <button data-testid="step-back" disabled={tick <= start} title="Step back one tick (,)"
                aria-label="Step back one tick" onclick={back}>{ "◀ Step back" }</button>
            <input type="range" data-testid="timeline" aria-label={label.clone()} title={label}
                min={start.to_string()} max={latest.to_string()} step="1" value={tick.to_string()}
                {oninput} />
        </div>
    }
}

//! What the stage shows the class over the model: the round bar (round name and number, a
//! countdown when the round has a time) and the model's messages (round intros and outros,
//! `showMessage`) as a large overlay the teacher dismisses. Both sit inside the stage frame,
//! so the projector view shows them too.

use sim_core::{Dialog, RoundInfo, RoundPhase};
use yew::prelude::*;

/// A countdown as `m:ss`, rounded up to the whole second, as a wall clock counts down.
pub fn countdown(seconds: f64) -> String {
    let whole = seconds.max(0.0).ceil() as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// The round bar, for a model with rounds.
pub fn round_bar(round: &RoundInfo) -> Html {
    if round.count == 0 {
        return html! {};
    }
    let state = match round.phase {
        RoundPhase::Running => None,
        RoundPhase::Over => Some("round over"),
        RoundPhase::Done => Some("all rounds done"),
    };
    html! {
        <div class="round-bar" data-testid="round-bar" aria-live="polite">
            <span class="round-number">{ format!("Round {} of {}", round.number, round.count) }</span>
            if !round.label.is_empty() {
                <span class="round-label" data-testid="round-bar-label">{ round.label.clone() }</span>
            }
            if let Some(left) = round.time_left {
                <span class="round-time" data-testid="round-countdown">{ countdown(left) }</span>
            }
            if let Some(state) = state {
                <span class="round-state" data-testid="round-bar-state">{ state }</span>
            }
        </div>
    }
}

/// The newest message the teacher has not dismissed, as an overlay with its OK button.
pub fn dialog(dialog: Option<&Dialog>, on_dismiss: Callback<MouseEvent>) -> Html {
    let Some(dialog) = dialog else {
        return html! {};
    };
    html! {
        <div class="stage-dialog" data-testid="stage-dialog" role="dialog" aria-label="Message from the model">
            <p data-testid="stage-dialog-text">{ dialog.text.clone() }</p>
            <button data-testid="stage-dialog-ok" onclick={on_dismiss}>{ "OK" }</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn countdowns_round_up_to_whole_seconds() {
        assert_eq!(countdown(10.0), "0:10");
        assert_eq!(countdown(9.2), "0:10");
        assert_eq!(countdown(61.0), "1:01");
        assert_eq!(countdown(0.0), "0:00");
        assert_eq!(countdown(-3.0), "0:00");
    }
}

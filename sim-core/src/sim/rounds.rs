//! Rounds: a model's timed stages, each with intro and outro text and scripts that run when
//! it starts and ends; after the last, the first comes again if the model loops.

use crate::project::Round;

/// Where the simulation is in its rounds.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct RoundState {
    /// The current round's index, if the model has rounds.
    pub index: Option<usize>,
    /// The tick the current round started at.
    pub started_tick: u64,
    /// Set by `featCall Timer stopRound`: the round ends at the end of this tick.
    pub stop_requested: bool,
    /// The last round ended and the model does not loop: ticks stop.
    pub ended: bool,
    /// Messages shown at the end of the round (`showMessage`).
    pub messages: Vec<String>,
}

/// What the UI shows about rounds.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundInfo {
    /// 1-based number of the current round (0 when the model has none).
    pub number: usize,
    /// How many rounds the model has.
    pub count: usize,
    /// Seconds left in the round, if it has a time limit.
    pub time_left: Option<f64>,
    /// The round's intro text.
    pub intro: String,
    /// The round's outro text.
    pub outro: String,
    /// Messages scripts showed this round.
    pub messages: Vec<String>,
    /// Whether ticks still run (false once the last round of a non-looping model ended).
    pub running: bool,
}

impl RoundState {
    /// The info the UI shows, at tick `tick`.
    pub fn info(&self, rounds: &[Round], tick: u64) -> RoundInfo {
        let round = self.index.and_then(|i| rounds.get(i));
        let elapsed =
            tick.saturating_sub(self.started_tick) as f64 / f64::from(super::TICKS_PER_SECOND);
        RoundInfo {
            number: self.index.map_or(0, |i| i + 1),
            count: rounds.len(),
            time_left: round
                .filter(|r| r.time > 0)
                .map(|r| (f64::from(r.time) - elapsed).max(0.0)),
            intro: round.map(|r| r.intro.clone()).unwrap_or_default(),
            outro: round.map(|r| r.outtro.clone()).unwrap_or_default(),
            messages: self.messages.clone(),
            running: !self.ended,
        }
    }

    /// Whether the current round is over at `tick`.
    pub fn is_over(&self, rounds: &[Round], tick: u64) -> bool {
        let limit = self
            .index
            .and_then(|i| rounds.get(i))
            .filter(|r| r.time > 0)
            .map(|r| u64::from(r.time) * u64::from(super::TICKS_PER_SECOND));
        self.stop_requested || limit.is_some_and(|l| tick.saturating_sub(self.started_tick) >= l)
    }

    /// The round after the current one: the next, the first again when looping, or none.
    pub fn next(&self, count: usize, loops: bool) -> Option<usize> {
        let next = self.index.map_or(0, |i| i + 1);
        if next < count {
            Some(next)
        } else if loops && count > 0 {
            Some(0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(time: u32) -> Round {
        serde_json::from_value(serde_json::json!({"id": "r", "time": time})).unwrap()
    }

    #[test]
    fn a_round_is_over_at_its_limit_or_when_stopped_and_then_the_next_comes() {
        let rounds = [round(2), round(0)];
        let mut state = RoundState {
            index: Some(0),
            ..RoundState::default()
        };
        assert!(!state.is_over(&rounds, 59));
        assert!(state.is_over(&rounds, 60));
        assert_eq!(state.next(2, false), Some(1));
        state.index = Some(1);
        assert!(!state.is_over(&rounds, 10_000), "no limit");
        state.stop_requested = true;
        assert!(state.is_over(&rounds, 0));
        assert_eq!(state.next(2, false), None);
        assert_eq!(state.next(2, true), Some(0));
        assert_eq!(state.info(&rounds, 0).number, 2);
    }
}

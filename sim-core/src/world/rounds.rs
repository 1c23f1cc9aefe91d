//! Rounds: a model's timed stages, each with intro and outro text and scripts that run when
//! it starts and ends. As in GEMSTEP, the teacher paces them: a round's end stops the ticks,
//! [`crate::sim::Simulation::next_round`] prepares the next (its init script runs, its intro
//! is shown), and the ticks run again when the clock is advanced. After the last round the
//! model is done, unless its rounds loop.

use crate::project::Round;

/// Where the current round is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RoundPhase {
    /// Ticks run (a model without rounds is always here).
    #[default]
    Running,
    /// The round ended and another can be prepared: ticks wait for `next_round`.
    Over,
    /// The last round ended and the rounds do not loop: ticks stop until a reset.
    Done,
}

/// Where the simulation is in its rounds.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct RoundState {
    /// The current round's index, if the model has rounds.
    pub index: Option<usize>,
    /// How many rounds have been started, counting repeats of looping rounds (GEMSTEP's
    /// round counter, which numbers the intro and outro messages).
    pub started: usize,
    /// The tick the current round was prepared at; its first tick is the next one.
    pub started_tick: u64,
    /// Set by `featCall Timer stopRound`: the round ends at the end of this tick.
    pub stop_requested: bool,
    /// Whether ticks run, wait for the next round, or are done.
    pub phase: RoundPhase,
}

/// What the UI shows about rounds.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundInfo {
    /// 1-based number of the current round (0 when the model has none).
    pub number: usize,
    /// How many rounds the model has.
    pub count: usize,
    /// The round's name (its label, or its id when it has none).
    pub label: String,
    /// Seconds left in the round, if it has a time limit.
    pub time_left: Option<f64>,
    /// The round's intro text.
    pub intro: String,
    /// The round's outro text.
    pub outro: String,
    /// Whether ticks run, wait for the next round, or are done.
    pub phase: RoundPhase,
    /// Whether ticks still run (false while a round is over or all are done).
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
            label: round
                .map(|r| {
                    if r.label.is_empty() {
                        r.id.clone()
                    } else {
                        r.label.clone()
                    }
                })
                .unwrap_or_default(),
            time_left: round
                .filter(|r| r.time > 0)
                .map(|r| (f64::from(r.time) - elapsed).max(0.0)),
            intro: round.map(|r| r.intro.clone()).unwrap_or_default(),
            outro: round.map(|r| r.outtro.clone()).unwrap_or_default(),
            phase: self.phase,
            running: self.phase == RoundPhase::Running,
        }
    }

    /// Whether the current round is over at the end of tick `tick`: `stopRound` was called,
    /// or the round has run its time (a round of `time` seconds runs `time` × 30 ticks).
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

    /// The 0-based frame of the running round at tick `tick` (its first tick is frame 0),
    /// as GEMSTEP's game loop counts frames from the round's start.
    pub fn frame(&self, tick: u64) -> u64 {
        tick.saturating_sub(self.started_tick).saturating_sub(1)
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
        let info = state.info(&rounds, 0);
        assert_eq!((info.number, info.label.as_str()), (2, "r"));
    }

    #[test]
    fn frames_count_from_the_first_tick_of_the_round() {
        let state = RoundState {
            started_tick: 60,
            ..RoundState::default()
        };
        assert_eq!(state.frame(61), 0);
        assert_eq!(state.frame(91), 30);
    }
}

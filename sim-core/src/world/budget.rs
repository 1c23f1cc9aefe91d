//! The work budget of one tick: a tick that would never end (a `tellAllCharacters` nested
//! eight deep over thirty agents is 30⁹ runs) stops at a fixed amount of work instead of
//! freezing the page, with a runtime error at the statement that went past it.
//!
//! The budget counts work, not time: every statement run (as written or lowered, one unit
//! each, so both ways count alike) and every agent a feature's loop visits or a script makes.
//! Every device of a session, a replay and the command line therefore stop at the same
//! statement of the same tick. It is renewed at the start of each tick, and for the work
//! done outside ticks (making the starting agents, a round's start).

use super::World;
use std::rc::Rc;

/// The most work one tick may do: statements run plus agents visited by loops or made.
/// About a second of work in the browser on a laptop; a model that needs more in a tick
/// could not run smoothly anyway (20,000 agents running 50 statements each is 1,000,000).
pub const MAX_TICK_WORK: u64 = 4_000_000;

#[test]
fn the_message_gives_the_limit() {
    assert_eq!(
        MAX_TICK_WORK, 4_000_000,
        "change the figure in `Overrun`'s message too"
    );
}

/// Where and why a tick stopped at its budget.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Overrun {
    /// The tick that stopped (0: making the starting agents).
    pub tick: u64,
    /// The script of the statement that went past the budget (a blueprint's name, `round 1
    /// init`, `command to Fish`...).
    pub script: Rc<str>,
    /// Its line and column.
    pub line: u32,
    /// Its column.
    pub col: u32,
    /// The `when` rule whose consequent it was in, as written (`Fish touches Algae`).
    pub rule: Option<String>,
}

impl std::fmt::Display for Overrun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let when = match self.tick {
            0 => "Making the starting agents".to_string(),
            tick => format!("Tick {tick}"),
        };
        write!(
            f,
            "{when} stopped at {}:{}:{}",
            self.script, self.line, self.col
        )?;
        if let Some(rule) = &self.rule {
            write!(f, " (in the rule 'when {rule}')")?;
        }
        write!(
            f,
            ": it did more than 4,000,000 steps of work (lines run and characters visited) in \
             one tick, which would freeze the page. A loop over every character inside another \
             (tellAllCharacters, charactersForEach) multiplies the work"
        )
    }
}

/// The work done so far in this tick, and where it stopped if it went past the limit. Once
/// past, `spent` stays one past the limit, so every later charge is refused too.
#[derive(Debug, Clone)]
pub(crate) struct Budget {
    spent: u64,
    limit: u64,
    /// Where it went past, once the statement that did is known.
    overrun: Option<Overrun>,
    /// The `when` rule whose consequents run now (`Fish touches Algae`), for the message.
    pub rule: Option<Rc<str>>,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            spent: 0,
            limit: MAX_TICK_WORK,
            overrun: None,
            rule: None,
        }
    }
}

impl Budget {
    /// A budget of `limit` units (tests use small ones).
    pub fn with_limit(limit: u64) -> Budget {
        Budget {
            limit,
            ..Budget::default()
        }
    }

    /// Starts a new tick's budget (the limit stays).
    pub fn renew(&mut self) {
        *self = Budget::with_limit(self.limit);
    }

    /// Charges `units` of work; false when the budget is spent, now or before, and the work
    /// must not be done.
    #[inline(always)]
    pub fn charge(&mut self, units: u64) -> bool {
        let spent = self.spent.saturating_add(units);
        if spent > self.limit {
            // Past it, the count stays one past the limit, however the refused work was
            // counted (a lowered operation charges its statements at once).
            self.spent = self.limit.saturating_add(1);
            return false;
        }
        self.spent = spent;
        true
    }

    /// How many more units it allows.
    #[inline(always)]
    pub fn left(&self) -> u64 {
        self.limit.saturating_sub(self.spent)
    }

    /// Whether the budget is spent: whatever is about to run must return at once.
    #[inline(always)]
    pub fn over(&self) -> bool {
        self.spent > self.limit
    }

    /// Records where the budget ran out, if nothing has yet: the first statement refused.
    pub fn stopped_at(&mut self, make: impl FnOnce(Option<&str>) -> Overrun) {
        if self.over() && self.overrun.is_none() {
            self.overrun = Some(make(self.rule.as_deref()));
        }
    }

    /// Where the budget ran out this tick, if it did.
    pub fn overrun(&self) -> Option<&Overrun> {
        self.overrun.as_ref()
    }

    /// The work done so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

impl World {
    /// Ends a stretch of work (a tick, making the starting agents, a round's start): when it
    /// went past its budget the run halts there, and no tick runs until
    /// [`crate::sim::Simulation::go_on`].
    pub(crate) fn halt_if_over(&mut self) {
        if !self.budget.over() {
            return;
        }
        let overrun = self.budget.overrun().cloned().unwrap_or_else(|| Overrun {
            tick: self.tick,
            script: Rc::from("simulation"),
            line: 0,
            col: 0,
            rule: None,
        });
        self.halted = Some(overrun);
    }

    /// Notes that the tick's budget ran out at `line`, `col` of `script`: the first place
    /// it ran out is kept, and logged as a runtime error there.
    pub(crate) fn stopped_at(&mut self, script: &Rc<str>, line: u32, col: u32) {
        if !self.budget.over() || self.budget.overrun().is_some() {
            return;
        }
        let tick = self.tick;
        self.budget.stopped_at(|rule| Overrun {
            tick,
            script: Rc::clone(script),
            line,
            col,
            rule: rule.map(str::to_string),
        });
        if let Some(overrun) = self.budget.overrun() {
            let message = overrun.to_string();
            let at = self.origin(script, line, col);
            self.log.error(at, message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_up_to_the_limit_then_refuses_everything() {
        let mut budget = Budget::with_limit(10);
        assert!(budget.charge(4));
        assert!(budget.charge(6));
        assert!(!budget.over());
        assert!(!budget.charge(1));
        assert!(budget.over());
        assert!(!budget.charge(0), "nothing runs once it is spent");
        budget.stopped_at(|rule| Overrun {
            tick: 3,
            script: Rc::from("Fish"),
            line: 7,
            col: 5,
            rule: rule.map(|r| r.to_string()),
        });
        budget.stopped_at(|_| panic!("the first place is kept"));
        let overrun = budget.overrun().unwrap();
        assert_eq!((overrun.line, overrun.col), (7, 5));
        assert!(overrun
            .to_string()
            .starts_with("Tick 3 stopped at Fish:7:5: "));
        budget.renew();
        assert!(
            budget.charge(10) && budget.overrun().is_none(),
            "the limit stays"
        );
        assert!(!budget.charge(1));
    }
}

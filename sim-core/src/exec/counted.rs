//! `when` consequents run at the cost of the agents rather than of the pairs.
//!
//! A consequent made only of steps of the pair's added Numbers by numbers written in the
//! script (`prop Fish.energy add 1`, `prop Algae.energy sub 1`), in a rule between two
//! different blueprints, changes each agent by the same steps once for every pair it is in.
//! A's steps change only A's props and B's only B's, and the two sides are different agents,
//! so no pair's steps read what another pair's steps on another agent wrote: running each
//! agent's steps as many times as it has pairs, in the order written, gives every prop the
//! value the pair-by-pair run gives, bit for bit (the same additions in the same order, each
//! settled by the prop's limits as it goes). A rule of thousands of touching pairs then costs
//! one look-up of each prop per agent, not a run of the interpreter per pair.
//!
//! Whatever cannot be run this way is left, untouched, to the pair-by-pair run: a prop an
//! agent lacks or holds as another type (whose error the interpreter words, pair by pair),
//! or a budget too small for every pair (which stops part way through a rule).

use super::lower::{Op, Operand, Place, Who};
use crate::entity::EntityId;
use crate::vars::{GVar, NumberStep, PropKey};
use crate::world::consequents::Consequent;
use crate::world::World;

/// One statement of a counted consequent.
#[derive(Debug, Clone)]
struct Step {
    /// Which agent of the pair it changes.
    who: Who,
    /// The added prop.
    key: PropKey,
    step: NumberStep,
    /// The number written in the script (never not-a-number or infinite, so a step always
    /// gives a number).
    by: f64,
}

/// A rule's consequent as counted steps (see the module docs).
#[derive(Debug, Clone)]
pub(crate) struct Counted {
    steps: Box<[Step]>,
}

impl Counted {
    /// The counted form of the lowered consequent `ops` of a rule between blueprints `a` and
    /// `b`; `None` when the rule is between agents of one blueprint or any statement is other
    /// than a step of an added Number by a finite number written out.
    pub(crate) fn of(ops: &[Op], a: usize, b: usize) -> Option<Counted> {
        if a == b || ops.is_empty() {
            return None;
        }
        let steps = ops
            .iter()
            .map(|op| match op {
                Op::Step {
                    place: Place::Prop(who, key),
                    step,
                    by: Operand::Number(by),
                    ..
                } if by.is_finite() => Some(Step {
                    who: *who,
                    key: key.clone(),
                    step: *step,
                    by: *by,
                }),
                _ => None,
            })
            .collect::<Option<Box<[Step]>>>()?;
        Some(Counted { steps })
    }

    /// Runs the consequents of `pairs`, all of this rule, as the pair-by-pair run would;
    /// answers false, having changed nothing, when it cannot (see the module docs).
    pub(crate) fn run(&self, world: &mut World, pairs: &[Consequent]) -> bool {
        let statements = (pairs.len() as u64).saturating_mul(self.steps.len() as u64);
        if world.budget.left() < statements {
            return false;
        }
        let sides = [Who::Me, Who::Other].map(|who| {
            let changes = self.steps.iter().any(|s| s.who == who);
            let ids = pairs.iter().map(move |c| match who {
                Who::Me => c.a,
                Who::Other => c.b,
            });
            if changes {
                tally(ids)
            } else {
                Vec::new()
            }
        });
        for (side, who) in sides.iter().zip([Who::Me, Who::Other]) {
            for &(id, _) in side {
                let holds =
                    |s: &Step| matches!(world.agents.prop_keyed(id, &s.key), Some(GVar::Number(_)));
                if !self.steps.iter().filter(|s| s.who == who).all(holds) {
                    return false;
                }
            }
        }
        // Charged at once what the pair-by-pair run charges statement by statement; there is
        // room for it all (checked above), so from here the rule runs to its end.
        world.budget.charge(statements);
        for (side, who) in sides.iter().zip([Who::Me, Who::Other]) {
            let steps: Vec<&Step> = self.steps.iter().filter(|s| s.who == who).collect();
            for &(id, times) in side {
                match steps.as_slice() {
                    [one] => {
                        if let Some(GVar::Number(var)) = world.agents.prop_keyed_mut(id, &one.key) {
                            for _ in 0..times {
                                let _ = var.step(one.step, one.by);
                            }
                        }
                    }
                    many => {
                        for _ in 0..times {
                            for s in many {
                                if let Some(GVar::Number(var)) =
                                    world.agents.prop_keyed_mut(id, &s.key)
                                {
                                    let _ = var.step(s.step, s.by);
                                }
                            }
                        }
                    }
                }
            }
        }
        true
    }
}

/// Each agent of `ids` with how many times it comes, in the order first met.
fn tally(ids: impl Iterator<Item = EntityId>) -> Vec<(EntityId, u32)> {
    let mut at: Vec<u32> = Vec::new();
    let mut counts: Vec<(EntityId, u32)> = Vec::new();
    for id in ids {
        let slot = id.index() as usize;
        if at.len() <= slot {
            at.resize(slot + 1, u32::MAX);
        }
        match at.get(slot).copied() {
            Some(i) if i != u32::MAX => {
                if let Some((_, n)) = counts.get_mut(i as usize) {
                    *n += 1;
                }
            }
            _ => {
                if let Some(place) = at.get_mut(slot) {
                    *place = counts.len() as u32;
                }
                counts.push((id, 1));
            }
        }
    }
    counts
}

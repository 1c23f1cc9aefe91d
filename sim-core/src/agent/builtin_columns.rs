//! The built-in props every agent has (place, heading, look), one column per prop, dense by
//! slot.
//!
//! Passes over thousands of agents read one or two of these at a time: the spatial grid and
//! every distance test read `x` and `y`, the renderer its place, heading and look, a census
//! `alpha` or `isInert`. Held in columns, such a pass reads 16 bytes per agent in order
//! rather than a cache line of each agent. An agent reaches its own through the handles
//! [`AgentRef`](super::AgentRef) and [`AgentMut`](super::AgentMut), which
//! [`Agents::get`](super::Agents::get) and [`Agents::get_mut`](super::Agents::get_mut) give.
//! An agent out of the agents (being made, hot-swapped or restored) holds its built-ins
//! apart, as it holds its features and added props.

use serde::{Deserialize, Serialize};

/// One agent's built-in props, with GEMSTEP's defaults: what an agent out of the agents
/// holds and what a snapshot stores for each agent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Builtins {
    /// Position, in stage units, origin at the centre, y down.
    pub x: f64,
    /// Position, in stage units.
    pub y: f64,
    /// Rotation in radians.
    pub orientation: f64,
    /// Opacity from 0 to 1.
    pub alpha: f64,
    /// Drawing order: higher is in front.
    pub z_index: f64,
    /// Whether it is drawn.
    pub visible: bool,
    /// An inert agent takes part in no condition (it is "dead").
    pub is_inert: bool,
    /// The picture's name (a costume sets it too).
    pub skin: Box<str>,
}

impl Default for Builtins {
    fn default() -> Builtins {
        Builtins {
            x: 0.0,
            y: 0.0,
            orientation: 0.0,
            alpha: 1.0,
            z_index: 0.0,
            visible: true,
            is_inert: false,
            skin: Box::default(),
        }
    }
}

/// Every agent's built-ins, one column per prop, indexed by slot (an empty slot holds the
/// defaults). All columns have the length of the agents' slot list.
#[derive(Debug, Clone, Default)]
pub(super) struct BuiltinColumns {
    pub(super) x: Vec<f64>,
    pub(super) y: Vec<f64>,
    pub(super) orientation: Vec<f64>,
    pub(super) alpha: Vec<f64>,
    pub(super) z_index: Vec<f64>,
    pub(super) visible: Vec<bool>,
    pub(super) is_inert: Vec<bool>,
    pub(super) skin: Vec<Box<str>>,
}

impl BuiltinColumns {
    /// Makes room for `more` slots, so making a model's starting agents grows each column
    /// once.
    pub(super) fn reserve(&mut self, more: usize) {
        self.x.reserve_exact(more);
        self.y.reserve_exact(more);
        self.orientation.reserve_exact(more);
        self.alpha.reserve_exact(more);
        self.z_index.reserve_exact(more);
        self.visible.reserve_exact(more);
        self.is_inert.reserve_exact(more);
        self.skin.reserve_exact(more);
    }

    /// Gives back the room the columns grew beyond their length (see
    /// [`trim_room`](super::trim_room)).
    pub(super) fn trim_room(&mut self) {
        super::trim_room(&mut self.x);
        super::trim_room(&mut self.y);
        super::trim_room(&mut self.orientation);
        super::trim_room(&mut self.alpha);
        super::trim_room(&mut self.z_index);
        super::trim_room(&mut self.visible);
        super::trim_room(&mut self.is_inert);
        super::trim_room(&mut self.skin);
    }

    /// Grows every column to `slots`, filling with the defaults.
    pub(super) fn grow_to(&mut self, slots: usize) {
        if self.x.len() >= slots {
            return;
        }
        let d = Builtins::default();
        self.x.resize(slots, d.x);
        self.y.resize(slots, d.y);
        self.orientation.resize(slots, d.orientation);
        self.alpha.resize(slots, d.alpha);
        self.z_index.resize(slots, d.z_index);
        self.visible.resize(slots, d.visible);
        self.is_inert.resize(slots, d.is_inert);
        self.skin.resize_with(slots, Box::default);
    }

    /// Stores `values` in slot `index` (which the columns hold).
    pub(super) fn put(&mut self, index: usize, values: Builtins) {
        let Builtins {
            x,
            y,
            orientation,
            alpha,
            z_index,
            visible,
            is_inert,
            skin,
        } = values;
        self.x[index] = x;
        self.y[index] = y;
        self.orientation[index] = orientation;
        self.alpha[index] = alpha;
        self.z_index[index] = z_index;
        self.visible[index] = visible;
        self.is_inert[index] = is_inert;
        self.skin[index] = skin;
    }

    /// Takes the values of slot `index` out, leaving the defaults.
    pub(super) fn take(&mut self, index: usize) -> Builtins {
        let values = Builtins {
            skin: std::mem::take(&mut self.skin[index]),
            ..self.read(index)
        };
        self.put(index, Builtins::default());
        values
    }

    /// A copy of the values of slot `index`, but for the skin, which is left empty (the
    /// caller that needs it copies it).
    fn read(&self, index: usize) -> Builtins {
        Builtins {
            x: self.x[index],
            y: self.y[index],
            orientation: self.orientation[index],
            alpha: self.alpha[index],
            z_index: self.z_index[index],
            visible: self.visible[index],
            is_inert: self.is_inert[index],
            skin: Box::default(),
        }
    }

    /// A copy of the values of slot `index`.
    pub(super) fn get(&self, index: usize) -> Builtins {
        Builtins {
            skin: self.skin[index].clone(),
            ..self.read(index)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_put_in_a_slot_come_back_and_taking_them_leaves_the_defaults() {
        let mut columns = BuiltinColumns::default();
        columns.grow_to(3);
        let values = Builtins {
            x: 1.0,
            y: -2.0,
            orientation: 0.5,
            alpha: 0.25,
            z_index: 4.0,
            visible: false,
            is_inert: true,
            skin: "fish.png".into(),
        };
        columns.put(1, values.clone());
        assert_eq!(columns.get(1), values);
        assert_eq!(columns.get(0), Builtins::default());
        assert_eq!(columns.take(1), values);
        assert_eq!(columns.get(1), Builtins::default());
    }
}

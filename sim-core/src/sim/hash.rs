//! The state hash: FNV-1a over a canonical serialisation of everything that decides the
//! future of a run, so two runs (or two platforms) can be compared with one number.

use crate::agent::{AgentRef, Agents};
use crate::vars::{GVar, Value};
use crate::world::World;
use rand_core::Rng;

/// 64-bit FNV-1a.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    fn f64(&mut self, v: f64) {
        self.u64(v.to_bits());
    }

    fn text(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Number(n) => {
                self.bytes(b"n");
                self.f64(*n);
            }
            Value::String(s) => {
                self.bytes(b"s");
                self.text(s);
            }
            Value::Boolean(b) => self.bytes(if *b { b"t" } else { b"f" }),
            Value::Null => self.bytes(b"0"),
        }
    }

    fn var(&mut self, name: &str, var: &GVar) {
        self.text(name);
        self.value(&var.value());
    }
}

/// The FNV-1a hash of `bytes` (a project's text, to tell one project from another; a run
/// file's checksum).
pub(crate) fn bytes_hash(bytes: &[u8]) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.bytes(bytes);
    h.0
}

/// The hash of `world`'s state.
pub(super) fn state_hash(world: &World) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    h.u64(world.time.to_bits() as u64);
    h.u64(world.tick);
    for agent in world.agents.iter() {
        agent_into(&mut h, &world.agents, agent);
    }
    for (name, var) in world.globals.list() {
        h.var(name, var);
    }
    // The generator's state, read from a copy so hashing changes nothing.
    h.u64(world.rng.clone().next_u64());
    h.0
}

fn agent_into(h: &mut Fnv, agents: &Agents, a: AgentRef<'_>) {
    h.u64(u64::from(a.id.index()) << 32 | u64::from(a.id.generation()));
    // The round agent's blueprint index is usize::MAX, which differs between 64-bit native
    // and 32-bit WASM builds, so it is written as a fixed marker instead.
    h.u64(if a.system {
        u64::MAX
    } else {
        a.blueprint as u64
    });
    h.text(&a.name);
    for v in [a.x(), a.y(), a.alpha(), a.z_index(), a.orientation()] {
        h.f64(v);
    }
    h.bytes(&[u8::from(a.visible()), u8::from(a.is_inert())]);
    h.text(a.skin());
    h.text(a.rare.status_text());
    // Only agents whose scripts set one of the rarer built-ins carry them, so the hashes of
    // every other run stay as they were.
    if let Some(e) = a.agent().rare.extras() {
        h.text("extras");
        let set = |v: Option<f64>| v.unwrap_or(f64::NAN);
        for v in [set(e.color), e.glow_color, set(e.scale), set(e.scale_y)] {
            h.f64(v);
        }
        for v in [set(e.status_value), e.status_value_color] {
            h.f64(v);
        }
        h.bytes(&[
            u8::from(e.is_inhabiting_target),
            u8::from(e.status_value_is_large),
        ]);
        h.text(e.tracker_id.as_deref().unwrap_or(""));
    }
    for (name, var) in agents.props(a.agent()) {
        h.var(name, var);
    }
    for feature in agents.features(a.agent()) {
        h.text(feature.name());
        for (name, var) in feature.props() {
            h.var(name, var);
        }
        for point in feature.series() {
            h.f64(*point);
        }
        for (key, count) in feature.buckets() {
            h.text(key);
            h.f64(*count);
        }
        // Hashed only when not at their start, so a state without them hashes as it did
        // before they were kept.
        let old = feature.graph_value_old();
        if old.to_bits() != 0 {
            h.text("_graphValueOld");
            h.f64(old);
        }
        if feature.jitter_rotate() {
            h.text("_jitterRotate");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_its_published_test_vectors() {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.bytes(b"a");
        assert_eq!(h.0, 0xaf63_dc4c_8601_ec8c);
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        h.bytes(b"foobar");
        assert_eq!(h.0, 0x8594_4171_f739_67e8);
    }
}

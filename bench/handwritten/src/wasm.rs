//! The bare WebAssembly interface Node's `WebAssembly` API drives (no wasm-bindgen): one
//! world per module instance, made by `world_new` and stepped one tick per call, so the timing
//! loop runs in JavaScript exactly as it does for the other systems.
// `no_mangle` is what gives the exports their names; the crate denies unsafe code otherwise.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::World;

thread_local! {
    static WORLD: RefCell<World> = RefCell::new(World::new(0, 0));
}

/// Replaces the world with `n` agents drawn from `seed`.
#[no_mangle]
pub extern "C" fn world_new(n: u32, seed: u32) {
    WORLD.with_borrow_mut(|world| *world = World::new(n as usize, u64::from(seed)));
}

/// One tick of *wander*.
#[no_mangle]
pub extern "C" fn step_wander() {
    WORLD.with_borrow_mut(World::step_wander);
}

/// One tick of *touch*; returns the sum of every agent's contacts (a float, since a
/// JavaScript number holds it exactly and an `i64` would arrive as a BigInt).
#[no_mangle]
pub extern "C" fn step_touch() -> f64 {
    WORLD.with_borrow_mut(|world| world.step_touch() as f64)
}

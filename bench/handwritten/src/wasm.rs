//! The bare WebAssembly interface Node's `WebAssembly` API drives (no wasm-bindgen): one
//! world per workload per module instance, made by its `…_new` and stepped one tick per
//! call, so the timing loop runs in JavaScript exactly as it does for the other systems.
//! Counts come back as floats, since a JavaScript number holds them exactly and an `i64`
//! would arrive as a BigInt.
// `no_mangle` is what gives the exports their names; the crate denies unsafe code otherwise.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::{Aquatic, IfGetprop, PairProps, PhysicsTouches, World};

thread_local! {
    static WORLD: RefCell<World> = RefCell::new(World::new(0, 0));
    static PAIR_PROPS: RefCell<Option<PairProps>> = const { RefCell::new(None) };
    static IF_GETPROP: RefCell<Option<IfGetprop>> = const { RefCell::new(None) };
    static PHYSICS_TOUCHES: RefCell<Option<PhysicsTouches>> = const { RefCell::new(None) };
    static AQUATIC: RefCell<Option<Aquatic>> = const { RefCell::new(None) };
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

/// One tick of *touch*; returns the sum of every agent's contacts.
#[no_mangle]
pub extern "C" fn step_touch() -> f64 {
    WORLD.with_borrow_mut(|world| world.step_touch() as f64)
}

/// Replaces the *pair-props* world with `n` agents placed from `seed`.
#[no_mangle]
pub extern "C" fn pair_props_new(n: u32, seed: u32) {
    PAIR_PROPS.set(Some(PairProps::new(n as usize, u64::from(seed))));
}

/// One tick of *pair-props*; returns the pairs that passed (0 before `pair_props_new`).
#[no_mangle]
pub extern "C" fn step_pair_props() -> f64 {
    PAIR_PROPS.with_borrow_mut(|world| world.as_mut().map_or(0.0, |w| w.step() as f64))
}

/// Replaces the *if-getprop* world with `n` fish placed from `seed`.
#[no_mangle]
pub extern "C" fn if_getprop_new(n: u32, seed: u32) {
    IF_GETPROP.set(Some(IfGetprop::new(n as usize, u64::from(seed))));
}

/// One tick of *if-getprop* (nothing before `if_getprop_new`).
#[no_mangle]
pub extern "C" fn step_if_getprop() {
    IF_GETPROP.with_borrow_mut(|world| {
        if let Some(world) = world {
            world.step();
        }
    });
}

/// Replaces the *physics-touches* world with `n` agents placed from `seed`.
#[no_mangle]
pub extern "C" fn physics_touches_new(n: u32, seed: u32) {
    PHYSICS_TOUCHES.set(Some(PhysicsTouches::new(n as usize, u64::from(seed))));
}

/// One tick of *physics-touches*; returns the pairs that passed (0 before
/// `physics_touches_new`).
#[no_mangle]
pub extern "C" fn step_physics_touches() -> f64 {
    PHYSICS_TOUCHES.with_borrow_mut(|world| world.as_mut().map_or(0.0, |w| w.step() as f64))
}

/// Replaces the *aquatic* model with one scaled to `n` agents, its random numbers from
/// `seed`.
#[no_mangle]
pub extern "C" fn aquatic_new(n: u32, seed: u32) {
    AQUATIC.set(Some(Aquatic::new(n as usize, u64::from(seed))));
}

/// One tick of *aquatic*; returns the touching pairs (0 before `aquatic_new`).
#[no_mangle]
pub extern "C" fn step_aquatic() -> f64 {
    AQUATIC.with_borrow_mut(|world| world.as_mut().map_or(0.0, |w| w.step() as f64))
}

//! The bare WebAssembly interface Node's `WebAssembly` API drives (no wasm-bindgen): one
//! simulation per module instance. Project text goes in through an input buffer the module
//! owns: `input_buffer(len)` sizes it and returns where JavaScript writes the bytes, `load`
//! reads it, `input_free` releases it. A failed load leaves its message in the same buffer
//! (`input_address` and `input_len` say where) for JavaScript to read.
// `no_mangle` is what gives the exports their names; the crate denies unsafe code otherwise.
#![allow(unsafe_code)]

use std::cell::RefCell;

use crate::workload::{self, Workload};
use crate::Runner;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static RUNNER: RefCell<Option<Runner>> = const { RefCell::new(None) };
}

/// Makes the input buffer `len` zero bytes long and returns its address in linear memory.
#[no_mangle]
pub extern "C" fn input_buffer(len: u32) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// The input buffer's address (after a failed load, where the error message is).
#[no_mangle]
pub extern "C" fn input_address() -> *const u8 {
    INPUT.with_borrow(|input| input.as_ptr())
}

/// The input buffer's length (after a failed load, the length of the error message).
#[no_mangle]
pub extern "C" fn input_len() -> u32 {
    INPUT.with_borrow(|input| u32::try_from(input.len()).unwrap_or(u32::MAX))
}

/// Releases the input buffer.
#[no_mangle]
pub extern "C" fn input_free() {
    INPUT.with_borrow_mut(|input| *input = Vec::new());
}

/// Loads the project JSON in the input buffer with the seed `seed_hi << 32 | seed_lo`.
/// Returns 1 when loaded; 0 when not, with the message in the input buffer.
#[no_mangle]
pub extern "C" fn load(seed_hi: u32, seed_lo: u32) -> u32 {
    let seed = u64::from(seed_hi) << 32 | u64::from(seed_lo);
    let loaded = INPUT.with_borrow(|input| {
        let text = std::str::from_utf8(input).map_err(|e| format!("not UTF-8 text: {e}"))?;
        Runner::from_json(text, seed)
    });
    finish(loaded)
}

/// Loads benchmark workload `which` (0 wander, 1 touch) with `n` agents and `seed`.
/// Returns 1 when loaded; 0 when not, with the message in the input buffer.
#[no_mangle]
pub extern "C" fn load_workload(which: u32, n: u32, seed: u32) -> u32 {
    let workload = if which == 0 {
        Workload::Wander
    } else {
        Workload::Touch
    };
    let loaded = workload::project(workload, n as usize)
        .and_then(|project| Runner::new(project, u64::from(seed)));
    finish(loaded)
}

fn finish(loaded: Result<Runner, String>) -> u32 {
    match loaded {
        Ok(runner) => {
            RUNNER.with_borrow_mut(|slot| *slot = Some(runner));
            1
        }
        Err(message) => {
            INPUT.with_borrow_mut(|input| *input = message.into_bytes());
            RUNNER.with_borrow_mut(|slot| *slot = None);
            0
        }
    }
}

/// Runs `ticks` ticks of the loaded simulation (none when nothing is loaded).
#[no_mangle]
pub extern "C" fn step(ticks: u32) {
    RUNNER.with_borrow_mut(|runner| {
        if let Some(runner) = runner {
            runner.step(ticks);
        }
    });
}

/// Runs one tick and returns the contacts counted in it (a float: a JavaScript number holds
/// it exactly, where an `i64` would arrive as a BigInt).
#[no_mangle]
pub extern "C" fn tick_contacts() -> f64 {
    RUNNER.with_borrow_mut(|runner| runner.as_mut().map_or(0.0, |r| r.tick_contacts() as f64))
}

/// The state hash (a BigInt in JavaScript; 0 when nothing is loaded).
#[no_mangle]
pub extern "C" fn state_hash() -> u64 {
    RUNNER.with_borrow(|runner| runner.as_ref().map_or(0, Runner::state_hash))
}

/// How many agents the loaded simulation holds.
#[no_mangle]
pub extern "C" fn agent_count() -> u32 {
    RUNNER.with_borrow(|runner| {
        runner
            .as_ref()
            .map_or(0, |r| u32::try_from(r.agent_count()).unwrap_or(u32::MAX))
    })
}

/// Writes a snapshot of the loaded simulation into the input buffer and returns its length
/// (0 when nothing is loaded); `input_address` says where it is.
#[no_mangle]
pub extern "C" fn snapshot() -> u32 {
    let bytes = RUNNER.with_borrow(|runner| runner.as_ref().map(Runner::snapshot));
    let bytes = bytes.unwrap_or_default();
    let len = u32::try_from(bytes.len()).unwrap_or(0);
    INPUT.with_borrow_mut(|input| *input = bytes);
    len
}

/// Restores the snapshot in the input buffer into the loaded simulation's project. Returns 1
/// when restored; 0 when not, with the message in the input buffer.
#[no_mangle]
pub extern "C" fn restore() -> u32 {
    let restored = RUNNER.with_borrow_mut(|runner| match runner {
        Some(runner) => INPUT.with_borrow(|input| runner.restore(input)),
        None => Err("no project is loaded".to_string()),
    });
    match restored {
        Ok(()) => 1,
        Err(message) => {
            INPUT.with_borrow_mut(|input| *input = message.into_bytes());
            0
        }
    }
}

/// Takes the frame log (JSON lines) in the input buffer for the loaded simulation. Returns 1
/// when read; 0 when not, with the message in the input buffer.
#[no_mangle]
pub extern "C" fn set_frames() -> u32 {
    let read = RUNNER.with_borrow_mut(|runner| match runner {
        Some(runner) => INPUT.with_borrow(|input| {
            let text = std::str::from_utf8(input).map_err(|e| format!("not UTF-8 text: {e}"))?;
            runner.set_frames(text)
        }),
        None => Err("no project is loaded".to_string()),
    });
    match read {
        Ok(()) => 1,
        Err(message) => {
            INPUT.with_borrow_mut(|input| *input = message.into_bytes());
            0
        }
    }
}

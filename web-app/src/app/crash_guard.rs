//! The crash-loop guard: a model that was running when the page died reopens paused, so a
//! model that kills the page (or the machine's memory) cannot kill it again on every reload,
//! and the student can always reach Export, Undo and the editor.
//!
//! While the clock runs, a marker sits in the tab's session storage; pausing removes it, and
//! so does the page being closed or reloaded normally (`pagehide`). A page that dies — a
//! crash, an out-of-memory kill, a trapped WASM instance whose handlers no longer run —
//! leaves it behind, and the tab's next start finds it. Session storage belongs to one tab
//! and survives its reloads, so a second tab opened beside a running one starts as usual.

use gloo_events::EventListener;
use web_sys::Storage;

/// The session-storage key of the marker.
const KEY: &str = "stepwise-running";

fn storage() -> Option<Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// Whether this tab's last page died with a model running (the marker is there).
pub fn died_while_running() -> bool {
    storage().is_some_and(|s| matches!(s.get_item(KEY), Ok(Some(_))))
}

/// Puts the marker in place (`running`) or removes it. Storage that refuses (private mode,
/// full) only means the guard cannot help; the model runs the same.
pub fn mark_running(running: bool) {
    let Some(storage) = storage() else {
        return;
    };
    let _ = if running {
        storage.set_item(KEY, "1")
    } else {
        storage.remove_item(KEY)
    };
}

/// Removes the marker when the page is closed or reloaded on purpose; keep the listener.
pub fn clear_on_page_hide() -> Option<EventListener> {
    let window = web_sys::window()?;
    Some(EventListener::new(&window, "pagehide", |_| {
        mark_running(false)
    }))
}

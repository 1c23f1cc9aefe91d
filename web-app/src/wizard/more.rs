//! Drawing a long script a part at a time: the wizard draws the first lines at once and the
//! next ones each time the end of what it drew scrolls near the view. Every line is a row
//! of drop-downs, and a row costs the page far more than a line of text: drawing all 2,000
//! lines of a long script at once kept the page busy for seconds.

use js_sys::Array;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit};
use yew::prelude::*;

/// Lines drawn at first: more than a screen holds, and every real model's longest script.
pub const FIRST_LINES: usize = 200;
/// Lines added each time the end comes near.
const MORE_LINES: usize = 200;
/// How far below the view the end may be when the next lines are drawn.
const AHEAD: &str = "800px";

/// How many of `total` lines to draw, with the refs for the scrolling box (`root`) and the
/// marker after the last drawn line (`end`): when the marker comes within [`AHEAD`] of the
/// box's view, more lines are drawn.
#[hook]
pub fn use_lines_shown(total: usize) -> (usize, NodeRef, NodeRef) {
    let shown = use_state(|| FIRST_LINES);
    let root = use_node_ref();
    let end = use_node_ref();
    {
        let (shown, root, end) = (shown.clone(), root.clone(), end.clone());
        let more = *shown < total;
        use_effect_with((*shown, more), move |&(count, more)| {
            let watch = more.then(|| watch_end(&root, &end, shown, count)).flatten();
            move || {
                if let Some((observer, _callback)) = watch {
                    observer.disconnect();
                }
            }
        });
    }
    ((*shown).min(total), root, end)
}

type Watch = (IntersectionObserver, Closure<dyn FnMut(Array)>);

/// Watches `end` inside `root`, drawing [`MORE_LINES`] more when it comes near.
fn watch_end(
    root: &NodeRef,
    end: &NodeRef,
    shown: UseStateHandle<usize>,
    count: usize,
) -> Option<Watch> {
    let target = end.cast::<Element>()?;
    let callback = Closure::<dyn FnMut(Array)>::new(move |entries: Array| {
        let near = entries.iter().any(|e| {
            e.unchecked_into::<IntersectionObserverEntry>()
                .is_intersecting()
        });
        if near {
            shown.set(count + MORE_LINES);
        }
    });
    let options = IntersectionObserverInit::new();
    options.set_root(root.cast::<Element>().as_ref());
    options.set_root_margin(&format!("0px 0px {AHEAD} 0px"));
    let observer =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &options).ok()?;
    observer.observe(&target);
    Some((observer, callback))
}

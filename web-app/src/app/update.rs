//! The installed, offline site: the page registers the service worker the build wrote
//! (`sw.js`, which keeps every file of this version for use without a network), and when a
//! newer version is waiting it offers *Update* (`app-update`) in the title bar instead of
//! switching under a student's feet; pressing it takes the new version and reloads into it.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration};
use yew::prelude::*;

/// How often the page looks for a newer version waiting, milliseconds.
const LOOK_EVERY_MS: u32 = 2_000;

/// The page's service workers, where the browser offers them (a secure page: `https://`, or
/// this computer's own address).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker"))
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Registers the site's service worker; where the browser has none or refuses it, the site
/// works as before, online only.
pub fn register() {
    let Some(container) = container() else {
        return;
    };
    let promise = container.register("sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        let _ = JsFuture::from(promise).await;
    });
}

async fn registration() -> Option<ServiceWorkerRegistration> {
    let found = JsFuture::from(container()?.get_registration()).await.ok()?;
    found.dyn_into().ok()
}

/// The newer version's worker, installed and waiting, if there is one.
async fn waiting() -> Option<ServiceWorker> {
    registration().await?.waiting()
}

/// Switches to the waiting version: once it controls the page, the page reloads into it.
async fn take_update() {
    let (Some(container), Some(worker)) = (container(), waiting().await) else {
        return;
    };
    let reload = wasm_bindgen::closure::Closure::once_into_js(|| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    container.set_oncontrollerchange(Some(reload.unchecked_ref()));
    let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
}

/// *Update*, shown while a newer version of the site waits.
#[function_component(UpdateOffer)]
pub fn update_offer() -> Html {
    let ready = use_state_eq(|| false);
    {
        let ready = ready.clone();
        use_effect_with((), move |_| {
            let look = gloo_timers::callback::Interval::new(LOOK_EVERY_MS, move || {
                let ready = ready.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    ready.set(waiting().await.is_some());
                });
            });
            move || drop(look)
        });
    }
    if !*ready {
        return Html::default();
    }
    let onclick = Callback::from(|_: MouseEvent| wasm_bindgen_futures::spawn_local(take_update()));
    html! {
        <button class="app-update" data-testid="app-update" {onclick}
            title="A new version of Stepwise is ready: switch to it now (your work is kept)">
            { "Update" }
        </button>
    }
}

//! The browser facilities the app uses (fetch, files, local storage, the address bar,
//! downloads, the clipboard, the page's root classes), each turned into a `Result` so that no
//! failure on these paths can panic the page.

mod error;

pub use error::{check_size, LoadError};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, File, HtmlAnchorElement, Response, Storage, Url};

/// The readable message inside a JavaScript error value.
fn message_of(value: &JsValue) -> String {
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    value
        .as_string()
        .unwrap_or_else(|| "unknown browser error".into())
}

fn browser_error(action: &str) -> impl Fn(JsValue) -> LoadError + '_ {
    move |value| LoadError::Browser {
        action: action.to_string(),
        message: message_of(&value),
    }
}

fn no_window(action: &str) -> LoadError {
    LoadError::Browser {
        action: action.to_string(),
        message: "no browser window".into(),
    }
}

/// The text of the file at `url` (relative to the page).
pub async fn fetch_text(url: &str) -> Result<String, LoadError> {
    let fail = |message: String| LoadError::Fetch {
        url: url.to_string(),
        message,
    };
    let window = web_sys::window().ok_or_else(|| fail("no browser window".into()))?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| fail(message_of(&e)))?;
    let response: Response = response
        .dyn_into()
        .map_err(|_| fail("the answer was not an HTTP response".into()))?;
    if !response.ok() {
        return Err(fail(format!("the server answered {}", response.status())));
    }
    let text = response.text().map_err(|e| fail(message_of(&e)))?;
    let text = JsFuture::from(text)
        .await
        .map_err(|e| fail(message_of(&e)))?;
    text.as_string()
        .ok_or_else(|| fail("the answer was not text".into()))
}

/// The text of a file the user chose, refusing one too large to be a project.
pub async fn read_file_text(file: &File) -> Result<String, LoadError> {
    let name = file.name();
    // A size above what a usize holds is certainly too large.
    check_size(
        &name,
        usize::try_from(file.size() as u64).unwrap_or(usize::MAX),
    )?;
    let text = JsFuture::from(file.text())
        .await
        .map_err(|e| LoadError::File {
            name: name.clone(),
            message: message_of(&e),
        })?;
    text.as_string().ok_or(LoadError::File {
        name,
        message: "it is not text".into(),
    })
}

/// The bytes of a file the user chose (callers check its size first).
pub async fn read_file_bytes(file: &File) -> Result<Vec<u8>, LoadError> {
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| LoadError::File {
            name: file.name(),
            message: message_of(&e),
        })?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

fn local_storage() -> Result<Storage, LoadError> {
    let window = web_sys::window().ok_or(LoadError::StorageUnavailable)?;
    match window.local_storage() {
        Ok(Some(storage)) => Ok(storage),
        _ => Err(LoadError::StorageUnavailable),
    }
}

/// The value stored under `key`, if any.
pub fn storage_get(key: &str) -> Result<Option<String>, LoadError> {
    local_storage()?
        .get_item(key)
        .map_err(|_| LoadError::StorageUnavailable)
}

/// Stores `value` under `key`.
pub fn storage_set(key: &str, value: &str) -> Result<(), LoadError> {
    local_storage()?
        .set_item(key, value)
        .map_err(|e| LoadError::StorageWrite {
            message: message_of(&e),
        })
}

/// Removes what is stored under `key`; a storage that cannot be reached has nothing to remove.
pub fn storage_remove(key: &str) {
    if let Ok(storage) = local_storage() {
        // Removing fails only when storage is disabled, which leaves nothing behind either.
        let _ = storage.remove_item(key);
    }
}

/// The address bar's fragment, with its `#` (empty when there is none).
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Puts `fragment` (without `#`; empty to remove it) in the address bar without reloading
/// or adding a history entry, and returns the page's full address.
pub fn set_fragment(fragment: &str) -> Result<String, LoadError> {
    let action = "updating the address bar";
    let window = web_sys::window().ok_or_else(|| no_window(action))?;
    let href = window.location().href().map_err(browser_error(action))?;
    let base = href.split('#').next().unwrap_or_default();
    let url = if fragment.is_empty() {
        base.to_string()
    } else {
        format!("{base}#{fragment}")
    };
    let history = window.history().map_err(browser_error(action))?;
    history
        .replace_state_with_url(&JsValue::NULL, "", Some(&url))
        .map_err(browser_error(action))?;
    Ok(url)
}

/// Offers `text` (of media type `mime`) to the user as a download called `file_name`.
pub fn download(file_name: &str, mime: &str, text: &str) -> Result<(), LoadError> {
    offer(file_name, mime, &JsValue::from_str(text))
}

/// Offers `bytes` (of media type `mime`) to the user as a download called `file_name`.
pub fn download_bytes(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), LoadError> {
    offer(file_name, mime, &js_sys::Uint8Array::from(bytes))
}

/// Offers one part (a string or bytes) as a download.
fn offer(file_name: &str, mime: &str, part: &JsValue) -> Result<(), LoadError> {
    let action = "download";
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| no_window(action))?;
    let parts = js_sys::Array::of1(part);
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        Blob::new_with_str_sequence_and_options(&parts, &options).map_err(browser_error(action))?;
    let url = Url::create_object_url_with_blob(&blob).map_err(browser_error(action))?;
    let anchor: HtmlAnchorElement = document
        .create_element("a")
        .map_err(browser_error(action))?
        .dyn_into()
        .map_err(|_| no_window(action))?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    // The download reads the blob after this call returns; release it a little later.
    gloo_timers::callback::Timeout::new(10_000, move || {
        // Revoking fails only for an address that is already gone, which is fine.
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Copies `text` to the clipboard; browsers may refuse (no permission, page not focused).
pub async fn copy_to_clipboard(text: &str) -> Result<(), LoadError> {
    let action = "copying to the clipboard";
    let window = web_sys::window().ok_or_else(|| no_window(action))?;
    let promise = window.navigator().clipboard().write_text(text);
    JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(browser_error(action))
}

/// Adds or removes `class` on the page's root element (`<html>`), which styles the whole app.
pub fn set_root_class(class: &str, on: bool) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        // Toggling fails only for an invalid class name, which ours never is.
        let _ = root.class_list().toggle_with_force(class, on);
    }
}

/// Whether a key went to a field the user types into (an input, the script editor's text, a
/// picker), whose own handling of the key (typing, native undo) comes first.
pub fn typing_target(e: &web_sys::KeyboardEvent) -> bool {
    let Some(target) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || target.is_content_editable()
}

/// The local time of day at `ms` (milliseconds since 1970), as `hh:mm:ss`.
pub fn clock_time(ms: f64) -> String {
    let d = js_sys::Date::new(&ms.into());
    format!(
        "{:02}:{:02}:{:02}",
        d.get_hours(),
        d.get_minutes(),
        d.get_seconds()
    )
}

/// Whether the browser is offline (no network at all): a session says so rather than
/// waiting on a server it cannot reach.
pub fn offline() -> bool {
    web_sys::window().is_some_and(|w| !w.navigator().on_line())
}

/// The widest window that gets the phone layout (the stylesheet's `max-width: 800px`): the
/// side column sits under the stage and the script drawer is a sheet over the page.
const NARROW_PX: f64 = 800.0;

/// Whether the window gets the phone layout.
pub fn narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w <= NARROW_PX)
}

/// Scrolls `element` to the top of the window when it opened low on the page (a panel of the
/// side column, which on a phone is under the stage); where it opened in view, nothing moves.
pub fn bring_into_view(element: Option<web_sys::Element>) {
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64());
    if let (Some(element), Some(height)) = (element, height) {
        if element.get_bounding_client_rect().top() > height * 0.6 {
            element.scroll_into_view();
        }
    }
}

/// Whether the switch kept under `key` is on (off when it was never kept or storage fails).
pub fn flag_kept(key: &str) -> bool {
    storage_get(key).ok().flatten().as_deref() == Some("1")
}

/// Keeps the switch under `key`; a full or refused storage only loses it across a reload.
pub fn keep_flag(key: &str, on: bool) {
    let _ = storage_set(key, if on { "1" } else { "0" });
}

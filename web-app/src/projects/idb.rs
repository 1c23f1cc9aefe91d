//! The project library's IndexedDB database, through web-sys directly.
//!
//! Two object stores, both keyed by the library id and holding JSON text: `entries` (the
//! small [`Entry`] records the list shows) and `projects` (each project's full text); and a
//! third, `rooms`, keyed by room code, holding the last state of a live session the teacher's
//! page ran (bytes), so a closed tab can resume it; a fourth, `runs`, holding saved class
//! runs (bytes) and their list. A save
//! writes both in one transaction, so an entry never describes a project that is not there,
//! and a failed write (a full quota) leaves the last saved version whole.
//!
//! Why not a crate: the library needs five calls (open, get, put, list, delete). The crates
//! that wrap IndexedDB pin their own web-sys and wasm-bindgen ranges, which this workspace
//! pins exactly for the wasm-bindgen CLI; the glue here is small, and each request is turned
//! into a future by making the promise's own `resolve` and `reject` its event handlers, so no
//! Rust closure is kept alive per request.

use super::catalog::Entry;
use crate::browser::LoadError;
use js_sys::{Array, Promise};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransaction, IdbTransactionMode};

const DATABASE: &str = "stepwise-library";
/// 2 added the `rooms` store, 3 the `runs` store.
const VERSION: u32 = 3;
const ENTRIES: &str = "entries";
const PROJECTS: &str = "projects";
const ROOMS: &str = "rooms";
const RUNS: &str = "runs";

/// The open library database.
#[derive(Debug, Clone)]
pub struct Db(IdbDatabase);

fn failed(action: &str, value: &JsValue) -> LoadError {
    LoadError::Library {
        action: action.to_string(),
        message: describe(value),
    }
}

/// The browser's words for an IndexedDB failure, with the error's name (QuotaExceededError).
fn describe(value: &JsValue) -> String {
    if let Some(error) = value.dyn_ref::<web_sys::DomException>() {
        return format!("{} ({})", error.message(), error.name());
    }
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    value
        .as_string()
        .unwrap_or_else(|| "the browser gave no reason".into())
}

/// Waits for `request` to succeed and returns its result.
async fn finished(request: &IdbRequest, action: &str) -> Result<JsValue, LoadError> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    match outcome {
        Ok(_) => request.result().map_err(|e| failed(action, &e)),
        Err(event) => Err(match request.error() {
            Ok(Some(error)) => failed(action, &error),
            _ => failed(action, &event),
        }),
    }
}

/// Waits for `transaction` to commit; a write is kept only once it has.
async fn committed(transaction: &IdbTransaction, action: &str) -> Result<(), LoadError> {
    let promise = Promise::new(&mut |resolve, reject| {
        transaction.set_oncomplete(Some(&resolve));
        transaction.set_onabort(Some(&reject));
        transaction.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(promise).await;
    transaction.set_oncomplete(None);
    transaction.set_onabort(None);
    transaction.set_onerror(None);
    match outcome {
        Ok(_) => Ok(()),
        Err(event) => Err(match transaction.error() {
            Some(error) => failed(action, &error),
            None => failed(action, &event),
        }),
    }
}

impl Db {
    /// Opens the library database, creating its stores on first use.
    pub async fn open() -> Result<Db, LoadError> {
        let action = "opening the project library";
        let factory = web_sys::window()
            .ok_or_else(|| failed(action, &JsValue::from_str("no browser window")))?
            .indexed_db()
            .map_err(|e| failed(action, &e))?
            .ok_or_else(|| {
                failed(
                    action,
                    &JsValue::from_str("this browser keeps no databases for the page"),
                )
            })?;
        let request: IdbOpenDbRequest = factory
            .open_with_u32(DATABASE, VERSION)
            .map_err(|e| failed(action, &e))?;
        // Runs only when the database is new (or older); it makes the stores.
        let upgrade = wasm_bindgen::closure::Closure::once_into_js({
            let request = request.clone();
            move |_event: JsValue| {
                let Ok(db) = request.result().and_then(|r| r.dyn_into::<IdbDatabase>()) else {
                    return;
                };
                for store in [ENTRIES, PROJECTS, ROOMS, RUNS] {
                    if !db.object_store_names().contains(store) {
                        // A failure here aborts the upgrade, which the open then reports.
                        let _ = db.create_object_store(store);
                    }
                }
            }
        });
        request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
        let result = finished(&request, action).await;
        request.set_onupgradeneeded(None);
        let db: IdbDatabase = result?.dyn_into().map_err(|value| failed(action, &value))?;
        Ok(Db(db))
    }

    fn transaction(
        &self,
        stores: &[&str],
        mode: IdbTransactionMode,
        action: &str,
    ) -> Result<IdbTransaction, LoadError> {
        let names: Array = stores.iter().map(|s| JsValue::from_str(s)).collect();
        self.0
            .transaction_with_str_sequence_and_mode(&names, mode)
            .map_err(|e| failed(action, &e))
    }

    /// Every entry record, as stored.
    pub async fn entry_records(&self) -> Result<Vec<String>, LoadError> {
        let action = "reading the project library";
        let transaction = self.transaction(&[ENTRIES], IdbTransactionMode::Readonly, action)?;
        let store = transaction
            .object_store(ENTRIES)
            .map_err(|e| failed(action, &e))?;
        let request = store.get_all().map_err(|e| failed(action, &e))?;
        let all = finished(&request, action).await?;
        Ok(Array::from(&all)
            .iter()
            .filter_map(|v| v.as_string())
            .collect())
    }

    /// The stored text of the project `id`, if there is one.
    pub async fn project_text(&self, id: &str) -> Result<Option<String>, LoadError> {
        let action = "reading a project from the library";
        let transaction = self.transaction(&[PROJECTS], IdbTransactionMode::Readonly, action)?;
        let store = transaction
            .object_store(PROJECTS)
            .map_err(|e| failed(action, &e))?;
        let request = store
            .get(&JsValue::from_str(id))
            .map_err(|e| failed(action, &e))?;
        Ok(finished(&request, action).await?.as_string())
    }

    /// Writes `entry` and, when given, its project's `text`, both or neither.
    pub async fn put(&self, entry: &Entry, text: Option<&str>) -> Result<(), LoadError> {
        let action = "saving to the project library";
        let record = serde_json::to_string(entry).map_err(|e| LoadError::Library {
            action: action.into(),
            message: e.to_string(),
        })?;
        let key = JsValue::from_str(&entry.id);
        let transaction =
            self.transaction(&[ENTRIES, PROJECTS], IdbTransactionMode::Readwrite, action)?;
        let write = |store: &str, value: &str| -> Result<(), LoadError> {
            transaction
                .object_store(store)
                .and_then(|s| s.put_with_key(&JsValue::from_str(value), &key))
                .map(|_| ())
                .map_err(|e| failed(action, &e))
        };
        let written = write(ENTRIES, &record).and_then(|()| match text {
            Some(text) => write(PROJECTS, text),
            None => Ok(()),
        });
        if let Err(error) = written {
            // Nothing of a half-made write may stay.
            let _ = transaction.abort();
            return Err(error);
        }
        committed(&transaction, action).await
    }

    /// Keeps `bytes` as the last state of room `code` (replacing the one kept before).
    pub async fn put_room(&self, code: &str, bytes: &[u8]) -> Result<(), LoadError> {
        self.put_bytes(ROOMS, code, bytes, "keeping the session's state")
            .await
    }

    /// The last state kept of room `code`, if there is one.
    pub async fn room(&self, code: &str) -> Result<Option<Vec<u8>>, LoadError> {
        self.bytes(ROOMS, code, "reading the session's state").await
    }

    /// Keeps `bytes` under `key` among the saved class runs.
    pub async fn put_run(&self, key: &str, bytes: &[u8]) -> Result<(), LoadError> {
        self.put_bytes(RUNS, key, bytes, "keeping a class run")
            .await
    }

    /// What is kept under `key` among the saved class runs.
    pub async fn run(&self, key: &str) -> Result<Option<Vec<u8>>, LoadError> {
        self.bytes(RUNS, key, "reading a class run").await
    }

    /// Lets go of the class run kept under `key`.
    pub async fn delete_run(&self, key: &str) -> Result<(), LoadError> {
        let action = "deleting a class run";
        let transaction = self.transaction(&[RUNS], IdbTransactionMode::Readwrite, action)?;
        transaction
            .object_store(RUNS)
            .and_then(|s| s.delete(&JsValue::from_str(key)))
            .map_err(|e| failed(action, &e))?;
        committed(&transaction, action).await
    }

    async fn put_bytes(
        &self,
        store: &str,
        key: &str,
        bytes: &[u8],
        action: &str,
    ) -> Result<(), LoadError> {
        let transaction = self.transaction(&[store], IdbTransactionMode::Readwrite, action)?;
        let value = js_sys::Uint8Array::from(bytes);
        transaction
            .object_store(store)
            .and_then(|s| s.put_with_key(&value, &JsValue::from_str(key)))
            .map_err(|e| failed(action, &e))?;
        committed(&transaction, action).await
    }

    async fn bytes(
        &self,
        store: &str,
        key: &str,
        action: &str,
    ) -> Result<Option<Vec<u8>>, LoadError> {
        let transaction = self.transaction(&[store], IdbTransactionMode::Readonly, action)?;
        let request = transaction
            .object_store(store)
            .and_then(|s| s.get(&JsValue::from_str(key)))
            .map_err(|e| failed(action, &e))?;
        let value = finished(&request, action).await?;
        Ok(value
            .dyn_ref::<js_sys::Uint8Array>()
            .map(js_sys::Uint8Array::to_vec))
    }

    /// Forgets every room's kept state (the teacher ended the session, or started another).
    pub async fn clear_rooms(&self) -> Result<(), LoadError> {
        let action = "forgetting the session's state";
        let transaction = self.transaction(&[ROOMS], IdbTransactionMode::Readwrite, action)?;
        transaction
            .object_store(ROOMS)
            .and_then(|s| s.clear())
            .map_err(|e| failed(action, &e))?;
        committed(&transaction, action).await
    }

    /// Removes the project `id` and its entry for good.
    pub async fn delete(&self, id: &str) -> Result<(), LoadError> {
        let action = "deleting from the project library";
        let key = JsValue::from_str(id);
        let transaction =
            self.transaction(&[ENTRIES, PROJECTS], IdbTransactionMode::Readwrite, action)?;
        for store in [ENTRIES, PROJECTS] {
            transaction
                .object_store(store)
                .and_then(|s| s.delete(&key))
                .map_err(|e| failed(action, &e))?;
        }
        committed(&transaction, action).await
    }
}

//! Class runs kept in this browser (the library database's `runs` store): each saved run's
//! file under its id, and the list of them (under [`LIST_KEY`], JSON, newest first), so the
//! projects panel lists them without reading every file.

use super::idb::Db;
use crate::browser::LoadError;
use serde::{Deserialize, Serialize};
use sim_core::session::RunReplay;

/// Where the list is kept.
const LIST_KEY: &str = "#list";
/// The most class runs kept; a run past it is refused with a message (its file was offered
/// as a download, and a deleted run frees a place).
pub const MAX_KEPT_RUNS: usize = 30;

/// A kept class run, as the list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunEntry {
    /// Its id in the store.
    pub id: String,
    /// The model's title when the lesson started.
    pub title: String,
    /// When the lesson started, milliseconds since 1970.
    pub started_ms: f64,
    /// How long the recorded run is, in simulated minutes.
    pub minutes: f64,
    /// The file's size.
    pub bytes: usize,
}

impl RunEntry {
    /// What the list says about a run file, or why it is not one.
    pub fn of(id: &str, bytes: &[u8]) -> Result<RunEntry, String> {
        let replay = RunReplay::open(bytes).map_err(|e| e.to_string())?;
        Ok(RunEntry {
            id: id.to_string(),
            title: replay.file().title.clone(),
            started_ms: replay.file().started_ms,
            minutes: replay.length() as f64 / f64::from(sim_core::TICKS_PER_SECOND) / 60.0,
            bytes: bytes.len(),
        })
    }
}

/// A file's size as a teacher reads it: `340 KB`, `13.2 MB`.
pub fn size_text(bytes: usize) -> String {
    if bytes < 1 << 20 {
        format!("{} KB", bytes.div_ceil(1024))
    } else {
        format!("{:.1} MB", bytes as f64 / 1_048_576.0)
    }
}

fn list_of(bytes: Option<Vec<u8>>) -> Vec<RunEntry> {
    bytes
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default()
}

/// Keeps the run file `bytes` under `id` (replacing a run kept under it: a lesson saved
/// again); returns its entry.
pub async fn keep_run(id: &str, bytes: &[u8]) -> Result<RunEntry, LoadError> {
    let entry = RunEntry::of(id, bytes).map_err(|message| LoadError::Library {
        action: "keeping a class run".into(),
        message,
    })?;
    let db = Db::open().await?;
    let mut list = list_of(db.run(LIST_KEY).await?);
    list.retain(|e| e.id != id);
    if list.len() >= MAX_KEPT_RUNS {
        return Err(LoadError::Library {
            action: "keeping a class run".into(),
            message: format!(
                "{MAX_KEPT_RUNS} class runs are kept already; delete one you no longer need"
            ),
        });
    }
    db.put_run(id, bytes).await?;
    list.insert(0, entry.clone());
    let text = serde_json::to_vec(&list).unwrap_or_default();
    db.put_run(LIST_KEY, &text).await?;
    Ok(entry)
}

/// The kept class runs, newest first.
pub async fn kept_runs() -> Result<Vec<RunEntry>, LoadError> {
    Ok(list_of(Db::open().await?.run(LIST_KEY).await?))
}

/// The file of the class run kept under `id`, if it is kept.
pub async fn kept_run(id: &str) -> Result<Option<Vec<u8>>, LoadError> {
    if id == LIST_KEY {
        return Ok(None);
    }
    Db::open().await?.run(id).await
}

/// Lets go of the class run kept under `id`.
pub async fn delete_run(id: &str) -> Result<(), LoadError> {
    let db = Db::open().await?;
    let mut list = list_of(db.run(LIST_KEY).await?);
    list.retain(|e| e.id != id);
    db.put_run(LIST_KEY, &serde_json::to_vec(&list).unwrap_or_default())
        .await?;
    db.delete_run(id).await
}

#[cfg(test)]
mod tests {
    use super::size_text;

    #[test]
    fn sizes_read_in_kilobytes_then_megabytes() {
        assert_eq!(size_text(0), "0 KB");
        assert_eq!(size_text(1), "1 KB");
        assert_eq!(size_text(340 * 1024), "340 KB");
        assert_eq!(size_text(13_826_560), "13.2 MB");
    }
}

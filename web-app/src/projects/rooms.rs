//! The last state of the live session this browser's teacher's page runs, kept in the
//! library's database (see `idb`), so a teacher who closed the tab, restarted the browser or
//! whose laptop slept resumes the room where it was. One room is kept at a time: the newest.

use super::idb::Db;
use crate::browser::LoadError;

/// Keeps `bytes` (an encoded snapshot of the room) as room `code`'s last state; the state of
/// any other room is let go.
pub async fn keep(code: &str, bytes: &[u8]) -> Result<(), LoadError> {
    let db = Db::open().await?;
    if db.room(code).await?.is_none() {
        db.clear_rooms().await?;
    }
    db.put_room(code, bytes).await
}

/// The last state kept of room `code`.
pub async fn kept(code: &str) -> Result<Option<Vec<u8>>, LoadError> {
    Db::open().await?.room(code).await
}

/// Forgets the kept room (the session ended).
pub async fn forget() -> Result<(), LoadError> {
    Db::open().await?.clear_rooms().await
}

/// Keeps `bytes` under `key` beside the room's state (its recording, say), leaving what else
/// is kept as it is.
pub async fn keep_extra(key: &str, bytes: &[u8]) -> Result<(), LoadError> {
    Db::open().await?.put_room(key, bytes).await
}

/// What is kept of a room beside its state, each under its own key.
#[derive(Debug, Clone, Copy)]
pub enum Beside {
    /// The record of the lesson.
    Activity,
    /// The roster's memory: who was active, who was removed.
    Roster,
}

/// Where `what` of room `code` is kept, beside its state.
fn beside_key(code: &str, what: Beside) -> String {
    match what {
        Beside::Activity => format!("{code}#activity"),
        Beside::Roster => format!("{code}#roster"),
    }
}

/// Keeps room `code`'s state and its record of the lesson, in that order (keeping the state
/// of a new room lets the old room's go, record and all).
pub async fn keep_with_activity(code: &str, bytes: &[u8], activity: &str) -> Result<(), LoadError> {
    keep(code, bytes).await?;
    keep_beside(code, Beside::Activity, activity).await
}

/// Keeps `text` as `what` of room `code` (between two keepings of its state).
pub async fn keep_beside(code: &str, what: Beside, text: &str) -> Result<(), LoadError> {
    Db::open()
        .await?
        .put_room(&beside_key(code, what), text.as_bytes())
        .await
}

/// `what` of room `code` as kept, if any.
pub async fn kept_beside(code: &str, what: Beside) -> Result<Option<String>, LoadError> {
    let bytes = Db::open().await?.room(&beside_key(code, what)).await?;
    Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
}

/// Keeps hand-in `n` of room `code` (its packed project) and the room's list of hand-ins.
pub async fn keep_handin(code: &str, n: u32, packed: &[u8], list: &str) -> Result<(), LoadError> {
    let db = Db::open().await?;
    db.put_room(&format!("{code}#handin#{n}"), packed).await?;
    db.put_room(&format!("{code}#handins"), list.as_bytes())
        .await
}

/// Hand-in `n` of room `code`, packed, if it is kept.
pub async fn kept_handin(code: &str, n: u32) -> Result<Option<Vec<u8>>, LoadError> {
    Db::open().await?.room(&format!("{code}#handin#{n}")).await
}

/// Room `code`'s list of hand-ins as kept, if any.
pub async fn kept_handins(code: &str) -> Result<Option<String>, LoadError> {
    let bytes = Db::open().await?.room(&format!("{code}#handins")).await?;
    Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
}

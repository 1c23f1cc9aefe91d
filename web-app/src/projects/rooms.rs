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

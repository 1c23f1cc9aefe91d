//! Live classroom sessions: the teacher's page runs the model and every other screen — a
//! projector window, students' phones and tablets — follows it in lockstep (see
//! [`sim_core::session`]). This module holds the carriers ([`link`], over NATS's protocol in
//! [`sim_core::session::nats_wire`]), the
//! two sides ([`teacher`], with the run it hosts in [`hosting`]; [`device`]), the page's part
//! in either ([`page`]), what the page's address asks for ([`PageRole`]) and the session's
//! screens on a device ([`screens`]) and the teacher's lesson panel ([`lesson`]).

pub mod activity;
pub mod codesign;
pub mod codesign_part;
pub mod device;
pub mod handins;
pub mod handins_part;
pub mod hosting;
pub mod lesson;
pub mod link;
pub mod names;
pub mod page;
pub mod recording;
pub mod screens;
pub mod teacher;

use crate::render::Bounds;
use link::Server;

pub use names::PuppetNames;
pub use page::PageSession;

/// The NATS user every student's and projector's page connects as; its permissions let it
/// only send on rooms' *in* subjects and read their *out* subjects.
pub const DEVICE_USER: (&str, &str) = ("student", "student");
/// The NATS user of a classroom's one teacher's page (its password is the teacher's key).
pub const TEACHER_USER: &str = "teacher";

/// The session server's user and password for the teacher's key as given (`?teach=`), and the
/// tag the teacher's room codes start with: a classroom's one teacher (`KEY`: user
/// `teacher`, no tag), or a teacher with a key of their own from `scripts/teacher add`
/// (`TAG:KEY`: user `teacher-TAG`), whom the server lets read only rooms under their tag.
pub fn teacher_login(given: &str) -> (String, String, Option<String>) {
    let tagged = given.split_once(':').filter(|(tag, key)| {
        tag.len() == sim_core::session::seal::TAG_CHARS
            && tag.bytes().all(|b| CODE_ALPHABET.contains(&b))
            && !key.is_empty()
    });
    match tagged {
        Some((tag, key)) => (
            format!("{TEACHER_USER}-{tag}"),
            key.to_string(),
            Some(tag.to_string()),
        ),
        None => (TEACHER_USER.to_string(), given.to_string(), None),
    }
}
/// The WebSocket port `scripts/serve` gives the session server.
pub const DEFAULT_WS_PORT: u16 = 9222;
/// Letters of room codes: no 0/O, 1/I/L to misread on a projector.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// Letters of device ids and secrets.
const TOKEN_ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyz23456789";

/// What the page's address asks this page to be.
#[derive(Debug, Clone, PartialEq)]
pub enum PageRole {
    /// The authoring and teaching page (a session starts from its panel).
    Teacher,
    /// `?view=CODE`: a projector view of room CODE.
    Projector(String),
    /// `?join=CODE`: a student's controller for room CODE.
    Student(String),
    /// `?join` without a code: a student types it.
    AskCode,
    /// `?run=ID`: the replay of a class run kept in this browser.
    Replay(String),
}

/// The address of the student page for room `code`, keeping `?server=` when the page has it.
pub fn join_search(query: &str, code: &str) -> String {
    match query_param(query, "server") {
        Some(server) => format!("?join={code}&server={server}"),
        None => format!("?join={code}"),
    }
}

/// The address of the page where a student types a room code, keeping `?server=`.
pub fn ask_code_search(query: &str) -> String {
    match query_param(query, "server") {
        Some(server) => format!("?join&server={server}"),
        None => "?join".to_string(),
    }
}

/// One query parameter's value, decoded.
pub fn query_param(query: &str, name: &str) -> Option<String> {
    let params = web_sys::UrlSearchParams::new_with_str(query).ok()?;
    params.get(name).filter(|v| !v.is_empty())
}

/// A room code as typed: upper case, letters and digits only, at most 12.
pub fn clean_code(code: &str) -> String {
    code.chars()
        .filter(char::is_ascii_alphanumeric)
        .take(12)
        .collect::<String>()
        .to_ascii_uppercase()
}

impl PageRole {
    /// The role the query string asks for.
    pub fn from_query(query: &str) -> PageRole {
        if let Some(id) = query_param(query, "run").filter(|id| !id.is_empty()) {
            return PageRole::Replay(id);
        }
        if let Some(code) = query_param(query, "view") {
            return PageRole::Projector(clean_code(&code));
        }
        if let Some(code) = query_param(query, "join").map(|c| clean_code(&c)) {
            if !code.is_empty() {
                return PageRole::Student(code);
            }
        }
        let asks = web_sys::UrlSearchParams::new_with_str(query).is_ok_and(|p| p.has("join"));
        if asks {
            return PageRole::AskCode;
        }
        PageRole::Teacher
    }
}

/// The session server's WebSocket address: `?server=` when given (`none`: no server), else
/// the page's own host on [`DEFAULT_WS_PORT`]; `None` on a page with no host (a file).
pub fn server_url(query: &str) -> Option<String> {
    let location = web_sys::window()?.location();
    let protocol = location.protocol().unwrap_or_default();
    let host = location.hostname().unwrap_or_default();
    session_server(query_param(query, "server").as_deref(), &protocol, &host)
}

/// The session server for a page loaded over `protocol` (`https:`, `http:`) from `host`, given
/// `?server=` (`asked`): that address, or the page's own host on [`DEFAULT_WS_PORT`]. A page
/// served over `https://` may only open `wss://` (a `ws://` one is mixed content the browser
/// blocks), so there `ws://` becomes `wss://`.
pub fn session_server(asked: Option<&str>, protocol: &str, host: &str) -> Option<String> {
    let secure = protocol == "https:";
    match asked {
        Some("none") => None,
        Some(url) => Some(match url.strip_prefix("ws://").filter(|_| secure) {
            Some(rest) => format!("wss://{rest}"),
            None => url.to_string(),
        }),
        None if host.is_empty() => None,
        None => {
            let scheme = if secure { "wss" } else { "ws" };
            Some(format!("{scheme}://{host}:{DEFAULT_WS_PORT}"))
        }
    }
}

/// The server as a device connects to it.
pub fn device_server(query: &str) -> Option<Server> {
    server_url(query).map(|url| Server {
        url,
        user: DEVICE_USER.0.into(),
        password: DEVICE_USER.1.into(),
    })
}

/// `len` random characters of `alphabet`, from the browser's cryptographic generator (never
/// inside the simulation). Empty where the page has none.
fn random_text(len: usize, alphabet: &[u8]) -> String {
    let mut bytes = vec![0u8; len];
    let ok = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .is_some_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
    if !ok {
        return String::new();
    }
    bytes
        .iter()
        .map(|b| char::from(alphabet[usize::from(*b) % alphabet.len()]))
        .collect()
}

/// A fresh room code: seven random characters, about 27 billion codes, after the teacher's
/// `tag` when they have one. The room's key is made from it slowly (see
/// [`sim_core::session::RoomKey`]), so trying them all on what a student's own client can
/// read takes decades, not a lesson. Empty where the page has no secure random numbers.
pub fn new_code(tag: Option<&str>) -> String {
    let random = random_text(7, CODE_ALPHABET);
    if random.is_empty() {
        return random;
    }
    format!("{}{random}", tag.unwrap_or_default())
}

/// This browser's device identity for room `code`, kept in local storage so a reload or a
/// dropped connection keeps the student's place.
pub fn identity(code: &str) -> device::Identity {
    use crate::browser::{storage_get, storage_set};
    let kept = |key: &str, len: usize| {
        if let Ok(Some(v)) = storage_get(key) {
            if !v.is_empty() {
                return v;
            }
        }
        let fresh = random_text(len, TOKEN_ALPHABET);
        let _ = storage_set(key, &fresh);
        fresh
    };
    device::Identity {
        device: kept("stepwise-device-id", 12),
        secret: kept(&format!("stepwise-secret-{code}"), 24),
    }
}

/// A marker's place (stage fractions, −0.5..0.5 from the top left) for a world point of the
/// stage (y up) within `b`.
pub fn to_marker(b: &Bounds, wx: f64, wy: f64) -> (f64, f64) {
    let width = (b.right - b.left).max(1e-9);
    let height = (b.top - b.bottom).max(1e-9);
    ((wx - b.left) / width - 0.5, (b.top - wy) / height - 0.5)
}

/// The world point (y up) of a marker's place.
pub fn from_marker(b: &Bounds, x: f64, y: f64) -> (f64, f64) {
    (
        b.left + (x + 0.5) * (b.right - b.left),
        b.top - (y + 0.5) * (b.top - b.bottom),
    )
}

/// Random letters for a token of this page (a tab's mark in storage).
pub fn page_token() -> String {
    random_text(12, TOKEN_ALPHABET)
}

#[cfg(test)]
mod tests {
    use super::{session_server, teacher_login};

    #[test]
    fn a_teacher_with_a_key_of_their_own_logs_in_under_their_tag() {
        assert_eq!(
            teacher_login("KQ:s3cret"),
            ("teacher-KQ".into(), "s3cret".into(), Some("KQ".into()))
        );
        assert_eq!(
            teacher_login("plainkey"),
            ("teacher".into(), "plainkey".into(), None)
        );
        // Not a tag (too long, a letter codes never use): the whole is the key.
        assert_eq!(teacher_login("KQX:k").2, None);
        assert_eq!(teacher_login("K0:k").2, None);
        assert_eq!(teacher_login("KQ:").2, None);
    }

    #[test]
    fn a_page_over_https_reaches_the_session_server_over_wss() {
        let https = |asked| session_server(asked, "https:", "school.example");
        assert_eq!(https(None).as_deref(), Some("wss://school.example:9222"));
        assert_eq!(
            https(Some("ws://10.0.0.5:9222")).as_deref(),
            Some("wss://10.0.0.5:9222")
        );
        assert_eq!(
            https(Some("wss://nats.example")).as_deref(),
            Some("wss://nats.example")
        );
        assert_eq!(https(Some("none")), None);
        let http = |asked| session_server(asked, "http:", "127.0.0.1");
        assert_eq!(http(None).as_deref(), Some("ws://127.0.0.1:9222"));
        assert_eq!(
            http(Some("ws://127.0.0.1:5000")).as_deref(),
            Some("ws://127.0.0.1:5000")
        );
        assert_eq!(session_server(None, "file:", ""), None);
    }

    use super::*;

    #[test]
    fn marker_places_and_stage_points_are_inverse() {
        let b = Bounds {
            left: -400.0,
            right: 400.0,
            top: 300.0,
            bottom: -300.0,
        };
        assert_eq!(to_marker(&b, -400.0, 300.0), (-0.5, -0.5), "top left");
        assert_eq!(to_marker(&b, 400.0, -300.0), (0.5, 0.5), "bottom right");
        let (wx, wy) = from_marker(&b, 0.2, -0.1);
        let (x, y) = to_marker(&b, wx, wy);
        assert!((x - 0.2).abs() < 1e-12 && (y + 0.1).abs() < 1e-12);
    }
}

//! NATS's client protocol, the part a session's carriers need (the browser's WebSocket link
//! and the load tool's TCP clients): the lines a client writes
//! (`CONNECT`, `SUB`, `PUB`, `PING`, `PONG`) and a parser for what the server sends (`INFO`,
//! `MSG`, `PING`, `PONG`, `+OK`, `-ERR`), fed the bytes of WebSocket frames as they come (a
//! message may span frames, a frame may hold many). Plain data, no web dependencies, so it
//! is tested natively; a server that sends something else, or more than the limits, gets an
//! error, never a panic.

use super::protocol::MAX_MESSAGE_BYTES;

/// The longest protocol line (without a payload) the parser accepts.
pub const MAX_LINE_BYTES: usize = 8 * 1024;

/// What the server sent.
#[derive(Debug, Clone, PartialEq)]
pub enum ServerOp {
    /// The server's description, as JSON.
    Info(String),
    /// A message on a subject this client subscribed to.
    Msg {
        /// Its subject.
        subject: String,
        /// The subscription it came through.
        sid: u64,
        /// The payload.
        payload: Vec<u8>,
    },
    /// The server checks that the client is alive: answer [`pong`].
    Ping,
    /// The answer to a [`ping`].
    Pong,
    /// An acknowledgement (verbose mode).
    Ok,
    /// An error; a permissions violation leaves the connection open, others close it.
    Err(String),
}

/// Why the server's bytes are not the protocol.
#[derive(Debug, Clone, PartialEq)]
pub enum WireError {
    /// A line longer than [`MAX_LINE_BYTES`].
    LineTooLong,
    /// A payload larger than the session protocol allows.
    PayloadTooLarge(usize),
    /// A line that is no operation this client knows.
    Unknown(String),
    /// A `MSG` line that does not read.
    BadMsg(String),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::LineTooLong => {
                write!(f, "the server sent a line over {MAX_LINE_BYTES} bytes")
            }
            WireError::PayloadTooLarge(n) => write!(f, "the server sent a message of {n} bytes"),
            WireError::Unknown(line) => write!(f, "the server sent '{line}'"),
            WireError::BadMsg(line) => write!(f, "the server sent a damaged message line '{line}'"),
        }
    }
}

/// Reads the server's bytes into operations.
#[derive(Debug, Default)]
pub struct Parser {
    buf: Vec<u8>,
    /// A `MSG` whose payload (and its closing CRLF) has not fully arrived.
    pending: Option<(String, u64, usize)>,
}

impl Parser {
    /// Takes in `bytes` and returns every operation they complete. After an error the
    /// connection is to be dropped (the parser no longer knows where operations start).
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<ServerOp>, WireError> {
        self.buf.extend_from_slice(bytes);
        let mut ops = Vec::new();
        let mut at = 0;
        loop {
            if let Some((subject, sid, len)) = self.pending.take() {
                if self.buf.len() - at < len + 2 {
                    self.pending = Some((subject, sid, len));
                    break;
                }
                let payload = self.buf[at..at + len].to_vec();
                at += len + 2;
                ops.push(ServerOp::Msg {
                    subject,
                    sid,
                    payload,
                });
                continue;
            }
            let Some(end) = find_crlf(&self.buf[at..]) else {
                if self.buf.len() - at > MAX_LINE_BYTES {
                    return Err(WireError::LineTooLong);
                }
                break;
            };
            if end > MAX_LINE_BYTES {
                return Err(WireError::LineTooLong);
            }
            let line = String::from_utf8_lossy(&self.buf[at..at + end]).into_owned();
            at += end + 2;
            match read_line(&line)? {
                Line::Op(op) => ops.push(op),
                Line::Msg(subject, sid, len) => self.pending = Some((subject, sid, len)),
            }
        }
        self.buf.drain(..at);
        Ok(ops)
    }
}

enum Line {
    Op(ServerOp),
    Msg(String, u64, usize),
}

fn find_crlf(bytes: &[u8]) -> Option<usize> {
    bytes.windows(2).position(|w| w == b"\r\n")
}

fn read_line(line: &str) -> Result<Line, WireError> {
    let (verb, rest) = line.split_once([' ', '\t']).unwrap_or((line, ""));
    let op = match verb.to_ascii_uppercase().as_str() {
        "INFO" => ServerOp::Info(rest.trim().to_string()),
        "PING" => ServerOp::Ping,
        "PONG" => ServerOp::Pong,
        "+OK" => ServerOp::Ok,
        "-ERR" => ServerOp::Err(rest.trim().trim_matches('\'').to_string()),
        "MSG" => return read_msg(line, rest),
        _ => {
            let shown: String = line.chars().take(40).collect();
            return Err(WireError::Unknown(shown));
        }
    };
    Ok(Line::Op(op))
}

/// `MSG <subject> <sid> [reply-to] <#bytes>`.
fn read_msg(line: &str, rest: &str) -> Result<Line, WireError> {
    let bad = || WireError::BadMsg(line.chars().take(60).collect());
    let parts: Vec<&str> = rest.split_ascii_whitespace().collect();
    let (subject, sid, len) = match parts.as_slice() {
        [subject, sid, len] | [subject, sid, _, len] => (*subject, *sid, *len),
        _ => return Err(bad()),
    };
    let sid = sid.parse::<u64>().map_err(|_| bad())?;
    let len = len.parse::<usize>().map_err(|_| bad())?;
    if len > MAX_MESSAGE_BYTES {
        return Err(WireError::PayloadTooLarge(len));
    }
    Ok(Line::Msg(subject.to_string(), sid, len))
}

/// The `CONNECT` line: this client's name and credentials, no acknowledgements (`verbose`
/// off), and told of permission errors so a refused publish is seen.
pub fn connect(user: &str, password: &str, name: &str) -> Vec<u8> {
    let options = serde_json::json!({
        "user": user, "pass": password, "name": name, "lang": "rust-wasm", "version": "1",
        "verbose": false, "pedantic": false, "protocol": 1, "headers": false, "no_responders": false,
    });
    format!("CONNECT {options}\r\n").into_bytes()
}

/// Subscribes to `subject` as subscription `sid`.
pub fn sub(subject: &str, sid: u64) -> Vec<u8> {
    format!("SUB {subject} {sid}\r\n").into_bytes()
}

/// Publishes `payload` on `subject`.
pub fn publish(subject: &str, payload: &[u8]) -> Vec<u8> {
    let mut out = format!("PUB {subject} {}\r\n", payload.len()).into_bytes();
    out.extend_from_slice(payload);
    out.extend_from_slice(b"\r\n");
    out
}

/// Asks the server whether it is there.
pub fn ping() -> Vec<u8> {
    b"PING\r\n".to_vec()
}

/// Answers the server's `PING`.
pub fn pong() -> Vec<u8> {
    b"PONG\r\n".to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn msg(subject: &str, sid: u64, payload: &[u8]) -> Vec<u8> {
        let mut out = format!("MSG {subject} {sid} {}\r\n", payload.len()).into_bytes();
        out.extend_from_slice(payload);
        out.extend_from_slice(b"\r\n");
        out
    }

    #[test]
    fn reads_what_a_server_sends() {
        let mut p = Parser::default();
        let mut bytes = b"INFO {\"server_id\":\"x\"}\r\nPING\r\n+OK\r\n".to_vec();
        bytes.extend(msg("sw.A.out", 2, b"hi\r\nthere"));
        bytes.extend(b"MSG sw.A.out 3 _INBOX.r 0\r\n\r\n-ERR 'Permissions Violation for Publish to \"sw.A.out\"'\r\n");
        let ops = p.push(&bytes).unwrap();
        assert_eq!(
            ops,
            vec![
                ServerOp::Info("{\"server_id\":\"x\"}".into()),
                ServerOp::Ping,
                ServerOp::Ok,
                ServerOp::Msg {
                    subject: "sw.A.out".into(),
                    sid: 2,
                    payload: b"hi\r\nthere".to_vec()
                },
                ServerOp::Msg {
                    subject: "sw.A.out".into(),
                    sid: 3,
                    payload: vec![]
                },
                ServerOp::Err("Permissions Violation for Publish to \"sw.A.out\"".into()),
            ]
        );
    }

    #[test]
    fn refuses_what_is_not_the_protocol() {
        assert!(matches!(
            Parser::default().push(b"HELLO\r\n"),
            Err(WireError::Unknown(_))
        ));
        assert!(matches!(
            Parser::default().push(b"MSG a b c\r\n"),
            Err(WireError::BadMsg(_))
        ));
        let huge = format!("MSG a 1 {}\r\n", MAX_MESSAGE_BYTES + 1);
        assert!(matches!(
            Parser::default().push(huge.as_bytes()),
            Err(WireError::PayloadTooLarge(_))
        ));
        assert_eq!(
            Parser::default().push(&vec![b'x'; MAX_LINE_BYTES + 10]),
            Err(WireError::LineTooLong)
        );
    }

    #[test]
    fn writes_the_client_lines() {
        assert_eq!(publish("sw.A.in", b"ab"), b"PUB sw.A.in 2\r\nab\r\n");
        assert_eq!(sub("sw.A.out", 1), b"SUB sw.A.out 1\r\n");
        let c = String::from_utf8(connect("student", "pw", "tab")).unwrap();
        assert!(c.starts_with("CONNECT {") && c.ends_with("}\r\n"));
        assert!(c.contains("\"verbose\":false"));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1_000))]

        /// Any bytes, in any split, are operations or an error, never a panic.
        #[test]
        fn any_bytes_parse_or_fail(chunks in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..64), 0..8)) {
            let mut p = Parser::default();
            for chunk in &chunks {
                if p.push(chunk).is_err() {
                    break;
                }
            }
        }

        /// A stream of messages split anywhere reads as the same messages.
        #[test]
        fn messages_split_anywhere_read_the_same(
            payloads in proptest::collection::vec(proptest::collection::vec(any::<u8>(), 0..40), 1..6),
            cuts in proptest::collection::vec(0usize..400, 0..6),
        ) {
            let mut stream = b"PING\r\n".to_vec();
            for (i, p) in payloads.iter().enumerate() {
                stream.extend(msg("sw.ROOM.out", i as u64, p));
            }
            let mut cuts: Vec<usize> = cuts.into_iter().map(|c| c % (stream.len() + 1)).collect();
            cuts.sort_unstable();
            let mut parser = Parser::default();
            let mut ops = Vec::new();
            let mut last = 0;
            for c in cuts.into_iter().chain([stream.len()]) {
                ops.extend(parser.push(&stream[last..c]).unwrap());
                last = c;
            }
            prop_assert_eq!(ops.len(), payloads.len() + 1);
            for (i, p) in payloads.iter().enumerate() {
                prop_assert_eq!(&ops[i + 1], &ServerOp::Msg { subject: "sw.ROOM.out".into(), sid: i as u64, payload: p.clone() });
            }
        }
    }
}

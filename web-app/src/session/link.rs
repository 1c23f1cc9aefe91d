//! How session messages travel: one small trait, [`Link`], with two carriers behind it —
//! a `BroadcastChannel` between windows of one browser (the teacher's page and a projector
//! window on the same computer, no server) and NATS over a WebSocket (a messaging server on
//! the classroom's network or a district's cluster). A link sends on its side's channel and
//! keeps what arrives on the other in a bounded inbox that the page drains every frame.

use gloo_timers::callback::Timeout;
use sim_core::{
    session::nats_wire::{self as wire, Parser, ServerOp},
    session::protocol::{decode, encode, validate, Message, ProtocolError},
    session::seal::{Direction, RoomKey, NONCE_BYTES},
};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BinaryType, BroadcastChannel, MessageEvent, WebSocket};

/// The most messages an inbox holds; past it the oldest go (counted), and a device that
/// missed one resyncs.
pub const MAX_INBOX: usize = 4_096;
/// The longest wait between reconnection attempts, milliseconds.
const MAX_BACKOFF_MS: u32 = 2_000;

/// Which end of the room a link is for: the teacher sends on *out* and reads *in*; every
/// other device the reverse.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Side {
    /// The teacher's page.
    Teacher,
    /// A projector or a student's device.
    Device,
}

/// Of a room's two channels (`out`, `in`): what `side` sends on and what it reads.
fn ends((out, inn): (String, String), side: Side) -> (String, String) {
    match side {
        Side::Teacher => (out, inn),
        Side::Device => (inn, out),
    }
}

impl Side {
    /// The directions of what this side sends and what it reads, which its seals carry.
    fn directions(self) -> (Direction, Direction) {
        match self {
            Side::Teacher => (Direction::Out, Direction::In),
            Side::Device => (Direction::In, Direction::Out),
        }
    }
}

/// Whether a link can carry messages now.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkState {
    /// Connecting for the first time.
    Connecting,
    /// Carrying messages.
    Open,
    /// Lost; trying again (why, and how many attempts so far).
    Reconnecting(String, u32),
}

/// What a link counted.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LinkCounts {
    /// Bytes sent.
    pub sent_bytes: u64,
    /// Bytes received.
    pub received_bytes: u64,
    /// Messages dropped because the inbox was full.
    pub overflowed: u64,
    /// Messages sent while the link was down (not carried).
    pub unsent: u64,
    /// Times the link opened (the first time included).
    pub opened: u32,
}

/// A carrier of session messages.
pub trait Link {
    /// Sends a message on this side's channel; false when the link is down (not sent).
    fn send(&mut self, message: &Message) -> bool;
    /// What arrived since the last call, oldest first (or why an arrival was no message).
    fn take(&mut self) -> Vec<Result<Message, ProtocolError>>;
    /// Whether it carries messages now.
    fn state(&self) -> LinkState;
    /// What it counted.
    fn counts(&self) -> LinkCounts;
    /// The last error the server reported (a refused publish, say).
    fn last_error(&self) -> Option<String>;
}

/// Arrivals kept for the page, bounded.
#[derive(Default)]
struct Inbox {
    items: VecDeque<Result<Message, ProtocolError>>,
    counts: LinkCounts,
}

impl Inbox {
    fn push(&mut self, item: Result<Message, ProtocolError>) {
        if self.items.len() >= MAX_INBOX {
            self.items.pop_front();
            self.counts.overflowed += 1;
        }
        self.items.push_back(item);
    }
}

/// The same-computer carrier: a `BroadcastChannel` per direction; messages cross as values
/// (through serde-wasm-bindgen), not bytes.
pub struct WindowLink {
    send: BroadcastChannel,
    read: BroadcastChannel,
    inbox: Rc<RefCell<Inbox>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
}

fn serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true)
}

impl WindowLink {
    /// The link of `side` for room `code`; `None` where the browser has no BroadcastChannel.
    pub fn open(code: &str, side: Side) -> Option<WindowLink> {
        let (send_name, read_name) =
            ends((format!("sw.{code}.out"), format!("sw.{code}.in")), side);
        let send = BroadcastChannel::new(&send_name).ok()?;
        let read = BroadcastChannel::new(&read_name).ok()?;
        let inbox = Rc::new(RefCell::new(Inbox::default()));
        let to = Rc::downgrade(&inbox);
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(inbox) = to.upgrade() else { return };
            let item = serde_wasm_bindgen::from_value::<Message>(e.data())
                .map_err(|e| ProtocolError::Malformed(e.to_string()))
                .and_then(|m| validate(&m).map(|()| m));
            inbox.borrow_mut().push(item);
        });
        read.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        inbox.borrow_mut().counts.opened = 1;
        Some(WindowLink {
            send,
            read,
            inbox,
            _on_message: on_message,
        })
    }
}

impl Drop for WindowLink {
    fn drop(&mut self) {
        self.read.set_onmessage(None);
        self.send.close();
        self.read.close();
    }
}

impl Link for WindowLink {
    fn send(&mut self, message: &Message) -> bool {
        use serde::Serialize;
        match message.serialize(&serializer()) {
            Ok(value) => self.send.post_message(&value).is_ok(),
            Err(_) => false,
        }
    }

    fn take(&mut self) -> Vec<Result<Message, ProtocolError>> {
        self.inbox.borrow_mut().items.drain(..).collect()
    }

    fn state(&self) -> LinkState {
        LinkState::Open
    }

    fn counts(&self) -> LinkCounts {
        self.inbox.borrow().counts
    }

    fn last_error(&self) -> Option<String> {
        None
    }
}

/// Where and as whom a NATS link connects.
#[derive(Debug, Clone, PartialEq)]
pub struct Server {
    /// The WebSocket address, `ws://host:port`.
    pub url: String,
    /// The user name in the server's configuration.
    pub user: String,
    /// Its password.
    pub password: String,
}

/// The state of a NATS connection, shared with the socket's callbacks.
struct Nats {
    server: Server,
    name: String,
    /// The room's key: every message is sealed with it, and what does not open is refused.
    key: Rc<RoomKey>,
    /// The directions of what this link sends and reads.
    directions: (Direction, Direction),
    /// Where [`Link::send`] publishes.
    send_subject: String,
    /// Every subject subscribed to (again after each reconnect).
    subscriptions: Vec<String>,
    socket: Option<WebSocket>,
    parser: Parser,
    state: LinkState,
    inbox: Inbox,
    last_error: Option<String>,
    attempts: u32,
    retry: Option<Timeout>,
    callbacks: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// The server carrier: NATS's client protocol over a WebSocket, reconnecting by itself
/// (after 250 ms, doubling to 2 s) and subscribing again each time.
pub struct NatsLink(Rc<RefCell<Nats>>);

impl NatsLink {
    /// Connects to `server` as client `name`, as `side` of the room whose key is `key`:
    /// sending on that side's subject and reading the other's, every message sealed.
    pub fn open(server: Server, name: &str, side: Side, key: Rc<RoomKey>) -> NatsLink {
        let (send_subject, read) = ends(key.subjects(), side);
        let nats = Rc::new(RefCell::new(Nats {
            server,
            name: name.to_string(),
            key,
            directions: side.directions(),
            send_subject,
            subscriptions: vec![read],
            socket: None,
            parser: Parser::default(),
            state: LinkState::Connecting,
            inbox: Inbox::default(),
            last_error: None,
            attempts: 0,
            retry: None,
            callbacks: Vec::new(),
        }));
        connect(&nats);
        NatsLink(nats)
    }
}

fn publish(n: &mut Nats, subject: &str, message: &Message) -> bool {
    if n.state != LinkState::Open {
        n.inbox.counts.unsent += 1;
        return false;
    }
    let Some(nonce) = nonce() else {
        // Without the browser's generator nothing can be sealed safely: nothing is sent.
        n.inbox.counts.unsent += 1;
        return false;
    };
    let sealed = n.key.seal(n.directions.0, nonce, &encode(message));
    let bytes = wire::publish(subject, &sealed);
    n.inbox.counts.sent_bytes += bytes.len() as u64;
    write(n, &bytes);
    true
}

/// A fresh nonce from the browser's cryptographic generator.
fn nonce() -> Option<[u8; NONCE_BYTES]> {
    let mut bytes = [0u8; NONCE_BYTES];
    let crypto = web_sys::window().and_then(|w| w.crypto().ok())?;
    crypto.get_random_values_with_u8_array(&mut bytes).ok()?;
    Some(bytes)
}

impl Drop for NatsLink {
    fn drop(&mut self) {
        let mut n = self.0.borrow_mut();
        n.retry = None;
        if let Some(socket) = n.socket.take() {
            clear_handlers(&socket);
            close_socket(&socket);
        }
    }
}

/// Closes `socket` as a normal closure (1000): a close frame with no code makes the server
/// answer with a reserved code, which the browser reports as an error.
fn close_socket(socket: &WebSocket) {
    let _ = socket.close_with_code(1000);
}

fn clear_handlers(socket: &WebSocket) {
    socket.set_onopen(None);
    socket.set_onmessage(None);
    socket.set_onclose(None);
    socket.set_onerror(None);
}

/// Opens a socket and wires its events to the shared state.
fn connect(nats: &Rc<RefCell<Nats>>) {
    let url = nats.borrow().server.url.clone();
    let socket = match WebSocket::new(&url) {
        Ok(s) => s,
        Err(e) => {
            let why = e
                .as_string()
                .unwrap_or_else(|| format!("cannot reach {url}"));
            return lost(nats, why);
        }
    };
    socket.set_binary_type(BinaryType::Arraybuffer);
    let weak = Rc::downgrade(nats);
    let on_message = handler(&weak, |nats, e| {
        let Ok(e) = e.dyn_into::<MessageEvent>() else {
            return;
        };
        let data = e.data();
        let bytes = match data.as_string() {
            Some(text) => text.into_bytes(),
            None => js_sys::Uint8Array::new(&data).to_vec(),
        };
        received(&nats, &bytes);
    });
    let on_close = handler(&weak, |nats, _| lost(&nats, "the connection closed".into()));
    socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut n = nats.borrow_mut();
    if let Some(old) = n.socket.replace(socket) {
        clear_handlers(&old);
        close_socket(&old);
    }
    n.callbacks = vec![on_message, on_close];
}

fn handler(
    weak: &Weak<RefCell<Nats>>,
    act: impl Fn(Rc<RefCell<Nats>>, JsValue) + 'static,
) -> Closure<dyn FnMut(JsValue)> {
    let weak = weak.clone();
    Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        if let Some(nats) = weak.upgrade() {
            act(nats, e);
        }
    })
}

/// The socket's bytes: protocol operations answered, messages kept.
fn received(nats: &Rc<RefCell<Nats>>, bytes: &[u8]) {
    let mut n = nats.borrow_mut();
    n.inbox.counts.received_bytes += bytes.len() as u64;
    let ops = match n.parser.push(bytes) {
        Ok(ops) => ops,
        Err(e) => {
            drop(n);
            return lost(nats, e.to_string());
        }
    };
    for op in ops {
        match op {
            ServerOp::Info(_) if n.state != LinkState::Open => {
                let mut hello = wire::connect(&n.server.user, &n.server.password, &n.name);
                for (i, subject) in n.subscriptions.iter().enumerate() {
                    hello.extend(wire::sub(subject, i as u64 + 1));
                }
                hello.extend(wire::ping());
                write(&n, &hello);
            }
            ServerOp::Pong if n.state != LinkState::Open => {
                // The server answered after CONNECT: the credentials were taken.
                n.state = LinkState::Open;
                n.attempts = 0;
                n.inbox.counts.opened += 1;
            }
            ServerOp::Ping => write(&n, &wire::pong()),
            ServerOp::Msg { payload, .. } => {
                let message = n
                    .key
                    .open(n.directions.1, &payload)
                    .and_then(|plain| decode(&plain));
                n.inbox.push(message);
            }
            ServerOp::Err(text) => n.last_error = Some(text),
            ServerOp::Info(_) | ServerOp::Pong | ServerOp::Ok => {}
        }
    }
}

fn write(n: &Nats, bytes: &[u8]) {
    if let Some(socket) = &n.socket {
        let _ = socket.send_with_u8_array(bytes);
    }
}

/// The connection was lost: say so and try again after a growing wait.
fn lost(nats: &Rc<RefCell<Nats>>, why: String) {
    let mut n = nats.borrow_mut();
    if n.retry.is_some() {
        return;
    }
    if let Some(socket) = n.socket.take() {
        clear_handlers(&socket);
        close_socket(&socket);
    }
    n.parser = Parser::default();
    n.attempts = n.attempts.saturating_add(1);
    n.state = LinkState::Reconnecting(why, n.attempts);
    let wait = (250u32 << n.attempts.min(4).saturating_sub(1)).min(MAX_BACKOFF_MS);
    let weak = Rc::downgrade(nats);
    n.retry = Some(Timeout::new(wait, move || {
        if let Some(nats) = weak.upgrade() {
            nats.borrow_mut().retry = None;
            connect(&nats);
        }
    }));
}

impl Link for NatsLink {
    fn send(&mut self, message: &Message) -> bool {
        let mut n = self.0.borrow_mut();
        let subject = n.send_subject.clone();
        publish(&mut n, &subject, message)
    }

    fn take(&mut self) -> Vec<Result<Message, ProtocolError>> {
        self.0.borrow_mut().inbox.items.drain(..).collect()
    }

    fn state(&self) -> LinkState {
        self.0.borrow().state.clone()
    }

    fn counts(&self) -> LinkCounts {
        self.0.borrow().inbox.counts
    }

    fn last_error(&self) -> Option<String> {
        self.0.borrow().last_error.clone()
    }
}

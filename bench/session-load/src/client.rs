//! A blocking NATS client over TCP for the load tool: one reader thread per connection that
//! hands every message to a handler, and a writer that others share. When the server goes
//! away it moves to the next address of its list (a cluster's other nodes), subscribes again
//! and counts the move.

use sim_core::session::nats_wire::{self as wire, Parser, ServerOp};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// Who connects, where, and what it reads.
#[derive(Clone)]
pub struct Spec {
    /// `host:port` of each node, tried in turn starting at `first`.
    pub servers: Vec<String>,
    /// Which node to try first.
    pub first: usize,
    /// NATS user and password.
    pub user: String,
    /// Its password.
    pub password: String,
    /// The client's name.
    pub name: String,
    /// The subject it subscribes to, if any.
    pub subscribe: Option<String>,
}

/// The writing end of a connection, shared with the threads that publish.
#[derive(Clone)]
pub struct Conn {
    stream: Arc<Mutex<Option<TcpStream>>>,
    /// Times it moved to another node after a drop.
    pub moves: Arc<AtomicU64>,
    /// Publishes that found no connection.
    pub unsent: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
}

impl Conn {
    /// Publishes `payload` on `subject`; false when the connection is down.
    pub fn publish(&self, subject: &str, payload: &[u8]) -> bool {
        let mut guard = self.stream.lock().unwrap_or_else(|e| e.into_inner());
        let ok = guard
            .as_mut()
            .is_some_and(|s| s.write_all(&wire::publish(subject, payload)).is_ok());
        if !ok {
            self.unsent.fetch_add(1, Ordering::Relaxed);
        }
        ok
    }

    /// Stops the reader (at its next read) and closes the socket.
    pub fn close(&self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(s) = self.stream.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = s.shutdown(std::net::Shutdown::Both);
        }
    }
}

fn open(spec: &Spec, node: usize) -> std::io::Result<TcpStream> {
    let addr = &spec.servers[node % spec.servers.len()];
    let mut s = TcpStream::connect(addr)?;
    s.set_nodelay(true)?;
    let mut hello = wire::connect(&spec.user, &spec.password, &spec.name);
    if let Some(subject) = &spec.subscribe {
        hello.extend(wire::sub(subject, 1));
    }
    s.write_all(&hello)?;
    Ok(s)
}

/// Connects and starts the reader; `handle` gets every message's payload.
pub fn connect(
    spec: Spec,
    mut handle: impl FnMut(&[u8], &Conn) + Send + 'static,
) -> std::io::Result<Conn> {
    let first = open(&spec, spec.first)?;
    let conn = Conn {
        stream: Arc::new(Mutex::new(Some(first.try_clone()?))),
        moves: Arc::new(AtomicU64::new(0)),
        unsent: Arc::new(AtomicU64::new(0)),
        stop: Arc::new(AtomicBool::new(false)),
    };
    let shared = conn.clone();
    thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let mut reader = first;
            let mut node = spec.first;
            let mut buf = vec![0u8; 64 * 1024];
            let mut parser = Parser::default();
            while !shared.stop.load(Ordering::Relaxed) {
                let n = match reader.read(&mut buf) {
                    Ok(0) | Err(_) => 0,
                    Ok(n) => n,
                };
                let ops = if n == 0 {
                    Err(())
                } else {
                    parser.push(&buf[..n]).map_err(drop)
                };
                match ops {
                    Ok(ops) => {
                        for op in ops {
                            match op {
                                ServerOp::Msg { payload, .. } => handle(&payload, &shared),
                                ServerOp::Ping => {
                                    let mut g =
                                        shared.stream.lock().unwrap_or_else(|e| e.into_inner());
                                    if let Some(s) = g.as_mut() {
                                        let _ = s.write_all(&wire::pong());
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                    Err(()) => {
                        if shared.stop.load(Ordering::Relaxed) {
                            break;
                        }
                        // Lost: try the next nodes until one answers.
                        *shared.stream.lock().unwrap_or_else(|e| e.into_inner()) = None;
                        parser = Parser::default();
                        let mut tries = 0;
                        loop {
                            node += 1;
                            tries += 1;
                            if let Ok(s) = open(&spec, node) {
                                if let Ok(w) = s.try_clone() {
                                    *shared.stream.lock().unwrap_or_else(|e| e.into_inner()) =
                                        Some(w);
                                    reader = s;
                                    shared.moves.fetch_add(1, Ordering::Relaxed);
                                    break;
                                }
                            }
                            if shared.stop.load(Ordering::Relaxed) || tries > 200 {
                                return;
                            }
                            thread::sleep(Duration::from_millis(100));
                        }
                    }
                }
            }
        })?;
    Ok(conn)
}

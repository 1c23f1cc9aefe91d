//! Messages a room's tests send as a student's device would: a join and an input, sealed by
//! nothing (the room takes them as the teacher's page reads them off the wire).

use sim_core::session::protocol::{Join, StudentInput};
use sim_core::session::Message;

/// The blueprints students may pick in these tests.
pub fn characters() -> Vec<String> {
    vec!["Fish".to_string()]
}

/// `device` joins room ABCDEF as `name`, steering a Fish.
pub fn join(device: &str, name: &str) -> Message {
    Message::Join(Join {
        device: device.to_string(),
        secret: format!("secret-of-{device}"),
        name: name.to_string(),
        blueprint: "Fish".to_string(),
        code: "ABCDEF".to_string(),
    })
}

/// Input `seq` of `device`, with one marker at `x`.
pub fn moved(device: &str, seq: u32, x: f64) -> Message {
    Message::Input(StudentInput {
        device: device.to_string(),
        secret: format!("secret-of-{device}"),
        seq,
        markers: vec![sim_core::Marker {
            id: "m0".into(),
            x,
            y: 0.0,
        }],
        delay_ms: None,
        behind_ms: None,
    })
}

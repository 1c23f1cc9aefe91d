//! The class run as one file: what the teacher's page sent the room during a lesson, kept so
//! the lesson can be replayed exactly as it ran (see [`super::run_replay`]).
//!
//! A run is a list of epochs, as the devices saw it: each starts with a snapshot (the
//! project, once per distinct project, and the state) and goes on with every bundle the
//! teacher's page sent in it (the inputs it applied, each controller frame naming the device
//! that sent it, then the run to the same sim time, with the state hash every few ticks).
//! Keyframes (the state every [`KEYFRAME_EVERY_TICKS`]) let a replay seek without running
//! the lesson from its start. The bundles are kept deflated in chunks as they come, so a
//! long lesson costs the teacher's page what its file will weigh, and the recording stops
//! (saying so) at [`MAX_RUN_BYTES`] instead of growing without end.
//!
//! The file is [`RUN_MAGIC`], a version, the body (postcard) and an FNV-1a checksum of all
//! before it: a damaged or truncated file is refused with a message, never misread.

use super::protocol::{Bundle, RoomSnapshot};
use crate::sim::{bytes_hash, Input};
use serde::{Deserialize, Serialize};

/// What every run file starts with.
pub const RUN_MAGIC: &[u8; 13] = b"STEPWISE-RUN\n";
/// The version of the run file's body; a file of another version is refused, not misread.
pub const RUN_VERSION: u16 = 1;
/// The largest run file read or written (a 45-minute lesson of 30 students is far below it).
pub const MAX_RUN_BYTES: usize = 64 << 20;
/// The most bytes of the lesson's activity record (JSON Lines) a file carries.
pub const MAX_ACTIVITY_BYTES: usize = 4 << 20;
/// Ticks between keyframes while their bytes stay under [`KEYFRAME_BUDGET_BYTES`] (20 s);
/// a seek replays at most this many ticks.
pub const KEYFRAME_EVERY_TICKS: u64 = 600;
/// The most bytes of keyframes taken every [`KEYFRAME_EVERY_TICKS`]; past it a large model
/// keeps one every four times as many ticks, so its file stays within [`MAX_RUN_BYTES`].
pub const KEYFRAME_BUDGET_BYTES: usize = 16 << 20;
/// The most students' names a file carries.
pub const MAX_NAMES: usize = 1_000;
/// The longest title or reason, in characters.
pub const MAX_LABEL_CHARS: usize = 300;
/// Bundles are deflated in chunks of about this many encoded bytes.
const CHUNK_RAW_BYTES: usize = 256 << 10;
/// The most bytes a chunk may inflate to when read.
pub(crate) const MAX_CHUNK_BYTES: usize = 4 << 20;
/// What the recorder keeps back for the activity record, the names and the file's frame.
const RECORD_BUDGET_BYTES: usize = MAX_RUN_BYTES - MAX_ACTIVITY_BYTES - (1 << 20);

/// A whole run file, as read or about to be written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFile {
    /// The model's title when the lesson started.
    pub title: String,
    /// When the recording started, milliseconds since 1970 (only shown).
    pub started_ms: f64,
    /// `(device id, name)` of every student who joined.
    pub names: Vec<(String, String)>,
    /// The lesson's activity record, as JSON Lines.
    pub activity: String,
    /// Each distinct project of the lesson, packed as snapshots carry it.
    pub projects: Vec<Packed>,
    /// The epochs, in order.
    pub epochs: Vec<Epoch>,
}

/// Bytes kept as they are (a packed project, a state, a deflated chunk).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Packed(#[serde(with = "serde_bytes")] pub Vec<u8>);

/// One stretch of the run between two jumps of its state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Epoch {
    /// The epoch's number in the session.
    pub epoch: u32,
    /// Why the state jumped here (the session started, a change was applied, a reset).
    pub why: String,
    /// When, milliseconds since 1970.
    pub at_ms: f64,
    /// Which of [`RunFile::projects`] it runs.
    pub project: u32,
    /// The state at the epoch's start, then every few ticks.
    pub keyframes: Vec<Keyframe>,
    /// The bundles after the start, deflated in order.
    pub chunks: Vec<Chunk>,
}

/// The state at a bundle's end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Keyframe {
    /// The last bundle it contains (0: none of the epoch's).
    pub seq: u64,
    /// Its tick count.
    pub tick: u64,
    /// The simulation's snapshot.
    pub state: Packed,
}

/// Bundles `first_seq ..= last_seq`, encoded one after another and deflated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Chunk {
    /// Its first bundle's number.
    pub first_seq: u64,
    /// Its last bundle's number.
    pub last_seq: u64,
    /// The tick count its last bundle ran to.
    pub last_tick: u64,
    /// The [`Step`]s, postcard one after another, zlib-deflated.
    pub bytes: Packed,
}

/// A bundle as the file keeps it: what a replay needs to run it again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The tick count the inputs apply at.
    pub from: u64,
    /// The inputs, in order.
    pub inputs: Vec<Input>,
    /// The sim time to run to, as bits.
    pub until: i64,
    /// The tick count after running.
    pub tick: u64,
    /// The state hash after running, when the bundle carried one.
    pub hash: Option<u64>,
}

/// Why bytes are not a run file.
#[derive(Debug, Clone, PartialEq)]
pub enum RunFileError {
    /// Not a Stepwise class run at all.
    NotARun,
    /// Larger than [`MAX_RUN_BYTES`].
    TooLarge(usize),
    /// Another version's.
    Version(u16),
    /// Cut short or changed since it was written (the checksum differs).
    Damaged,
    /// Whole, but what it says does not hold together.
    Invalid(String),
}

impl std::fmt::Display for RunFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunFileError::NotARun => write!(f, "this is not a Stepwise class run"),
            RunFileError::TooLarge(n) => write!(
                f,
                "the file is {} MB; a class run is at most {} MB",
                n >> 20,
                MAX_RUN_BYTES >> 20
            ),
            RunFileError::Version(v) => write!(
                f,
                "the class run was saved by another version of Stepwise (file version {v}, this one reads {RUN_VERSION})"
            ),
            RunFileError::Damaged => write!(
                f,
                "the class run is damaged or cut short (its checksum does not match)"
            ),
            RunFileError::Invalid(why) => write!(f, "the class run is not valid: {why}"),
        }
    }
}

impl RunFile {
    /// The file's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.size_hint() + 64);
        out.extend_from_slice(RUN_MAGIC);
        out.extend_from_slice(&RUN_VERSION.to_le_bytes());
        // Postcard fails only on values it cannot write, which these types do not hold; the
        // reader refuses an empty body rather than misread it.
        out.extend(postcard::to_allocvec(self).unwrap_or_default());
        let sum = bytes_hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The run in `bytes`, or why there is none.
    pub fn decode(bytes: &[u8]) -> Result<RunFile, RunFileError> {
        if bytes.len() > MAX_RUN_BYTES {
            return Err(RunFileError::TooLarge(bytes.len()));
        }
        let rest = bytes
            .strip_prefix(RUN_MAGIC.as_slice())
            .ok_or(RunFileError::NotARun)?;
        let (version, _) = rest.split_at_checked(2).ok_or(RunFileError::Damaged)?;
        let version = u16::from_le_bytes([version[0], version[1]]);
        if version != RUN_VERSION {
            return Err(RunFileError::Version(version));
        }
        let (framed, sum) = bytes
            .split_at_checked(bytes.len().saturating_sub(8))
            .filter(|(framed, _)| framed.len() >= RUN_MAGIC.len() + 2)
            .ok_or(RunFileError::Damaged)?;
        let sum = u64::from_le_bytes(sum.try_into().map_err(|_| RunFileError::Damaged)?);
        if bytes_hash(framed) != sum {
            return Err(RunFileError::Damaged);
        }
        let body = &framed[RUN_MAGIC.len() + 2..];
        let (file, left) = postcard::take_from_bytes::<RunFile>(body)
            .map_err(|e| RunFileError::Invalid(e.to_string()))?;
        if !left.is_empty() {
            return Err(RunFileError::Invalid(format!(
                "{} bytes after the run",
                left.len()
            )));
        }
        file.check().map_err(RunFileError::Invalid)?;
        Ok(file)
    }

    /// Whether what the file says holds together: every limit, every epoch starting with a
    /// keyframe of its own, chunks and keyframes in order.
    fn check(&self) -> Result<(), String> {
        if self.epochs.is_empty() {
            return Err("it holds no run".into());
        }
        if self.names.len() > MAX_NAMES {
            return Err(format!("{} names; at most {MAX_NAMES}", self.names.len()));
        }
        if self.activity.len() > MAX_ACTIVITY_BYTES {
            return Err("its activity record is too long".into());
        }
        let long = |s: &str| s.chars().count() > MAX_LABEL_CHARS;
        if long(&self.title) || self.names.iter().any(|(d, n)| long(d) || long(n)) {
            return Err("a title or name is too long".into());
        }
        for (i, epoch) in self.epochs.iter().enumerate() {
            epoch
                .check(self.projects.len())
                .map_err(|why| format!("part {}: {why}", i + 1))?;
        }
        Ok(())
    }

    fn size_hint(&self) -> usize {
        let epochs: usize = self.epochs.iter().map(Epoch::bytes).sum();
        let projects: usize = self.projects.iter().map(|p| p.0.len()).sum();
        epochs + projects + self.activity.len()
    }
}

impl Epoch {
    /// The last bundle kept and the tick it ran to.
    pub fn end(&self) -> (u64, u64) {
        let start = self.keyframes.first().map_or((0, 0), |k| (k.seq, k.tick));
        self.chunks
            .last()
            .map_or(start, |c| (c.last_seq, c.last_tick))
    }

    /// The first tick it shows.
    pub fn first_tick(&self) -> u64 {
        self.keyframes.first().map_or(0, |k| k.tick)
    }

    /// The bytes it keeps.
    fn bytes(&self) -> usize {
        let keys: usize = self.keyframes.iter().map(|k| k.state.0.len() + 24).sum();
        let chunks: usize = self.chunks.iter().map(|c| c.bytes.0.len() + 32).sum();
        keys + chunks + self.why.len()
    }

    fn check(&self, projects: usize) -> Result<(), String> {
        if usize::try_from(self.project).map_or(true, |p| p >= projects) {
            return Err("it names a model the file does not hold".into());
        }
        if self.why.chars().count() > MAX_LABEL_CHARS {
            return Err("its reason is too long".into());
        }
        let first = self.keyframes.first().ok_or("it has no starting state")?;
        let in_order = |a: (u64, u64), b: (u64, u64)| b.0 > a.0 && b.1 >= a.1;
        if self
            .keyframes
            .windows(2)
            .any(|w| !in_order((w[0].seq, w[0].tick), (w[1].seq, w[1].tick)))
        {
            return Err("its keyframes are out of order".into());
        }
        let mut at = (first.seq, first.tick);
        for chunk in &self.chunks {
            if chunk.first_seq != at.0 + 1
                || chunk.last_seq < chunk.first_seq
                || chunk.last_tick < at.1
            {
                return Err("its bundles are out of order".into());
            }
            at = (chunk.last_seq, chunk.last_tick);
        }
        if self.keyframes.iter().any(|k| k.seq > at.0 || k.tick > at.1) {
            return Err("a keyframe lies past its run".into());
        }
        Ok(())
    }
}

/// The chunk's steps, in order, or why they cannot be read.
pub(crate) fn steps_of(chunk: &Chunk) -> Result<Vec<Step>, String> {
    let raw =
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&chunk.bytes.0, MAX_CHUNK_BYTES)
            .map_err(|_| "a stretch of the run is damaged".to_string())?;
    let mut steps = Vec::new();
    let mut rest = raw.as_slice();
    while !rest.is_empty() {
        let (step, left) = postcard::take_from_bytes::<Step>(rest)
            .map_err(|e| format!("a stretch of the run is damaged ({e})"))?;
        steps.push(step);
        rest = left;
    }
    let expected = chunk.last_seq - chunk.first_seq + 1;
    if steps.len() as u64 != expected {
        return Err(format!(
            "a stretch of the run holds {} bundles, not {expected}",
            steps.len()
        ));
    }
    Ok(steps)
}

/// The teacher's page keeps the class run as it goes: each epoch's start, every bundle sent
/// and a keyframe now and then, deflated as they come.
#[derive(Debug, Clone)]
pub struct Recorder {
    file: RunFile,
    /// The bundles of the chunk being filled, encoded.
    raw: Vec<u8>,
    /// That chunk's first and last bundle and last tick (`None`: empty).
    open: Option<(u64, u64, u64)>,
    /// Bytes kept (deflated chunks, keyframes, projects).
    bytes: usize,
    keyframe_bytes: usize,
    /// Why the recording stopped, once it did.
    stopped: Option<String>,
}

impl Recorder {
    /// An empty recording of a lesson with the model called `title`.
    pub fn new(title: &str, started_ms: f64) -> Recorder {
        Recorder {
            file: RunFile {
                title: title.chars().take(MAX_LABEL_CHARS).collect(),
                started_ms,
                names: Vec::new(),
                activity: String::new(),
                projects: Vec::new(),
                epochs: Vec::new(),
            },
            raw: Vec::new(),
            open: None,
            bytes: 0,
            keyframe_bytes: 0,
            stopped: None,
        }
    }

    /// Goes on with the recording `file` (kept before the teacher's page reloaded): its
    /// next epoch starts where the page's run goes on.
    pub fn resume(file: RunFile) -> Recorder {
        let keyframe_bytes = file
            .epochs
            .iter()
            .flat_map(|e| e.keyframes.iter().skip(1))
            .map(|k| k.state.0.len())
            .sum();
        let mut recorder = Recorder::new(&file.title, file.started_ms);
        recorder.bytes = file.size_hint() - file.activity.len();
        recorder.keyframe_bytes = keyframe_bytes;
        recorder.file = RunFile {
            activity: String::new(),
            ..file
        };
        recorder
    }

    /// How many ticks the recording holds, over all its epochs.
    pub fn ticks(&self) -> u64 {
        let open = self.open.map(|(_, _, tick)| tick);
        let epochs = self.file.epochs.len();
        self.file
            .epochs
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let last = if i + 1 == epochs { open } else { None };
                last.unwrap_or_else(|| e.end().1) - e.first_tick()
            })
            .sum()
    }

    /// The bytes the recording keeps so far.
    pub fn bytes(&self) -> usize {
        self.bytes + self.raw.len()
    }

    /// When the recording started, milliseconds since 1970.
    pub fn started_ms(&self) -> f64 {
        self.file.started_ms
    }

    /// Why the recording stopped (it was full), once it did.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// The last bundle kept and its tick, in the epoch now recorded.
    fn end(&self) -> Option<(u32, u64, u64)> {
        let epoch = self.file.epochs.last()?;
        let (seq, tick) = self
            .open
            .map_or_else(|| epoch.end(), |(_, seq, tick)| (seq, tick));
        Some((epoch.epoch, seq, tick))
    }

    /// Whether `more` bytes still fit; if not, the recording stops here.
    fn fits(&mut self, more: usize) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.bytes() + more > RECORD_BUDGET_BYTES {
            let minutes = self.ticks() / 1_800;
            self.stopped = Some(format!(
                "the class run reached {} MB after {minutes} minutes of the run, so the recording stopped there",
                RECORD_BUDGET_BYTES >> 20
            ));
            return false;
        }
        true
    }

    /// A new epoch begins with `snapshot` (what the devices get), at tick `tick`: the state
    /// jumped because of `why`.
    pub fn epoch(&mut self, snapshot: &RoomSnapshot, tick: u64, why: &str, at_ms: f64) {
        self.seal();
        let known = self
            .file
            .projects
            .iter()
            .position(|p| p.0 == snapshot.project);
        let more = snapshot.state.len() + known.map_or(snapshot.project.len(), |_| 0);
        if !self.fits(more) {
            return;
        }
        let project = known.unwrap_or_else(|| {
            self.file.projects.push(Packed(snapshot.project.clone()));
            self.file.projects.len() - 1
        });
        self.bytes += more;
        self.file.epochs.push(Epoch {
            epoch: snapshot.epoch,
            why: why.chars().take(MAX_LABEL_CHARS).collect(),
            at_ms,
            project: u32::try_from(project).unwrap_or(u32::MAX),
            keyframes: vec![Keyframe {
                seq: snapshot.seq,
                tick,
                state: Packed(snapshot.state.clone()),
            }],
            chunks: Vec::new(),
        });
    }

    /// Keeps a bundle the teacher's page sent. One of another epoch, or not the next of
    /// this one, is not kept (the page starts a new epoch first).
    pub fn bundle(&mut self, bundle: &Bundle) {
        let Some((epoch, seq, _)) = self.end() else {
            return;
        };
        if bundle.epoch != epoch || bundle.seq != seq + 1 {
            return;
        }
        let step = Step {
            from: bundle.from,
            inputs: bundle.inputs.clone(),
            until: bundle.until,
            tick: bundle.tick,
            hash: bundle.hash,
        };
        let encoded = postcard::to_allocvec(&step).unwrap_or_default();
        if !self.fits(encoded.len()) {
            return;
        }
        self.raw.extend_from_slice(&encoded);
        let first = self.open.map_or(bundle.seq, |(first, _, _)| first);
        self.open = Some((first, bundle.seq, bundle.tick));
        if self.raw.len() >= CHUNK_RAW_BYTES {
            self.seal();
        }
    }

    /// Whether a keyframe is due at tick `tick` (one every [`KEYFRAME_EVERY_TICKS`], or four
    /// times as many once keyframes fill [`KEYFRAME_BUDGET_BYTES`]).
    pub fn keyframe_due(&self, tick: u64) -> bool {
        let Some(epoch) = self.file.epochs.last() else {
            return false;
        };
        let last = epoch.keyframes.last().map_or(0, |k| k.tick);
        let every = if self.keyframe_bytes < KEYFRAME_BUDGET_BYTES {
            KEYFRAME_EVERY_TICKS
        } else {
            4 * KEYFRAME_EVERY_TICKS
        };
        self.stopped.is_none() && tick >= last + every
    }

    /// Keeps the state `state` after bundle `seq` of epoch `epoch`, at tick `tick` (ignored
    /// unless that is where the recording stands).
    pub fn keyframe(&mut self, epoch: u32, seq: u64, tick: u64, state: Vec<u8>) {
        if self.end() != Some((epoch, seq, tick)) || !self.fits(state.len()) {
            return;
        }
        self.keyframe_bytes += state.len();
        self.bytes += state.len();
        if let Some(last) = self.file.epochs.last_mut() {
            last.keyframes.push(Keyframe {
                seq,
                tick,
                state: Packed(state),
            });
        }
    }

    /// Deflates the chunk being filled into the epoch.
    fn seal(&mut self) {
        let Some((first_seq, last_seq, last_tick)) = self.open.take() else {
            return;
        };
        let bytes = miniz_oxide::deflate::compress_to_vec_zlib(&self.raw, 6);
        self.raw.clear();
        self.bytes += bytes.len();
        if let Some(epoch) = self.file.epochs.last_mut() {
            epoch.chunks.push(Chunk {
                first_seq,
                last_seq,
                last_tick,
                bytes: Packed(bytes),
            });
        }
    }

    /// The run file as it stands, with the students' `names` and the lesson's `activity`
    /// record (JSON Lines, cut at a line to [`MAX_ACTIVITY_BYTES`]); the recording goes on.
    pub fn save(&mut self, names: Vec<(String, String)>, activity: &str) -> Vec<u8> {
        self.seal();
        let mut cut = activity.len().min(MAX_ACTIVITY_BYTES);
        while !activity.is_char_boundary(cut) {
            cut -= 1;
        }
        if cut < activity.len() {
            cut = activity[..cut].rfind('\n').map_or(0, |i| i + 1);
        }
        let long = |s: &String| s.chars().count() > MAX_LABEL_CHARS;
        self.file.names = names
            .into_iter()
            .filter(|(d, n)| !long(d) && !long(n))
            .take(MAX_NAMES)
            .collect();
        self.file.activity = activity[..cut].to_string();
        let bytes = self.file.encode();
        self.file.activity.clear();
        bytes
    }
}

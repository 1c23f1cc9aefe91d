//! A class run played again: the lesson shown at any moment exactly as it ran, for the
//! timeline of a saved run and `stepwise run --replay`.
//!
//! A moment is a *position*: the run's epochs laid end to end, one position per tick. A
//! [`RunReplay::seek`] restores the nearest keyframe at or before it; [`RunReplay::play_to`]
//! then applies the recorded bundles as a follower of the live lesson did (inputs, then the
//! run to the same sim time), checking the state hash wherever the lesson sent one, so a
//! replay that would differ from the lesson says so instead of showing something else.

use super::class_run::{steps_of, RunFile, RunFileError, Step};
use super::follow::{Followed, Follower};
use super::protocol::{Bundle, RoomSnapshot};
use crate::project::Project;
use crate::sim::{tick_time, Simulation};

/// The most ticks one recorded bundle may run (a minute): a file saying more is damaged.
pub const MAX_TICKS_PER_STEP: u64 = 1_800;

/// An opened class run.
#[derive(Debug, Clone)]
pub struct RunReplay {
    file: RunFile,
    /// The position each part (epoch) starts at.
    starts: Vec<u64>,
    length: u64,
}

/// One part of the run, between two jumps of its state, as the timeline lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    /// Why the state jumped there.
    pub why: String,
    /// When, milliseconds since 1970.
    pub at_ms: f64,
    /// The position it starts at.
    pub start: u64,
    /// Its first and last tick.
    pub ticks: (u64, u64),
}

/// Where a replay stands within one part: the simulation it drives is the caller's.
#[derive(Debug, Clone)]
pub struct Playhead {
    part: usize,
    follower: Follower,
    /// The steps of the chunk being read, and the index of the next to apply.
    steps: Vec<Step>,
    next: usize,
    /// Hash checks passed since the seek.
    checks: u64,
}

/// How far [`RunReplay::play_to`] got.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Reached {
    /// At the tick asked for (or the last bundle before it).
    There,
    /// Its tick budget ran out first: call again.
    Partway,
    /// At the part's last recorded bundle.
    End,
}

impl Playhead {
    /// The part it is in.
    pub fn part(&self) -> usize {
        self.part
    }

    /// How many of the lesson's state hashes the replay matched since it last sought.
    pub fn checks(&self) -> u64 {
        self.checks
    }
}

impl RunReplay {
    /// Opens the run file in `bytes`.
    pub fn open(bytes: &[u8]) -> Result<RunReplay, RunFileError> {
        let file = RunFile::decode(bytes)?;
        let mut starts = Vec::with_capacity(file.epochs.len());
        let mut length = 0u64;
        for epoch in &file.epochs {
            starts.push(length);
            let (_, last) = epoch.end();
            length = length.saturating_add((last - epoch.first_tick()).saturating_add(1));
        }
        Ok(RunReplay {
            file,
            starts,
            length,
        })
    }

    /// The file as read (its title, names and activity record).
    pub fn file(&self) -> &RunFile {
        &self.file
    }

    /// How many positions the run has (one per tick of each part).
    pub fn length(&self) -> u64 {
        self.length
    }

    /// The parts, in order.
    pub fn parts(&self) -> Vec<Part> {
        self.file
            .epochs
            .iter()
            .zip(&self.starts)
            .map(|(e, &start)| Part {
                why: e.why.clone(),
                at_ms: e.at_ms,
                start,
                ticks: (e.first_tick(), e.end().1),
            })
            .collect()
    }

    /// The part and tick at `position` (past the end: the last).
    pub fn locate(&self, position: u64) -> (usize, u64) {
        let part = self
            .starts
            .partition_point(|&s| s <= position)
            .saturating_sub(1);
        let epoch = &self.file.epochs[part];
        let tick = epoch
            .first_tick()
            .saturating_add(position.saturating_sub(self.starts[part]));
        (part, tick.min(epoch.end().1))
    }

    /// The position of tick `tick` of part `part`.
    pub fn position_of(&self, part: usize, tick: u64) -> u64 {
        let Some(epoch) = self.file.epochs.get(part) else {
            return self.length.saturating_sub(1);
        };
        let tick = tick.clamp(epoch.first_tick(), epoch.end().1);
        self.starts[part] + (tick - epoch.first_tick())
    }

    /// The nearest keyframe at or before `position`, restored: the playhead, the part's
    /// project and its simulation (then [`RunReplay::play_to`] the position itself).
    pub fn seek(&self, position: u64) -> Result<(Playhead, Project, Simulation), String> {
        let (part, tick) = self.locate(position);
        let epoch = &self.file.epochs[part];
        let keyframe = epoch
            .keyframes
            .iter()
            .rev()
            .find(|k| k.tick <= tick)
            .unwrap_or(&epoch.keyframes[0]);
        let project = &self.file.projects[epoch.project as usize];
        let snapshot = RoomSnapshot {
            epoch: epoch.epoch,
            seq: keyframe.seq,
            project: project.0.clone(),
            state: keyframe.state.0.clone(),
            characters: Vec::new(),
            playing: false,
        };
        let (follower, project, sim) = Follower::start(&snapshot)?;
        if sim.tick_count() != keyframe.tick {
            return Err("a keyframe of the run is at another tick than it says".into());
        }
        let head = Playhead {
            part,
            follower,
            steps: Vec::new(),
            next: 0,
            checks: 0,
        };
        Ok((head, project, sim))
    }

    /// Runs `sim` on from where `head` stands to tick `tick` of its part (the last recorded
    /// bundle that ends at or before it), running at most about `budget` ticks in this call.
    /// An error says where the replay would differ from the lesson or the file is damaged.
    pub fn play_to(
        &self,
        head: &mut Playhead,
        sim: &mut Simulation,
        tick: u64,
        budget: u64,
    ) -> Result<Reached, String> {
        let start = sim.tick_count();
        loop {
            if head.next >= head.steps.len() && !self.load_next(head)? {
                return Ok(Reached::End);
            }
            let step = &head.steps[head.next];
            if step.tick > tick {
                return Ok(Reached::There);
            }
            if sim.tick_count().saturating_sub(start) >= budget {
                return Ok(Reached::Partway);
            }
            self.apply(head, sim)?;
        }
    }

    /// Applies the next step as a follower of the lesson did.
    fn apply(&self, head: &mut Playhead, sim: &mut Simulation) -> Result<(), String> {
        let step = &head.steps[head.next];
        let ticks = step.tick.saturating_sub(step.from);
        if step.tick < step.from
            || ticks > MAX_TICKS_PER_STEP
            || step.until > tick_time(step.tick.saturating_add(1)).to_bits()
        {
            return Err(format!(
                "the run is damaged at tick {}: a bundle runs where it cannot",
                step.from
            ));
        }
        let (epoch, seq) = head.follower.position();
        let bundle = Bundle {
            epoch,
            seq: seq + 1,
            from: step.from,
            inputs: step.inputs.clone(),
            until: step.until,
            tick: step.tick,
            hash: step.hash,
            acks: Vec::new(),
            sent_ms: 0.0,
        };
        head.next += 1;
        match head.follower.apply(sim, &bundle) {
            Followed::Applied => {
                head.checks += u64::from(bundle.hash.is_some());
                Ok(())
            }
            Followed::Stale => Err("the run repeats a bundle".into()),
            Followed::Lost(why) => Err(format!("the replay differs from the lesson: {why}")),
        }
    }

    /// Reads the chunk holding the bundle after the playhead's; false at the part's end.
    fn load_next(&self, head: &mut Playhead) -> Result<bool, String> {
        let want = head.follower.position().1 + 1;
        let epoch = &self.file.epochs[head.part];
        let Some(chunk) = epoch
            .chunks
            .iter()
            .find(|c| c.first_seq <= want && want <= c.last_seq)
        else {
            return Ok(false);
        };
        head.steps = steps_of(chunk)?;
        head.next = usize::try_from(want - chunk.first_seq).unwrap_or(usize::MAX);
        Ok(head.next < head.steps.len())
    }
}

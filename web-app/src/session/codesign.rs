//! The teacher's desk for students' edits of the class model (see
//! [`sim_core::session::codesign`]): every submission is checked again here (the room, the
//! secret and kicked devices were checked by the [`Room`](sim_core::session::Room)), then
//! refused with the reason, applied at once, or kept waiting for the teacher's review. Plain
//! data and functions, tested natively; the teacher's session sends what they answer.

use sim_core::session::codesign::{revision, Outcome, Policy, SendState, Submit};
use sim_core::{script::compile_project, BlueprintDef, Project};
use std::collections::{BTreeMap, VecDeque};

/// The least time between two submissions of one device, milliseconds.
pub const SUBMIT_GAP_MS: f64 = 2_000.0;
/// The most submissions waiting for review in one room.
pub const MAX_WAITING: usize = 20;
/// The most lines of "who changed what" kept.
const MAX_CHANGES: usize = 50;
/// The most devices whose last answer is remembered (for a resend of the same submission).
const MAX_ANSWERED: usize = 1_000;
/// The longest reason given to a student, in characters (the protocol's limit).
const MAX_REASON_CHARS: usize = sim_core::session::protocol::MAX_NOTE_CHARS;

/// A submission waiting for the teacher (or applied at once).
#[derive(Debug, Clone, PartialEq)]
pub struct Waiting {
    /// The device that sent it.
    pub device: String,
    /// Its student's name.
    pub name: String,
    /// Its number on the device.
    pub id: u32,
    /// The blueprint changed or added.
    pub blueprint: String,
    /// The new script.
    pub text: String,
    /// The revision the student started from.
    pub base: u64,
    /// For a new blueprint, its starting agents.
    pub new_agents: Option<u8>,
    /// When it came (page milliseconds).
    pub at_ms: f64,
    /// Whether the class's text changed since the student started.
    pub conflict: bool,
}

/// What the desk counted.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DeskCounts {
    /// Submissions refused by a rule (policy, size, compile, a full list).
    pub refused: u64,
    /// Submissions sent sooner than [`SUBMIT_GAP_MS`] after the device's last.
    pub throttled: u64,
    /// Changes applied.
    pub applied: u64,
    /// Changes declined by the teacher.
    pub declined: u64,
}

/// What to do with a submission.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Tell the device this.
    Answer(Outcome),
    /// Apply it now (then tell the device it was applied).
    Apply(Waiting),
}

/// The teacher's desk: the room's rules, the submissions waiting and what was done.
#[derive(Debug, Clone, Default)]
pub struct Desk {
    /// Who may edit what, and whether changes wait for review.
    pub policy: Policy,
    waiting: Vec<Waiting>,
    last_submit: BTreeMap<String, f64>,
    answered: BTreeMap<String, (u32, SendState)>,
    /// What was refused, throttled, applied and declined.
    pub counts: DeskCounts,
    changes: VecDeque<String>,
}

fn outcome(w: &Waiting, state: SendState) -> Outcome {
    Outcome {
        device: w.device.clone(),
        id: w.id,
        blueprint: w.blueprint.clone(),
        state,
    }
}

/// `why` cut to what the protocol carries.
fn clip(why: &str) -> String {
    why.chars().take(MAX_REASON_CHARS).collect()
}

impl Desk {
    /// A desk with these rules.
    pub fn new(policy: Policy) -> Desk {
        Desk {
            policy,
            ..Desk::default()
        }
    }

    /// The submissions waiting, oldest first.
    pub fn waiting(&self) -> &[Waiting] {
        &self.waiting
    }

    /// Who changed what, newest last ("Ana changed Fish: 3 lines").
    pub fn changes(&self) -> impl Iterator<Item = &String> {
        self.changes.iter()
    }

    /// Handles a submission from `name` (who steers `own`) against the running `project`.
    pub fn submit(
        &mut self,
        submit: Submit,
        (name, own): (&str, &str),
        project: &Project,
        now_ms: f64,
    ) -> Verdict {
        let w = Waiting {
            device: submit.device,
            name: name.to_string(),
            id: submit.id,
            blueprint: submit.blueprint,
            text: submit.text,
            base: submit.base,
            new_agents: submit.new_agents,
            at_ms: now_ms,
            conflict: false,
        };
        if let Some(answer) = self.repeat_or_too_soon(&w, now_ms) {
            return answer;
        }
        if let Err(why) = check(&self.policy, project, &w, own) {
            return self.refuse(&w, &why);
        }
        let mut w = w;
        w.conflict = conflicts(project, &w);
        // A student's newer version of the same blueprint takes the older one's place.
        self.waiting
            .retain(|x| !(x.device == w.device && x.blueprint == w.blueprint));
        if !self.policy.review && !w.conflict {
            return Verdict::Apply(w);
        }
        if self.waiting.len() >= MAX_WAITING {
            return self.refuse(
                &w,
                "the teacher has 20 changes to review already: send it again in a little while",
            );
        }
        let answer = self.waiting_outcome(&w);
        self.waiting.push(w);
        self.note_answer(&answer);
        Verdict::Answer(answer)
    }

    /// The answer to a submission heard before (the device did not hear the answer: the
    /// same answer again), or to one sent sooner than [`SUBMIT_GAP_MS`] after the device's
    /// last; `None` for a new one, whose time is noted.
    fn repeat_or_too_soon(&mut self, w: &Waiting, now_ms: f64) -> Option<Verdict> {
        if let Some((id, state)) = self.answered.get(&w.device) {
            if *id == w.id {
                return Some(Verdict::Answer(outcome(w, state.clone())));
            }
        }
        if let Some(kept) = self
            .waiting
            .iter()
            .find(|x| x.device == w.device && x.id == w.id)
        {
            return Some(Verdict::Answer(self.waiting_outcome(kept)));
        }
        if self
            .last_submit
            .get(&w.device)
            .is_some_and(|at| now_ms - at < SUBMIT_GAP_MS)
        {
            self.counts.throttled += 1;
            let why = "one change every 2 seconds: send it again in a moment";
            return Some(Verdict::Answer(outcome(w, SendState::Refused(why.into()))));
        }
        if self.last_submit.len() >= MAX_ANSWERED {
            self.last_submit
                .retain(|_, at| now_ms - *at < SUBMIT_GAP_MS);
        }
        self.last_submit.insert(w.device.clone(), now_ms);
        None
    }

    fn waiting_outcome(&self, w: &Waiting) -> Outcome {
        let state = if w.conflict {
            SendState::Conflict
        } else {
            SendState::Waiting
        };
        outcome(w, state)
    }

    fn refuse(&mut self, w: &Waiting, why: &str) -> Verdict {
        self.counts.refused += 1;
        let answer = outcome(w, SendState::Refused(clip(why)));
        self.note_answer(&answer);
        Verdict::Answer(answer)
    }

    fn note_answer(&mut self, answer: &Outcome) {
        if self.answered.len() >= MAX_ANSWERED && !self.answered.contains_key(&answer.device) {
            self.answered.clear();
        }
        self.answered
            .insert(answer.device.clone(), (answer.id, answer.state.clone()));
    }

    /// Takes submission `id` of `device` off the list to apply it.
    pub fn take(&mut self, device: &str, id: u32) -> Option<Waiting> {
        let at = self
            .waiting
            .iter()
            .position(|w| w.device == device && w.id == id)?;
        Some(self.waiting.remove(at))
    }

    /// `w` was applied to the class model: what to tell its student, and the log's line.
    pub fn applied(&mut self, w: &Waiting, lines: usize) -> Outcome {
        self.counts.applied += 1;
        let what = if w.new_agents.is_some() {
            "added"
        } else {
            "changed"
        };
        let plural = if lines == 1 { "" } else { "s" };
        self.log(format!(
            "{} {what} {}: {lines} line{plural}",
            w.name, w.blueprint
        ));
        let answer = outcome(w, SendState::Applied);
        self.note_answer(&answer);
        answer
    }

    /// `w` could not be applied after all (`why`): what to tell its student.
    pub fn failed(&mut self, w: &Waiting, why: &str) -> Outcome {
        self.counts.refused += 1;
        let answer = outcome(w, SendState::Refused(clip(why)));
        self.note_answer(&answer);
        answer
    }

    /// Declines submission `id` of `device`, perhaps saying why.
    pub fn decline(&mut self, device: &str, id: u32, reason: &str) -> Option<Outcome> {
        let w = self.take(device, id)?;
        self.counts.declined += 1;
        self.log(format!("declined {}'s {}", w.name, w.blueprint));
        let answer = outcome(&w, SendState::Declined(clip(reason.trim())));
        self.note_answer(&answer);
        Some(answer)
    }

    fn log(&mut self, line: String) {
        if self.changes.len() >= MAX_CHANGES {
            self.changes.pop_front();
        }
        self.changes.push_back(line);
    }

    /// Forgets a removed device's submissions: they are never applied.
    pub fn forget_device(&mut self, device: &str) {
        self.waiting.retain(|w| w.device != device);
        self.answered.remove(device);
    }

    /// After the class model changed: the waiting submissions whose blueprint changed under
    /// them become conflicts, and their students are told.
    pub fn recheck(&mut self, project: &Project) -> Vec<Outcome> {
        let mut told = Vec::new();
        for w in &mut self.waiting {
            if !w.conflict && conflicts(project, w) {
                w.conflict = true;
                told.push(outcome(w, SendState::Conflict));
            }
        }
        for answer in &told {
            self.answered
                .insert(answer.device.clone(), (answer.id, answer.state.clone()));
        }
        told
    }
}

/// Whether `w` was written over another text than `project` runs now (a new blueprint whose
/// name was taken meanwhile is refused by [`check`] instead).
fn conflicts(project: &Project, w: &Waiting) -> bool {
    w.new_agents.is_none()
        && project
            .blueprint(&w.blueprint)
            .is_some_and(|bp| revision(&bp.script_text) != w.base)
}

/// Why the room's rules or the model refuse `w` from a student steering `own`, if they do.
pub fn check(policy: &Policy, project: &Project, w: &Waiting, own: &str) -> Result<(), String> {
    match w.new_agents {
        Some(_) if !policy.may_add() => {
            return Err("the teacher does not take new blueprints now".into())
        }
        Some(_) => {
            crate::projects::blueprints::check_name(project, &w.blueprint)
                .map_err(|e| e.to_string())?;
        }
        None if project.blueprint(&w.blueprint).is_none() => {
            return Err(format!(
                "the class model has no blueprint '{}'",
                w.blueprint
            ))
        }
        None if !policy.may_edit(Some(own), &w.blueprint) => {
            return Err(format!(
                "the teacher does not take changes to {} from you now",
                w.blueprint
            ))
        }
        None => {}
    }
    changed(project, w).map(drop)
}

/// `project` with `w` in it, when the result compiles; otherwise the first error of `w`'s
/// blueprint (line and column), or that the class model has errors elsewhere.
pub fn changed(project: &Project, w: &Waiting) -> Result<Project, String> {
    let mut next = project.clone();
    match next.blueprint_mut(&w.blueprint) {
        Some(bp) => bp.script_text.clone_from(&w.text),
        None => add_blueprint(&mut next, w),
    }
    match compile_project(&next) {
        Ok(_) => Ok(next),
        Err(errors) => Err(match errors.iter().find(|e| e.script == w.blueprint) {
            Some(e) => format!(
                "it does not compile: line {}, column {}: {}",
                e.pos.line, e.pos.col, e.kind
            ),
            None => format!(
                "the class model has errors elsewhere ({}): the teacher must fix them first",
                errors[0]
            ),
        }),
    }
}

/// Adds `w`'s blueprint with its starting agents, spread over the stage by a hash of the
/// text (the same place on every page that applies the same change).
fn add_blueprint(project: &mut Project, w: &Waiting) {
    project.blueprints.push(BlueprintDef {
        name: w.blueprint.clone(),
        label: String::new(),
        script_text: w.text.clone(),
        extra: Default::default(),
    });
    let m = &project.metadata;
    let (width, height) = ((m.right - m.left).abs(), (m.bottom - m.top).abs());
    let (left, top) = (m.left.min(m.right), m.top.min(m.bottom));
    let mut h = revision(&w.text) ^ u64::from(w.id);
    for _ in 0..w.new_agents.unwrap_or(0) {
        h = revision(&h.to_string());
        let fx = (h & 0xffff) as f64 / 65_535.0;
        let fy = ((h >> 16) & 0xffff) as f64 / 65_535.0;
        let x = (left + width * (0.05 + 0.9 * fx)).round();
        let y = (top + height * (0.05 + 0.9 * fy)).round();
        project.add_instance(&w.blueprint, format!("prop x setTo {x}\nprop y setTo {y}"));
    }
}

/// One line of a diff: whether it was removed (`-`), added (`+`) or kept (` `), and the line.
pub type DiffLine = (char, String);

/// The lines of `new` against `old`, each marked; kept lines far from a change are left out
/// (with a `…` line), so a review shows what changed.
pub fn line_diff(old: &str, new: &str) -> Vec<DiffLine> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut out = Vec::new();
    for group in diff.grouped_ops(2) {
        if !out.is_empty() {
            out.push((' ', "…".to_string()));
        }
        for op in group {
            for change in diff.iter_changes(&op) {
                let mark = match change.tag() {
                    similar::ChangeTag::Delete => '-',
                    similar::ChangeTag::Insert => '+',
                    similar::ChangeTag::Equal => ' ',
                };
                out.push((mark, change.value().trim_end_matches('\n').to_string()));
            }
        }
    }
    out
}

/// How many lines `new` changes in `old` (added and removed lines counted once each pair).
pub fn changed_lines(old: &str, new: &str) -> usize {
    let diff = similar::TextDiff::from_lines(old, new);
    diff.ops()
        .iter()
        .map(|op| match op.as_tag_tuple() {
            (similar::DiffTag::Equal, _, _) => 0,
            (_, old, new) => old.len().max(new.len()),
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sim_core::session::codesign::EditPolicy;

    const FISH: &str = "# BLUEPRINT Fish\n# PROGRAM UPDATE\nprop x add 1\n";

    fn pond() -> Project {
        Project::from_json(
            &serde_json::json!({
                "id": "pond", "label": "Pond",
                "metadata": {"top": -400, "right": 400, "bottom": 400, "left": -400},
                "blueprints": [
                    {"name": "Fish", "scriptText": FISH},
                    {"name": "Algae", "scriptText": "# BLUEPRINT Algae\n"}
                ],
                "instances": []
            })
            .to_string(),
        )
        .expect("a project")
    }

    fn submit(device: &str, id: u32, blueprint: &str, text: &str, base: u64) -> Submit {
        Submit {
            device: device.into(),
            secret: "secret-secret".into(),
            id,
            blueprint: blueprint.into(),
            text: text.into(),
            base,
            new_agents: None,
        }
    }

    fn state(v: &Verdict) -> SendState {
        match v {
            Verdict::Answer(o) => o.state.clone(),
            Verdict::Apply(_) => SendState::Applied,
        }
    }

    #[test]
    fn a_change_waits_for_review_and_a_second_from_the_same_student_replaces_it() {
        let mut desk = Desk::default();
        let base = revision(FISH);
        let v = desk.submit(
            submit("a", 1, "Fish", "# BLUEPRINT Fish\n", base),
            ("Ana", "Fish"),
            &pond(),
            0.0,
        );
        assert_eq!(state(&v), SendState::Waiting);
        let v = desk.submit(
            submit("a", 2, "Fish", "# BLUEPRINT Fish\n\n", base),
            ("Ana", "Fish"),
            &pond(),
            3_000.0,
        );
        assert_eq!(state(&v), SendState::Waiting);
        assert_eq!(desk.waiting().len(), 1);
        assert_eq!(desk.waiting()[0].id, 2);
        // The same submission again gets the same answer, not a throttle.
        let again = desk.submit(
            submit("a", 2, "Fish", "x", base),
            ("Ana", "Fish"),
            &pond(),
            3_100.0,
        );
        assert_eq!(state(&again), SendState::Waiting);
    }

    #[test]
    fn without_review_a_change_that_compiles_applies_at_once() {
        let mut desk = Desk::new(Policy {
            edit: EditPolicy::AnyBlueprint,
            review: false,
        });
        let v = desk.submit(
            submit(
                "a",
                1,
                "Algae",
                "# BLUEPRINT Algae\n# PROGRAM UPDATE\nprop y add 1\n",
                revision("# BLUEPRINT Algae\n"),
            ),
            ("Ana", "Fish"),
            &pond(),
            0.0,
        );
        let Verdict::Apply(w) = v else {
            panic!("applies")
        };
        let next = changed(&pond(), &w).expect("compiles");
        assert!(next
            .blueprint("Algae")
            .unwrap()
            .script_text
            .contains("prop y add 1"));
        assert_eq!(desk.applied(&w, 2).state, SendState::Applied);
        assert_eq!(desk.changes().last().unwrap(), "Ana changed Algae: 2 lines");
    }

    #[test]
    fn rules_refuse_with_a_reason_and_count() {
        let mut desk = Desk::new(Policy {
            edit: EditPolicy::OwnCharacter,
            review: true,
        });
        let base = revision("# BLUEPRINT Algae\n");
        let v = desk.submit(
            submit("a", 1, "Algae", "# BLUEPRINT Algae\n", base),
            ("Ana", "Fish"),
            &pond(),
            0.0,
        );
        assert!(matches!(state(&v), SendState::Refused(why) if why.contains("Algae")));
        let v = desk.submit(
            submit(
                "a",
                2,
                "Fish",
                "# BLUEPRINT Fish\nprop x sitTo 3\n",
                revision(FISH),
            ),
            ("Ana", "Fish"),
            &pond(),
            1_000.0,
        );
        assert!(matches!(state(&v), SendState::Refused(why) if why.contains("2 seconds")));
        let v = desk.submit(
            submit(
                "a",
                3,
                "Fish",
                "# BLUEPRINT Fish\n# PROGRAM UPDATE\nprop x sitTo 3\n",
                revision(FISH),
            ),
            ("Ana", "Fish"),
            &pond(),
            5_000.0,
        );
        assert!(
            matches!(state(&v), SendState::Refused(why) if why.contains("line 3")),
            "{v:?}"
        );
        let mut nobody = Desk::new(Policy {
            edit: EditPolicy::Nobody,
            review: false,
        });
        let v = nobody.submit(
            submit("b", 1, "Fish", FISH, revision(FISH)),
            ("Bo", "Fish"),
            &pond(),
            0.0,
        );
        assert!(matches!(state(&v), SendState::Refused(_)));
        assert_eq!(desk.counts.refused, 2);
        assert_eq!(desk.counts.throttled, 1);
    }

    #[test]
    fn a_change_over_an_older_text_is_a_conflict_and_a_later_apply_makes_others_conflicts() {
        let mut desk = Desk::new(Policy {
            edit: EditPolicy::AnyBlueprint,
            review: false,
        });
        let v = desk.submit(
            submit("a", 1, "Fish", FISH, revision("older")),
            ("Ana", "Fish"),
            &pond(),
            0.0,
        );
        assert_eq!(state(&v), SendState::Conflict, "never applied at once");
        desk.policy.review = true;
        let v = desk.submit(
            submit("b", 1, "Fish", "# BLUEPRINT Fish\n", revision(FISH)),
            ("Bo", "Fish"),
            &pond(),
            0.0,
        );
        assert_eq!(state(&v), SendState::Waiting);
        let mut running = pond();
        running.blueprint_mut("Fish").unwrap().script_text = "# BLUEPRINT Fish\n\n".into();
        let told = desk.recheck(&running);
        assert_eq!(told.len(), 1);
        assert_eq!(
            (told[0].device.as_str(), &told[0].state),
            ("b", &SendState::Conflict)
        );
    }

    #[test]
    fn the_list_holds_twenty_and_removed_devices_leave_it() {
        let mut desk = Desk::default();
        for i in 0..MAX_WAITING + 1 {
            let v = desk.submit(
                submit(&format!("d{i}"), 1, "Fish", FISH, revision(FISH)),
                ("S", "Fish"),
                &pond(),
                0.0,
            );
            let full = i == MAX_WAITING;
            assert_eq!(matches!(state(&v), SendState::Refused(_)), full);
        }
        desk.forget_device("d0");
        assert_eq!(desk.waiting().len(), MAX_WAITING - 1);
        assert!(desk
            .decline("d1", 1, "  not yet ")
            .is_some_and(|o| o.state == SendState::Declined("not yet".into())));
        assert!(desk.decline("d1", 1, "").is_none(), "declined once");
    }

    #[test]
    fn a_new_blueprint_comes_with_its_agents_on_the_stage() {
        let mut desk = Desk::new(Policy {
            edit: EditPolicy::AnyAndNew,
            review: false,
        });
        let mut s = submit("a", 1, "Shark", "# BLUEPRINT Shark\n", 0);
        s.new_agents = Some(5);
        let Verdict::Apply(w) = desk.submit(s.clone(), ("Ana", "Fish"), &pond(), 0.0) else {
            panic!("applies")
        };
        let next = changed(&pond(), &w).expect("compiles");
        let sharks: Vec<_> = next.instances_of("Shark").collect();
        assert_eq!(sharks.len(), 5);
        assert!(sharks
            .iter()
            .all(|i| i.init_script.starts_with("prop x setTo ")));
        assert_eq!(
            changed(&pond(), &w),
            Ok(next),
            "the same places on every page"
        );
        s.blueprint = "Fish".into();
        s.id = 2;
        let v = desk.submit(s, ("Ana", "Fish"), &pond(), 9_000.0);
        assert!(matches!(state(&v), SendState::Refused(why) if why.contains("already")));
    }

    #[test]
    fn diffs_show_what_changed() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "a\nb\nC\nd\ne\nf\ng\nh\ni\n";
        let diff = line_diff(old, new);
        assert!(diff.contains(&('-', "c".into())) && diff.contains(&('+', "C".into())));
        assert!(diff.contains(&('+', "i".into())));
        assert_eq!(changed_lines(old, new), 2);
        assert!(line_diff(old, old).is_empty());
    }
}

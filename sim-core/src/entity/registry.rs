//! [`EntityRegistry`]: entity names, and the messaging API between entities.

use super::messaging::{
    Courier, Question, Role, ANSWER_HANDLER, QUERY_HANDLER, QUERY_KEY, UPDATE_HANDLER, UPDATE_KEY,
};
use super::{EntityError, EntityId, EntityWorld, QueryMessage};
use crate::event::{EventLoop, EventRef, HandlerId, Payload};
use crate::time::SimTime;
use std::collections::HashMap;
use std::marker::PhantomData;
use std::rc::Rc;

/// Names entities `Blueprint/name` and sends them timestamped messages through an
/// [`EventLoop`]. Every message must be timestamped at least `min_output_delay` after the
/// loop's time, so the same calls keep working when entities later run elsewhere.
pub struct EntityRegistry<W> {
    /// Each path's entity, and each entity's path: the two maps share one copy of each
    /// path (a model of 10,000 agents names 10,000 entities).
    by_path: HashMap<Rc<str>, EntityId>,
    paths: HashMap<EntityId, Rc<str>>,
    /// The least time between sending a message and its delivery, seconds.
    min_output_delay: SimTime,
    update: HandlerId,
    query: HandlerId,
    world: PhantomData<fn(&mut W)>,
}

impl<W: EntityWorld> EntityRegistry<W> {
    /// A registry with no names, whose message handlers are registered on `lp`.
    pub fn new(lp: &mut EventLoop<W>, min_output_delay: SimTime) -> Result<Self, EntityError> {
        if min_output_delay < SimTime::ZERO {
            return Err(EntityError::NegativeDelay(min_output_delay));
        }
        let courier = |name, role| Rc::new(Courier::<W>::new(name, role));
        let reply = lp.add_event_handler(courier(ANSWER_HANDLER, Role::Answer))?;
        let role = Role::Query {
            reply,
            delay: min_output_delay,
        };
        let query = lp.add_event_handler(courier(QUERY_HANDLER, role))?;
        let update = lp.add_event_handler(courier(UPDATE_HANDLER, Role::Update))?;
        Ok(EntityRegistry {
            by_path: HashMap::new(),
            paths: HashMap::new(),
            min_output_delay,
            update,
            query,
            world: PhantomData,
        })
    }

    /// The least time between sending a message and its delivery.
    pub fn min_output_delay(&self) -> SimTime {
        self.min_output_delay
    }

    /// The earliest time a message sent now may be delivered.
    pub fn earliest_delivery(&self, lp: &EventLoop<W>) -> SimTime {
        lp.now().saturating_add(self.min_output_delay)
    }

    /// A new entity in `lp`, named `blueprint/name`.
    pub fn spawn(
        &mut self,
        lp: &mut EventLoop<W>,
        blueprint: &str,
        name: &str,
    ) -> Result<EntityId, EntityError> {
        for part in [blueprint, name] {
            if part.is_empty() || part.contains('/') {
                return Err(EntityError::BadName(part.to_owned()));
            }
        }
        let path = format!("{blueprint}/{name}");
        if self.by_path.contains_key(path.as_str()) {
            return Err(EntityError::DuplicateName(path));
        }
        let id = lp.spawn_entity()?;
        let path: Rc<str> = path.into();
        self.by_path.insert(Rc::clone(&path), id);
        self.paths.insert(id, path);
        Ok(id)
    }

    /// Removes an entity from `lp` and forgets its name. Messages already on their way to
    /// it are dropped; queries already on their way report
    /// [`QueryOutcome::NoSuchEntity`](super::QueryOutcome::NoSuchEntity).
    pub fn remove(&mut self, lp: &mut EventLoop<W>, id: EntityId) -> Result<(), EntityError> {
        lp.despawn_entity(id)?;
        if let Some(path) = self.paths.remove(&id) {
            self.by_path.remove(&path);
        }
        Ok(())
    }

    /// The entity named `path`, as `Blueprint/name` (for example `Fish/Nemo`).
    pub fn lookup_entity(&self, path: &str) -> Result<EntityId, EntityError> {
        match path.split_once('/') {
            Some((b, n)) if !b.is_empty() && !n.is_empty() && !n.contains('/') => self
                .by_path
                .get(path)
                .copied()
                .ok_or_else(|| EntityError::NoSuchName(path.to_owned())),
            _ => Err(EntityError::BadPath(path.to_owned())),
        }
    }

    /// Every named entity with its path, in id order: what a snapshot keeps.
    pub fn named(&self) -> Vec<(EntityId, String)> {
        let mut named: Vec<_> = self
            .paths
            .iter()
            .map(|(id, p)| (*id, p.to_string()))
            .collect();
        named.sort();
        named
    }

    /// Names an entity already alive in `lp` (one a snapshot restored), as
    /// [`EntityRegistry::spawn`] would have; a bad or taken path or id is refused.
    pub fn adopt(
        &mut self,
        lp: &EventLoop<W>,
        id: EntityId,
        path: String,
    ) -> Result<(), EntityError> {
        if !lp.is_alive(id) {
            return Err(EntityError::NoSuchEntity(id));
        }
        let well_formed = matches!(path.split_once('/'),
            Some((b, n)) if !b.is_empty() && !n.is_empty() && !n.contains('/'));
        if !well_formed {
            return Err(EntityError::BadPath(path));
        }
        if self.by_path.contains_key(path.as_str()) || self.paths.contains_key(&id) {
            return Err(EntityError::DuplicateName(path));
        }
        let path: Rc<str> = path.into();
        self.by_path.insert(Rc::clone(&path), id);
        self.paths.insert(id, path);
        Ok(())
    }

    /// The `Blueprint/name` path of a named entity.
    pub fn path_of(&self, id: EntityId) -> Option<&str> {
        self.paths.get(&id).map(|path| &**path)
    }

    /// Sends `update` to `target`, delivered at `at` (dropped if the target is gone by
    /// then).
    pub fn update_entity(
        &self,
        lp: &mut EventLoop<W>,
        world: &W,
        target: EntityId,
        at: SimTime,
        update: W::Update,
    ) -> Result<EventRef, EntityError> {
        self.check_time(lp, at)?;
        let mut payload = Payload::new();
        payload.insert_boxed(UPDATE_KEY, update);
        Ok(lp.create_event(self.update, target, world, at, payload)?)
    }

    /// Sends a query, answered at `message.at`; the outcome arrives as a callback event on
    /// the asker, at least the minimum output delay later. A target that is gone by then
    /// gives [`QueryOutcome::NoSuchEntity`](super::QueryOutcome::NoSuchEntity).
    pub fn query_entity(
        &self,
        lp: &mut EventLoop<W>,
        world: &W,
        message: QueryMessage<W>,
    ) -> Result<EventRef, EntityError> {
        self.check_time(lp, message.at)?;
        let question = Question::<W> {
            target: message.target,
            query: message.query,
            callback: message.callback,
        };
        let mut payload = Payload::new();
        payload.insert_boxed(QUERY_KEY, question);
        Ok(lp.create_event(self.query, message.asker, world, message.at, payload)?)
    }

    /// Answers `query` about `target` at once, for callers outside the event loop (the
    /// UI, the inspector), where waiting for a callback would make no sense.
    pub fn query_now(
        &self,
        lp: &EventLoop<W>,
        world: &W,
        target: EntityId,
        query: &W::Query,
    ) -> Result<W::Answer, EntityError> {
        if !lp.is_alive(target) {
            return Err(EntityError::NoSuchEntity(target));
        }
        Ok(world.answer_query(target, query))
    }

    fn check_time(&self, lp: &EventLoop<W>, at: SimTime) -> Result<(), EntityError> {
        let earliest = self.earliest_delivery(lp);
        if at < earliest {
            return Err(EntityError::TooSoon { at, earliest });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::entity::QueryOutcome;

    /// A world whose entities answer every query with their own id.
    struct Echo;

    impl EntityWorld for Echo {
        type Update = ();
        type Query = ();
        type Answer = EntityId;
        type Callback = ();

        fn apply_update(&mut self, _: EntityId, _: SimTime, _: ()) {}

        fn answer_query(&self, target: EntityId, _: &()) -> EntityId {
            target
        }

        fn receive_answer(&mut self, _: EntityId, _: SimTime, _: (), _: QueryOutcome<EntityId>) {}
    }

    #[test]
    fn the_earliest_delivery_follows_the_loop_time() {
        let mut lp = EventLoop::new();
        let reg = EntityRegistry::<Echo>::new(&mut lp, SimTime::from_secs(2)).unwrap();
        assert_eq!(reg.earliest_delivery(&lp), SimTime::from_secs(2));
        lp.reach_time(SimTime::from_secs(3), &mut Echo).unwrap();
        assert_eq!(reg.earliest_delivery(&lp), SimTime::from_secs(5));
        assert_eq!(reg.min_output_delay(), SimTime::from_secs(2));
    }

    #[test]
    fn a_second_registry_on_the_same_loop_is_refused() {
        let mut lp = EventLoop::new();
        EntityRegistry::<Echo>::new(&mut lp, SimTime::ZERO).unwrap();
        let again = EntityRegistry::<Echo>::new(&mut lp, SimTime::ZERO).err();
        let name = "entity/answer".to_owned();
        assert_eq!(
            again,
            Some(EntityError::Event(
                crate::event::EventError::DuplicateHandler(name)
            ))
        );
    }

    #[test]
    fn a_removed_name_can_be_used_again() {
        let mut lp = EventLoop::new();
        let mut reg = EntityRegistry::<Echo>::new(&mut lp, SimTime::ZERO).unwrap();
        let a = reg.spawn(&mut lp, "Fish", "Nemo").unwrap();
        reg.remove(&mut lp, a).unwrap();
        let b = reg.spawn(&mut lp, "Fish", "Nemo").unwrap();
        assert_eq!(reg.lookup_entity("Fish/Nemo"), Ok(b));
        assert_eq!(reg.query_now(&lp, &Echo, b, &()), Ok(b));
    }
}

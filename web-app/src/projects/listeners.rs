//! [`Listeners`]: the callbacks told of every change of a shared handle (the current project,
//! the project library), each registered until its [`Subscription`] is dropped.

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use yew::Callback;

type List = RefCell<Vec<(u64, Callback<()>)>>;

/// Those told of every change, by subscription number. Clones share one list.
#[derive(Debug, Clone, Default)]
pub struct Listeners(Rc<List>);

/// Keeps a [`Listeners::subscribe`] callback registered until it is dropped.
pub struct Subscription {
    list: Weak<List>,
    id: u64,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Some(list) = self.list.upgrade() {
            list.borrow_mut().retain(|(id, _)| *id != self.id);
        }
    }
}

impl Listeners {
    /// Calls `listener` on every [`Listeners::notify`] until the guard is dropped.
    pub fn subscribe(&self, listener: Callback<()>) -> Subscription {
        let mut list = self.0.borrow_mut();
        let id = list.last().map_or(0, |(id, _)| id + 1);
        list.push((id, listener));
        Subscription {
            list: Rc::downgrade(&self.0),
            id,
        }
    }

    /// Tells every subscriber, with no borrow held, so a listener may subscribe or read.
    pub fn notify(&self) {
        let listeners: Vec<Callback<()>> = self.0.borrow().iter().map(|(_, l)| l.clone()).collect();
        for listener in listeners {
            listener.emit(());
        }
    }
}

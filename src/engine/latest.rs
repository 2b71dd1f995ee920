//! Work scheduled on a timer after a change, done only for the latest of quick changes.

use std::time::Duration;

use leptos::prelude::*;

/// Work scheduled on a timer after a change, done only for the latest of quick changes.
#[derive(Clone, Copy)]
pub struct Latest(StoredValue<u64>);

impl Default for Latest {
    /// Nothing scheduled yet.
    fn default() -> Latest {
        Latest(StoredValue::new(0))
    }
}

impl Latest {
    /// Does `f` after `delay` in a task of its own, unless `after` is called again first.
    pub fn after(self, delay: Duration, f: impl FnOnce() + 'static) {
        let run = self.0.get_value() + 1;
        self.0.set_value(run);
        set_timeout(
            move || {
                if self.0.get_value() == run {
                    f();
                }
            },
            delay,
        );
    }
}

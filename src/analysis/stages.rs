//! The analysis's panels shown one per task, in order, up to the number allowed: those down to
//! the results at once, those below after the first results and their code.

use std::time::Duration;

use leptos::prelude::*;

/// The panels down to the results (the charts, the table and its notes).
pub const TOP: usize = 5;
/// Every panel.
pub const ALL: usize = 14;

/// Panels shown one more per task, in order, up to the number allowed.
#[derive(Clone, Copy)]
pub struct Stages {
    shown: RwSignal<usize>,
    allowed: StoredValue<usize>,
    stepping: StoredValue<bool>,
}

impl Stages {
    /// Up to `allowed` panels shown, the first a task from now.
    pub fn new(allowed: usize) -> Stages {
        let s = Stages {
            shown: RwSignal::new(0),
            allowed: StoredValue::new(0),
            stepping: StoredValue::new(false),
        };
        s.allow(allowed);
        s
    }

    /// Whether panel `i` is shown (tracked).
    pub fn shown(self, i: usize) -> bool {
        self.shown.get() > i
    }

    /// Lets up to `n` panels show (never fewer than before).
    pub fn allow(self, n: usize) {
        let _ = self.allowed.try_update_value(|a| *a = (*a).max(n));
        if self.stepping.try_get_value() == Some(false) {
            self.stepping.set_value(true);
            self.step();
        }
    }

    /// Shows one more panel in a task of its own, then the next, while more are allowed.
    fn step(self) {
        set_timeout(
            move || {
                let Some(allowed) = self.allowed.try_get_value() else {
                    return;
                };
                let more = self.shown.try_update(|s| {
                    *s = (*s + 1).min(allowed);
                    *s < allowed
                });
                match more {
                    Some(true) => self.step(),
                    Some(false) => self.stepping.set_value(false),
                    None => {}
                }
            },
            Duration::ZERO,
        );
    }
}

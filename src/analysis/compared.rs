//! The two series the paired and comparison panels compare (A − B), which the summary words:
//! the view's choices (a link's or the user's) where they have tasks, else the default pair
//! (`passk_view::pair`: of two series the second minus the first, DeepScaleR's RL − base; of
//! more, the two leading among those sharing the most tasks).

use leptos::prelude::*;

use passk_app::page::state::PageState;
use passk_core::data::Dataset;
use passk_view::pair::default_pair;

/// The names of the series with tasks and their default pair, made once for the page (the
/// default pair matches every pair's tasks: not for each panel that reads it); the panels
/// read the pair compared with [`Pairing::compared`].
#[derive(Clone, Copy)]
pub struct Pairing {
    names: Memo<Vec<String>>,
    default: Memo<Option<(usize, usize)>>,
}

impl Pairing {
    /// The pairing of `datasets`' series with tasks.
    pub fn new(datasets: Memo<Vec<Dataset>>) -> Pairing {
        let with_tasks = |d: &Dataset| !d.tasks.is_empty();
        let names = Memo::new(move |_| {
            datasets.with(|d| {
                d.iter()
                    .filter(|d| with_tasks(d))
                    .map(|d| d.name.clone())
                    .collect()
            })
        });
        let default =
            Memo::new(move |_| datasets.with(|d| default_pair(d.iter().filter(|d| with_tasks(d)))));
        Pairing { names, default }
    }
}

/// A panel's choice of series (None: no series has tasks).
pub type Choice = Memo<Option<String>>;

/// A view's choice of series, if it names one of `names`.
fn chosen(want: Option<String>, names: &[String]) -> Option<String> {
    want.filter(|w| names.contains(w))
}

impl Pairing {
    /// The names of the series with tasks, and the two compared (A − B) under `view`: its
    /// choice on each side where it names one of them, else the default pair's.
    pub fn compared(self, view: RwSignal<PageState>) -> (Memo<Vec<String>>, Choice, Choice) {
        let Pairing { names, default } = self;
        let pick = move |which: fn(&PageState) -> Option<String>,
                         side: fn((usize, usize)) -> usize| {
            Memo::new(move |_| {
                let want = view.with(which);
                names.with(|n| {
                    chosen(want, n).or_else(|| default.get().and_then(|p| n.get(side(p)).cloned()))
                })
            })
        };
        (
            names,
            pick(|v| v.compare_a.clone(), |p| p.0),
            pick(|v| v.compare_b.clone(), |p| p.1),
        )
    }

    /// Whether the pair compared under `view` is the default one: neither side chosen among
    /// the series shown (the summary then says the rule that chose it).
    pub fn default_shown(self, view: RwSignal<PageState>) -> Memo<bool> {
        let names = self.names;
        Memo::new(move |_| {
            names.with(|n| {
                view.with(|v| {
                    chosen(v.compare_a.clone(), n).is_none()
                        && chosen(v.compare_b.clone(), n).is_none()
                })
            })
        })
    }
}

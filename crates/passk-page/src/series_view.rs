//! The series the analysis panels show: the series read, edited (renamed, reordered) and
//! broken down as the view says; those hidden from the charts; the one a panel picks; the
//! chart's k_max; and the colour of each series, kept by key across edits and reloads.

use passk_app::page::loaded::Loaded;
use passk_app::page::state::PageState;
use passk_core::data::Dataset;
use passk_io::settings::auto_k_max;
use passk_plot::slots::SlotBook;

/// The series as the view shows them: each series (or, with `by_group`, each group) edited as
/// the user set.
pub fn shown(loaded: &Loaded, view: &PageState) -> Loaded {
    match view.by_group {
        true => loaded.broken_down().edited(&view.series),
        false => loaded.edited(&view.series),
    }
}

/// The names shown of the series the view hides from the charts (the view keeps their keys).
pub fn hidden_names(view: &PageState, shown: &Loaded) -> Vec<String> {
    shown
        .keys
        .iter()
        .zip(&shown.datasets)
        .filter(|(k, _)| view.hidden.contains(k))
        .map(|(_, d)| d.name.clone())
        .collect()
}

/// Hides the series shown as `name` from the charts, or shows it again (by its key, so that a
/// rename keeps it hidden); a name no series has changes nothing.
pub fn toggle_hidden(view: &mut PageState, shown: &Loaded, name: &str) {
    let Some(key) = shown
        .datasets
        .iter()
        .position(|d| d.name == name)
        .and_then(|i| shown.keys.get(i))
    else {
        return;
    };
    match view.hidden.iter().position(|h| h == key) {
        Some(i) => {
            view.hidden.remove(i);
        }
        None => view.hidden.push(key.clone()),
    }
}

/// The series a panel shows: the one the view asks for (a link's or the user's choice) if it
/// is among `names` (the series with tasks), else the first.
pub fn chosen(want: Option<String>, names: &[String]) -> Option<String> {
    want.filter(|w| names.contains(w))
        .or_else(|| names.first().cloned())
}

/// The largest n of any task of `datasets`.
pub fn n_max(datasets: &[Dataset]) -> Option<u64> {
    datasets
        .iter()
        .flat_map(|s| s.tasks.iter())
        .map(|t| t.counts.n())
        .max()
}

/// The chart's k_max: the field's, else the automatic one (10× the largest n, at least 1,000).
pub fn k_max(field: Option<u64>, n_max: Option<u64>) -> u64 {
    field.unwrap_or_else(|| auto_k_max(n_max.unwrap_or(0)))
}

/// The colour slots by series key, as they follow the series: `kept` is the book last made
/// and the colours it was made from; colours a link or a reload brings (`wanted`, when they
/// differ from those) start a new book, else the kept one goes on. A new series takes a free
/// slot; a series gone frees its own. Returns the new book, to keep with `wanted`.
pub fn follow_colours(
    kept: &(SlotBook, Vec<Option<String>>),
    wanted: &[Option<String>],
    keys: &[String],
) -> SlotBook {
    let base = if wanted == kept.1.as_slice() {
        kept.0.clone()
    } else {
        SlotBook::from_entries(wanted)
    };
    base.update(keys)
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_io::read::read_text;

    fn loaded() -> Loaded {
        let text = "model,task,n,c\nA,1,10,3\nA,2,10,4\nB,1,20,5\n";
        Loaded::new(vec![read_text("x.csv", "x", text, None)])
    }

    #[test]
    fn hiding_follows_the_key_and_a_panel_picks_a_series_with_tasks() {
        let l = loaded();
        let mut view = PageState::default();
        toggle_hidden(&mut view, &l, "B");
        assert_eq!(hidden_names(&view, &l), ["B"]);
        assert_eq!(view.hidden, [l.keys[1].clone()]);
        toggle_hidden(&mut view, &l, "nobody");
        toggle_hidden(&mut view, &l, "B");
        assert!(view.hidden.is_empty() && hidden_names(&view, &l).is_empty());
        let names = vec!["A".to_string(), "B".to_string()];
        assert_eq!(chosen(Some("B".into()), &names).as_deref(), Some("B"));
        assert_eq!(chosen(Some("gone".into()), &names).as_deref(), Some("A"));
        assert_eq!(chosen(None, &[]), None);
    }

    #[test]
    fn k_max_is_the_fields_or_ten_times_the_largest_n() {
        let l = loaded();
        assert_eq!(n_max(&l.datasets), Some(20));
        assert_eq!(k_max(None, Some(20)), 1000);
        assert_eq!(k_max(None, Some(500)), 5000);
        assert_eq!(k_max(Some(64), Some(500)), 64);
        assert_eq!(k_max(None, None), 1000);
        let one = Loaded::new(vec![read_text("one.txt", "one", "300 1\n", None)]);
        assert_eq!(n_max(&one.datasets), Some(300));
    }

    #[test]
    fn colours_a_link_brings_replace_the_book_kept() {
        let keys: Vec<String> = vec!["a".into(), "b".into()];
        let first = follow_colours(&(SlotBook::default(), vec![]), &[], &keys);
        assert_eq!((first.slot("a"), first.slot("b")), (0, 1));
        // A link paints b first: its colours win over the book kept.
        let wanted = vec![Some("b".to_string()), Some("a".to_string())];
        let linked = follow_colours(&(first.clone(), vec![]), &wanted, &keys);
        assert_eq!((linked.slot("a"), linked.slot("b")), (1, 0));
        // The same colours again: the kept book goes on (a series added takes a free slot).
        let more: Vec<String> = vec!["a".into(), "b".into(), "c".into()];
        let next = follow_colours(&(linked.clone(), wanted.clone()), &wanted, &more);
        assert_eq!((next.slot("a"), next.slot("b"), next.slot("c")), (1, 0, 2));
    }

    #[test]
    fn by_group_shows_each_group() {
        let text = "model,task,group,n,c\nA,1,g1,10,3\nA,2,g2,10,4\n";
        let l = Loaded::new(vec![read_text("x.csv", "x", text, None)]);
        let view = PageState {
            by_group: true,
            ..PageState::default()
        };
        assert_eq!(shown(&l, &PageState::default()).datasets.len(), 1);
        assert!(shown(&l, &view).datasets.len() > 1);
    }
}

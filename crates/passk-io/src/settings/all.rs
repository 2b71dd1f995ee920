//! Every setting read at once, with each invalid field's reason.

use super::field::Field;
use super::parse::*;
use super::text::SettingsText;
use passk_core::settings::default_ks;

/// The settings read from the fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    /// The report's options.
    pub opts: passk_core::settings::Options,
    /// The chart's k_max (None: automatic).
    pub k_max: Option<u64>,
}

impl Default for Parsed {
    fn default() -> Self {
        parse_all(&SettingsText::default()).unwrap_or(Parsed {
            opts: Default::default(),
            k_max: None,
        })
    }
}

impl Parsed {
    /// The settings for series whose largest n is `n_max`: a k list left as the page starts it
    /// (the command line's default) becomes [`default_ks`] of `n_max` (the standard budgets up
    /// to 8 × n_max); a k list typed is kept.
    pub fn for_data(mut self, text: &SettingsText, n_max: Option<u64>) -> Parsed {
        if parse_ks(&text.k_list).ok() == parse_ks(&SettingsText::default().k_list).ok() {
            self.opts.ks = default_ks(n_max);
        }
        self
    }

    /// Whether `for_data` cut the default k list (the page says why).
    pub fn cut_default(&self, text: &SettingsText) -> bool {
        parse_ks(&text.k_list)
            .ok()
            .is_some_and(|ks| ks.len() > self.opts.ks.len())
    }
}

/// Reads every field; on failure, the message of each field that is not valid.
///
/// # Errors
/// One `(field, message)` per invalid field.
pub fn parse_all(t: &SettingsText) -> Result<Parsed, Vec<(Field, String)>> {
    let mut errors = Vec::new();
    let mut take = |field: Field, r: Result<(), String>| {
        if let Err(e) = r {
            errors.push((field, e));
        }
    };
    let mut opts = passk_core::settings::Options::default();
    let mut k_max = None;
    take(Field::KList, parse_ks(&t.k_list).map(|v| opts.ks = v));
    take(
        Field::TauList,
        parse_taus(&t.tau_list).map(|v| opts.taus = v),
    );
    take(
        Field::GTauList,
        parse_taus(&t.g_tau_list).map(|v| opts.g_taus = v),
    );
    take(Field::KMax, parse_k_max(&t.k_max).map(|v| k_max = v));
    let s = &mut opts.settings;
    take(Field::LinMix, parse_linmix(&t.linmix).map(|v| s.linmix = v));
    take(Field::Prior, parse_prior(&t.prior).map(|v| s.prior = v));
    take(
        Field::Confidence,
        parse_confidence(&t.confidence).map(|v| s.confidence = v),
    );
    take(Field::Folds, parse_folds(&t.folds).map(|v| s.folds = v));
    take(
        Field::Bootstrap,
        parse_bootstrap(&t.bootstrap).map(|v| s.bootstrap = v),
    );
    take(Field::Seed, parse_seed(&t.seed).map(|v| s.seed = v));
    if errors.is_empty() {
        Ok(Parsed { opts, k_max })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_command_line_defaults() {
        let p = parse_all(&SettingsText::default()).unwrap();
        assert_eq!(p.opts, passk_core::settings::Options::default());
        let bad = SettingsText {
            k_list: "0".into(),
            confidence: "2".into(),
            ..Default::default()
        };
        let e = parse_all(&bad).unwrap_err();
        assert_eq!(
            e.iter().map(|x| x.0).collect::<Vec<_>>(),
            vec![Field::KList, Field::Confidence]
        );
    }

    #[test]
    fn the_default_k_list_reaches_eight_times_the_data_and_a_typed_one_is_kept() {
        let t = SettingsText::default();
        let p = parse_all(&t).unwrap().for_data(&t, Some(16));
        assert_eq!(p.opts.ks, vec![1, 2, 5, 10, 20, 50, 100]);
        assert!(p.cut_default(&t));
        let p = parse_all(&t).unwrap().for_data(&t, Some(128));
        assert_eq!(p.opts.ks.last(), Some(&1000));
        assert!(!p.cut_default(&t));
        let typed = SettingsText {
            k_list: "1, 1000".into(),
            ..Default::default()
        };
        let p = parse_all(&typed).unwrap().for_data(&typed, Some(16));
        assert_eq!(p.opts.ks, vec![1, 1000]);
        assert!(!p.cut_default(&typed));
    }
}

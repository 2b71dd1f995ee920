//! What the analysis keeps across reloads (the settings' fields, the estimators drawn, the
//! band, the view), and what a reload restores from it.

use serde::{Deserialize, Serialize};

use passk_app::page::state::PageState;
use passk_core::estimators::{Estimator, DEFAULT_ENABLED};
use passk_core::settings::BandKind;
use passk_io::settings::SettingsText;

/// Where the analysis is kept across reloads.
pub const KEY: &str = "passk.analysis.v1";

/// What is kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    /// The settings' fields, as typed.
    pub fields: SettingsText,
    /// The estimators drawn, by key.
    pub enabled: Vec<String>,
    /// The band shaded, by key.
    pub band: String,
    /// Which series, budget and threshold the panels show.
    #[serde(default)]
    pub view: PageState,
}

/// The analysis a reload starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Restored {
    /// The settings' fields.
    pub fields: SettingsText,
    /// The estimators drawn.
    pub enabled: Vec<Estimator>,
    /// The band.
    pub band: BandKind,
    /// The view.
    pub view: PageState,
}

impl Default for Restored {
    /// A first visit: the default fields, estimators, band and view.
    fn default() -> Restored {
        Restored {
            fields: SettingsText::default(),
            enabled: DEFAULT_ENABLED.to_vec(),
            band: BandKind::DEFAULT,
            view: PageState::default(),
        }
    }
}

impl Saved {
    /// What is kept of this analysis.
    pub fn of(
        fields: SettingsText,
        enabled: &[Estimator],
        band: BandKind,
        view: PageState,
    ) -> Saved {
        Saved {
            fields,
            enabled: enabled.iter().map(|e| e.key().to_string()).collect(),
            band: band.key().to_string(),
            view,
        }
    }

    /// The analysis a reload starts from, given what storage holds under [`KEY`]: the saved
    /// one (an estimator or band this page no longer knows left out, at its default), or the
    /// defaults when nothing or something unreadable was kept.
    pub fn restore(stored: Option<&str>) -> Restored {
        let Some(s) = stored.and_then(|s| serde_json::from_str::<Saved>(s).ok()) else {
            return Restored::default();
        };
        Restored {
            fields: s.fields,
            enabled: s
                .enabled
                .iter()
                .filter_map(|k| Estimator::from_key(k))
                .collect(),
            band: BandKind::from_key(&s.band).unwrap_or(BandKind::DEFAULT),
            view: s.view,
        }
    }

    /// As JSON, for storage.
    pub fn to_json(&self) -> Option<String> {
        serde_json::to_string(self).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reload_restores_what_was_kept_and_the_defaults_otherwise() {
        let fields = SettingsText {
            k_list: "1, 7".into(),
            ..SettingsText::default()
        };
        let view = PageState {
            by_group: true,
            ..PageState::default()
        };
        let kept = Saved::of(
            fields.clone(),
            &[Estimator::Naive],
            BandKind::DEFAULT,
            view.clone(),
        );
        let back = Saved::restore(kept.to_json().as_deref());
        assert_eq!(
            (back.fields, back.enabled, back.view),
            (fields, vec![Estimator::Naive], view)
        );
        assert_eq!(Saved::restore(None), Restored::default());
        assert_eq!(Saved::restore(Some("{not json")), Restored::default());
        // An estimator and a band this page does not know: left out, the band its default.
        let old = r#"{"fields":{},"enabled":["naive","gone"],"band":"nope"}"#;
        let back = Saved::restore(Some(old));
        assert_eq!(
            (back.enabled, back.band),
            (vec![Estimator::Naive], BandKind::DEFAULT)
        );
    }
}

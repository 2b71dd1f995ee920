//! What a link carries of the dataset view and the analysis.

use crate::page::state::PageState;
use passk_core::estimators::Estimator;
use passk_core::settings::BandKind;
use passk_io::read::FileRead;
use passk_io::settings::SettingsText;

/// The dataset view and the analysis, as a link carries them.
#[derive(Debug, Clone, PartialEq)]
pub struct Shared {
    /// The inputs, as `carried` keeps them: names, format and series with their tasks in
    /// order.
    pub inputs: Vec<FileRead>,
    /// The settings' fields.
    pub settings: SettingsText,
    /// The estimators drawn.
    pub enabled: Vec<Estimator>,
    /// The band shaded.
    pub band: BandKind,
    /// The open view.
    pub view: PageState,
    /// The built-in example the inputs are (by its key): a link names it instead of carrying
    /// its counts, and `inputs` is then empty.
    pub example: Option<String>,
}

impl Shared {
    /// Whether everything but the inputs is as a fresh page has it.
    pub(super) fn is_default_view(&self) -> bool {
        self.settings == SettingsText::default()
            && self.enabled == passk_core::estimators::DEFAULT_ENABLED
            && self.band == BandKind::DEFAULT
            && self.view == PageState::default()
    }

    /// A fresh page's state showing the built-in example `key`.
    pub fn of_example(key: &str) -> Shared {
        Shared {
            inputs: Vec::new(),
            settings: SettingsText::default(),
            enabled: passk_core::estimators::DEFAULT_ENABLED.to_vec(),
            band: BandKind::DEFAULT,
            view: PageState::default(),
            example: Some(key.to_string()),
        }
    }
}

//! What the page shows beyond the data and the settings: which series, budget and threshold
//! the panels show, which sections are open, and the user's edits of the series. Page state,
//! which a share link carries (`share`) and the page keeps across reloads.

use serde::{Deserialize, Serialize};

use crate::page::series_edits::SeriesEdits;

/// Which series, budget and threshold the analysis panels show, and which sections are open.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageState {
    /// The series of the fit panel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fit: Option<String>,
    /// The first series of the paired comparison (the difference is first − second).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare_a: Option<String>,
    /// The second series of the paired comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compare_b: Option<String>,
    /// The budget the comparison panel's matrix, ranks and solved sets are read at (`decide_k`
    /// in links and storage: the comparison's older name, kept so old links open).
    #[serde(rename = "decide_k", skip_serializing_if = "Option::is_none")]
    pub compare_k: Option<u64>,
    /// The budget the ranking uses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank_k: Option<u64>,
    /// The threshold (index in the τ list) the ranking uses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank_tau: Option<usize>,
    /// The series of the backtest panel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub backtest: Option<String>,
    /// Whether the advanced settings are open.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub advanced: bool,
    /// The standard error the results table shows (`tasks` or `sampling`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub se: Option<String>,
    /// The results table's columns shown, by key (None: the default, the answer first).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Vec<String>>,
    /// Whether each series is broken down by the group its tasks name.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub by_group: bool,
    /// The planner's series.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_series: Option<String>,
    /// The planner's budget, as typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_k: Option<String>,
    /// The planner's target half-width, as typed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plan_half_width: Option<String>,
    /// Whether the Cover@τ chart's τ axis is logarithmic (None: when every series' pass@1 is
    /// below 10 %).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cover_log: Option<bool>,
    /// The forecast panel's target of pass@k, as typed (None: 0.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reach: Option<String>,
    /// The forecast panel's k range of the least-squares power law, as typed (None: 2 to the
    /// smallest n).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_range: Option<String>,
    /// The forecast the forecast chart draws bold, by key (None: the scaled Beta).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forecast_fit: Option<String>,
    /// The budgets of the "pass@k over training" chart, as typed (None: 1, 8, 64 and the
    /// largest k ≤ n).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps_k: Option<String>,
    /// What samples marked as errors count as, by key (None: failures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<String>,
    /// The series hidden from the charts (by key, [`crate::page::loaded::Loaded::keys`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hidden: Vec<String>,
    /// The series in each colour slot (by key; None: a free slot), as the page had them when
    /// the view was written: a link or a reload paints each series in the sender's colour.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<Option<String>>,
    /// The range of k the Pass@k chart is zoomed to (None: all of it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoom: Option<(f64, f64)>,
    /// The series renamed and reordered by the user.
    #[serde(default, skip_serializing_if = "SeriesEdits::is_empty")]
    pub series: SeriesEdits,
}

impl PageState {
    /// The standard error shown (over tasks unless another is chosen).
    pub fn se_kind(&self) -> passk_core::estimators::SeKind {
        use passk_core::estimators::SeKind;
        self.se
            .as_deref()
            .and_then(SeKind::from_key)
            .unwrap_or(SeKind::Tasks)
    }

    /// The error policy chosen (failures unless another is).
    pub fn error_policy(&self) -> passk_core::data::ErrorPolicy {
        self.errors
            .as_deref()
            .and_then(passk_core::data::ErrorPolicy::from_key)
            .unwrap_or_default()
    }

    /// Renames the series shown as `from` to `to` wherever the view names it (the panels'
    /// choices; the series list, hidden series and colours go by key).
    pub fn rename_refs(&mut self, from: &str, to: &str) {
        let fix = |n: &mut String| {
            if n == from {
                *n = to.to_string();
            }
        };
        for n in [
            &mut self.fit,
            &mut self.compare_a,
            &mut self.compare_b,
            &mut self.backtest,
            &mut self.plan_series,
        ]
        .into_iter()
        .flatten()
        {
            fix(n);
        }
    }
}

/// The forecast panel's target when none is typed.
pub const DEFAULT_REACH: &str = "0.9";

impl PageState {
    /// The forecast panel's target read ([`DEFAULT_REACH`] when none is typed): one pass@k
    /// in (0, 1), or why the text is not one.
    ///
    /// # Errors
    /// The reason, as the field shows it.
    pub fn reach_target(&self) -> Result<f64, String> {
        let text = self.reach.as_deref().unwrap_or(DEFAULT_REACH);
        match passk_io::settings::parse_reach(text)?[..] {
            [one] => Ok(one),
            _ => Err("one target, such as 0.9 or 90%".to_string()),
        }
    }

    /// The forecast panel's power-law k range read (None when none is typed).
    ///
    /// # Errors
    /// The reason, as the field shows it.
    pub fn power_range(&self) -> Result<Option<[u64; 2]>, String> {
        match self.power_range.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(t) => passk_io::settings::parse_k_range(t).map(Some),
        }
    }
}

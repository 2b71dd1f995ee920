//! Zero/one-inflated Beta-Binomial: p ~ π0·δ0 + π1·δ1 + (1−π0−π1)·Beta(a, b).
//! Fitted by maximising the profile likelihood over (ln a, ln b), the mixture weights being
//! solved exactly (a concave problem) at every (a, b).

mod fit;
mod fitted;
mod profile;

pub use fit::{fit_zoibb, fit_zoibb_data, zoibb_loglik, ZOIBB_MARGIN};
pub use fitted::ZoibbFit;

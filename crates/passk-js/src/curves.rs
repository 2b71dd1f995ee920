//! What `<passk-curves>` draws: the page's Pass@k and Cover@τ charts of the inputs, made as
//! the page makes them with its default settings (the estimators drawn, the band, k_max, the
//! grid, τ), the values read at a point as the page's read-out reads them, and the share link
//! that opens them in passk. No browser here: `element.rs` draws it on a canvas.

use passk_app::share::encode;
use passk_core::analysis::{cover_curves, curve_grid, series_curves, COVER_POINTS};
use passk_core::analysis::{CoverCurves, SeriesCurves};
use passk_core::estimators::{Estimator, DEFAULT_ENABLED};
use passk_core::eval::SeriesFit;
use passk_core::settings::{BandKind, Options};
use passk_io::read::{assemble, read_bytes, refusal, series_name_for, FileRead, Format};
use passk_plot::cover::{log_tau_by_default, CoverChart};
use passk_plot::pass_at_k::PassAtKChart;
use passk_plot::Chart;
use passk_view::readout::{self, Readout};

/// Which chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Pass@k against k.
    PassAtK,
    /// Cover@τ against τ.
    Cover,
}

impl Metric {
    /// The metric an attribute names: `pass-at-k` (also empty) or `cover`.
    ///
    /// # Errors
    /// Any other name, listing these.
    pub fn from_name(name: &str) -> Result<Metric, String> {
        match name {
            "" | "pass-at-k" => Ok(Metric::PassAtK),
            "cover" => Ok(Metric::Cover),
            other => Err(format!("metric '{other}': one of pass-at-k, cover")),
        }
    }
}

/// The curves of the inputs' series.
#[derive(Debug, Clone)]
pub struct Curves {
    /// The inputs as read (for the share link).
    reads: Vec<FileRead>,
    /// Each series' Pass@k curves.
    pass: Vec<SeriesCurves>,
    /// Each series' Cover@τ curves.
    cover: Vec<CoverCurves>,
    /// The largest k drawn (the page's automatic k_max).
    k_max: u64,
    /// Each rejected row, as `name:line: reason`.
    pub rejected: Vec<String>,
}

impl Curves {
    /// The curves of `inputs` (`(name, bytes)`, the format detected unless `format` names it).
    ///
    /// # Errors
    /// A format that is not one; inputs with no task (the page's refusal).
    pub fn new(inputs: Vec<(String, Vec<u8>)>, format: Option<&str>) -> Result<Curves, String> {
        let format = match format {
            None | Some("") | Some("auto") => None,
            Some(f) => Some(Format::from_key(f).ok_or_else(|| format!("unknown format '{f}'"))?),
        };
        let reads: Vec<FileRead> = inputs
            .iter()
            .map(|(name, bytes)| read_bytes(name, &series_name_for(name), bytes, format))
            .collect();
        if let Some(why) = reads.iter().find_map(refusal) {
            return Err(why);
        }
        let (datasets, rejected) = assemble(reads.clone());
        let rejected = rejected.iter().flatten().map(|r| r.located()).collect();
        let opts = Options::default();
        let with_tasks: Vec<_> = datasets.iter().filter(|d| !d.tasks.is_empty()).collect();
        let n_max = passk_page::series_view::n_max(&datasets);
        let k_max = passk_page::series_view::k_max(None, n_max);
        let (mut pass, mut cover) = (Vec::new(), Vec::new());
        for d in with_tasks {
            let fit = SeriesFit::new(d);
            let ks = curve_grid(&fit, k_max);
            pass.push(series_curves(
                d,
                &fit,
                &ks,
                &opts.settings,
                BandKind::DEFAULT,
            ));
            cover.push(cover_curves(&fit, &opts.taus, COVER_POINTS));
        }
        Ok(Curves {
            reads,
            pass,
            cover,
            k_max,
            rejected,
        })
    }

    /// The chart of `metric`, each series in its colour slot by its order.
    pub fn chart(&self, metric: Metric) -> Chart {
        match metric {
            Metric::PassAtK => Chart::PassAtK(PassAtKChart {
                series: self.pass.clone(),
                enabled: self.enabled(),
                k_max: self.k_max,
                band: BandKind::DEFAULT != BandKind::None,
                slots: (0..self.pass.len()).collect(),
            }),
            Metric::Cover => Chart::Cover(CoverChart {
                series: self.cover.clone(),
                posterior: true,
                slots: (0..self.cover.len()).collect(),
                log_tau: log_tau_by_default(&self.cover),
                tailpass: Vec::new(),
                tailpass_k: 0,
            }),
        }
    }

    /// The values of `metric`'s chart at `x` (k or τ), as the page's read-out shows them.
    pub fn readout(&self, metric: Metric, x: f64) -> Option<Readout> {
        match metric {
            Metric::PassAtK => readout::pass_at_k(&self.pass, &self.enabled(), x),
            Metric::Cover => readout::cover(&self.cover, x),
        }
    }

    /// The estimators drawn: the page's default, maj@k and BoN@k only where some series has
    /// them (the page offers them only there).
    fn enabled(&self) -> Vec<Estimator> {
        DEFAULT_ENABLED
            .into_iter()
            .filter(|&e| {
                !e.beside_pass()
                    || self
                        .pass
                        .iter()
                        .any(|c| c.curve(e).iter().any(Option::is_some))
            })
            .collect()
    }

    /// The names of the series drawn, in their colour slots' order.
    pub fn names(&self) -> Vec<String> {
        self.pass.iter().map(|c| c.name.clone()).collect()
    }

    /// The share link that opens these series in passk at `page` (what `passk link` prints
    /// for the same files).
    ///
    /// # Errors
    /// When the link cannot be made.
    pub fn link(&self, page: &str) -> Result<String, String> {
        let fragment = encode(None, Some(&passk_cli::cli::shared_of(&self.reads)))?;
        let page = page.split('#').next().unwrap_or_default();
        Ok(format!("{page}#{fragment}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use passk_plot::svg::svg_string;
    use passk_plot::Style;

    fn example() -> Vec<(String, Vec<u8>)> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/examples/");
        ["deepscaler_base.jsonl", "deepscaler_rl.jsonl"]
            .iter()
            .map(|f| (f.to_string(), std::fs::read(format!("{root}{f}")).unwrap()))
            .collect()
    }

    #[test]
    fn the_pages_curves_read_out_and_link() {
        let c = Curves::new(example(), None).unwrap();
        assert_eq!(c.names(), ["deepscaler_base", "deepscaler_rl"]);
        // The page's automatic k_max: 10 × the largest n (128), at least 1,000.
        assert_eq!(c.k_max, 1280);
        // The read-out at k = 1 holds each series' unbiased pass@1, as the page shows it.
        let r = c.readout(Metric::PassAtK, 1.0).unwrap();
        assert_eq!(r.caption, "k = 1");
        assert_eq!(r.rows.len(), 2);
        // maj@k and BoN@k only where some series has answers or scores: not here.
        assert_eq!(
            c.enabled(),
            [Estimator::Combinatorial, Estimator::Bb, Estimator::LinMix]
        );
        let cover = c.readout(Metric::Cover, 0.5).unwrap();
        assert_eq!(cover.rows.len(), 2);
        // Both charts draw (into SVG here, on a canvas in the element).
        for m in [Metric::PassAtK, Metric::Cover] {
            let chart = c.chart(m);
            let (svg, map) = svg_string(640, 400, |a| chart.draw(a, &Style::default())).unwrap();
            assert!(svg.contains("deepscaler_rl") && map.x.1 > map.x.0, "{m:?}");
        }
        // The link carries the series: decoded, the same tasks.
        let link = c.link("https://example.org/passk/#old").unwrap();
        assert!(link.starts_with("https://example.org/passk/#"), "{link}");
        let decoded = passk_app::share::decode(link.split('#').nth(1).unwrap());
        assert!(decoded.messages.is_empty(), "{:?}", decoded.messages);
        let shared = decoded.data.unwrap();
        assert_eq!(shared.inputs.len(), 2);
        assert_eq!(shared.inputs[0].series, c.reads[0].series);
        // Refusals: nothing read, an unknown format or metric.
        assert!(Curves::new(vec![("a.txt".into(), b"x y z".to_vec())], None).is_err());
        assert_eq!(
            Curves::new(example(), Some("nope")).unwrap_err(),
            "unknown format 'nope'"
        );
        assert_eq!(
            Metric::from_name("auc").unwrap_err(),
            "metric 'auc': one of pass-at-k, cover"
        );
    }
}

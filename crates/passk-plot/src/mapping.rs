//! From pixels back to data: a chart's plotting area and ranges.

/// Where a chart's plotting area lies on the drawing, and the ranges it shows: enough to turn
/// a pointer position back into data coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mapping {
    /// Left and right pixel of the plotting area.
    pub x: (i32, i32),
    /// Top and bottom pixel.
    pub y: (i32, i32),
    /// The x range shown.
    pub x_range: (f64, f64),
    /// Whether x is on a log scale.
    pub x_log: bool,
    /// The y range shown (bottom, top).
    pub y_range: (f64, f64),
}

impl Mapping {
    /// The data x at pixel column `px`, None outside the plotting area.
    pub fn x_at(&self, px: f64) -> Option<f64> {
        let (l, r) = (self.x.0 as f64, self.x.1 as f64);
        if px < l || px > r || r <= l {
            return None;
        }
        let t = (px - l) / (r - l);
        let (a, b) = self.x_range;
        Some(if self.x_log {
            (a.ln() + t * (b.ln() - a.ln())).exp()
        } else {
            a + t * (b - a)
        })
    }

    /// The pixel column of data x.
    pub fn px_of(&self, x: f64) -> f64 {
        let (l, r) = (self.x.0 as f64, self.x.1 as f64);
        let (a, b) = self.x_range;
        let t = if self.x_log {
            (x.ln() - a.ln()) / (b.ln() - a.ln())
        } else {
            (x - a) / (b - a)
        };
        l + t * (r - l)
    }
}

/// A budget for an axis label: 1, 10, 100, 1k, 10k, 1M, …
pub fn k_label(k: f64) -> String {
    let k = k.round();
    if k >= 1e9 {
        format!("{}G", trim(k / 1e9))
    } else if k >= 1e6 {
        format!("{}M", trim(k / 1e6))
    } else if k >= 1e3 {
        format!("{}k", trim(k / 1e3))
    } else {
        format!("{k}")
    }
}

fn trim(v: f64) -> String {
    let s = format!("{v:.1}");
    s.trim_end_matches(".0").to_string()
}

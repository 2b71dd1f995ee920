//! The task-difficulty ("caterpillar") chart: each task's Rasch difficulty b with its
//! interval, hardest first, the tasks that best separate the chosen pair of series
//! highlighted, and each series' ability θ on the same logit scale as a dashed line in the
//! series' colour, named at its right end (P(pass) = σ(θ − b): a task below a series' line is
//! more likely passed than failed by that series).

use std::collections::HashSet;

use passk_core::analysis::rank::{Items, TaskDifficulty};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::frame::{count_tick, mapping, Frame};
use super::{slot, Mapping, Style};

/// One series' ability.
#[derive(Debug, Clone, PartialEq)]
pub struct Ability {
    /// Series name.
    pub name: String,
    /// Its colour slot.
    pub slot: usize,
    /// Its Rasch ability θ, on the difficulties' logit scale.
    pub theta: f64,
}

/// What the task-difficulty chart shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DifficultyChart {
    /// The tasks, hardest first (as [`Items::tasks`]).
    pub tasks: Vec<TaskDifficulty>,
    /// One line per series.
    pub abilities: Vec<Ability>,
    /// Whether task k is one of the tasks separating the chosen pair (drawn highlighted);
    /// a task beyond its end is not.
    pub marked: Vec<bool>,
}

impl DifficultyChart {
    /// The chart of `items`: the series named `names` (a series without a name is
    /// "series i", 1-based) in colour slots `slots` (see [`slot`]), the separating tasks
    /// marked.
    pub fn new(items: &Items, names: &[String], slots: &[usize]) -> DifficultyChart {
        let separating: HashSet<&str> = items.separating.iter().map(|s| s.0.as_str()).collect();
        let marked = items
            .tasks
            .iter()
            .map(|t| separating.contains(t.id.as_str()))
            .collect();
        let abilities = items
            .abilities
            .iter()
            .enumerate()
            .map(|(i, &theta)| Ability {
                name: names
                    .get(i)
                    .cloned()
                    .unwrap_or_else(|| format!("series {}", i + 1)),
                slot: slot(slots, i),
                theta,
            })
            .collect();
        DifficultyChart {
            tasks: items.tasks.clone(),
            abilities,
            marked,
        }
    }

    /// The x range: the task positions 1 … T (half a position either side of a lone task).
    pub fn x_extent(&self) -> (f64, f64) {
        match self.tasks.len() {
            0 | 1 => (0.5, 1.5),
            t => (1.0, t as f64),
        }
    }

    /// The y range: every finite b and θ with a margin of one logit, the intervals left out
    /// (a task nearly always passed or failed has one many logits wide).
    pub fn y_extent(&self) -> (f64, f64) {
        let values = self
            .tasks
            .iter()
            .map(|t| t.difficulty)
            .chain(self.abilities.iter().map(|a| a.theta))
            .filter(|v| v.is_finite());
        let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        let (lo, hi) = (lo - 1.0, hi + 1.0);
        if lo.is_finite() && hi.is_finite() && (hi - lo).is_finite() && hi > lo {
            (lo, hi)
        } else {
            (-3.0, 3.0)
        }
    }
}

/// An x tick label: whole task positions only.
fn position_tick(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 && *v >= 1.0 {
        count_tick(&v.round())
    } else {
        String::new()
    }
}

/// A y tick label: a whole logit without decimals ("-5", "0", "5"), else to two decimals.
fn logit_tick(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{:.0}", v.round() + 0.0)
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// `interval` within `y`: None when it is not a pair of numbers or misses `y`.
fn clipped(interval: (f64, f64), y: (f64, f64)) -> Option<(f64, f64)> {
    let (l, h) = interval;
    if l.is_nan() || h.is_nan() {
        return None;
    }
    let (l, h) = (l.min(h).max(y.0), h.max(l).min(y.1));
    (l < h).then_some((l, h))
}

/// A box in pixels: left, top, right, bottom.
type Px = (f64, f64, f64, f64);

/// Where each name goes (its box's right and bottom pixel), placed in order: at the right end
/// of its line just above it, or left of the names placed before that it would overlap.
fn place_names(sizes: &[(f64, f64)], bottoms: &[f64], right: f64, gap: f64) -> Vec<(f64, f64)> {
    let mut placed: Vec<Px> = Vec::new();
    for (&(w, h), &bottom) in sizes.iter().zip(bottoms) {
        let mut r = right;
        for _ in 0..=placed.len() {
            let hit = placed
                .iter()
                .find(|p| r - w < p.2 + gap && r + gap > p.0 && bottom - h < p.3 && bottom > p.1);
            match hit {
                Some(p) => r = p.0 - gap,
                None => break,
            }
        }
        placed.push((r - w, bottom - h, r, bottom));
    }
    placed.iter().map(|p| (p.2, p.3)).collect()
}

/// Draws the chart.
///
/// # Errors
/// The backend's drawing errors.
pub fn draw_difficulty<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    chart: &DifficultyChart,
    style: &Style,
) -> Result<Mapping, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&style.bg())?;
    let (x0, x1) = chart.x_extent();
    let (y0, y1) = chart.y_extent();
    // As many x labels as fit one per 50 CSS pixels of the plot (at most 10): on a phone
    // three-digit positions would otherwise run together.
    let css_width = f64::from(area.dim_in_pixel().0) / style.scale;
    let x_labels = ((css_width - 70.0) / 50.0).floor().clamp(2.0, 10.0) as usize;
    let mut c = Frame::new("task, hardest first", "difficulty b (logit)")
        .ticks(Some(x_labels), None)
        .x_fmt(&position_tick)
        .y_fmt(&logit_tick)
        .build(area, style, x0..x1, y0..y1)?;
    let accent = style.ink();
    let plain = style.muted();
    let is_marked = |k: usize| chart.marked.get(k).copied().unwrap_or(false);
    let shown = || {
        chart
            .tasks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.difficulty.is_finite())
            .map(|(k, t)| (k, (k + 1) as f64, t))
    };
    let whiskers = |marked: bool, st: ShapeStyle| {
        shown()
            .filter(move |(k, _, _)| is_marked(*k) == marked)
            .filter_map(move |(_, x, t)| {
                let (l, h) = clipped(t.interval, (y0, y1))?;
                Some(PathElement::new(vec![(x, l), (x, h)], st))
            })
    };
    let dots = |marked: bool, r: u32, st: ShapeStyle| {
        shown()
            .filter(move |(k, _, _)| is_marked(*k) == marked)
            .map(move |(_, x, t)| Circle::new((x, t.difficulty), r, st))
    };
    c.draw_series(whiskers(false, style.stroke(plain.mix(0.3), 1.0)))?;
    c.draw_series(dots(false, style.px(1.5), plain.mix(0.6).filled()))?;
    let lines: Vec<&Ability> = chart
        .abilities
        .iter()
        .filter(|a| a.theta.is_finite())
        .collect();
    for a in &lines {
        let st = style.stroke(style.series(a.slot), 1.5);
        c.draw_series(style.dashed([(x0, a.theta), (x1, a.theta)], 7.0, 4.0, st))?;
    }
    // The separating tasks over the lines, ringed in the background colour to stand out of
    // the crowd.
    c.draw_series(whiskers(true, style.stroke(accent.mix(0.8), 1.5)))?;
    c.draw_series(dots(true, style.px(3.5), style.bg().filled()))?;
    c.draw_series(dots(true, style.px(2.5), accent.filled()))?;
    // Each line named at its right end, just above it, on a veil of the background; names
    // that would overlap step to the left, and a name pushed past the left edge is left out
    // (on a narrow chart; the read-out names every series).
    let (xr, yr) = c.plotting_area().get_pixel_range();
    let (left, right) = (f64::from(xr.start), f64::from(xr.end));
    let (top, bottom) = (f64::from(yr.start), f64::from(yr.end));
    let to_px = |v: f64| bottom - (v - y0) / (y1 - y0) * (bottom - top);
    let from_px = |(px, py): (f64, f64)| {
        (
            x0 + (px - left) / (right - left) * (x1 - x0),
            y0 + (bottom - py) / (bottom - top) * (y1 - y0),
        )
    };
    let mut order = lines.clone();
    order.sort_by(|a, b| b.theta.total_cmp(&a.theta));
    let colors: Vec<RGBColor> = order.iter().map(|a| style.series(a.slot)).collect();
    let mut sizes = Vec::with_capacity(order.len());
    for (a, color) in order.iter().zip(&colors) {
        let (w, h) = area.estimate_text_size(&a.name, &style.text(12.0).color(color))?;
        sizes.push((f64::from(w), f64::from(h)));
    }
    let pad = f64::from(style.px(3.0));
    let bottoms: Vec<f64> = order.iter().map(|a| to_px(a.theta) - pad).collect();
    let spots = place_names(&sizes, &bottoms, right - pad, 2.0 * pad);
    for (((a, color), (r, b)), (w, h)) in order.iter().zip(&colors).zip(spots).zip(&sizes) {
        if r - w - 2.0 < left {
            continue;
        }
        let corners = [from_px((r - w - 2.0, b - h)), from_px((r + 2.0, b + 1.0))];
        c.draw_series(std::iter::once(Rectangle::new(
            corners,
            style.bg().mix(0.9).filled(),
        )))?;
        let label = style
            .text(12.0)
            .color(color)
            .pos(Pos::new(HPos::Right, VPos::Bottom));
        c.draw_series(std::iter::once(Text::new(
            a.name.clone(),
            from_px((r, b)),
            label,
        )))?;
    }
    Ok(mapping(&c))
}

#[cfg(test)]
mod tests;

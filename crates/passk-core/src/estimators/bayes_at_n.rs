//! Bayes@N (Hariri et al., ICLR 2026, "Don't Pass@k"; the scorio package): the posterior of a
//! rubric-weighted score when each sample falls into one of several graded categories.

use std::fmt;

use crate::data::task::Task;
use crate::num::normal::two_sided_z;
use crate::num::sum::Neumaier;

/// How close a reward must be to a rubric weight to fall into its category.
pub const RUBRIC_MATCH: f64 = 1e-9;

/// Why a rubric, a prior or a task's categories are not valid.
#[derive(Debug, Clone, PartialEq)]
pub enum BayesError {
    /// A rubric needs at least two categories.
    TooFewCategories,
    /// A weight that is NaN or infinite (its position).
    WeightNotFinite(usize),
    /// Two categories with the same weight (their positions).
    SameWeight(usize, usize),
    /// A prior of the wrong length (its length, the rubric's).
    PriorLength(usize, usize),
    /// A Dirichlet prior entry that is not a positive finite number (its position).
    PriorNotPositive(usize),
    /// A prior-outcome weight η that is negative or not finite.
    BadEta,
    /// A task whose samples hold a reward the rubric has no category for (the task, the reward).
    NotInRubric(String, f64),
    /// A task without samples (the task).
    NoSamples(String),
    /// Category counts of the wrong length (the task).
    CountsLength(String),
    /// No tasks.
    NoTasks,
}

impl fmt::Display for BayesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BayesError::TooFewCategories => write!(f, "a rubric needs at least two weights"),
            BayesError::WeightNotFinite(i) => write!(f, "rubric weight {} is not a number", i + 1),
            BayesError::SameWeight(i, j) => {
                write!(f, "rubric weights {} and {} are equal", i + 1, j + 1)
            }
            BayesError::PriorLength(p, r) => write!(
                f,
                "the prior has {p} entries for a rubric of {r} categories"
            ),
            BayesError::PriorNotPositive(i) => {
                write!(f, "prior entry {} is not a positive number", i + 1)
            }
            BayesError::BadEta => write!(f, "the prior outcomes' weight must be ≥ 0"),
            BayesError::NotInRubric(t, r) => {
                write!(f, "task {t}: a sample's reward {r} is not a rubric weight")
            }
            BayesError::NoSamples(t) => write!(f, "task {t} has no samples"),
            BayesError::CountsLength(t) => {
                write!(f, "task {t}: category counts do not match the rubric")
            }
            BayesError::NoTasks => write!(f, "no tasks"),
        }
    }
}

impl std::error::Error for BayesError {}

/// Rubric weights w_c, one per category, with a Dirichlet prior α_c on each task's category
/// probabilities.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rubric {
    /// The weights, in the order given.
    pub weights: Vec<f64>,
    /// The Dirichlet prior α_c (default 1 each).
    pub prior: Vec<f64>,
}

impl Rubric {
    /// A rubric with the uniform prior α_c = 1.
    ///
    /// # Errors
    /// [`BayesError::TooFewCategories`], [`BayesError::WeightNotFinite`],
    /// [`BayesError::SameWeight`].
    pub fn new(weights: Vec<f64>) -> Result<Rubric, BayesError> {
        let prior = vec![1.0; weights.len()];
        Rubric::with_prior(weights, prior)
    }

    /// A rubric with the Dirichlet prior `prior`.
    ///
    /// # Errors
    /// As [`new`](Self::new), and [`BayesError::PriorLength`], [`BayesError::PriorNotPositive`].
    pub fn with_prior(weights: Vec<f64>, prior: Vec<f64>) -> Result<Rubric, BayesError> {
        if weights.len() < 2 {
            return Err(BayesError::TooFewCategories);
        }
        if let Some(i) = weights.iter().position(|w| !w.is_finite()) {
            return Err(BayesError::WeightNotFinite(i));
        }
        for (i, a) in weights.iter().enumerate() {
            if let Some(j) = weights[i + 1..].iter().position(|b| b == a) {
                return Err(BayesError::SameWeight(i, i + 1 + j));
            }
        }
        if prior.len() != weights.len() {
            return Err(BayesError::PriorLength(prior.len(), weights.len()));
        }
        if let Some(i) = prior.iter().position(|a| !(a.is_finite() && *a > 0.0)) {
            return Err(BayesError::PriorNotPositive(i));
        }
        Ok(Rubric { weights, prior })
    }

    /// The binary rubric (0 for a fail, 1 for a pass), uniform prior.
    pub fn binary() -> Rubric {
        Rubric {
            weights: vec![0.0, 1.0],
            prior: vec![1.0, 1.0],
        }
    }

    /// The category of a reward: the weight within [`RUBRIC_MATCH`] of it.
    fn category(&self, reward: f64) -> Option<usize> {
        self.weights
            .iter()
            .position(|w| (w - reward).abs() <= RUBRIC_MATCH)
    }

    /// A task's samples counted per category: from its graded rewards when it has them
    /// (its errored samples, which have none, in the lowest-weighted category: failures),
    /// else its fails and passes as rewards 0 and 1.
    ///
    /// # Errors
    /// [`BayesError::NotInRubric`] naming the task and the first reward without a category.
    pub fn counts_of(&self, task: &Task) -> Result<Vec<u64>, BayesError> {
        let name = || task.id.as_deref().unwrap_or("?").to_string();
        let mut counts = vec![0; self.weights.len()];
        let lowest = self.weights.iter().copied().fold(f64::INFINITY, f64::min);
        let errored = task.errored();
        let mut pairs: Vec<(f64, u64)> = match task.rewards() {
            Some(r) => r.values().to_vec(),
            None => {
                let fails = task.counts.n() - task.counts.c();
                vec![(0.0, fails.saturating_sub(errored)), (1.0, task.counts.c())]
            }
        };
        pairs.push((lowest, errored));
        for (reward, m) in pairs.into_iter().filter(|p| p.1 > 0) {
            let c = self
                .category(reward)
                .ok_or_else(|| BayesError::NotInRubric(name(), reward))?;
            counts[c] += m;
        }
        Ok(counts)
    }

    /// Every task's id and samples counted per category ([`Rubric::counts_of`]): what
    /// [`bayes_at_n`] and Max@k of rewards take.
    ///
    /// # Errors
    /// As [`Rubric::counts_of`], for the first task that fails.
    pub fn counts_of_tasks(&self, tasks: &[Task]) -> Result<Vec<(String, Vec<u64>)>, BayesError> {
        tasks
            .iter()
            .map(|t| {
                let id = t.id.as_deref().unwrap_or("?").to_string();
                Ok((id, self.counts_of(t)?))
            })
            .collect()
    }
}

/// Bayes@N of a series: the posterior mean of the rubric-weighted score averaged over tasks,
/// its standard deviation and a normal-approximation interval.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct BayesAtN {
    /// μ, the mean over tasks of each task's posterior mean score.
    pub mean: f64,
    /// σ = √(Σ Var_i) / M.
    pub sd: f64,
    /// μ − zσ (not clipped: a rubric's weights bound the score, not 0 and 1).
    pub lo: f64,
    /// μ + zσ.
    pub hi: f64,
    /// The rubric and prior used.
    pub rubric: Rubric,
}

/// One task's posterior mean score and its variance.
///
/// # Formula
/// π_c = (α_c + n_c)/(A + N) with A = Σ α_c and N = Σ n_c; μ = Σ w_c π_c;
/// Var = (Σ w_c² π_c − μ²)/(A + N + 1), evaluated as Σ π_c (w_c − μ)² / (A + N + 1) (the same
/// number without the difference of two near-equal sums).
pub fn task_posterior(weights: &[f64], alpha: &[f64], counts: &[f64]) -> (f64, f64) {
    let a: f64 = alpha.iter().sum();
    let n: f64 = counts.iter().sum();
    let pi: Vec<f64> = alpha
        .iter()
        .zip(counts)
        .map(|(al, m)| (al + m) / (a + n))
        .collect();
    let mut mu = Neumaier::default();
    for (w, p) in weights.iter().zip(&pi) {
        mu.add(w * p);
    }
    let mu = mu.total();
    let mut second = Neumaier::default();
    for (w, p) in weights.iter().zip(&pi) {
        second.add(p * (w - mu) * (w - mu));
    }
    (mu, second.total() / (a + n + 1.0))
}

/// Bayes@N from each task's category counts, with optional prior outcomes.
///
/// # Formula
/// Per task [`task_posterior`] with α_ic = α_c + η·r_ic (r_ic: the task's prior outcomes in
/// category c, such as greedy runs, weight η); μ = (1/M) Σ μ_i, σ = √(Σ Var_i)/M, interval
/// μ ± zσ with z the two-sided normal quantile of `confidence`.
///
/// # Errors
/// [`BayesError::NoTasks`], [`BayesError::CountsLength`] (of the counts or of the prior
/// outcomes), [`BayesError::NoSamples`] for a task of no samples, [`BayesError::BadEta`].
pub fn bayes_at_n(
    rubric: &Rubric,
    tasks: &[(String, Vec<u64>)],
    prior_outcomes: Option<(&[Vec<u64>], f64)>,
    confidence: f64,
) -> Result<BayesAtN, BayesError> {
    if tasks.is_empty() {
        return Err(BayesError::NoTasks);
    }
    let width = rubric.weights.len();
    if let Some((r0, eta)) = prior_outcomes {
        if !(eta.is_finite() && eta >= 0.0) {
            return Err(BayesError::BadEta);
        }
        if r0.len() != tasks.len() || r0.iter().any(|r| r.len() != width) {
            return Err(BayesError::CountsLength("prior outcomes".into()));
        }
    }
    let mut mean = Neumaier::default();
    let mut var = Neumaier::default();
    for (i, (id, counts)) in tasks.iter().enumerate() {
        if counts.len() != width {
            return Err(BayesError::CountsLength(id.clone()));
        }
        if counts.iter().all(|&m| m == 0) {
            return Err(BayesError::NoSamples(id.clone()));
        }
        let alpha: Vec<f64> = match prior_outcomes {
            Some((r0, eta)) => rubric
                .prior
                .iter()
                .zip(&r0[i])
                .map(|(a, &r)| a + eta * r as f64)
                .collect(),
            None => rubric.prior.clone(),
        };
        let counts: Vec<f64> = counts.iter().map(|&m| m as f64).collect();
        let (mu, v) = task_posterior(&rubric.weights, &alpha, &counts);
        mean.add(mu);
        var.add(v);
    }
    let m = tasks.len() as f64;
    let (mean, sd) = (mean.total() / m, var.total().max(0.0).sqrt() / m);
    let z = two_sided_z(confidence);
    Ok(BayesAtN {
        mean,
        sd,
        lo: mean - z * sd,
        hi: mean + z * sd,
        rubric: rubric.clone(),
    })
}

/// Bayes@N of a series' tasks under `rubric` (each task's categories from
/// [`Rubric::counts_of`]).
///
/// # Errors
/// As [`Rubric::counts_of`] and [`bayes_at_n`].
pub fn bayes_of_tasks(
    rubric: &Rubric,
    tasks: &[Task],
    confidence: f64,
) -> Result<BayesAtN, BayesError> {
    bayes_at_n(rubric, &rubric.counts_of_tasks(tasks)?, None, confidence)
}

/// The rubric a series' rewards suggest when none is given: its distinct rewards, lowest
/// first, with 0 when some task has errored samples and no reward is as low (an error is a
/// failure, not the lowest partial credit); None when no task has graded rewards or they
/// take fewer than two values.
pub fn rubric_of(tasks: &[Task]) -> Option<Rubric> {
    let mut values: Vec<f64> = tasks
        .iter()
        .filter_map(Task::rewards)
        .flat_map(|r| r.values().iter().map(|p| p.0))
        .collect();
    if values.is_empty() {
        return None;
    }
    if tasks.iter().any(|t| t.errored() > 0) && values.iter().all(|&v| v > 0.0) {
        values.push(0.0);
    }
    values.sort_unstable_by(f64::total_cmp);
    values.dedup_by(|a, b| (*a - *b).abs() <= RUBRIC_MATCH);
    Rubric::new(values).ok()
}

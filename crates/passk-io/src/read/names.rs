//! Column and key names: what a header column or a JSON key may be called for each thing a
//! row can say (samples, passes, task id, model, temperature, outcome).

/// Column and key names for the number of samples.
pub const N_NAMES: [&str; 5] = ["n", "samples", "num_samples", "total", "attempts"];
/// … for the number of passing samples.
pub const C_NAMES: [&str; 5] = ["c", "correct", "num_correct", "passed", "successes"];
/// … for the task id.
pub const TASK_NAMES: [&str; 7] = [
    "task",
    "task_id",
    "id",
    "problem",
    "prompt_idx",
    "question_id",
    "idx",
];
/// … for the model.
pub const MODEL_NAMES: [&str; 2] = ["model", "model_name"];
/// … for the sampling temperature.
pub const TEMPERATURE_NAMES: [&str; 3] = ["temperature", "temp", "t"];
/// … for one sample's outcome (or a list of them) in per-sample results.
pub const OUTCOME_NAMES: [&str; 3] = ["passed", "correct", "score"];
/// … for a NeMo-Skills sample's outcome, in the order they are looked for.
pub const NEMO_OUTCOMES: [&str; 2] = ["symbolic_correct", "judge_correct"];
/// … for one sample's answer (or a list of them), for majority voting.
pub const ANSWER_NAMES: [&str; 5] = [
    "answer",
    "extracted_answer",
    "pred",
    "prediction",
    "predicted_answer",
];
/// … for the task's target answer.
pub const TARGET_NAMES: [&str; 5] = ["target", "gold", "gt", "ground_truth", "expected_answer"];
/// … for one sample's score (or a list of them), for best-of-k; `score` only when it is not
/// the outcome.
pub const SCORE_NAMES: [&str; 3] = ["rm_score", "reward", "score"];
/// … for the group a task belongs to (the clusters of a cluster-robust standard error).
pub const GROUP_NAMES: [&str; 5] = ["group", "category", "subset", "difficulty", "level"];

/// Whether a header column or JSON key names a task's group (`group`, `category`, `subset`,
/// `difficulty` or `level`, in any case): the one test every reader uses.
pub fn is_group_name(name: &str) -> bool {
    let name = name.trim();
    GROUP_NAMES.iter().any(|g| name.eq_ignore_ascii_case(g))
}

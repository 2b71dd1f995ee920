//! The command line's help text.

/// The help text (`-h`, `--help`, `passk help`; and after a wrong command).
pub const USAGE: &str = "\
usage: passk report [FILE ...|-] [FLAGS]
       passk plan [FILE ...|-] --k K --half-width H [--confidence P] [--format F]
       passk plan [FILE ...|-] --next [--k K] [--confidence P] [--prior A0,B0] [--format F]
       passk counts [FILE ...|-] [--format F] [--by-group] [--fold-case] [--metric NAME]
                    [--partial correct|incorrect]
       passk link [FILE ...|-] [--format F] [--page URL]
       passk compare [FILE ...|-] [--k LIST] [--bootstrap B] [--seed S] [--pairs all|first]
                     [--format F]
       passk rank [FILE ...|-] [--method LIST] [--separate A,B] [--k K] [--bootstrap B]
                  [--seed S] [--format F]
       passk --version

Reads per-task counts or per-sample results and prints the passk-report/2 JSON document
(`report`), the samples per task or tasks that bring pass@k's interval at budget K to
half-width H (`plan`: JSON {k, half_width, confidence, tasks, rows, n_needed, tasks_needed},
one object per series, an array for several; with --next: can I stop sampling? — how settled
the ranking at pass@K (default 1) is, P(order stays), P(top stays), the pair and the tasks to
sample next, and the sentence), the counts as read (`counts`,
passk-counts/1), or a share link that opens the
page at URL (default http://127.0.0.1:8080/) with those series (`link`; files are named
without their directory), or whether one series beats another (`compare`: JSON with the
paired test of every pair at each k — diff, se, z, p, Holm's p and the BH q over the pairs
at that k, P(A better), McNemar's p when n = 1, the expected solved sets — each pair's
crossover k with the share of 2,000 seeded resamples (fewer beyond 200,000 tasks) that cross and an integer
interval over those, and the ranks of all series; tasks matched by id), or the series ranked by
every ranking method with their agreement, each task's Rasch difficulty, the tasks that
separate a pair and the smallest benchmark that keeps the order (`rank`, passk-rank/1). `-` or
no file reads stdin.
Inputs: `n c` lines, CSV/TSV with a header, JSON lines of counts or of per-sample results
(human-eval and others), evalplus eval_results.json, LiveCodeBench *_eval_all.json, 0/1
matrices, and harness logs: lm-evaluation-harness samples_*.jsonl, inspect_ai .json/.eval,
tau-bench results, SWE-bench run reports (<model>.<run_id>.json: the reports of one model
named together are its runs), NeMo-Skills output-rs*.jsonl and Qwen2.5-Math *_seed<N>_*.jsonl
(named together: one series), BigCodeBench *_eval_results.json, and rollout files (verl
{step}.jsonl dumps: one series per training step, in step order; verifiers results.jsonl,
NeMo Gym rollouts, Every Eval Ever instances); the format is detected unless --format names it.

flags:
  --k LIST            budgets, integers >= 1 (default 1,2,5,10,20,50,100,200,500,1000,
                      those up to 8 x the largest n read)
  --tau LIST          thresholds in [0, 1] for Cover@tau (default 0.2,0.8)
  --g-tau LIST        thresholds in [0, 1] for G-Pass@k_tau (default 0.5,0.75,1.0)
  --linmix LOW,HIGH   LinMix m_low, m_high (default 10,50)
  --prior A0,B0       Beta prior of the credible interval (default 1,1)
  --confidence P      two-sided level of the interval (default 0.95)
  --bootstrap B       task-bootstrap resamples (default 0: off; a crossover draws 2,000
                      up to 200,000 paired tasks, fewer beyond)
  --seed S            seed of every resampling (default 0)
  --folds K           CV-ELPD folds (default 10)
  --backtest [R]      add the backtest (R repeats; or --backtest-repeats R, default 20)
  --reach LIST        pass@k targets in (0, 1): `reach` rows, the smallest k at which each
                      forecast (bb, zoibb, scaled_beta, kumaraswamy) reaches them, with the
                      scaled Beta's bootstrap interval when --bootstrap B > 0
  --power-range A-B   the k range of the least-squares power law in `scaling` (default 2 to
                      the smallest n)
  --forecast-all      forecasts also for series with more than 500 distinct (n, c) counts
                      (about 5 ms per count; without it such a series gets a warning)
  --count-all         G-Pass@k, mG-Pass@k, maj@k, AUC@k, the Geom blends and TailPass@k at
                      every budget up to 1,000,000, also past their work limit (distinct
                      counts x k summed over the budgets: at most max(4 x 10^6, 100 x tasks);
                      without it the budgets past it get a warning)
  --no-forecast       leave out the forecasts (scaled-Beta and Kumaraswamy fits, their
                      columns, `scaling`, `reach`, `forecast_curves`)
  --format F          json (default), md or text: how the answer is printed (md and text:
                      the page's sentences and a compact table; report, compare and
                      plan --next); any other value names the input's format: auto (default),
                      counts, csv, tsv, jsonl-counts, jsonl-samples, evalplus, json-list,
                      matrix, lm-eval, swe-bench, nemo-skills, inspect-json, inspect-eval,
                      qwen-math, rollouts
  --by-group          each series, then one per group its tasks name (a group, category,
                      subset, difficulty or level column or key)
  --fold-case         compare answers ignoring case (maj@k)
  --metric NAME       the lm-evaluation-harness metric to count by (default: pass@1, then
                      exact_match, then acc)
  --partial P         inspect_ai partial credit 'P' counts as correct or incorrect (default:
                      its samples are rejected)
  --rubric LIST       Bayes@N's rubric: the weights of the graded outcomes (e.g. 0,0.5,1;
                      default: a series' distinct graded rewards, when it has any)
  --rubric-prior LIST Bayes@N's Dirichlet prior, one per weight (default 1 each)
  --errors P          what samples marked as errors count as: failures (default), exclude
                      (n shrinks) or apart (excluded and listed in `errors`)
  --threshold R       the reward at or above which a rollout without a verdict passes
                      (default: the largest reward in its file, at least 1, less 1e-6)
  --id-key KEY        rollouts: the key of the problem id (default: example_id,
                      _ng_task_index, sample_id, id, task_id, else verl's input)
  --reward-key KEY    rollouts: the key of the reward or verdict (default: acc, is_correct,
                      correct, else reward, score)
  --step-key KEY      rollouts: the key of the training step (default: step; else the file
                      name: 50.jsonl, global_step_50)
  --method LIST       rank: the ranking methods by key (default: every one; docs/inputs.md)
  --separate A,B      rank: the two series whose separating tasks are listed (default: the
                      pair whose order depends most on the method)
  --threads N         compute on at most N threads (default: every core); the output is the
                      same for any N
  --truncated-errors  samples cut at the length limit (finish_reason 'length', verifiers'
                      is_truncated) are errored samples, for the error policy (default: plain
                      failures)

exit status: 0 on success; 2 for a malformed argument, an unreadable file, a file with no
valid row (nothing printed but its reason), or rejected rows (each printed to stderr as
file:line: reason; the report of the valid rows is still printed). passk --version prints the
version.";

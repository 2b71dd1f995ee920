// passk for JavaScript: the declarations of every export and every document kind. The
// documents are the command line's JSON (passk-report/2 and the others); the keys below are
// checked against real documents by test/module.test.mjs (a key a document holds and this file
// does not declare, or a required key it lacks, fails), and test/example.ts by `tsc --noEmit`.
// A number the JSON writes as null (NaN, or no value) is `null` here too.

/** A refusal: an input or an option passk does not take, the argument and index named. */
export declare class PasskError extends Error {
  constructor(message: string);
  name: 'PasskError';
}

/** The version of the crates that computed everything here (the package's). */
export declare const version: string;

/** Counts: one number, an array or a typed array of whole numbers (a BigInt above 2^53 − 1). */
export type Counts = number | bigint | ArrayLike<number | bigint> | Iterable<number | bigint>;
/** The estimators of the closed forms. */
export type Estimator = 'unbiased' | 'naive' | 'bb' | 'zoibb';

/** pass@k: a number for one task (n, c numbers) and one budget; an array per task (one
 * budget) or per budget (one task); an array of rows per task, each per budget (arrays of
 * both). NaN where the unbiased estimator has k > n. */
export declare function passAtK(n: number, c: number, k: number, estimator?: Estimator): number;
export declare function passAtK(n: number, c: number, k: Exclude<Counts, number | bigint>, estimator?: Estimator): number[];
export declare function passAtK(n: Exclude<Counts, number | bigint>, c: Counts, k: number, estimator?: Estimator): number[];
export declare function passAtK(n: Exclude<Counts, number | bigint>, c: Counts, k: Exclude<Counts, number | bigint>, estimator?: Estimator): number[][];
/** pass^k, shaped as passAtK. */
export declare function passHatK(n: number, c: number, k: number, estimator?: Estimator): number;
export declare function passHatK(n: number, c: number, k: Exclude<Counts, number | bigint>, estimator?: Estimator): number[];
export declare function passHatK(n: Exclude<Counts, number | bigint>, c: Counts, k: number, estimator?: Estimator): number[];
export declare function passHatK(n: Exclude<Counts, number | bigint>, c: Counts, k: Exclude<Counts, number | bigint>, estimator?: Estimator): number[][];

/** A file's text or bytes. */
export type Data = string | Uint8Array | ArrayBuffer;
/** The inputs: one file (named "data"), an array of { name, data }, or { name: data }. */
export type Inputs = Data | { name: string; data: Data }[] | Record<string, Data>;

/** A row a reader rejected, or the line a note is about. */
export interface Rejected {
  line: number;
  reason: string;
  series: string | null;
}
/** One task's counts as read. */
export interface TaskCounts {
  id?: string;
  n: number;
  c: number;
}
/** One series as read. */
export interface SeriesCounts {
  name: string;
  tasks: TaskCounts[];
}
/** `read`'s document. */
export interface ReadDocument {
  file: string;
  format: string | null;
  series: SeriesCounts[];
  rejected: Rejected[];
  notes: string[];
}
/** A file read as the page and the command line read it (the format detected unless named). */
export declare function read(data: Data, options?: { format?: string; name?: string }): ReadDocument;

/** Options every document takes: how the files are read (the command line's flags,
 * camelCased), and where what the readers said goes (default: console.warn). */
export interface ReadOptions {
  format?: string;
  threshold?: number;
  idKey?: string;
  rewardKey?: string;
  stepKey?: string;
  truncatedErrors?: boolean;
  onWarning?: (line: string) => void;
}
/** `report`'s options: `passk report`'s flags camelCased (`forecast: false` is --no-forecast). */
export interface ReportOptions extends ReadOptions {
  byGroup?: boolean;
  foldCase?: boolean;
  metric?: string;
  partial?: string;
  errors?: 'failures' | 'exclude' | 'apart';
  k?: number | number[];
  reach?: number | number[];
  forecast?: boolean;
  powerRange?: [number, number];
  forecastAll?: boolean;
  countAll?: boolean;
  tau?: number | number[];
  gTau?: number | number[];
  linmix?: [number, number];
  prior?: [number, number];
  confidence?: number;
  bootstrap?: number;
  seed?: number | bigint;
  folds?: number;
  backtest?: boolean | number;
  backtestRepeats?: number;
  rubric?: number[];
  rubricPrior?: number[];
  threads?: number;
}
/** `compare`'s options. */
export interface CompareOptions extends ReadOptions {
  metric?: string;
  errors?: 'failures' | 'exclude' | 'apart';
  k?: number | number[];
  bootstrap?: number;
  seed?: number | bigint;
  pairs?: 'all' | 'first';
}
/** `rank`'s options: `method` a comma-separated list of method keys (default every one),
 * `k` (first budget) and `gTau` (first τ) for the pass@k relatives, `bootstrap` the task
 * resamples of the rank intervals (default 200). */
export interface RankOptions extends ReadOptions {
  metric?: string;
  errors?: 'failures' | 'exclude' | 'apart';
  method?: string;
  /** `"A,B"`: the two series whose separating tasks are listed (default: the most disputed pair). */
  separate?: string;
  k?: number | number[];
  gTau?: number | number[];
  confidence?: number;
  bootstrap?: number;
  seed?: number | bigint;
}
/** `plan`'s options: `k` and `halfWidth` (a fraction), or `next: true`. */
export interface PlanOptions extends ReadOptions {
  k?: number;
  halfWidth?: number;
  confidence?: number;
  prior?: [number, number];
  next?: boolean;
}

/** A value with its credible interval. */
export interface Interval {
  mean: number | null;
  sd: number | null;
  lo: number | null;
  hi: number | null;
}
/** A fit's parameters and why its optimiser stopped. */
export interface BbFit {
  a: number;
  b: number;
  log_likelihood: number;
  delta_pass: number;
  at_bound: boolean;
  identifiable: boolean;
  converged: boolean;
  iterations: number;
  stop_reason: string;
}
export interface ZoibbFit {
  a: number;
  b: number;
  pi0: number;
  pi1: number;
  log_likelihood: number;
  at_bound: boolean;
  converged: boolean;
  iterations: number;
  stop_reason: string;
}
/** Standard errors of the unbiased value. */
export interface StdErrors {
  tasks: number | null;
  sampling: number | null;
  clustered: number | null;
  why_null: string | null;
}
/** One row of the pass@k table. */
export interface PassAtKRow {
  k: number;
  combinatorial: number | null;
  naive: number | null;
  bb: number | null;
  zoibb: number | null;
  linmix: number | null;
  scaled_beta?: number | null;
  kumaraswamy?: number | null;
  logit_line: number | null;
  interval: Interval | null;
  bootstrap: Record<string, unknown> | null;
  se: StdErrors | null;
  backtested?: unknown;
}
/** One row of the pass^k table. */
export interface PassHatKRow {
  k: number;
  combinatorial: number | null;
  naive: number | null;
  bb: number | null;
  zoibb: number | null;
  scaled_beta?: number | null;
  kumaraswamy?: number | null;
  interval: Interval | null;
}
/** A metric's value at k with its interval. */
export interface KInterval {
  k: number;
  value: number | null;
  interval: Interval | null;
}
/** One series' report. */
export interface ModelReport {
  name: string;
  tasks: number;
  samples: number;
  n_min: number | null;
  n_max: number | null;
  bb: BbFit | null;
  zoibb: ZoibbFit | null;
  cv_elpd: { bb: number; zoibb: number; folds: number } | null;
  pass_at_k: PassAtKRow[];
  pass_hat_k: PassHatKRow[];
  cover: { tau: number; plugin: number | null; bb: number | null }[];
  g_pass_at_k: { k: number; tau: number; value: number | null; interval: Interval | null }[];
  mg_pass_at_k: KInterval[];
  maj_strict_at_k: KInterval[];
  auc_at_k: KInterval[];
  geom_at_k?: KInterval[];
  geom_ds_at_k?: KInterval[];
  geo_spectrum_at_k?: KInterval[];
  tailpass?: { k: number; mean: number[]; sd: number[]; lo: number[]; hi: number[]; moment2: Interval }[];
  avg_at_n?: Interval;
  maj_at_k?: { k: number; value: number | null }[];
  bon_at_k?: { k: number; value: number | null }[];
  max_at_k?: { k: number; value: number | null }[];
  max_reward_at_k?: KInterval[];
  bayes_at_n?: Interval & { rubric: { weights: number[]; prior: number[] } };
  errors?: Record<string, unknown>;
  step?: number;
  rejected: Rejected[];
  warnings: string[];
  backtest?: Record<string, unknown>;
  // The forecasts (absent with forecast: false).
  scaled_beta?: Record<string, unknown>;
  kumaraswamy?: Record<string, unknown>;
  scaling?: Record<string, unknown>;
  reach?: Record<string, unknown>[];
  forecast_curves?: Record<string, unknown>;
}
/** One pair's paired test at one k. */
export interface PairTest {
  a: string;
  b: string;
  k: number;
  tasks: number;
  diff: number | null;
  se: number | null;
  z: number | null;
  p: number | null;
  log10_p: number | null;
  prob_a_better: number | null;
  mcnemar_p: number | null;
  solved: { a_only: number; b_only: number; both: number; neither: number };
  p_holm: number | null;
  p_holm_all: number | null;
  q_bh: number | null;
}
/** Every pair's comparison (in `compare`'s document, and in a report of several series). */
export interface Comparison {
  family: string;
  comparisons: PairTest[];
  crossovers: Record<string, unknown>[];
  ranks: { k: number; tasks: number; series: { series: string; rank: number; mean_rank: number | null; interval: number[] | null; p_first: number | null }[] }[];
  skipped: unknown[];
  bradley_terry: Record<string, unknown> | null;
}
/** `report`'s document: passk-report/2. */
export interface ReportDocument extends Partial<Comparison> {
  schema: 'passk-report/2';
  k: number[];
  tau: number[];
  g_tau: number[];
  settings: Record<string, unknown>;
  models: ModelReport[];
  comparison?: { auc_cover_plus: (number | null)[][]; avg_auc_cover_plus: (number | null)[] };
}
/** `compare`'s document. */
export interface CompareDocument extends Comparison {
  pair: [string, string] | null;
  sentence: string;
  ranking?: string;
}
/** One ranking method's answer. */
export interface MethodAnswer {
  key: string;
  label: string;
  group: 'Likelihood' | 'Rating' | 'Voting' | 'ItemResponse' | 'Graph' | 'Metric';
  ranking: {
    scores: (number | null)[];
    ranks: number[];
    intervals: [number | null, number | null][] | null;
    se: (number | null)[] | null;
    stop: { reason: 'Converged' | 'MaxIterations' | 'Exact'; iterations: number } | null;
  } | null;
  error: string | null;
  rank_intervals: { ranks: [number, number][]; answered: number; drawn: number } | null;
}
/** `rank`'s document. */
export interface RankDocument {
  schema: 'passk-rank/1';
  series: string[];
  methods: MethodAnswer[];
  agreeing: string[];
  agreement: {
    tau_b: (number | null)[][];
    w: number | null;
    disputed: { first: number; second: number; agree: number[]; reverse: number[]; tie: number[] }[];
  } | null;
  tasks: number;
  tasks_left_out: number;
  options: { k: number; tau: number; level: number; resamples: number; seed: number };
  /** Each task's Rasch difficulty, each series' Rasch ability on the same scale, and the
   * tasks that separate the pair chosen (`separate`), else the most disputed pair. */
  items: {
    tasks: { id: string; difficulty: number; se: number; interval: [number, number]; pass_share: number; n: number; discrimination: number | null; discrimination_interval: [number, number] | null }[];
    abilities: number[];
    discrimination_error: string | null;
    all_pass: string[];
    all_fail: string[];
    pair: [number, number] | null;
    chosen: boolean;
    separating: [string, number][];
  } | null;
  items_error: string | null;
  /** The smallest subset of tasks that keeps the order and pass@1 within ±1 point. */
  subset: {
    size: number;
    tasks: number[];
    ids: string[];
    curve: { size: number; tau_b: number | null; max_points_off: number; keeps: boolean }[];
    separated_pairs: [number, number][];
    held: number;
    splits: number;
    held_share: number | null;
    mean_split_size: number | null;
    split_tasks_skipped: number;
    split_fallbacks: number;
    rule: string;
    fallback: boolean;
  } | null;
  subset_error: string | null;
  sentence: string;
}
/** One series' sample-size plan. */
export interface PlanDocument {
  series: string;
  k: number;
  half_width: number;
  confidence: number;
  tasks: number;
  rows: { n: number; half_width: number }[];
  n_needed: number | null;
  tasks_needed: number | null;
}
/** `plan`'s document with `next: true`: can sampling stop, and which tasks to sample next. */
export interface NextDocument {
  k: number;
  confidence: number;
  order: string[];
  adjacent: { above: string; below: string; z: number | null; rho: number | null }[];
  p_order: number | null;
  p_top: number | null;
  settled: boolean;
  top_settled: boolean;
  ambiguous: string[];
  next: [string, string] | null;
  tasks: { series: string; task: string; gain: number }[];
  intervals: string;
  sentence: string;
}

/** `passk report`'s document of the inputs. */
export declare function report(inputs: Inputs, options?: ReportOptions): ReportDocument;
/** `passk compare`'s document. */
export declare function compare(inputs: Inputs, options?: CompareOptions): CompareDocument;
/** `passk rank`'s document: every ranking method's order, their agreement, the verdict. */
export declare function rank(inputs: Inputs, options?: RankOptions): RankDocument;
/** `passk plan --next`'s document. */
export declare function plan(inputs: Inputs, options: PlanOptions & { next: true }): NextDocument;
/** `passk plan`'s document: one plan for one series, an array for several. */
export declare function plan(inputs: Inputs, options: PlanOptions): PlanDocument | PlanDocument[];

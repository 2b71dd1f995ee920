//! What the fuzzer (`./dev fuzz`, `src/main.rs`) runs on each mutated input, and the
//! mutations: every reader (each format forced, and detected), fed in chunks of any size with
//! any reading options; the share-link decoder; the settings parsers; the calculator; a whole
//! report and every ranking method (timed: slowness is a finding too); the JavaScript module's options. Shared
//! with `tests/fuzz_regressions.rs`, which replays the committed inputs ([`corpus`]: the
//! seeds the fuzzer starts from and the crashes it kept) through the same [`run`].

#![warn(missing_docs)]

use passk_app::share::{carried, decode, encode, Shared};
use passk_core::analysis::rank::{rank_all, Outcomes, RankOptions, METHODS};
use passk_core::data::Dataset;
use passk_core::estimators::DEFAULT_ENABLED;
use passk_core::report::build_report;
use passk_core::settings::{BandKind, Options};
use passk_io::read::FileRead;
use passk_io::read::{assemble, read_bytes, series_name_for, ReadOptions, Reader};
use passk_io::settings as parse;

use passk_app::page::state::PageState;
use passk_view::calculator;

pub mod corpus;
mod target;
pub use target::Target;

/// Runs `input` through `target`; `choice` picks the format, the chunk size and the
/// reading options (so a kept input replays exactly). Panics only on a bug.
pub fn run(target: Target, input: &[u8], choice: u64) {
    match target {
        Target::Read => {
            let (format, chunk) = (corpus::read_format(choice), corpus::read_chunk(choice));
            let options = ReadOptions {
                fold_case: choice & 64 != 0,
                metric: (choice & 128 != 0).then(|| "acc".to_string()),
                partial: (choice & 256 != 0).then_some(choice & 512 != 0),
                threshold: (choice & 32 != 0).then(|| "0.5".to_string()),
                truncated_errors: choice & 8 != 0,
                keys: passk_io::read::RolloutKeys {
                    id: (choice & 48 == 16).then(|| "idx".to_string()),
                    reward: (choice & 48 == 16).then(|| "acc".to_string()),
                    step: (choice & 48 == 16).then(|| "epoch".to_string()),
                },
            };
            let name = [
                "x.jsonl",
                "a/claude.run1.json",
                "o/output-rs0.jsonl",
                "l.eval",
            ][(choice >> 10 & 3) as usize];
            let mut r = Reader::new(name, &series_name_for(name), format)
                .with_options(options)
                .with_parquet();
            for c in input.chunks(chunk) {
                r.feed(c);
            }
            let read = r.finish();
            let twice = vec![read.clone(), read];
            let _ = assemble(twice);
        }
        Target::Link => {
            let _ = decode(&String::from_utf8_lossy(input));
        }
        Target::Settings => {
            let t = String::from_utf8_lossy(input);
            let _ = (
                parse::parse_ks(&t),
                parse::parse_taus(&t),
                parse::parse_linmix(&t),
            );
            let _ = (parse::parse_prior(&t), parse::parse_confidence(&t));
            let _ = (
                parse::parse_half_width(&t),
                parse::parse_half_width_points(&t),
                parse::parse_folds(&t),
            );
            let _ = (
                parse::parse_bootstrap(&t),
                parse::parse_seed(&t),
                parse::parse_k_max(&t),
            );
        }
        Target::Calc => {
            let t = String::from_utf8_lossy(input);
            let mut parts = t.splitn(3, '|');
            let mut next = || parts.next().unwrap_or("").to_string();
            let (n, c, k) = (next(), next(), next());
            let _ = calculator::evaluate(&n, &c, &k);
        }
        Target::Options => {
            if let Ok(given) = serde_json::from_slice::<passk_js::given::Given>(input) {
                for command in ["report", "compare", "plan"] {
                    let _ = passk_js::options::args_of(command, vec!["a".into()], &given);
                }
            }
        }
        Target::Report => {
            let read = read_bytes("x.txt", "x", input, None);
            let (datasets, rejected) = assemble(vec![read]);
            let n_max = datasets
                .iter()
                .flat_map(|d| d.tasks.iter())
                .map(|t| t.counts.n())
                .max()
                .unwrap_or(1);
            let opts = Options {
                ks: report_ks(input, choice, n_max),
                forecast: true,
                ..Options::default()
            };
            let _ = build_report(&datasets, rejected, &opts);
            // Every ranking method on the series with tasks (no resamples: the methods, not
            // their repeats, are what the input reaches).
            let with_tasks: Vec<&Dataset> =
                datasets.iter().filter(|d| !d.tasks.is_empty()).collect();
            let keys: Vec<&str> = METHODS.iter().map(|m| m.key).collect();
            let rank = RankOptions {
                resamples: 0,
                ..RankOptions::default()
            };
            let _ = rank_all(&Outcomes::of(&with_tasks), &keys, &rank);
        }
    }
}

/// The most budgets a report input is given.
pub const REPORT_KS_MAX: usize = 10;

/// The budgets of a report input: those of a first line `# k=1,10,…` (the command line's
/// --k; a comment to every reader), else some of 1, 2, 5, 10, 100, 1,000, 10⁴, 10⁵, 10⁶ and
/// n_max/2, n_max picked by the choice's bits; at most [`REPORT_KS_MAX`], each within
/// `n_max`, the largest n read.
pub fn report_ks(input: &[u8], choice: u64, n_max: u64) -> Vec<u64> {
    let first = input.split(|&b| b == b'\n').next().unwrap_or_default();
    let asked = std::str::from_utf8(first)
        .ok()
        .and_then(|l| l.trim().strip_prefix("# k="))
        .and_then(|l| parse::parse_ks(l).ok());
    let mut ks = asked.unwrap_or_else(|| {
        let pool = [
            1,
            2,
            5,
            10,
            100,
            1_000,
            10_000,
            100_000,
            1_000_000,
            n_max / 2,
            n_max,
        ];
        let mut ks: Vec<u64> = pool
            .iter()
            .enumerate()
            .filter(|(i, _)| *i == 0 || choice >> i & 1 == 1)
            .map(|(_, &k)| k)
            .collect();
        ks.sort_unstable();
        ks.dedup();
        ks
    });
    ks.retain(|&k| k >= 1 && k <= n_max.max(1));
    ks.truncate(REPORT_KS_MAX);
    if ks.is_empty() {
        ks.push(1);
    }
    ks
}

/// A share link of `read`'s series, as the page makes them (a seed for the link decoder).
pub fn link_of(read: &FileRead) -> Option<String> {
    let shared = Shared {
        inputs: vec![carried(read)],
        settings: Default::default(),
        enabled: DEFAULT_ENABLED.to_vec(),
        band: BandKind::DEFAULT,
        view: PageState::default(),
        example: None,
    };
    let calc = ["10".to_string(), "3".to_string(), "5".to_string()];
    encode(Some(&calc), Some(&shared))
        .ok()
        .map(|f| format!("#{f}"))
}

/// A small, fast pseudo-random generator (xorshift64*).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next number.
    pub fn draw(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (0 for n = 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.draw() % n as u64) as usize
        }
    }
}

/// Tokens worth inserting: numbers at the limits, JSON of the wrong type, BOM, CRLF, NUL,
/// separators and the keys the readers look for.
const TOKENS: [&str; 28] = [
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "1e308",
    "NaN",
    "4294967296",
    "9007199254740993",
    "0",
    "1.0000000001",
    "null",
    "[]",
    "{}",
    "\"x\"",
    "true",
    "\u{feff}",
    "\r\n",
    "\0",
    ",",
    "\t",
    "\"",
    "\"passed\": ",
    "\"resps\": [[",
    "\"submitted_ids\": [",
    "\"symbolic_correct\": ",
    "\"scores\": {\"m\": {\"value\": ",
    "PK\u{3}\u{4}",
    "]}",
    "\n",
];

/// `input` changed 1 to 4 times: a byte flipped, inserted or removed, a range deleted or
/// duplicated, a token inserted, lines swapped, cut short, a huge line, or spliced with
/// `other`.
pub fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut v = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(10) {
            0 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            1 => v.insert(at, rng.draw() as u8),
            2 if at < v.len() => {
                let end = (at + 1 + rng.below(64)).min(v.len());
                v.drain(at..end);
            }
            3 if at < v.len() => {
                let end = (at + 1 + rng.below(256)).min(v.len());
                let piece = v[at..end].to_vec();
                v.splice(at..at, piece);
            }
            4 | 5 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                v.splice(at..at, t.iter().copied());
            }
            6 => v.truncate(at),
            7 => {
                let lines: Vec<usize> = (0..v.len()).filter(|&i| v[i] == b'\n').collect();
                if lines.len() >= 2 {
                    let (a, b) = (lines[rng.below(lines.len())], lines[rng.below(lines.len())]);
                    let (a, b) = (a.min(b), a.max(b));
                    v[a..=b].reverse();
                }
            }
            8 if rng.below(50) == 0 => {
                let huge = vec![b'9'; 1 << (10 + rng.below(12))];
                v.splice(at..at, huge);
            }
            _ if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(4096)).min(other.len());
                v.splice(at..at, other[from..end].iter().copied());
            }
            _ => {}
        }
    }
    v
}

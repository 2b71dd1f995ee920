//! The fuzzer: `./dev fuzz [SECONDS]` (default 60). Every reader, the share-link decoder,
//! the settings parsers, the calculator and whole reports run on mutations of the fixtures, of
//! the seed corpus (`tests/fixtures/fuzz/corpus/<target>/`) and of the crashes kept before, on
//! every core; an input that panics, runs longer than its target's limit (CPU time of its
//! thread, reports on one thread: a report 2 s, the rest 1 s) or allocates more than 256 MB while it runs is kept in
//! `tests/fixtures/fuzz/crashes/` (`tests/fuzz_regressions.rs` replays the seeds and the
//! crashes). Prints the executions and exits 1 when it kept any.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use passk_fuzz::corpus::{self, crash_name, root};
use passk_fuzz::{link_of, mutate, run, Rng, Target};
use passk_io::read::{read_bytes, series_name_for};

/// Bytes one input may hold allocated at once.
const ALLOC_CAP: usize = 256 << 20;

thread_local! {
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

/// The system allocator, counting each thread's live bytes and their peak.
struct Counting;

fn note(grow: usize, shrink: usize) {
    let _ = LIVE.try_with(|live| {
        let v = (live.get() + grow).saturating_sub(shrink);
        live.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note(l.size(), 0);
        System.alloc(l)
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        note(l.size(), 0);
        System.alloc_zeroed(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        note(0, l.size());
        System.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        note(size, l.size());
        System.realloc(p, l, size)
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Every file under `dir` (recursively), at most 64 KB of each.
fn files(dir: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else if let Ok(mut b) = std::fs::read(&p) {
            b.truncate(64 << 10);
            out.push(b);
        }
    }
}

/// The seeds of each target.
fn corpus() -> Vec<(Target, Vec<Vec<u8>>)> {
    let mut read = Vec::new();
    for d in [
        "tests/fixtures/inputs",
        "tests/fixtures/harness",
        "assets/examples",
    ] {
        files(&root().join(d), &mut read);
    }
    let mut links: Vec<Vec<u8>> = read
        .iter()
        .take(8)
        .filter_map(|b| link_of(&read_bytes("f.json", &series_name_for("f.json"), b, None)))
        .map(String::into_bytes)
        .collect();
    links.extend([b"#n=10&c=3&k=5".to_vec(), b"#ex=pythia".to_vec()]);
    // Whole reports of the small inputs (the seeds under corpus/report/ are added below).
    let reports: Vec<Vec<u8>> = read
        .iter()
        .filter(|b| b.len() <= 16 << 10)
        .cloned()
        .collect();
    let text = |v: &[&str]| v.iter().map(|s| s.as_bytes().to_vec()).collect();
    let mut pools = vec![
        (Target::Read, read),
        (Target::Link, links),
        (
            Target::Settings,
            text(&[
                "1,2,5,10,1e4",
                "0.2, 0.8",
                "10,50",
                "1,1",
                "0.95",
                "200",
                "1%",
                "auto",
            ]),
        ),
        (
            Target::Calc,
            text(&["10|3|5", "1000000000|1|1", "1e4|2|3", "64|0|64"]),
        ),
        (Target::Report, reports),
        (
            Target::Options,
            text(&[
                r#"{"k":[1,10],"byGroup":true,"forecast":false}"#,
                r#"{"seed":3,"confidence":0.9,"prior":[1,1],"tau":0.5}"#,
                r#"{"k":2.5,"halfWidth":0.01,"next":true}"#,
                r#"{"rubric":[0,0.5,1],"rubricPrior":[1,1]}"#,
                r#"{"backtest":3,"backtestRepeats":0,"powerRange":[2,64]}"#,
                r#"{"errors":"apart","pairs":"first","format":"csv"}"#,
            ]),
        ),
    ];
    // The committed seeds and the crashes kept before, each in its target's pool.
    let ((seeds, mut problems), (crashes, more)) = (corpus::seeds(), corpus::crashes());
    problems.extend(more);
    for p in problems {
        eprintln!("fuzz: skipped {p}");
    }
    for kept in seeds.into_iter().chain(crashes) {
        if let Ok(mut b) = std::fs::read(&kept.path) {
            b.truncate(64 << 10);
            if let Some((_, pool)) = pools.iter_mut().find(|(t, _)| *t == kept.target) {
                pool.push(b);
            }
        }
    }
    pools
}

/// Keeps an input that failed in `crashes/`, named by its target, choice and a hash; returns
/// its path.
fn keep(target: Target, choice: u64, input: &[u8], why: &str) -> PathBuf {
    let dir = corpus::crashes_dir();
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(crash_name(target, choice, input));
    let _ = std::fs::write(&path, input);
    eprintln!("fuzz: {why}: kept {}", path.display());
    path
}

/// What a worker runs now: since when (its thread's CPU seconds then), the input and its
/// target and choice.
type Slot = Arc<Mutex<Option<(f64, Vec<u8>, Target, u64)>>>;

/// The CPU seconds a thread has run (user and system, from `/proc/self/task/<tid>/stat`):
/// what the limits are measured in, so that a busy machine does not make an input slow.
fn cpu_seconds(stat: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(stat).ok()?;
    // After the command's name in parentheses: state is field 3, utime and stime 14 and 15.
    let rest = &text[text.rfind(')')? + 2..];
    let mut fields = rest.split_whitespace().skip(11);
    let (utime, stime): (f64, f64) = (fields.next()?.parse().ok()?, fields.next()?.parse().ok()?);
    // Linux counts in clock ticks of 1/100 s (USER_HZ).
    Some((utime + stime) / 100.0)
}

/// The `stat` file of the calling thread.
fn own_stat() -> PathBuf {
    let link = std::fs::read_link("/proc/thread-self").unwrap_or_default();
    let tid = link
        .file_name()
        .map(|t| t.to_string_lossy().into_owned())
        .unwrap_or_default();
    PathBuf::from(format!("/proc/self/task/{tid}/stat"))
}

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    // One thread per report, so that its time is the time of one core.
    passk_core::par::set_threads(1);
    let corpus = Arc::new(corpus());
    let pool: usize = corpus.iter().map(|(_, seeds)| seeds.len()).sum();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let (done, failed) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let stop = Arc::new(AtomicBool::new(false));
    std::panic::set_hook(Box::new(|_| {}));
    let start = Instant::now();
    let slots: Vec<Slot> = (0..threads).map(|_| Arc::new(Mutex::new(None))).collect();
    let stats: Arc<Mutex<Vec<PathBuf>>> = Arc::new(Mutex::new(vec![PathBuf::new(); threads]));
    let workers: Vec<_> = slots
        .iter()
        .enumerate()
        .map(|(t, slot)| {
            let (corpus, done, failed, stop, slot, stats) = (
                corpus.clone(),
                done.clone(),
                failed.clone(),
                stop.clone(),
                slot.clone(),
                stats.clone(),
            );
            std::thread::spawn(move || {
                let stat = own_stat();
                stats.lock().unwrap()[t] = stat.clone();
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15
                    ^ (t as u64 + 1) << 32
                    ^ start.elapsed().as_nanos() as u64);
                while !stop.load(Relaxed) {
                    let (target, seeds) = &corpus[rng.below(corpus.len())];
                    let (a, b) = (rng.below(seeds.len()), rng.below(seeds.len()));
                    let input = mutate(&mut rng, &seeds[a], &seeds[b]);
                    let choice = rng.draw() & 0xfff;
                    let cpu = cpu_seconds(&stat).unwrap_or(0.0);
                    *slot.lock().unwrap() = Some((cpu, input.clone(), *target, choice));
                    PEAK.with(|p| p.set(LIVE.with(Cell::get)));
                    let base = LIVE.with(Cell::get);
                    let ok =
                        catch_unwind(AssertUnwindSafe(|| run(*target, &input, choice))).is_ok();
                    let peak = PEAK.with(Cell::get).saturating_sub(base);
                    *slot.lock().unwrap() = None;
                    if !ok {
                        failed.fetch_add(1, Relaxed);
                        keep(*target, choice, &input, "panic");
                    } else if peak > ALLOC_CAP {
                        failed.fetch_add(1, Relaxed);
                        keep(
                            *target,
                            choice,
                            &input,
                            &format!("{} MB allocated", peak >> 20),
                        );
                    }
                    done.fetch_add(1, Relaxed);
                }
            })
        })
        .collect();
    // The watchdog: an input that has run for longer than its target's limit (CPU time of
    // its thread) is kept, and the run ends.
    while start.elapsed() < Duration::from_secs(seconds) {
        std::thread::sleep(Duration::from_millis(200));
        for (t, slot) in slots.iter().enumerate() {
            let stat = stats.lock().unwrap()[t].clone();
            if let Some((since, input, target, choice)) = slot.lock().unwrap().as_ref() {
                let ran = cpu_seconds(&stat).unwrap_or(0.0) - since;
                if ran > target.limit().as_secs_f64() {
                    let why = format!("runs longer than {} s", target.limit().as_secs());
                    keep(*target, *choice, input, &why);
                    eprintln!("fuzz: stopped after {} executions", done.load(Relaxed));
                    std::process::exit(1);
                }
            }
        }
    }
    stop.store(true, Relaxed);
    for w in workers {
        let _ = w.join();
    }
    let (n, bad, secs) = (
        done.load(Relaxed),
        failed.load(Relaxed),
        start.elapsed().as_secs_f64(),
    );
    println!(
        "fuzz: {n} executions in {secs:.0} s ({:.0}/s) on {threads} threads from {pool} inputs; {bad} kept (panics, over {} MB, or over the time limit)",
        n as f64 / secs,
        ALLOC_CAP >> 20
    );
    std::process::exit(i32::from(bad > 0));
}

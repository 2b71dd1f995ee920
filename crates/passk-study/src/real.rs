//! The real series the study starts from: DeepScaleR base and RL, the seven Pythia models.

use passk_core::data::Counts;

/// A real series: its name and full counts.
#[derive(Debug, Clone)]
pub struct Real {
    /// The series name.
    pub name: String,
    /// The full counts.
    pub counts: Vec<Counts>,
}

/// A JSON-lines file of `{"n", "c"}` rows in `assets/examples/` as one series.
fn jsonl(file: &str, name: &str) -> Real {
    let text = std::fs::read_to_string(passk_fixtures::real(file)).expect("an example file");
    let counts = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            let (n, c) = (v["n"].as_u64().unwrap(), v["c"].as_u64().unwrap());
            Counts::new(n, c).unwrap()
        })
        .collect();
    Real {
        name: name.into(),
        counts,
    }
}

/// DeepScaleR base and RL (1,060 tasks, n = 128).
pub fn deepscaler() -> Vec<Real> {
    vec![
        jsonl("deepscaler_base.jsonl", "DeepScaleR base"),
        jsonl("deepscaler_rl.jsonl", "DeepScaleR RL"),
    ]
}

/// The seven Pythia models (128 tasks, n = 10,000), in file order.
pub fn pythia() -> Vec<Real> {
    let text =
        std::fs::read_to_string(passk_fixtures::real("pythia_math_n10000.csv")).expect("the CSV");
    let mut out: Vec<Real> = Vec::new();
    for l in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = l.split(',').collect();
        let (n, c) = (f[2].parse().unwrap(), f[3].parse().unwrap());
        let counts = Counts::new(n, c).unwrap();
        match out.iter_mut().find(|r| r.name == f[0]) {
            Some(r) => r.counts.push(counts),
            None => out.push(Real {
                name: f[0].to_string(),
                counts: vec![counts],
            }),
        }
    }
    out
}

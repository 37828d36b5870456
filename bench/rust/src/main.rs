//! The Rust runner of Saline's benchmark suite (bench/README.md): Saline's
//! Rust core against libsodium and OpenSSL, in one process, under the same
//! method as the Node and Go runners. Reads bench/workloads.json, writes
//! bench/results/<YYYY-MM-DD>-<host>-rust.json (schema saline-bench/1).
//!
//!   cargo run --release --manifest-path bench/rust/Cargo.toml -- \
//!       [--profile quick|full] [--only REGEX] [--out-dir DIR] [--workloads FILE]

// Operations end in `Ok(sink.put(output?))`: the unit is the point.
#![allow(clippy::unit_arg)]

mod fixtures;
mod harness;
mod json;
mod libraries;
mod machine;

use std::path::PathBuf;
use std::time::Instant;

use fixtures::Case;
use harness::{run_case, Library, Progress, Timing};
use json::J;

const BENCH_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

struct Args {
    profile: String,
    only: Option<String>,
    out_dir: PathBuf,
    workloads: PathBuf,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        profile: "quick".into(),
        only: None,
        out_dir: PathBuf::from(BENCH_DIR).join("results"),
        workloads: PathBuf::from(BENCH_DIR).join("workloads.json"),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = || inline.clone().or_else(|| it.next()).ok_or_else(|| format!("{name} needs a value"));
        match name.as_str() {
            "--profile" => a.profile = value()?,
            "--only" => a.only = Some(value()?).filter(|s| !s.is_empty()),
            "--out-dir" => a.out_dir = PathBuf::from(value()?),
            "--workloads" => a.workloads = PathBuf::from(value()?),
            "-h" | "--help" => {
                println!("saline-bench [--profile quick|full] [--only REGEX] [--out-dir DIR] [--workloads FILE]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other} (see --help)")),
        }
    }
    Ok(a)
}

fn main() {
    if let Err(e) = real_main() {
        eprintln!("bench/rust: {e}");
        std::process::exit(1);
    }
}

fn real_main() -> Result<(), String> {
    let args = parse_args()?;
    let raw = std::fs::read_to_string(&args.workloads).map_err(|e| format!("{}: {e}", args.workloads.display()))?;
    let workloads: serde_json::Value = serde_json::from_str(&raw).map_err(|e| format!("{}: {e}", args.workloads.display()))?;
    let settings = workloads
        .get("profiles")
        .and_then(|p| p.get(&args.profile))
        .ok_or_else(|| format!("unknown profile {:?}", args.profile))?
        .clone();
    let only = args.only.as_deref().map(regex::Regex::new).transpose().map_err(|e| format!("--only: {e}"))?;
    let cases: Vec<Case> = workloads
        .get("cases")
        .and_then(|c| c.as_array())
        .ok_or("workloads.json has no cases")?
        .iter()
        .map(Case::from_json)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .filter(|c| c.profiles.contains(&args.profile) && only.as_ref().map_or(true, |re| re.is_match(&c.id)))
        .collect();

    let libs: Vec<Library> = vec![libraries::saline::library(), libraries::libsodium::library(), libraries::openssl::library()];

    let started = Instant::now();
    // Memory cases measure a JavaScript engine's heap: the Node runner's job.
    // They are left out of this file, as the Go runner does (an all-n/a case
    // would only put an empty Memory table in the report).
    let skipped = cases.iter().filter(|c| c.unit == "memory").count();
    let cases: Vec<Case> = cases.into_iter().filter(|c| c.unit != "memory").collect();
    if skipped > 0 {
        eprintln!("rust: {skipped} memory case(s) skipped (Node runner only)");
    }
    let mut total = 0;
    for c in &cases {
        let t = Timing::from_profile(&settings, c.slow)?;
        total += libs.iter().filter(|l| l.has(c)).count() * t.rounds;
    }
    let mut progress = Progress::new(total);
    let mut results = Vec::new();
    for case in &cases {
        let timing = Timing::from_profile(&settings, case.slow)?;
        results.push(run_case(case, &libs, &timing, &mut progress));
    }
    progress.done();
    let duration = started.elapsed().as_secs_f64();

    let date = machine::now_iso();
    let host = machine::host();
    let doc = J::obj()
        .with("schema", "saline-bench/1")
        .with(
            "runtime",
            J::obj()
                .with("name", "rust")
                .with("version", env!("SALINE_BENCH_RUSTC"))
                .with("detail", format!("{}, release profile (thin LTO)", env!("SALINE_BENCH_TARGET"))),
        )
        .with("date", date.as_str())
        .with("host", host.as_str())
        .with("profile", args.profile.as_str())
        .with("settings", settings)
        .with("machine", machine::machine())
        .with("libraries", libs.iter().map(Library::describe).collect::<Vec<_>>())
        .with("cases", results)
        .with("duration_s", duration);
    std::fs::create_dir_all(&args.out_dir).map_err(|e| format!("{}: {e}", args.out_dir.display()))?;
    let file = args.out_dir.join(format!("{}-{host}-rust.json", &date[..10]));
    std::fs::write(&file, doc.to_pretty() + "\n").map_err(|e| format!("{}: {e}", file.display()))?;
    let shown = file.canonicalize().unwrap_or(file);
    println!("rust: {} cases in {duration:.0} s -> {}", cases.len(), shown.display());
    Ok(())
}

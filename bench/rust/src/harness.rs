//! The Rust side of the harness, the same method as `bench/node/lib/harness.mjs`
//! and `bench/go/harness.go`: every library runs the case once and its output
//! is compared with the reference's (the first library, in order, that has
//! the case: Saline); then the survivors are timed interleaved over R rounds,
//! each round warming every library up and timing batches until at least T
//! seconds have passed, the order rotating each round.

use std::collections::HashMap;
use std::fs::File;
use std::hint::black_box;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;
use std::time::{Duration, Instant};

use crate::fixtures::{fixture_for, input_file, Case, Fixture};
use crate::json::J;

pub type Res = Result<(), String>;

/// Where an operation puts its output. In the timed loop the output only
/// goes through `black_box` (so nothing is optimized away and nothing is
/// copied); in the reference check's call it is captured.
pub struct Sink {
    capture: bool,
    pub out: Option<Vec<u8>>,
}

impl Sink {
    fn timed() -> Sink {
        Sink { capture: false, out: None }
    }

    fn capturing() -> Sink {
        Sink { capture: true, out: None }
    }

    #[inline(always)]
    pub fn put(&mut self, bytes: &[u8]) {
        if self.capture {
            self.out = Some(bytes.to_vec());
        } else {
            black_box(bytes);
        }
    }

    /// Two parts of one output (OpenSSL's AEAD ciphertext and tag), joined only when captured.
    #[inline(always)]
    pub fn put2(&mut self, a: &[u8], b: &[u8]) {
        if self.capture {
            self.out = Some([a, b].concat());
        } else {
            black_box(a);
            black_box(b);
        }
    }

    /// A verification's answer as one byte (1: valid), as the other runners compare it.
    #[inline(always)]
    pub fn flag(&mut self, ok: bool) {
        self.put(&[u8::from(ok)]);
    }
}

/// One prepared operation: `run` is what is timed.
pub struct Op {
    pub run: Box<dyn FnMut(&mut Sink) -> Res>,
    /// false for random output (key generation): timed, not compared.
    pub checked: bool,
}

impl Op {
    pub fn new(run: impl FnMut(&mut Sink) -> Res + 'static) -> Op {
        Op { run: Box::new(run), checked: true }
    }

    pub fn unchecked(run: impl FnMut(&mut Sink) -> Res + 'static) -> Op {
        Op { run: Box::new(run), checked: false }
    }
}

/// Why a library has no result for a case.
pub enum Skip {
    /// It lacks the case (reported as n/a, with the reason).
    NA(String),
    /// Preparing it failed (reported as error).
    Error(String),
}

impl From<String> for Skip {
    fn from(s: String) -> Skip {
        Skip::Error(s)
    }
}

pub type Made = Result<Op, Skip>;
pub type Factory = Box<dyn Fn(&Rc<Fixture>) -> Made>;

/// A library's streaming object for the file cases.
pub trait Streaming {
    fn update(&mut self, chunk: &[u8]) -> Res;
    fn finish(self: Box<Self>, sink: &mut Sink) -> Res;
}

pub type Start = Box<dyn FnMut() -> Result<Box<dyn Streaming>, String>>;
pub type StreamFactory = Box<dyn Fn(&Rc<Fixture>) -> Result<Start, Skip>>;

pub struct Library {
    pub id: &'static str,
    pub name: String,
    pub version: String,
    pub detail: Option<String>,
    pub subject: bool,
    /// Which backend answered (Saline: "rust-core"), recorded on each result.
    pub backend: Option<&'static str>,
    pub available: bool,
    pub reason: Option<String>,
    ops: HashMap<String, Factory>,
    streams: HashMap<String, StreamFactory>,
}

impl Library {
    pub fn new(id: &'static str, name: impl Into<String>, version: impl Into<String>) -> Library {
        Library {
            id,
            name: name.into(),
            version: version.into(),
            detail: None,
            subject: false,
            backend: None,
            available: true,
            reason: None,
            ops: HashMap::new(),
            streams: HashMap::new(),
        }
    }

    /// Registers `"<operation>:<algorithm>"`.
    pub fn op(&mut self, key: impl Into<String>, factory: impl Fn(&Rc<Fixture>) -> Made + 'static) {
        self.ops.insert(key.into(), Box::new(factory));
    }

    /// Registers the streaming API used by the `file/<algorithm>/...` cases.
    pub fn stream(&mut self, algorithm: &str, factory: impl Fn(&Rc<Fixture>) -> Result<Start, Skip> + 'static) {
        self.streams.insert(algorithm.to_string(), Box::new(factory));
    }

    pub fn has(&self, case: &Case) -> bool {
        self.available
            && if case.operation == "file" { self.streams.contains_key(case.op_name()) } else { self.ops.contains_key(&case.op_key()) }
    }

    /// The operation for a case; a file case becomes: open the file, read
    /// `params.chunk`-byte chunks into one reused buffer, feed the library's
    /// streaming object, finish (the Node runner's `resolveOp`).
    fn prepare(&self, case: &Case, fx: &Rc<Fixture>) -> Option<Made> {
        if case.operation != "file" {
            return self.ops.get(&case.op_key()).map(|f| f(fx));
        }
        let factory = self.streams.get(case.op_name())?;
        Some((|| {
            let path = input_file(case.size)?;
            let mut buf = vec![0u8; fx.param("chunk").max(1) as usize];
            let mut start = factory(fx)?;
            Ok(Op::new(move |sink| {
                let mut stream = start()?;
                let mut file = File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                loop {
                    let n = file.read(&mut buf).map_err(|e| e.to_string())?;
                    if n == 0 {
                        break;
                    }
                    stream.update(&buf[..n])?;
                }
                stream.finish(sink)
            }))
        })())
    }

    pub fn describe(&self) -> J {
        let mut j = J::obj().with("id", self.id).with("name", self.name.as_str()).with("available", self.available);
        if let Some(r) = &self.reason {
            j.set("reason", r.as_str());
        }
        if self.subject {
            j.set("subject", true);
        }
        j.set("version", self.version.as_str());
        if let Some(d) = &self.detail {
            j.set("detail", d.as_str());
        }
        j
    }
}

/// Rounds, time per round and warm-up, after the profile's "slow" overrides.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    pub rounds: usize,
    pub min_time: f64,
    pub warmup: f64,
    /// A fixed number of timed calls per round (quick profile's KDFs).
    pub iterations: Option<u64>,
}

impl Timing {
    pub fn from_profile(p: &serde_json::Value, slow: bool) -> Result<Timing, String> {
        let num = |v: &serde_json::Value, k: &str| v.get(k).and_then(serde_json::Value::as_f64);
        let mut t = Timing {
            rounds: num(p, "rounds").ok_or("profile lacks rounds")? as usize,
            min_time: num(p, "minTime").ok_or("profile lacks minTime")?,
            warmup: num(p, "warmup").ok_or("profile lacks warmup")?,
            iterations: None,
        };
        if let (true, Some(s)) = (slow, p.get("slow")) {
            if let Some(x) = num(s, "rounds") {
                t.rounds = x as usize;
            }
            if let Some(x) = num(s, "minTime") {
                t.min_time = x;
            }
            if let Some(x) = num(s, "warmup") {
                t.warmup = x;
            }
            t.iterations = num(s, "iterations").map(|x| x as u64);
        }
        Ok(t)
    }
}

fn call(run: &mut Box<dyn FnMut(&mut Sink) -> Res>, sink: &mut Sink) -> Res {
    match catch_unwind(AssertUnwindSafe(|| run(sink))) {
        Ok(r) => r,
        Err(p) => Err(format!(
            "panicked: {}",
            p.downcast_ref::<String>().map(String::as_str).or_else(|| p.downcast_ref::<&str>().copied()).unwrap_or("?")
        )),
    }
}

/// One timed round: warm up, then batches until at least `min_time` seconds.
/// The batch size grows so the clock is read rarely relative to fast operations.
fn time_round(op: &mut Op, t: &Timing) -> Result<(u64, f64), String> {
    let run = &mut op.run;
    let mut sink = Sink::timed();
    if let Some(n) = t.iterations {
        let t0 = Instant::now();
        for _ in 0..n {
            run(&mut sink)?;
        }
        return Ok((n, t0.elapsed().as_secs_f64()));
    }
    let warm_start = Instant::now();
    let warm_end = warm_start + Duration::from_secs_f64(t.warmup);
    let mut warm = 0u64;
    loop {
        run(&mut sink)?;
        warm += 1;
        if Instant::now() >= warm_end {
            break;
        }
    }
    // The measured warm-up time, not the nominal one: with warm-up 0 (the
    // full profile's KDFs) the nominal one would make the batch huge.
    let per_op = warm_start.elapsed().as_secs_f64() / warm as f64;
    let batch = ((t.min_time / 20.0 / per_op.max(1e-9)).floor() as u64).max(1);
    let mut iterations = 0u64;
    let t0 = Instant::now();
    let mut elapsed = 0.0;
    while elapsed < t.min_time {
        for _ in 0..batch {
            run(&mut sink)?;
        }
        iterations += batch;
        elapsed = t0.elapsed().as_secs_f64();
    }
    Ok((iterations, elapsed))
}

fn head(b: &[u8]) -> String {
    b.iter().take(8).map(|x| format!("{x:02x}")).collect()
}

fn median(xs: &[f64]) -> f64 {
    let mut s = xs.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let m = s.len() / 2;
    if s.len() % 2 == 1 {
        s[m]
    } else {
        (s[m - 1] + s[m]) / 2.0
    }
}

struct Entry {
    library: &'static str,
    status: &'static str,
    reason: Option<String>,
    backend: Option<&'static str>,
    checked: bool,
    rounds: Vec<(u64, f64)>,
}

impl Entry {
    fn to_json(&self) -> J {
        let mut j = J::obj().with("library", self.library).with("status", self.status);
        if let Some(r) = &self.reason {
            j.set("reason", r.as_str());
        }
        if let Some(b) = self.backend {
            j.set("backend", b);
        }
        if self.status != "ok" {
            return j;
        }
        if !self.checked {
            j.set("checked", false);
        }
        let rates: Vec<f64> = self.rounds.iter().map(|&(n, s)| n as f64 / s).collect();
        j.set("rounds", self.rounds.iter().map(|&(n, s)| J::obj().with("iterations", n).with("seconds", s)).collect::<Vec<_>>());
        j.set(
            "rate",
            J::obj()
                .with("median", median(&rates))
                .with("min", rates.iter().copied().fold(f64::INFINITY, f64::min))
                .with("max", rates.iter().copied().fold(f64::NEG_INFINITY, f64::max)),
        );
        j.set("iterations", self.rounds.iter().map(|r| r.0).sum::<u64>());
        j.set("seconds", self.rounds.iter().map(|r| r.1).sum::<f64>());
        j
    }
}

/// What a case's JSON starts with.
fn case_header(case: &Case) -> J {
    let mut j = J::obj()
        .with("id", case.id.as_str())
        .with("group", case.group.as_str())
        .with("name", case.name.as_str())
        .with("algorithm", case.algorithm.as_str())
        .with("operation", case.operation.as_str())
        .with("unit", case.unit.as_str())
        .with("size", case.size);
    if case.latency {
        j.set("latency", true);
    }
    if let Some(p) = &case.params {
        j.set("params", p.clone());
    }
    j
}

/// Checks every library's output against the reference, then times the
/// survivors in interleaved rounds. Returns the case's results JSON.
pub fn run_case(case: &Case, libs: &[Library], timing: &Timing, progress: &mut Progress) -> J {
    let fx = Rc::new(fixture_for(&case.id, case.size, case.params.as_ref()));
    let mut entries = Vec::new();
    let mut live: Vec<(usize, Op)> = Vec::new();
    let mut reference: Option<(&'static str, Vec<u8>)> = None;
    for lib in libs {
        let mut e = Entry { library: lib.id, status: "n/a", reason: None, backend: None, checked: true, rounds: Vec::new() };
        if !lib.available {
            e.reason = lib.reason.clone();
            entries.push(e);
            continue;
        }
        let made = match lib.prepare(case, &fx) {
            None => {
                entries.push(e);
                continue;
            }
            Some(m) => m,
        };
        let mut op = match made {
            Ok(op) => op,
            Err(Skip::NA(why)) => {
                e.reason = Some(why);
                entries.push(e);
                continue;
            }
            Err(Skip::Error(why)) => {
                e.status = "error";
                e.reason = Some(format!("failed: {why}"));
                entries.push(e);
                continue;
            }
        };
        let mut sink = Sink::capturing();
        if let Err(why) = call(&mut op.run, &mut sink) {
            e.status = "error";
            e.reason = Some(format!("failed: {why}"));
            entries.push(e);
            continue;
        }
        e.backend = lib.backend;
        let out = sink.out.unwrap_or_default();
        if !op.checked {
            e.checked = false;
        } else if let Some((ref_id, ref_out)) = &reference {
            if &out != ref_out {
                e.status = "excluded";
                e.reason = Some(format!("output differs from reference {ref_id} (got {}…, want {}…)", head(&out), head(ref_out)));
                entries.push(e);
                continue;
            }
        } else {
            reference = Some((lib.id, out));
        }
        e.status = "ok";
        live.push((entries.len(), op));
        entries.push(e);
    }
    let n = live.len();
    for round in 0..timing.rounds {
        for k in 0..n {
            let (idx, op) = &mut live[(k + round) % n];
            let e = &mut entries[*idx];
            progress.step(&case.id, e.library);
            if e.status != "ok" {
                continue;
            }
            let timed = catch_unwind(AssertUnwindSafe(|| time_round(op, timing))).unwrap_or_else(|_| Err("panicked".into()));
            match timed {
                Ok(r) => e.rounds.push(r),
                Err(why) => {
                    // A library that fails mid-measurement loses its row, not the run.
                    e.status = "error";
                    e.reason = Some(format!("failed while timed: {why}"));
                }
            }
        }
    }
    let mut j = case_header(case);
    j.set("reference", reference.map(|(id, _)| id));
    j.set("results", entries.iter().map(Entry::to_json).collect::<Vec<_>>());
    j
}

/// The progress line on stderr: "[rust done/total] case · library · ~time left",
/// rewritten in place on a terminal, a plain line every 2 s otherwise.
pub struct Progress {
    total: usize,
    done: usize,
    tty: bool,
    start: Instant,
    last: Option<Instant>,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        use std::io::IsTerminal;
        Progress { total, done: 0, tty: std::io::stderr().is_terminal(), start: Instant::now(), last: None }
    }

    fn step(&mut self, case: &str, library: &str) {
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = if self.done == 0 { 0.0 } else { elapsed / self.done as f64 * self.total.saturating_sub(self.done) as f64 };
        self.done += 1;
        let left = if left >= 90.0 { format!("{}m{:02}s", (left / 60.0) as u64, (left % 60.0).round() as u64) } else { format!("{}s", left.round()) };
        let line = format!("[rust {}/{}] {case} · {library} · ~{left} left", self.done, self.total);
        if self.tty {
            eprint!("\r\x1b[2K{}", line.chars().take(119).collect::<String>());
        } else if self.last.map_or(true, |t| t.elapsed() > Duration::from_secs(2)) {
            eprintln!("{line}");
            self.last = Some(Instant::now());
        }
    }

    pub fn done(&self) {
        if self.tty {
            eprint!("\r\x1b[2K");
        }
    }
}

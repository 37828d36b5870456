//! The coverage test (issue 15 part 5): every catalog algorithm has
//! known-answer vectors, a benchmark row under its catalog name and an entry
//! point in every front-end, or an exemption in docs/coverage-exemptions.toml
//! that is still needed. docs/DESIGN.md's table "Where an algorithm lives"
//! states the same facts and is checked against the files here, so the map
//! stays true.
//!
//! The vector and benchmark cells are compared with what vectors/ and
//! bench/workloads.json hold; the front-end cells name an export, which must
//! exist in that front-end's sources.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use saline::catalog::{Algorithm, Kind, ALGORITHMS};
use serde_json::Value;

const TABLE_HEADING: &str = "## Where an algorithm lives";
/// The gaps an exemption may cover; the C ABI reaches every entry, and the
/// CLI takes every hash and no other kind on its own.
const GAPS: [&str; 5] = ["vectors", "bench", "js", "python", "go"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(repo().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// Files under `dir` (relative to the repository) whose name ends with one of
/// `suffixes`, recursively, sorted.
fn files_under(dir: &str, suffixes: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut pending = vec![repo().join(dir)];
    while let Some(d) = pending.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if suffixes.iter().any(|s| path.to_string_lossy().ends_with(s)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The catalog entry a vector file's algorithm stands for: FORMAT.md names
/// the KDFs with their hash ("pbkdf2-sha256", "hkdf-sha1").
fn catalog_name_of_vector(name: &str) -> &'static str {
    let base = ["pbkdf2", "hkdf"].into_iter().find(|kdf| name.starts_with(&format!("{kdf}-"))).unwrap_or(name);
    Algorithm::from_name(base).unwrap_or_else(|_| panic!("vector algorithm {name} is not in the catalog")).name()
}

/// Catalog name → the vector files ("hash/md5-rfc1321.json") with a case of it.
fn vector_files() -> BTreeMap<&'static str, BTreeSet<String>> {
    let mut out: BTreeMap<&'static str, BTreeSet<String>> = BTreeMap::new();
    let root = repo().join("vectors");
    for path in files_under("vectors", &[".json"]) {
        let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let relative = path.strip_prefix(&root).unwrap().to_string_lossy().into_owned();
        let default = file["algorithm"].as_str().unwrap_or_else(|| panic!("{relative}: no algorithm"));
        let mut names = vec![default];
        names.extend(file["cases"].as_array().unwrap().iter().filter_map(|c| c.get("algorithm")?.as_str()));
        for name in names {
            out.entry(catalog_name_of_vector(name)).or_default().insert(relative.clone());
        }
    }
    out
}

/// Catalog name → the operations its bench/workloads.json rows measure.
/// Every row must name a catalog algorithm by its canonical name.
fn bench_operations(errors: &mut Vec<String>) -> BTreeMap<String, BTreeSet<String>> {
    let workloads: Value = serde_json::from_str(&read("bench/workloads.json")).unwrap();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for case in workloads["cases"].as_array().unwrap() {
        let (id, name) = (case["id"].as_str().unwrap(), case["algorithm"].as_str().unwrap());
        match Algorithm::from_name(name) {
            Ok(a) if a.name() == name => {}
            _ => errors.push(format!("bench/workloads.json {id}: algorithm {name:?} is not a canonical catalog name")),
        }
        out.entry(name.to_owned()).or_default().insert(case["operation"].as_str().unwrap().to_owned());
    }
    out
}

/// One row of the DESIGN.md table, cell by cell.
struct Row {
    algorithm: String,
    core: Vec<String>,
    vectors: Vec<String>,
    bench: Vec<String>,
    js: Vec<String>,
    python: Vec<String>,
    go: Vec<String>,
    c: Vec<String>,
    cli: Option<Vec<String>>, // None: "n/a"
}

/// The `code` spans of a cell; "—" is none.
fn spans(cell: &str) -> Vec<String> {
    cell.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

fn design_table() -> Vec<Row> {
    let design = read("docs/DESIGN.md");
    let start = design.find(TABLE_HEADING).unwrap_or_else(|| panic!("docs/DESIGN.md has no {TABLE_HEADING:?}"));
    let lines = design[start..].lines().skip_while(|l| !l.starts_with('|')).skip(2); // header, separator
    lines
        .take_while(|l| l.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
            assert_eq!(cells.len(), 9, "docs/DESIGN.md row {line:?}: 9 columns expected");
            Row {
                algorithm: spans(cells[0]).concat(),
                core: spans(cells[1]),
                vectors: spans(cells[2]),
                bench: spans(cells[3]),
                js: spans(cells[4]),
                python: spans(cells[5]),
                go: spans(cells[6]),
                c: spans(cells[7]),
                cli: (cells[8] != "n/a").then(|| spans(cells[8])),
            }
        })
        .collect()
}

/// Names exported by the JS package's main entry (js/src/index.ts).
fn js_exports() -> BTreeSet<String> {
    let index = read("js/src/index.ts");
    let mut names = BTreeSet::new();
    for block in index.split("export {").skip(1) {
        let list = &block[..block.find('}').unwrap()];
        for item in list.split(',').map(str::trim).filter(|i| !i.is_empty() && !i.starts_with("type ")) {
            names.insert(item.rsplit(" as ").next().unwrap().to_owned());
        }
    }
    names
}

/// Whether saline/tweetnacl's object (js/src/tweetnacl.ts) has `name`.
fn tweetnacl_has(name: &str) -> bool {
    read("js/src/tweetnacl.ts").lines().map(str::trim).any(|l| l == format!("{name},") || l.starts_with(&format!("{name}: ")))
}

/// Whether a Python source defines `name` at module level: def, class, an
/// assignment (also as one of a tuple's targets), an annotation, an import.
fn python_defines(source: &str, name: &str) -> bool {
    let is_name = |s: &str| s.trim().split(':').next().unwrap().trim() == name;
    source.lines().filter(|l| !l.starts_with([' ', '\t', '#'])).any(|line| {
        let first = line.split(['(', ':', ' ']).nth(1);
        ((line.starts_with("def ") || line.starts_with("class ")) && first == Some(name))
            || line.split_once('=').is_some_and(|(targets, _)| !targets.contains('(') && targets.split(',').any(is_name))
            || (line.contains(':') && !line.contains('=') && is_name(line.split(':').next().unwrap()))
            || (line.contains("import ") && line.split(|c: char| !c.is_alphanumeric() && c != '_').any(|w| w == name))
    })
}

/// `saline.a.b.name`: the longest module prefix that is a file or package
/// under python/, then `name` defined in it (a package: in any of its files).
fn python_has(dotted: &str) -> bool {
    let parts: Vec<&str> = dotted.split('.').collect();
    let (module, name) = parts.split_at(parts.len() - 1);
    let base = format!("python/{}", module.join("/"));
    let sources: Vec<PathBuf> = if repo().join(&base).is_dir() {
        files_under(&base, &[".py", ".pyi"])
    } else {
        [".py", ".pyi"].iter().map(|ext| repo().join(format!("{base}{ext}"))).filter(|p| p.exists()).collect()
    };
    sources.iter().any(|p| python_defines(&std::fs::read_to_string(p).unwrap(), name[0]))
}

/// `pkg.Func`: an exported function of a Go package of the module (go/).
fn go_has(qualified: &str) -> bool {
    let (package, function) = qualified.split_once('.').unwrap();
    files_under("go", &[".go"]).iter().filter(|p| !p.to_string_lossy().ends_with("_test.go")).any(|p| {
        let source = std::fs::read_to_string(p).unwrap();
        source.lines().any(|l| l == format!("package {package}"))
            && source.lines().any(|l| l.starts_with(&format!("func {function}(")))
    })
}

/// Everything the table says about one algorithm, checked against the files.
fn check_row(row: &Row, info: &saline::catalog::AlgorithmInfo, facts: &Facts, errors: &mut Vec<String>) {
    let name = info.name;
    let mut fail = |what: String| errors.push(format!("{name}: {what}"));
    for path in &row.core {
        if !repo().join("crates/saline/src").join(path).is_file() {
            fail(format!("core file crates/saline/src/{path} does not exist"));
        }
    }
    if row.core.is_empty() {
        fail("the core cell names no file".into());
    }
    let vectors: BTreeSet<String> = row.vectors.iter().cloned().collect();
    let held = facts.vectors.get(name).cloned().unwrap_or_default();
    if vectors != held {
        fail(format!("the vectors cell says {vectors:?}, vectors/ holds {held:?}"));
    }
    let bench: BTreeSet<String> = row.bench.iter().cloned().collect();
    let measured = facts.bench.get(name).cloned().unwrap_or_default();
    if bench != measured {
        fail(format!("the bench cell says {bench:?}, bench/workloads.json measures {measured:?}"));
    }
    for export in &row.js {
        let found = match export.strip_prefix("tweetnacl.") {
            Some(function) => tweetnacl_has(function),
            None => facts.js_exports.contains(export),
        };
        if !found {
            fail(format!("the JS package exports no {export}"));
        }
    }
    for export in row.python.iter().filter(|e| !python_has(e)) {
        fail(format!("the Python package defines no {export}"));
    }
    for export in row.go.iter().filter(|e| !go_has(e)) {
        fail(format!("the Go module has no func {export}"));
    }
    if row.c.is_empty() {
        fail("the C ABI reaches every entry: name its function".into());
    }
    for function in row.c.iter().filter(|f| !facts.c_header.contains(&format!(" {f}("))) {
        fail(format!("crates/saline-ffi/include/saline.h declares no {function}"));
    }
    let is_hash = matches!(info.kind, Kind::Hash | Kind::Xof);
    match &row.cli {
        None if is_hash => fail("`saline hash` takes every hash: the CLI cell must say so".into()),
        Some(commands) if is_hash && commands != &["saline hash"] => fail("the CLI cell of a hash is `saline hash`".into()),
        Some(commands) => {
            for command in commands {
                let sub = command.strip_prefix("saline ").unwrap_or(command);
                let variant = format!("    {}{}(", sub[..1].to_uppercase(), &sub[1..]);
                if !facts.cli_main.contains(&variant) {
                    fail(format!("the CLI has no `{command}`"));
                }
            }
        }
        None => {}
    }
}

struct Facts {
    vectors: BTreeMap<&'static str, BTreeSet<String>>,
    bench: BTreeMap<String, BTreeSet<String>>,
    js_exports: BTreeSet<String>,
    c_header: String,
    cli_main: String,
}

/// (algorithm, gap) → reason, from docs/coverage-exemptions.toml.
fn exemptions(errors: &mut Vec<String>) -> BTreeMap<(String, String), String> {
    let table: toml::Table = read("docs/coverage-exemptions.toml").parse().expect("docs/coverage-exemptions.toml parses");
    let mut out = BTreeMap::new();
    for entry in table["exemption"].as_array().expect("[[exemption]] entries") {
        let gap = entry["missing"].as_str().unwrap().to_owned();
        let reason = entry.get("reason").and_then(|r| r.as_str()).unwrap_or("").trim().to_owned();
        if !GAPS.contains(&gap.as_str()) {
            errors.push(format!("exemption: missing = {gap:?} is not one of {GAPS:?}"));
        }
        for algorithm in entry["algorithms"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_owned()) {
            if Algorithm::from_name(&algorithm).map(Algorithm::name) != Ok(&algorithm) {
                errors.push(format!("exemption: {algorithm:?} is not a catalog name"));
            }
            if reason.is_empty() {
                errors.push(format!("exemption {algorithm}/{gap}: no reason"));
            }
            if out.insert((algorithm.clone(), gap.clone()), reason.clone()).is_some() {
                errors.push(format!("exemption {algorithm}/{gap}: listed twice"));
            }
        }
    }
    out
}

#[test]
fn every_algorithm_is_covered_or_exempt() {
    let mut errors = Vec::new();
    let facts = Facts {
        vectors: vector_files(),
        bench: bench_operations(&mut errors),
        js_exports: js_exports(),
        c_header: read("crates/saline-ffi/include/saline.h"),
        cli_main: read("crates/saline-cli/src/main.rs"),
    };
    let rows = design_table();
    let table_names: Vec<&str> = rows.iter().map(|r| r.algorithm.as_str()).collect();
    let catalog_names: Vec<&str> = ALGORITHMS.iter().map(|i| i.name).collect();
    assert_eq!(table_names, catalog_names, "docs/DESIGN.md {TABLE_HEADING:?}: one row per catalog entry, in catalog order");

    let exempt = exemptions(&mut errors);
    for (row, info) in rows.iter().zip(ALGORITHMS) {
        check_row(row, info, &facts, &mut errors);
        let covered = [
            ("vectors", !row.vectors.is_empty()),
            ("bench", !row.bench.is_empty()),
            ("js", !row.js.is_empty()),
            ("python", !row.python.is_empty()),
            ("go", !row.go.is_empty()),
        ];
        for (gap, has) in covered {
            match (has, exempt.contains_key(&(info.name.to_owned(), gap.to_owned()))) {
                (false, false) => errors.push(format!(
                    "{}: no {gap} (add them, or an exemption with its reason to docs/coverage-exemptions.toml)",
                    info.name
                )),
                (true, true) => errors.push(format!(
                    "{}: has {gap} now; delete its exemption from docs/coverage-exemptions.toml",
                    info.name
                )),
                _ => {}
            }
        }
    }
    assert!(errors.is_empty(), "{} coverage problems:\n  {}", errors.len(), errors.join("\n  "));
}

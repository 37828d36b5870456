// Records the compiler that built the runner (the results' runtime.version).
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (unknown version)".into());
    println!("cargo:rustc-env=SALINE_BENCH_RUSTC={version}");
    let target = std::env::var("TARGET").unwrap_or_default();
    println!("cargo:rustc-env=SALINE_BENCH_TARGET={target}");
    // The commit Saline was built from (the runner is a workspace member).
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .ok()
            .filter(|o| o.status.success())
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .map(|s| s.trim().to_string())
    };
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(c) => {
            let dirty = git(&["status", "--porcelain", "--", "../../crates/saline"]).is_some_and(|s| !s.is_empty());
            format!("git {c}{}", if dirty { " with uncommitted changes in crates/saline" } else { "" })
        }
        None => "git commit unknown".into(),
    };
    println!("cargo:rustc-env=SALINE_BENCH_GIT={commit}");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=../../.git/HEAD");
    println!("cargo:rerun-if-changed=../../crates/saline/src");
}

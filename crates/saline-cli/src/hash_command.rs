//! `saline hash`: list checksums as `sha256sum`/`b2sum`/`b3sum` print them,
//! or check a list (`--check`) with coreutils' reports and exit status.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::Path;

use crate::checksum_format::{format_line, parse_line, Dialect};
use crate::digest::HashSpec;
use crate::errors::describe_io;

/// What `saline hash` was asked to do.
pub struct HashArgs {
    pub spec: Option<HashSpec>,
    pub files: Vec<OsString>,
    pub bsd_tag: bool,
    pub check: bool,
    pub quiet: bool,
    pub status: bool,
    pub warn: bool,
    pub strict: bool,
    pub ignore_missing: bool,
}

/// `-` or no file at all means standard input.
fn input_path(name: &OsString) -> Option<&Path> {
    (name != "-").then_some(Path::new(name))
}

/// Runs the command; `Ok(false)` means a failure was reported (exit 1).
pub fn run(args: &HashArgs) -> anyhow::Result<bool> {
    let stdin = vec![OsString::from("-")];
    let files = if args.files.is_empty() {
        &stdin
    } else {
        &args.files
    };
    if args.check {
        let mut ok = true;
        for list in files {
            ok &= check_list(args, list)?;
        }
        return Ok(ok);
    }
    let spec = args.spec.ok_or_else(|| {
        anyhow::anyhow!(
            "choose a hash with -a (one of {})",
            crate::digest::hash_names().join(", ")
        )
    })?;
    let mut stdout = io::stdout().lock();
    let mut ok = true;
    for name in files {
        match spec.digest(input_path(name)) {
            Ok(digest) => {
                stdout.write_all(&format_line(spec, &digest, name.as_bytes(), args.bsd_tag))?
            }
            Err(e) => {
                stdout.flush()?;
                eprintln!("saline: {}: {}", name.to_string_lossy(), describe_io(&e));
                ok = false;
            }
        }
    }
    stdout.flush()?;
    Ok(ok)
}

/// The counts coreutils reports after a list.
#[derive(Default)]
struct CheckCounts {
    properly_formatted: usize,
    improperly_formatted: usize,
    unreadable: usize,
    mismatched: usize,
    verified: usize,
}

fn check_list(args: &HashArgs, list: &OsString) -> anyhow::Result<bool> {
    let list_name = if list == "-" {
        "standard input".to_string()
    } else {
        list.to_string_lossy().into_owned()
    };
    let reader: Box<dyn BufRead> = match input_path(list) {
        Some(path) => match File::open(path) {
            Ok(file) => Box::new(BufReader::new(file)),
            Err(e) => {
                eprintln!("saline: {list_name}: {}", describe_io(&e));
                return Ok(false);
            }
        },
        None => Box::new(BufReader::new(io::stdin().lock())),
    };
    let mut stdout = io::stdout().lock();
    let mut counts = CheckCounts::default();
    for (index, line) in reader.split(b'\n').enumerate() {
        let line = line?;
        if line.starts_with(b"#") {
            continue;
        }
        let Some(entry) = parse_line(&line, args.spec) else {
            counts.improperly_formatted += 1;
            if args.warn {
                stdout.flush()?;
                let what = args
                    .spec
                    .map(|s| format!("{} ", s.tag()))
                    .unwrap_or_default();
                eprintln!(
                    "saline: {list_name}: {}: improperly formatted {what}checksum line",
                    index + 1
                );
            }
            continue;
        };
        counts.properly_formatted += 1;
        let dialect = Dialect::for_spec(entry.spec);
        let shown = dialect.escape_checked(&entry.name);
        let name = OsString::from_vec(entry.name);
        let report = |stdout: &mut io::StdoutLock, verdict: &[u8]| -> io::Result<()> {
            stdout.write_all(&shown)?;
            stdout.write_all(verdict)
        };
        match entry.spec.digest(input_path(&name)) {
            Err(e) if args.ignore_missing && e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                counts.unreadable += 1;
                stdout.flush()?;
                eprintln!("saline: {}: {}", name.to_string_lossy(), describe_io(&e));
                if !args.status {
                    report(&mut stdout, b": FAILED open or read\n")?;
                }
            }
            Ok(digest) => {
                counts.verified += 1;
                let matched = saline::ct_eq(&digest, &entry.expected);
                if !matched {
                    counts.mismatched += 1;
                }
                let silent = args.status || (matched && args.quiet);
                if !silent {
                    report(&mut stdout, if matched { b": OK\n" } else { b": FAILED\n" })?;
                }
            }
        }
    }
    stdout.flush()?;
    Ok(report_counts(args, &list_name, &counts))
}

/// The closing warnings of `sha256sum --check`, word for word, and
/// whether the list passed.
fn report_counts(args: &HashArgs, list_name: &str, counts: &CheckCounts) -> bool {
    if counts.properly_formatted == 0 {
        eprintln!("saline: {list_name}: no properly formatted checksum lines found");
        return false;
    }
    if !args.status {
        let plural = |n: usize, one: &str, many: &str| {
            if n == 1 {
                one.to_string()
            } else {
                many.to_string()
            }
        };
        if counts.improperly_formatted > 0 {
            let n = counts.improperly_formatted;
            eprintln!(
                "saline: WARNING: {n} {}",
                plural(
                    n,
                    "line is improperly formatted",
                    "lines are improperly formatted"
                )
            );
        }
        if counts.unreadable > 0 {
            let n = counts.unreadable;
            eprintln!(
                "saline: WARNING: {n} {}",
                plural(
                    n,
                    "listed file could not be read",
                    "listed files could not be read"
                )
            );
        }
        if counts.mismatched > 0 {
            let n = counts.mismatched;
            eprintln!(
                "saline: WARNING: {n} {}",
                plural(
                    n,
                    "computed checksum did NOT match",
                    "computed checksums did NOT match"
                )
            );
        }
        if args.ignore_missing && counts.verified == 0 {
            eprintln!("saline: {list_name}: no file was verified");
        }
    }
    counts.mismatched == 0
        && counts.unreadable == 0
        && !(args.strict && counts.improperly_formatted > 0)
        && !(args.ignore_missing && counts.verified == 0)
}

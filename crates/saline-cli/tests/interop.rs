//! `saline` against the real tools, as Debian packages them: coreutils
//! (sha256sum, sha512sum, sha1sum, md5sum, b2sum), b3sum, age, age-keygen
//! and minisign. Outputs must be byte-identical where the formats are
//! deterministic, and files must go both ways where they are not.
//! `make cli-test` installs the tools; without them these tests fail and
//! say which tool is missing.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SALINE: &str = env!("CARGO_BIN_EXE_saline");

/// 0 B, 1 B, around age's 64 KiB chunk, two chunks, and a few MB.
const SIZES: &[usize] = &[0, 1, 65_535, 65_536, 65_537, 131_072, 3 * 1024 * 1024 + 5];

fn require(tool: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .map(|o| o.status.success());
    assert!(
        found.unwrap_or(false),
        "{tool} is not installed: `make cli-test` installs it (apt-get install -y age minisign b3sum coreutils)"
    );
}

/// Deterministic bytes for a size: BLAKE3's output stream keyed by it.
fn sample(len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    blake3::Hasher::new()
        .update(&(len as u64).to_le_bytes())
        .finalize_xof()
        .fill(&mut out);
    out
}

fn run(command: &mut Command) -> Output {
    command
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"));
    // Written from another thread: the child fills its stdout pipe while
    // it still reads, so writing everything first could deadlock.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    // A child that exits early closes the pipe; its status tells the story.
    let _ = writer.join().unwrap();
    output
}

#[track_caller]
fn ok(output: Output) -> Output {
    assert!(
        output.status.success(),
        "failed: {}\n{}",
        String::from_utf8_lossy(&output.stderr),
        String::from_utf8_lossy(&output.stdout)
    );
    output
}

#[track_caller]
fn refused(output: &Output, words: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success(),
        "succeeded but should have failed with '{words}'"
    );
    assert!(stderr.contains(words), "expected '{words}' in: {stderr}");
}

fn saline() -> Command {
    Command::new(SALINE)
}

/// A scratch directory with one file per size and the odd names whose
/// escaping differs between the tools.
fn corpus() -> (tempfile::TempDir, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let mut names = Vec::new();
    for &len in SIZES {
        let name = format!("file-{len}");
        fs::write(dir.path().join(&name), sample(len)).unwrap();
        names.push(name);
    }
    for odd in [
        "back\\slash",
        "new\nline",
        "carriage\rreturn",
        "all\\of\rthe\nabove",
        "space name",
        "-dash",
    ] {
        fs::write(dir.path().join(odd), odd.as_bytes()).unwrap();
        names.push(odd.to_string());
    }
    (dir, names)
}

fn no_leftovers(dir: &Path) {
    let left: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".saline-"))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

// ---------------------------------------------------------------- hash

/// `saline hash -a ALG` and the tool print the same bytes.
#[test]
fn hash_lists_are_byte_identical_to_coreutils_and_b3sum() {
    let (dir, names) = corpus();
    let cases: &[(&[&str], &str, &[&str])] = &[
        (&["-a", "sha256"], "sha256sum", &[]),
        (&["-a", "sha512"], "sha512sum", &[]),
        (&["-a", "sha224"], "sha224sum", &[]),
        (&["-a", "sha384"], "sha384sum", &[]),
        (&["-a", "sha1"], "sha1sum", &[]),
        (&["-a", "md5"], "md5sum", &[]),
        (&["-a", "blake2b"], "b2sum", &[]),
        (&["-a", "blake2b", "-l", "256"], "b2sum", &["-l", "256"]),
        (&["-a", "sha256", "--tag"], "sha256sum", &["--tag"]),
        (&["-a", "md5", "--tag"], "md5sum", &["--tag"]),
        (&["-a", "blake2b", "--tag"], "b2sum", &["--tag"]),
        (
            &["-a", "blake2b", "-l", "128", "--tag"],
            "b2sum",
            &["-l", "128", "--tag"],
        ),
        (&["-a", "blake3"], "b3sum", &[]),
    ];
    for (saline_args, tool, tool_args) in cases {
        require(tool);
        let ours = ok(run(saline()
            .current_dir(dir.path())
            .arg("hash")
            .args(*saline_args)
            .arg("--")
            .args(&names)));
        let theirs = ok(run(Command::new(tool)
            .current_dir(dir.path())
            .args(*tool_args)
            .arg("--")
            .args(&names)));
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
            "saline hash {saline_args:?} differs from {tool} {tool_args:?}"
        );
    }
}

#[test]
fn hash_reads_standard_input_as_the_tools_do() {
    let input = sample(200_000);
    for (alg, tool) in [
        ("sha256", "sha256sum"),
        ("blake3", "b3sum"),
        ("blake2b", "b2sum"),
    ] {
        require(tool);
        let theirs = ok(run_with_input(&mut Command::new(tool), &input)).stdout;
        assert_eq!(
            ok(run_with_input(saline().args(["hash", "-a", alg]), &input)).stdout,
            theirs,
            "{alg} of stdin"
        );
        assert_eq!(
            ok(run_with_input(
                saline().args(["hash", "-a", alg, "-"]),
                &input
            ))
            .stdout,
            theirs,
            "{alg} of -"
        );
    }
}

/// Every catalog hash agrees with the core's one-shot function (the tool
/// comparison above covers the formats; this covers the other algorithms).
#[test]
fn every_catalog_hash_matches_the_core() {
    let dir = tempfile::tempdir().unwrap();
    let data = sample(100_003);
    fs::write(dir.path().join("f"), &data).unwrap();
    for info in saline::ALGORITHMS
        .iter()
        .filter(|i| matches!(i.kind, saline::Kind::Hash | saline::Kind::Xof))
    {
        let ours = ok(run(saline()
            .current_dir(dir.path())
            .args(["hash", "-a", info.name, "f"])));
        let expected = format!(
            "{}  f\n",
            hex::encode(saline::hash::hash(info.algorithm, &data).unwrap())
        );
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            expected,
            "{}",
            info.name
        );
    }
}

/// A list written by the tool, with a tampered file, a missing one and a
/// malformed line: the same report on stdout, the same warnings on stderr
/// (program name aside) and the same exit status as `sha256sum --check`.
#[test]
fn check_reports_like_coreutils() {
    require("sha256sum");
    let (dir, names) = corpus();
    let mut list = ok(run(Command::new("sha256sum")
        .current_dir(dir.path())
        .arg("--")
        .args(&names)))
    .stdout;
    list.extend(
        ok(run(Command::new("sha256sum")
            .current_dir(dir.path())
            .args(["--tag", "file-1"])))
        .stdout,
    );
    list.extend_from_slice(b"this line is not a checksum\n");
    list.extend_from_slice(format!("{}  missing-file\n", "0".repeat(64)).as_bytes());
    list.extend_from_slice(b"# a comment\n");
    fs::write(dir.path().join("list"), &list).unwrap();
    fs::write(dir.path().join("file-65536"), b"tampered").unwrap();
    for flags in [
        &[][..],
        &["--quiet"],
        &["--status"],
        &["--warn"],
        &["--strict"],
        &["--ignore-missing"],
    ] {
        let ours = run(saline()
            .current_dir(dir.path())
            .args(["hash", "-a", "sha256", "-c", "list"])
            .args(flags));
        let theirs = run(Command::new("sha256sum")
            .current_dir(dir.path())
            .args(["-c", "list"])
            .args(flags));
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
            "stdout {flags:?}"
        );
        let their_stderr = String::from_utf8_lossy(&theirs.stderr).replace("sha256sum:", "saline:");
        assert_eq!(
            String::from_utf8_lossy(&ours.stderr),
            their_stderr,
            "stderr {flags:?}"
        );
        assert_eq!(
            ours.status.code(),
            theirs.status.code(),
            "exit status {flags:?}"
        );
    }
    fs::write(dir.path().join("junk"), b"no checksums here\n").unwrap();
    let ours = run(saline()
        .current_dir(dir.path())
        .args(["hash", "-a", "sha256", "-c", "junk"]));
    let theirs = run(Command::new("sha256sum")
        .current_dir(dir.path())
        .args(["-c", "junk"]));
    assert_eq!(ours.status.code(), theirs.status.code());
    assert_eq!(
        String::from_utf8_lossy(&ours.stderr),
        String::from_utf8_lossy(&theirs.stderr).replace("sha256sum:", "saline:")
    );
}

#[test]
fn check_reads_b3sum_and_b2sum_lists() {
    let (dir, names) = corpus();
    for (alg, tool, tool_args) in [
        ("blake3", "b3sum", &[][..]),
        ("blake2b", "b2sum", &["-l", "256"][..]),
    ] {
        require(tool);
        let list = ok(run(Command::new(tool)
            .current_dir(dir.path())
            .args(tool_args)
            .arg("--")
            .args(&names)))
        .stdout;
        fs::write(dir.path().join("list"), &list).unwrap();
        let ours = ok(run(saline()
            .current_dir(dir.path())
            .args(["hash", "-a", alg, "-c", "list"])));
        let theirs = ok(run(Command::new(tool)
            .current_dir(dir.path())
            .args(["-c", "list"])));
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&theirs.stdout),
            "{tool} -c"
        );
    }
    fs::write(dir.path().join("file-1"), b"changed").unwrap();
    let ours = run(saline()
        .current_dir(dir.path())
        .args(["hash", "-a", "blake2b", "-c", "list"]));
    assert_eq!(ours.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&ours.stdout).contains("file-1: FAILED\n"));
}

// ---------------------------------------------------------------- age

fn keygen_saline(dir: &Path, name: &str) -> (PathBuf, String) {
    let path = dir.join(name);
    ok(run(saline().args(["keygen", "-o"]).arg(&path)));
    let recipient = ok(run(saline().args(["keygen", "-y"]).arg(&path))).stdout;
    (
        path,
        String::from_utf8(recipient).unwrap().trim().to_string(),
    )
}

fn keygen_age(dir: &Path, name: &str) -> (PathBuf, String) {
    let path = dir.join(name);
    ok(run(Command::new("age-keygen").arg("-o").arg(&path)));
    let recipient = ok(run(Command::new("age-keygen").arg("-y").arg(&path))).stdout;
    (
        path,
        String::from_utf8(recipient).unwrap().trim().to_string(),
    )
}

#[test]
fn keygen_writes_age_keygen_files() {
    require("age-keygen");
    let dir = tempfile::tempdir().unwrap();
    let (path, recipient) = keygen_saline(dir.path(), "key.txt");
    let text = fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("# created: "));
    assert_eq!(lines[1], format!("# public key: {recipient}"));
    assert!(lines[2].starts_with("AGE-SECRET-KEY-1"));
    let theirs = ok(run(Command::new("age-keygen").arg("-y").arg(&path))).stdout;
    assert_eq!(String::from_utf8_lossy(&theirs).trim(), recipient);
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    refused(
        &run(saline().args(["keygen", "-o"]).arg(&path)),
        "cannot create",
    );
    let (age_key, age_recipient) = keygen_age(dir.path(), "age-key.txt");
    assert_eq!(
        String::from_utf8_lossy(&ok(run(saline().args(["keygen", "-y"]).arg(&age_key))).stdout)
            .trim(),
        age_recipient
    );
}

#[test]
fn age_x25519_files_go_both_ways() {
    require("age");
    require("age-keygen");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (saline_key, saline_recipient) = keygen_saline(d, "saline-key.txt");
    let (age_key, age_recipient) = keygen_age(d, "age-key.txt");
    fs::write(
        d.join("recipients"),
        format!("# both\n{saline_recipient}\n\n{age_recipient}\n"),
    )
    .unwrap();
    for &len in SIZES {
        let plain = d.join(format!("plain-{len}"));
        fs::write(&plain, sample(len)).unwrap();
        for armor in [false, true] {
            let armor_flag: &[&str] = if armor { &["-a"] } else { &[] };
            // saline encrypts, age decrypts (to age's own key and through a recipients file).
            let sealed = d.join("by-saline.age");
            ok(run(saline()
                .args(["encrypt", "-r", &age_recipient])
                .args(armor_flag)
                .arg("-o")
                .arg(&sealed)
                .arg(&plain)));
            let opened = ok(run(Command::new("age")
                .args(["-d", "-i"])
                .arg(&age_key)
                .arg(&sealed)))
            .stdout;
            assert_eq!(
                opened,
                sample(len),
                "age decrypts saline, {len} B, armor {armor}"
            );
            ok(run(saline()
                .arg("encrypt")
                .arg("-R")
                .arg(d.join("recipients"))
                .args(armor_flag)
                .arg("-o")
                .arg(&sealed)
                .arg(&plain)));
            for key in [&age_key, &saline_key] {
                let opened = ok(run(Command::new("age")
                    .args(["-d", "-i"])
                    .arg(key)
                    .arg(&sealed)))
                .stdout;
                assert_eq!(opened, sample(len), "age -R file, {len} B");
            }
            // age encrypts, saline decrypts.
            let sealed = d.join("by-age.age");
            ok(run(Command::new("age")
                .args(["-r", &saline_recipient])
                .args(armor_flag)
                .arg("-o")
                .arg(&sealed)
                .arg(&plain)));
            let out = d.join("opened");
            ok(run(saline()
                .args(["decrypt", "-i"])
                .arg(&saline_key)
                .arg("-o")
                .arg(&out)
                .arg(&sealed)));
            assert_eq!(
                fs::read(&out).unwrap(),
                sample(len),
                "saline decrypts age, {len} B, armor {armor}"
            );
            let piped = ok(run_with_input(
                saline().args(["decrypt", "-i"]).arg(&saline_key),
                &fs::read(&sealed).unwrap(),
            ));
            assert_eq!(piped.stdout, sample(len), "saline decrypts standard input");
        }
    }
    no_leftovers(d);
}

/// age reads passphrases only from a terminal: `script` gives it one.
fn age_with_terminal(dir: &Path, command: &str, typed: &str) -> Output {
    run_with_input(
        Command::new("script")
            .current_dir(dir)
            .args(["-qec", command, "/dev/null"]),
        typed.as_bytes(),
    )
}

#[test]
fn age_passphrase_files_go_both_ways() {
    require("age");
    require("script");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("pass"), "correct horse battery staple\n").unwrap();
    for len in [0, 65_537] {
        fs::write(d.join("plain"), sample(len)).unwrap();
        ok(run(saline().current_dir(d).args([
            "encrypt",
            "--passphrase-file",
            "pass",
            "-a",
            "-o",
            "s.age",
            "plain",
        ])));
        ok(age_with_terminal(
            d,
            "age -d -o s.out s.age",
            "correct horse battery staple\n",
        ));
        // age opens its -o file at the first byte of plaintext: an empty
        // plaintext leaves no file at all.
        let opened =
            fs::read(d.join("s.out")).or_else(|e| if len == 0 { Ok(Vec::new()) } else { Err(e) });
        assert_eq!(
            opened.unwrap(),
            sample(len),
            "age decrypts a saline passphrase file"
        );
        ok(age_with_terminal(
            d,
            "age -p -o a.age plain",
            "correct horse battery staple\ncorrect horse battery staple\n",
        ));
        ok(run(saline().current_dir(d).args([
            "decrypt",
            "--passphrase-file",
            "pass",
            "-o",
            "a.out",
            "a.age",
        ])));
        assert_eq!(
            fs::read(d.join("a.out")).unwrap(),
            sample(len),
            "saline decrypts an age passphrase file"
        );
    }
    fs::write(d.join("wrong"), "incorrect horse\n").unwrap();
    refused(
        &run(saline().current_dir(d).args([
            "decrypt",
            "--passphrase-file",
            "wrong",
            "-o",
            "w.out",
            "a.age",
        ])),
        "wrong passphrase",
    );
    assert!(!d.join("w.out").exists());
    refused(
        &run(saline().current_dir(d).args([
            "encrypt",
            "-p",
            "--passphrase-file",
            "pass",
            "-r",
            "age1x",
            "plain",
        ])),
        "cannot be combined",
    );
    no_leftovers(d);
}

#[test]
fn age_damage_is_refused_and_leaves_nothing() {
    require("age");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (key, recipient) = keygen_saline(d, "key.txt");
    let (other_key, _) = keygen_saline(d, "other.txt");
    let plain = sample(3 * 65_536 + 100);
    fs::write(d.join("plain"), &plain).unwrap();
    ok(run(Command::new("age")
        .args(["-r", &recipient, "-o"])
        .arg(d.join("sealed"))
        .arg(d.join("plain"))));
    let sealed = fs::read(d.join("sealed")).unwrap();
    // The header ends with "\n--- ", a 43-character MAC and "\n"; the 16-byte nonce follows.
    let header_len = sealed.windows(4).position(|w| w == b"\n---").unwrap() + 49;
    let decrypt = |file: &str, identity: &Path| {
        let output = run(saline()
            .current_dir(d)
            .args(["decrypt", "-i"])
            .arg(identity)
            .args(["-o", "out", file]));
        assert!(!d.join("out").exists(), "output left behind for {file}");
        no_leftovers(d);
        output
    };
    let mut cases: Vec<(String, Vec<u8>, &str)> = Vec::new();
    for cut in [
        header_len + 16 + 10,
        header_len + 16 + 65_552,
        header_len + 16 + 65_552 * 2 + 5,
        sealed.len() - 1,
    ] {
        cases.push((
            format!("truncated at {cut}"),
            sealed[..cut].to_vec(),
            "truncated",
        ));
    }
    cases.push((
        "cut at a chunk boundary".into(),
        sealed[..header_len + 16 + 65_552].to_vec(),
        "truncated",
    ));
    for flip in [
        header_len + 16 + 5,
        header_len + 16 + 65_552 + 7,
        sealed.len() - 3,
    ] {
        let mut tampered = sealed.clone();
        tampered[flip] ^= 1;
        cases.push((
            format!("payload byte {flip} flipped"),
            tampered,
            "does not authenticate",
        ));
    }
    // A MAC character changed to another base64 character (the 4th from the
    // end, so no padding bits are involved): the MAC no longer verifies.
    // Flipping a bit instead made this case random: 'A' ^ 1 is '@', not
    // base64, and the header then fails to parse rather than to verify.
    let mut header = sealed.clone();
    header[header_len - 5] = if header[header_len - 5] == b'A' {
        b'B'
    } else {
        b'A'
    };
    cases.push((
        "header MAC changed".into(),
        header,
        "header MAC does not verify",
    ));
    let mut header = sealed.clone();
    header[header_len - 5] = b'!';
    cases.push((
        "header MAC not base64".into(),
        header,
        "invalid age header: malformed",
    ));
    cases.push(("not age".into(), b"hello".to_vec(), "header"));
    for (what, bytes, words) in &cases {
        fs::write(d.join("bad"), bytes).unwrap();
        let output = decrypt("bad", &key);
        assert!(!output.status.success(), "{what}: accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(words),
            "{what}: expected '{words}' in {stderr}"
        );
    }
    refused(&decrypt("sealed", &other_key), "no identity matches");
    ok(run(saline()
        .current_dir(d)
        .args(["decrypt", "-i", "key.txt", "-o", "out", "sealed"])));
    assert_eq!(fs::read(d.join("out")).unwrap(), plain);
}

/// The large-file case of the issue: 50 MB both ways for age and hashes.
#[test]
fn fifty_megabytes_go_both_ways() {
    require("age");
    require("b3sum");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let big = sample(50 * 1000 * 1000);
    fs::write(d.join("big"), &big).unwrap();
    let (key, recipient) = keygen_saline(d, "key.txt");
    ok(run(saline().current_dir(d).args([
        "encrypt", "-r", &recipient, "-o", "big.age", "big",
    ])));
    ok(run(Command::new("age").current_dir(d).args([
        "-d",
        "-i",
        "key.txt",
        "-o",
        "big.age.out",
        "big.age",
    ])));
    assert!(
        fs::read(d.join("big.age.out")).unwrap() == big,
        "age decrypts 50 MB from saline"
    );
    ok(run(Command::new("age").current_dir(d).args([
        "-r",
        &recipient,
        "-o",
        "big.by-age",
        "big",
    ])));
    ok(run(saline()
        .current_dir(d)
        .arg("decrypt")
        .arg("-i")
        .arg(&key)
        .args(["-o", "big.out", "big.by-age"])));
    assert!(
        fs::read(d.join("big.out")).unwrap() == big,
        "saline decrypts 50 MB from age"
    );
    for (alg, tool) in [("blake3", "b3sum"), ("sha256", "sha256sum")] {
        let ours = ok(run(saline()
            .current_dir(d)
            .args(["hash", "-a", alg, "big"])))
        .stdout;
        assert_eq!(
            ours,
            ok(run(Command::new(tool).current_dir(d).arg("big"))).stdout,
            "{alg} of 50 MB"
        );
    }
}

// ---------------------------------------------------------------- minisign

fn minisign_sign(dir: &Path, key: &str, file: &str, password: Option<&str>) -> Output {
    let mut command = Command::new("minisign");
    command.current_dir(dir).args(["-S", "-s", key, "-m", file]);
    match password {
        Some(password) => run_with_input(&mut command, format!("{password}\n").as_bytes()),
        None => run(&mut command),
    }
}

#[test]
fn minisign_signatures_go_both_ways_with_unencrypted_keys() {
    require("minisign");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for &len in SIZES {
        fs::write(d.join(format!("f{len}")), sample(len)).unwrap();
    }
    ok(run(Command::new("minisign").current_dir(d).args([
        "-G",
        "-W",
        "-p",
        "theirs.pub",
        "-s",
        "theirs.key",
    ])));
    ok(run(saline().current_dir(d).args([
        "sign",
        "--generate",
        "-W",
        "-p",
        "ours.pub",
        "-s",
        "ours.key",
    ])));
    for &len in SIZES {
        let file = format!("f{len}");
        // saline signs with minisign's key; minisign and saline verify.
        ok(run(saline().current_dir(d).args([
            "sign",
            "-s",
            "theirs.key",
            &file,
        ])));
        let theirs = ok(run(Command::new("minisign").current_dir(d).args([
            "-V",
            "-p",
            "theirs.pub",
            "-m",
            &file,
        ])));
        let ours = ok(run(saline().current_dir(d).args([
            "verify",
            "-p",
            "theirs.pub",
            &file,
        ])));
        assert_eq!(ours.stdout, theirs.stdout, "the same verification report");
        // minisign signs with saline's key; saline verifies.
        ok(minisign_sign(d, "ours.key", &file, None));
        ok(run(saline()
            .current_dir(d)
            .args(["verify", "-p", "ours.pub", &file])));
        ok(run(Command::new("minisign")
            .current_dir(d)
            .args(["-V", "-p", "ours.pub", "-m", &file])));
    }
    // -P (the key as a string), -x (another signature file), a trusted comment.
    let public = fs::read_to_string(d.join("ours.pub"))
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    ok(run(saline().current_dir(d).args([
        "sign",
        "-s",
        "ours.key",
        "-x",
        "sig",
        "-t",
        "release 1.0",
        "f1",
    ])));
    let report = ok(run(Command::new("minisign")
        .current_dir(d)
        .args(["-V", "-P", &public, "-x", "sig", "-m", "f1"])));
    assert!(String::from_utf8_lossy(&report.stdout).contains("Trusted comment: release 1.0"));
    ok(run(saline()
        .current_dir(d)
        .args(["verify", "-P", &public, "-x", "sig", "f1"])));
}

#[test]
fn minisign_password_protected_keys_go_both_ways() {
    require("minisign");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("f"), sample(65_537)).unwrap();
    fs::write(d.join("pass"), "a long password\n").unwrap();
    // minisign reads the new password twice from a non-terminal stdin.
    let generated = run_with_input(
        Command::new("minisign").current_dir(d).args([
            "-G",
            "-p",
            "theirs.pub",
            "-s",
            "theirs.key",
        ]),
        b"a long password\na long password\n",
    );
    ok(generated);
    ok(run(saline().current_dir(d).args([
        "sign",
        "-s",
        "theirs.key",
        "--passphrase-file",
        "pass",
        "f",
    ])));
    ok(run(Command::new("minisign").current_dir(d).args([
        "-V",
        "-p",
        "theirs.pub",
        "-m",
        "f",
    ])));
    ok(run(saline().current_dir(d).args([
        "sign",
        "-G",
        "-p",
        "ours.pub",
        "-s",
        "ours.key",
        "--passphrase-file",
        "pass",
    ])));
    ok(minisign_sign(d, "ours.key", "f", Some("a long password")));
    ok(run(saline()
        .current_dir(d)
        .args(["verify", "-p", "ours.pub", "f"])));
    fs::write(d.join("wrong"), "not the password\n").unwrap();
    refused(
        &run(saline().current_dir(d).args([
            "sign",
            "-s",
            "ours.key",
            "--passphrase-file",
            "wrong",
            "f",
        ])),
        "wrong password",
    );
}

#[test]
fn minisign_verification_refuses_tampering() {
    require("minisign");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::write(d.join("f"), sample(1000)).unwrap();
    ok(run(Command::new("minisign")
        .current_dir(d)
        .args(["-G", "-W", "-p", "a.pub", "-s", "a.key"])));
    ok(run(Command::new("minisign")
        .current_dir(d)
        .args(["-G", "-W", "-p", "b.pub", "-s", "b.key"])));
    ok(minisign_sign(d, "a.key", "f", None));
    ok(run(saline()
        .current_dir(d)
        .args(["verify", "-p", "a.pub", "f"])));
    refused(
        &run(saline().current_dir(d).args(["verify", "-p", "b.pub", "f"])),
        "signature was made with key",
    );
    let signature = fs::read_to_string(d.join("f.minisig")).unwrap();
    fs::write(d.join("f.minisig"), signature.replace("file:f", "file:g")).unwrap();
    refused(
        &run(saline().current_dir(d).args(["verify", "-p", "a.pub", "f"])),
        "comment signature verification failed",
    );
    fs::write(d.join("f.minisig"), &signature).unwrap();
    let mut data = sample(1000);
    data[500] ^= 1;
    fs::write(d.join("f"), &data).unwrap();
    refused(
        &run(saline().current_dir(d).args(["verify", "-p", "a.pub", "f"])),
        "signature verification failed",
    );
    // And minisign refuses a signature saline made over other bytes.
    ok(run(saline()
        .current_dir(d)
        .args(["sign", "-s", "a.key", "f"])));
    fs::write(d.join("f"), sample(1000)).unwrap();
    assert!(!run(Command::new("minisign")
        .current_dir(d)
        .args(["-V", "-p", "a.pub", "-m", "f"]))
    .status
    .success());
}

// ------------------------------------------------- age post-quantum keys

/// age 1.3.2, the first `age` with hybrid post-quantum keys (Debian's is
/// 1.1), from the Go module proxy into the target directory, once.
fn age_v1_3() -> PathBuf {
    let bin = Path::new(env!("CARGO_TARGET_TMPDIR")).join("age-v1.3.2");
    if !bin.join("age").exists() || !bin.join("age-keygen").exists() {
        let output = run(Command::new("go")
            .env("GOBIN", &bin)
            .env("GOFLAGS", "-mod=mod")
            .args([
                "install",
                "filippo.io/age/cmd/age@v1.3.2",
                "filippo.io/age/cmd/age-keygen@v1.3.2",
            ]));
        assert!(
            output.status.success(),
            "go install of age 1.3.2 failed (Go is needed, as for the CCTV vectors): {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    bin
}

#[test]
fn age_post_quantum_keys_go_both_ways() {
    let bin = age_v1_3();
    let age = || Command::new(bin.join("age"));
    let age_keygen = || Command::new(bin.join("age-keygen"));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let recipient_of = |command: &mut Command, key: &str| {
        String::from_utf8(ok(run(command.current_dir(d).args(["-y", key]))).stdout)
            .unwrap()
            .trim()
            .to_string()
    };
    ok(run(saline().current_dir(d).args([
        "keygen",
        "--pq",
        "-o",
        "saline.key",
    ])));
    ok(run(age_keygen()
        .current_dir(d)
        .args(["-pq", "-o", "age.key"])));
    let saline_recipient = recipient_of(&mut saline().arg("keygen"), "saline.key");
    let age_recipient = recipient_of(&mut age_keygen(), "age.key");
    assert!(saline_recipient.starts_with("age1pq1"));
    assert_eq!(
        saline_recipient,
        recipient_of(&mut age_keygen(), "saline.key")
    );
    assert_eq!(
        age_recipient,
        recipient_of(&mut saline().arg("keygen"), "age.key")
    );
    for len in [0, 65_536, 65_537] {
        let plain = sample(len);
        fs::write(d.join("plain"), &plain).unwrap();
        for armor in [false, true] {
            let armor_flag: &[&str] = if armor { &["-a"] } else { &[] };
            ok(run(age()
                .current_dir(d)
                .args(["-r", &saline_recipient])
                .args(armor_flag)
                .args(["-o", "by-age.age", "plain"])));
            ok(run(saline().current_dir(d).args([
                "decrypt",
                "-i",
                "saline.key",
                "-o",
                "out",
                "by-age.age",
            ])));
            assert_eq!(
                fs::read(d.join("out")).unwrap(),
                plain,
                "age -> saline, {len} B"
            );
            ok(run(saline()
                .current_dir(d)
                .args(["encrypt", "-r", &age_recipient])
                .args(armor_flag)
                .args(["-o", "by-saline.age", "plain"])));
            let opened = ok(run(age().current_dir(d).args([
                "-d",
                "-i",
                "age.key",
                "by-saline.age",
            ])));
            assert_eq!(opened.stdout, plain, "saline -> age, {len} B");
        }
    }
    refused(
        &run(saline().current_dir(d).args([
            "decrypt",
            "-i",
            "age.key",
            "-o",
            "out2",
            "by-age.age",
        ])),
        "no identity matches",
    );
    assert!(!d.join("out2").exists());
    let (_, classical) = keygen_saline(d, "x25519.key");
    refused(
        &run(saline().current_dir(d).args([
            "encrypt",
            "-r",
            &age_recipient,
            "-r",
            &classical,
            "-o",
            "mixed.age",
            "plain",
        ])),
        "cannot be mixed",
    );
    no_leftovers(d);
}

// ------------------------------------------------------- progress bar

/// The progress bar shows only on a terminal, for inputs over 256 MiB, and
/// never with --quiet. A sparse file keeps the input cheap to make.
#[test]
fn progress_bar_only_on_a_terminal() {
    require("script");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    fs::File::create(d.join("big"))
        .unwrap()
        .set_len(300 << 20)
        .unwrap();
    let (_, recipient) = keygen_saline(d, "key.txt");
    let piped = ok(run(saline()
        .current_dir(d)
        .args(["encrypt", "-r", &recipient, "-o", "big.age", "big"])));
    assert!(piped.stderr.is_empty(), "stderr is not a terminal: no bar");
    let piped = ok(run(saline()
        .current_dir(d)
        .args(["decrypt", "-i", "key.txt", "-o", "big.out", "big.age"])));
    assert!(piped.stderr.is_empty(), "stderr is not a terminal: no bar");
    // Under `script`, standard error is a pseudo-terminal; its transcript
    // (standard output here) holds what the bar drew.
    let on_terminal = |command: String| {
        let output = ok(run(Command::new("script").current_dir(d).args([
            "-qec",
            &command,
            "/dev/null",
        ])));
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let saline = SALINE;
    // The bar counts the input: 300 MiB of plaintext, or of ciphertext
    // (300.07 MiB with the header and the tags).
    let shown = on_terminal(format!("{saline} decrypt -i key.txt -o big.out big.age"));
    assert!(
        shown.contains("MiB/300.07 MiB"),
        "a bar on the terminal: {shown:?}"
    );
    let shown = on_terminal(format!("{saline} encrypt -r {recipient} -o big.age big"));
    assert!(
        shown.contains("MiB/300.00 MiB"),
        "a bar on the terminal: {shown:?}"
    );
    let quiet = on_terminal(format!(
        "{saline} encrypt --quiet -r {recipient} -o big.age big"
    ));
    assert!(!quiet.contains("MiB"), "--quiet: no bar: {quiet:?}");
    no_leftovers(d);
}

//! `saline keygen`, `saline encrypt`, `saline decrypt`: the age v1 format
//! (C2SP age spec) through the `age` crate, the reference Rust
//! implementation, so that files go both ways with the `age` tool.

use std::fs::OpenOptions;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use age::armor::{ArmoredReader, ArmoredWriter, Format};
use age::secrecy::{ExposeSecret, SecretString};
use age::DecryptError;
use anyhow::{bail, Context};

use crate::age_handover::{CapturedKey, KeepingIdentity, KeepingRecipient, LastBytes};
use crate::age_header;
use crate::age_hybrid;
use crate::age_payload::{self, PayloadError};
use crate::output::{open_input, Output};
use crate::passphrase;
use crate::progress::{self, Progress};

/// The scrypt work factor `age` (Go) uses for passphrases: N = 2^18.
const SCRYPT_LOG_N: u8 = 18;
/// The largest scrypt work factor accepted when decrypting, as `age` (Go):
/// 2^22 takes seconds and 4 GiB; a larger one is a denial of service.
const SCRYPT_MAX_LOG_N: u8 = 22;
/// Read size for the header and the payload batches.
const COPY_BUFFER_LEN: usize = 1 << 20;

/// `saline keygen [--pq] [-o FILE]`: a new identity in age-keygen's
/// format, X25519 or (`--pq`) the hybrid post-quantum one of age v1.3.
pub fn keygen(output: Option<&Path>, post_quantum: bool) -> anyhow::Result<()> {
    let (secret, recipient) = if post_quantum {
        let identity = age_hybrid::Identity::generate()?;
        (
            identity.to_secret_string(),
            identity.to_public().to_string(),
        )
    } else {
        let identity = age::x25519::Identity::generate();
        let secret = zeroize::Zeroizing::new(identity.to_string().expose_secret().to_owned());
        (secret, identity.to_public().to_string())
    };
    let created = humantime::format_rfc3339_seconds(std::time::SystemTime::now());
    let text = zeroize::Zeroizing::new(format!(
        "# created: {created}\n# public key: {recipient}\n{}\n",
        secret.as_str()
    ));
    let to_terminal = match output {
        Some(path) => {
            // As age-keygen: never overwrite a key, and keep it private.
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(path)
                .with_context(|| format!("cannot create {}", path.display()))?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            false
        }
        None => {
            io::stdout().write_all(text.as_bytes())?;
            io::stdout().is_terminal()
        }
    };
    if !to_terminal {
        eprintln!("Public key: {recipient}");
    }
    Ok(())
}

/// `saline keygen -y FILE`: the recipient of every identity in the file.
pub fn keygen_recipients(input: Option<&Path>) -> anyhow::Result<()> {
    let name = input.map_or("standard input".into(), |p| p.display().to_string());
    let reader = BufReader::new(open_input(input)?);
    let mut stdout = io::stdout().lock();
    let mut found = false;
    for (index, line) in reader.lines().enumerate() {
        let line = zeroize::Zeroizing::new(line.with_context(|| format!("cannot read {name}"))?);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let recipient = if is_hybrid_identity(&line) {
            age_hybrid::Identity::from_str(&line).map(|i| i.to_public().to_string())
        } else {
            age::x25519::Identity::from_str(&line)
                .map(|i| i.to_public().to_string())
                .map_err(|_| "")
        };
        let recipient = recipient.map_err(|_| {
            anyhow::anyhow!(
                "{name}: line {} is not an age identity (AGE-SECRET-KEY-1... or AGE-SECRET-KEY-PQ-1...)",
                index + 1
            )
        })?;
        writeln!(stdout, "{recipient}")?;
        found = true;
    }
    if !found {
        bail!("{name}: no identity found");
    }
    Ok(())
}

/// What `saline encrypt` was asked to do.
pub struct EncryptArgs {
    pub recipients: Vec<String>,
    pub recipient_files: Vec<PathBuf>,
    pub passphrase: bool,
    pub passphrase_file: Option<PathBuf>,
    pub armor: bool,
    pub quiet: bool,
    pub output: Option<PathBuf>,
    pub input: Option<PathBuf>,
}

/// The age crate writes the header; `age_payload` seals the chunks with
/// the file key and nonce handed over as `age_handover` describes.
pub fn encrypt(args: &EncryptArgs) -> anyhow::Result<()> {
    let by_passphrase = args.passphrase || args.passphrase_file.is_some();
    let has_recipients = !args.recipients.is_empty() || !args.recipient_files.is_empty();
    let recipients: Vec<Box<dyn age::Recipient>> = match (by_passphrase, has_recipients) {
        (true, true) => bail!("-p/--passphrase-file cannot be combined with recipients (-r, -R)"),
        (false, false) => bail!("missing recipients: give -r RECIPIENT, -R FILE or -p"),
        (true, false) => {
            let passphrase =
                passphrase::read(args.passphrase_file.as_deref(), "Enter passphrase: ", true)?;
            let mut recipient =
                age::scrypt::Recipient::new(SecretString::from(passphrase.as_str().to_owned()));
            recipient.set_work_factor(SCRYPT_LOG_N);
            vec![Box::new(recipient)]
        }
        (false, true) => read_recipients(&args.recipients, &args.recipient_files)?,
    };
    let file_key = CapturedKey::default();
    let keeping: Vec<KeepingRecipient> = recipients
        .iter()
        .map(|inner| KeepingRecipient {
            inner: inner.as_ref(),
            key: &file_key,
        })
        .collect();
    let encryptor = age::Encryptor::with_recipients(
        keeping.iter().map(|r| r as &dyn age::Recipient),
    )
    .map_err(|e| match e {
        age::EncryptError::IncompatibleRecipients { .. } => anyhow::anyhow!(
            "post-quantum recipients (age1pq1...) cannot be mixed with X25519 ones: \
                 the file would be only as strong as the classical key"
        ),
        other => other.into(),
    })?;
    let input_len = progress::input_len(args.input.as_deref());
    let mut input = open_input(args.input.as_deref())?;
    let mut output = Output::create(args.output.as_deref())?;
    if !args.armor && output.is_terminal() {
        bail!("refusing to write binary to the terminal: use -o FILE or -a (armor)");
    }
    let format = if args.armor {
        Format::AsciiArmor
    } else {
        Format::Binary
    };
    let mut armored = ArmoredWriter::wrap_output(&mut output, format)?;
    let mut header = LastBytes::new(&mut armored);
    // The crate's payload writer is dropped unused: only its header and nonce are wanted.
    drop(encryptor.wrap_output(&mut header)?);
    let nonce = header.last().context("the age header was not written")?;
    let file_key = file_key
        .take()
        .context("no recipient wrapped the file key")?;
    let progress = Progress::new(input_len, args.quiet);
    age_payload::seal(&file_key, &nonce, &mut input, &mut armored, &mut |n| {
        progress.advance(n)
    })
    .context("cannot encrypt")?;
    armored.finish()?;
    output.commit()
}

/// The recipients from `-r` and from `-R` files (one per line, `#`
/// comments and blank lines allowed, as age): X25519 (`age1...`) or hybrid
/// post-quantum (`age1pq1...`).
fn read_recipients(
    given: &[String],
    files: &[PathBuf],
) -> anyhow::Result<Vec<Box<dyn age::Recipient>>> {
    let parse = |text: &str, origin: &str| -> anyhow::Result<Box<dyn age::Recipient>> {
        if text.starts_with("age1pq1") {
            let recipient = age_hybrid::Recipient::from_str(text).map_err(|why| {
                anyhow::anyhow!("{origin}: '{text}' is not an age post-quantum recipient: {why}")
            })?;
            return Ok(Box::new(recipient));
        }
        let recipient = age::x25519::Recipient::from_str(text).map_err(|_| {
            let kind = if text.starts_with("ssh-") {
                " (SSH keys are not supported)"
            } else {
                ""
            };
            anyhow::anyhow!(
                "{origin}: '{text}' is not an age recipient (age1... or age1pq1...){kind}"
            )
        })?;
        Ok(Box::new(recipient))
    };
    let mut recipients = given
        .iter()
        .map(|r| parse(r, "-r"))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for file in files {
        let text = std::fs::read_to_string(file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        let before = recipients.len();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if !line.is_empty() && !line.starts_with('#') {
                recipients.push(parse(
                    line,
                    &format!("{} line {}", file.display(), index + 1),
                )?);
            }
        }
        if recipients.len() == before {
            bail!("{}: no recipients found", file.display());
        }
    }
    Ok(recipients)
}

/// What `saline decrypt` was asked to do.
pub struct DecryptArgs {
    pub identity_files: Vec<PathBuf>,
    pub passphrase_file: Option<PathBuf>,
    pub quiet: bool,
    pub output: Option<PathBuf>,
    pub input: Option<PathBuf>,
}

/// The age crate reads the header and checks its MAC; `age_payload` opens
/// the chunks with the file key and nonce handed over as `age_handover`
/// describes.
pub fn decrypt(args: &DecryptArgs) -> anyhow::Result<()> {
    let input_len = progress::input_len(args.input.as_deref());
    let mut input = BufReader::with_capacity(COPY_BUFFER_LEN, open_input(args.input.as_deref())?);
    age_header::skip_whitespace_before_armor(&mut input).context("cannot read the input")?;
    let mut checked = LastBytes::new(age_header::StanzaBodyCheck::new(ArmoredReader::new(input)));
    let decryptor = match age::Decryptor::new(&mut checked) {
        Ok(decryptor) => decryptor,
        Err(error) => return Err(header_error(error, checked.inner.saw_v1_version_line())),
    };
    let identities: Vec<Box<dyn age::Identity>> = if decryptor.is_scrypt() {
        let passphrase =
            passphrase::read(args.passphrase_file.as_deref(), "Enter passphrase: ", false)?;
        let mut identity =
            age::scrypt::Identity::new(SecretString::from(passphrase.as_str().to_owned()));
        identity.set_max_work_factor(SCRYPT_MAX_LOG_N);
        vec![Box::new(identity)]
    } else {
        if args.identity_files.is_empty() && args.passphrase_file.is_some() {
            bail!("no identity matches: the file is not passphrase-encrypted (it has no lone scrypt stanza)");
        }
        if args.identity_files.is_empty() {
            bail!("the file is encrypted to recipients: give the identity with -i FILE");
        }
        read_identities(&args.identity_files)?
    };
    let scrypt = decryptor.is_scrypt();
    let file_key = CapturedKey::default();
    let keeping: Vec<KeepingIdentity> = identities
        .iter()
        .map(|inner| KeepingIdentity {
            inner: inner.as_ref(),
            key: &file_key,
        })
        .collect();
    // The crate's payload reader is dropped unused: the header MAC it
    // checked with the file key is what is wanted.
    drop(
        decryptor
            .decrypt(keeping.iter().map(|i| i as &dyn age::Identity))
            .map_err(|e| unwrap_error(e, scrypt))?,
    );
    let nonce = checked.last().context("the payload nonce is missing")?;
    let file_key = file_key
        .take()
        .context("no identity unwrapped the file key")?;
    let progress = Progress::new(input_len, args.quiet);
    let mut output = Output::create(args.output.as_deref())?;
    age_payload::open(&file_key, &nonce, &mut checked, &mut output, &mut |n| {
        progress.advance(n)
    })
    .map_err(payload_error)?;
    output.commit()
}

/// The identities of age-keygen files: X25519 (`AGE-SECRET-KEY-1...`) and
/// hybrid post-quantum (`AGE-SECRET-KEY-PQ-1...`), one per line, with `#`
/// comments and blank lines. A bad line is named by its number only, so
/// that no secret reaches the terminal.
fn read_identities(files: &[PathBuf]) -> anyhow::Result<Vec<Box<dyn age::Identity>>> {
    let mut identities: Vec<Box<dyn age::Identity>> = Vec::new();
    for file in files {
        let before = identities.len();
        let reader = BufReader::new(open_input(Some(file))?);
        for (index, line) in reader.lines().enumerate() {
            let line =
                zeroize::Zeroizing::new(line.with_context(|| {
                    format!("cannot read the identity file {}", file.display())
                })?);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let identity: Option<Box<dyn age::Identity>> = if is_hybrid_identity(&line) {
                age_hybrid::Identity::from_str(&line)
                    .ok()
                    .map(|i| Box::new(i) as _)
            } else {
                age::x25519::Identity::from_str(&line)
                    .ok()
                    .map(|i| Box::new(i) as _)
            };
            let Some(identity) = identity else {
                bail!(
                    "the identity file {} contains non-identity data on line {}",
                    file.display(),
                    index + 1
                );
            };
            identities.push(identity);
        }
        if identities.len() == before {
            bail!("{}: no identity found", file.display());
        }
    }
    Ok(identities)
}

/// Whether an identity line is the hybrid post-quantum kind (Bech32 allows
/// either case for the whole string).
fn is_hybrid_identity(line: &str) -> bool {
    line.get(..18)
        .is_some_and(|prefix| prefix.eq_ignore_ascii_case("AGE-SECRET-KEY-PQ-"))
}

/// The header could not be read: not an age file, damaged armor, or a
/// malformed header. `v1`: the file's first line was age v1's.
fn header_error(error: DecryptError, v1: bool) -> anyhow::Error {
    match error {
        DecryptError::Io(e) if armor_error(&e).is_some() => anyhow::anyhow!("invalid armor: {e}"),
        DecryptError::Io(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
            anyhow::anyhow!("invalid age header: not an age file, or its header is truncated")
        }
        DecryptError::Io(e) => anyhow::anyhow!("invalid age header: {e}"),
        // The crate parses a v1 header that fails its grammar as another
        // version's, so a damaged v1 header arrives here too.
        DecryptError::UnknownFormat if v1 => {
            anyhow::anyhow!(
                "invalid age header: malformed (the version line says v1, the rest does not parse)"
            )
        }
        DecryptError::UnknownFormat => {
            anyhow::anyhow!("not an age v1 file (unknown format or version)")
        }
        other => anyhow::anyhow!("invalid age header: {other}"),
    }
}

/// No file key: say whether the key, the passphrase or the header is wrong.
fn unwrap_error(error: DecryptError, scrypt: bool) -> anyhow::Error {
    match error {
        DecryptError::NoMatchingKeys => {
            anyhow::anyhow!("no identity matches: the file was not encrypted to these identities")
        }
        DecryptError::DecryptionFailed | DecryptError::KeyDecryptionFailed if scrypt => {
            anyhow::anyhow!("wrong passphrase (or a damaged scrypt stanza)")
        }
        DecryptError::InvalidMac => {
            anyhow::anyhow!("the header MAC does not verify: the header was tampered with")
        }
        DecryptError::InvalidHeader => {
            anyhow::anyhow!("invalid age header: a malformed recipient stanza")
        }
        DecryptError::ExcessiveWork { required, .. } => {
            anyhow::anyhow!(
                "the scrypt work factor 2^{required} is above the limit 2^{SCRYPT_MAX_LOG_N}"
            )
        }
        other => anyhow::anyhow!("cannot decrypt: {other}"),
    }
}

/// A payload failure: truncated, or a chunk that does not authenticate.
fn payload_error(error: PayloadError) -> anyhow::Error {
    match error {
        PayloadError::Truncated => anyhow::anyhow!("the file is truncated"),
        PayloadError::Tampered { index } => anyhow::anyhow!(
            "the payload does not authenticate (chunk {index}): the file was tampered with or truncated"
        ),
        PayloadError::EmptyLastChunk => {
            anyhow::anyhow!("the payload does not authenticate: it ends with an empty chunk, which age never writes")
        }
        PayloadError::Io(error) if armor_error(&error).is_some() => anyhow::anyhow!("invalid armor: {error}"),
        PayloadError::Io(error) => anyhow::anyhow!("cannot decrypt: {error}"),
    }
}

/// The armor decoder's own error, when `error` carries one.
fn armor_error(error: &io::Error) -> Option<&age::armor::ArmoredReadError> {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<age::armor::ArmoredReadError>())
}

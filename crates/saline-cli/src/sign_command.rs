//! `saline sign` and `saline verify`: minisign's signatures (prehashed
//! BLAKE2b-512 with a signed trusted comment), interoperable with `minisign`.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::digest::HashSpec;
use crate::minisign_format::{key_id_hex, PublicKey, SecretKey, SecretKeyFile, Signature};
use crate::output::Output;
use crate::passphrase;

/// The largest file a legacy (non-prehashed) signature is checked over:
/// those sign the whole file, which must then be held in memory.
const LEGACY_MAX_LEN: u64 = 1 << 30;

/// What `saline sign --generate` was asked to do.
pub struct GenerateArgs {
    pub public_key: PathBuf,
    pub secret_key: PathBuf,
    pub unencrypted: bool,
    pub passphrase_file: Option<PathBuf>,
    pub force: bool,
}

pub fn generate(args: &GenerateArgs) -> anyhow::Result<()> {
    for path in [&args.public_key, &args.secret_key] {
        if !args.force && path.exists() {
            bail!("{} already exists (use -f to overwrite)", path.display());
        }
    }
    let password = if args.unencrypted {
        None
    } else {
        Some(passphrase::read(
            args.passphrase_file.as_deref(),
            "Password for the new secret key: ",
            true,
        )?)
    };
    let key = SecretKey::generate()?;
    let secret_text = key.to_file_text(password.as_ref().map(|p| p.as_bytes()))?;
    write_private(&args.secret_key, secret_text.as_bytes())?;
    let mut public = Output::create(Some(&args.public_key))?;
    public.write_all(key.public_key().to_file_text().as_bytes())?;
    public.commit()?;
    std::fs::set_permissions(&args.public_key, std::fs::Permissions::from_mode(0o644))?;
    eprintln!(
        "The secret key was saved as {} (keep it secret); the public key {} is in {}.\n\
         Files signed with it verify with: saline verify -p {} FILE",
        args.secret_key.display(),
        key_id_hex(&key.key_id),
        args.public_key.display(),
        args.public_key.display()
    );
    Ok(())
}

/// Writes a secret key file with mode 0600 in place of any previous one.
fn write_private(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    let mut output = Output::create(Some(path))?;
    output.write_all(bytes)?;
    // Output's temporary file has mode 0600, which the rename keeps.
    output.commit()
}

/// What `saline sign` was asked to do.
pub struct SignArgs {
    pub secret_key: PathBuf,
    pub files: Vec<PathBuf>,
    pub signature_file: Option<PathBuf>,
    pub trusted_comment: Option<String>,
    pub untrusted_comment: Option<String>,
    pub passphrase_file: Option<PathBuf>,
}

pub fn sign(args: &SignArgs) -> anyhow::Result<()> {
    if args.signature_file.is_some() && args.files.len() > 1 {
        bail!("-x names one signature file: sign one file at a time with it");
    }
    let text = std::fs::read_to_string(&args.secret_key)
        .with_context(|| format!("cannot read the secret key {}", args.secret_key.display()))?;
    let key_file =
        SecretKeyFile::parse(&text).with_context(|| args.secret_key.display().to_string())?;
    let password = if key_file.is_encrypted() {
        Some(passphrase::read(
            args.passphrase_file.as_deref(),
            "Password: ",
            false,
        )?)
    } else {
        None
    };
    let key = key_file.open(password.as_ref().map(|p| p.as_bytes()))?;
    let blake2b = HashSpec::parse("blake2b", None)?;
    for file in &args.files {
        let prehash = blake2b
            .digest(Some(file))
            .with_context(|| format!("cannot read {}", file.display()))?;
        let timestamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
            .as_secs();
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let trusted = args
            .trusted_comment
            .clone()
            .unwrap_or_else(|| format!("timestamp:{timestamp}\tfile:{name}\thashed"));
        let untrusted = args
            .untrusted_comment
            .as_deref()
            .unwrap_or("signature from minisign secret key");
        for (what, comment) in [("trusted", &trusted[..]), ("untrusted", untrusted)] {
            if comment.contains(['\n', '\r']) {
                bail!("the {what} comment must be one line");
            }
        }
        let signature = Signature::sign_prehashed(&key, &prehash, untrusted, &trusted);
        let destination = args
            .signature_file
            .clone()
            .unwrap_or_else(|| signature_path(file));
        let mut output = Output::create(Some(&destination))?;
        output.write_all(signature.to_file_text().as_bytes())?;
        output.commit()?;
    }
    Ok(())
}

/// `FILE.minisig`, beside the file.
fn signature_path(file: &Path) -> PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(".minisig");
    PathBuf::from(name)
}

/// What `saline verify` was asked to do.
pub struct VerifyArgs {
    pub public_key_file: Option<PathBuf>,
    pub public_key: Option<String>,
    pub file: PathBuf,
    pub signature_file: Option<PathBuf>,
    pub quiet: bool,
    pub require_prehashed: bool,
}

pub fn verify(args: &VerifyArgs) -> anyhow::Result<()> {
    let public_key = match (&args.public_key, &args.public_key_file) {
        (Some(text), _) => PublicKey::from_base64(text)?,
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the public key {}", path.display()))?;
            PublicKey::from_file_text(&text).with_context(|| path.display().to_string())?
        }
        (None, None) => bail!("give the public key with -p FILE or -P KEY"),
    };
    let signature_path = args
        .signature_file
        .clone()
        .unwrap_or_else(|| signature_path(&args.file));
    let text = std::fs::read_to_string(&signature_path)
        .with_context(|| format!("cannot read the signature {}", signature_path.display()))?;
    let signature =
        Signature::parse(&text).with_context(|| signature_path.display().to_string())?;
    let message = if signature.prehashed {
        HashSpec::parse("blake2b", None)?.digest(Some(&args.file))
    } else {
        if args.require_prehashed {
            bail!("legacy signature refused: -H requires a prehashed (ED) signature");
        }
        let len = std::fs::metadata(&args.file).map(|m| m.len()).unwrap_or(0);
        if len > LEGACY_MAX_LEN {
            bail!(
                "{} is too large for a legacy (non-prehashed) signature",
                args.file.display()
            );
        }
        std::fs::read(&args.file)
    }
    .with_context(|| format!("cannot read {}", args.file.display()))?;
    signature.verify(&public_key, &message)?;
    if !args.quiet {
        println!(
            "Signature and comment signature verified\nTrusted comment: {}",
            signature.trusted_comment
        );
    }
    Ok(())
}

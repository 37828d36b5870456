//! `saline`: hash and check files as coreutils and b3sum do, encrypt and
//! decrypt in the age v1 format, sign and verify in minisign's format.
//! See README.md for examples.

mod age_command;
mod age_handover;
mod age_header;
mod age_hybrid;
mod age_payload;
mod bench_command;
mod checksum_format;
mod digest;
mod errors;
mod hash_command;
mod minisign_format;
mod output;
mod passphrase;
mod progress;
mod sign_command;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "saline",
    version,
    about = "Hash, encrypt and sign files with the Saline cryptography core"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print or check checksums, in the format of sha256sum, b2sum and b3sum.
    Hash(HashCli),
    /// Generate an age identity (age-keygen's format), or print the recipients of one (-y).
    Keygen(KeygenCli),
    /// Encrypt to age recipients or a passphrase (the age v1 format).
    Encrypt(EncryptCli),
    /// Decrypt an age file (binary or armored).
    Decrypt(DecryptCli),
    /// Sign files in minisign's format (FILE.minisig), or generate a key pair (--generate).
    Sign(SignCli),
    /// Verify a minisign signature.
    Verify(VerifyCli),
    /// Time the core's native workloads on this machine (bench/REPORT.md's table layout).
    Bench(BenchCli),
}

#[derive(Args)]
struct BenchCli {
    /// Fewer, shorter rounds (5 × 50 ms instead of 10 × 200 ms).
    #[arg(long = "quick")]
    quick: bool,
    /// Only the workloads whose id contains FILTER (digest/blake3, aead/, sign/ ...).
    #[arg(value_name = "FILTER")]
    filter: Option<String>,
}

#[derive(Args)]
struct SignCli {
    /// Generate a key pair instead of signing.
    #[arg(short = 'G', long = "generate")]
    generate: bool,
    /// The secret key file (default: ~/.minisign/minisign.key, as minisign).
    #[arg(short = 's', long = "secret-key", value_name = "FILE")]
    secret_key: Option<PathBuf>,
    /// With --generate: the public key file to write.
    #[arg(
        short = 'p',
        long = "public-key",
        value_name = "FILE",
        default_value = "minisign.pub",
        requires = "generate"
    )]
    public_key: PathBuf,
    /// With --generate: leave the secret key unencrypted (minisign -W).
    #[arg(short = 'W', requires = "generate")]
    unencrypted: bool,
    /// With --generate: overwrite existing key files.
    #[arg(short = 'f', long = "force", requires = "generate")]
    force: bool,
    /// The password of the secret key on the first line of FILE (otherwise from the terminal).
    #[arg(long = "passphrase-file", value_name = "FILE")]
    passphrase_file: Option<PathBuf>,
    /// The signature file (default: FILE.minisig).
    #[arg(short = 'x', value_name = "SIGFILE", conflicts_with = "generate")]
    signature_file: Option<PathBuf>,
    /// The trusted comment (default: timestamp:T<TAB>file:NAME<TAB>hashed).
    #[arg(short = 't', value_name = "COMMENT", conflicts_with = "generate")]
    trusted_comment: Option<String>,
    /// The untrusted comment.
    #[arg(short = 'c', value_name = "COMMENT", conflicts_with = "generate")]
    untrusted_comment: Option<String>,
    /// Files to sign (a `-m` before them is accepted, as minisign's).
    #[arg(short = 'm', value_name = "FILE", num_args = 1.., conflicts_with = "generate")]
    files_m: Vec<PathBuf>,
    #[arg(value_name = "FILE", conflicts_with = "generate")]
    files: Vec<PathBuf>,
}

#[derive(Args)]
struct VerifyCli {
    /// The public key file.
    #[arg(
        short = 'p',
        long = "public-key",
        value_name = "FILE",
        default_value = "minisign.pub"
    )]
    public_key_file: PathBuf,
    /// The public key as a base64 string.
    #[arg(short = 'P', value_name = "KEY")]
    public_key: Option<String>,
    /// The signature file (default: FILE.minisig).
    #[arg(short = 'x', value_name = "SIGFILE")]
    signature_file: Option<PathBuf>,
    /// Print nothing on success.
    #[arg(short = 'q', long = "quiet")]
    quiet: bool,
    /// Refuse legacy (non-prehashed) signatures.
    #[arg(short = 'H')]
    require_prehashed: bool,
    /// The signed file (a `-m` before it is accepted, as minisign's).
    #[arg(
        short = 'm',
        value_name = "FILE",
        required_unless_present = "file",
        conflicts_with = "file"
    )]
    file_m: Option<PathBuf>,
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
}

/// minisign's default secret key: ~/.minisign/minisign.key.
fn default_secret_key() -> PathBuf {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default()
        .join(".minisign/minisign.key")
}

#[derive(Args)]
struct KeygenCli {
    /// Write the identity to FILE (created with mode 0600; never overwritten).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// A hybrid post-quantum identity (ML-KEM-768 + X25519, age v1.3's
    /// AGE-SECRET-KEY-PQ-1...), as `age-keygen -pq`.
    #[arg(long = "pq", conflicts_with = "convert")]
    post_quantum: bool,
    /// Print the recipient of each identity in the file (`-` or none: standard input).
    #[arg(short = 'y', conflicts_with = "output")]
    convert: bool,
    /// The identity file for -y.
    #[arg(value_name = "FILE", requires = "convert")]
    input: Option<PathBuf>,
}

#[derive(Args)]
struct EncryptCli {
    /// Encrypt to this recipient (age1... or post-quantum age1pq1...); may be repeated.
    #[arg(short = 'r', long = "recipient", value_name = "RECIPIENT")]
    recipients: Vec<String>,
    /// Encrypt to the recipients listed in FILE; may be repeated.
    #[arg(short = 'R', long = "recipients-file", value_name = "FILE")]
    recipient_files: Vec<PathBuf>,
    /// Encrypt with a passphrase, read from the terminal.
    #[arg(short = 'p', long = "passphrase")]
    passphrase: bool,
    /// Encrypt with the passphrase on the first line of FILE (for scripts).
    #[arg(long = "passphrase-file", value_name = "FILE")]
    passphrase_file: Option<PathBuf>,
    /// Write PEM-style armored output.
    #[arg(short = 'a', long = "armor")]
    armor: bool,
    /// No progress bar (shown otherwise on a terminal for inputs over 256 MiB).
    #[arg(short = 'q', long = "quiet")]
    quiet: bool,
    /// Write to FILE (it appears only when encryption succeeded); default: standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// The file to encrypt; `-` or none: standard input.
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,
}

#[derive(Args)]
struct DecryptCli {
    /// An identity file (age-keygen's format); may be repeated.
    #[arg(short = 'i', long = "identity", value_name = "FILE")]
    identity_files: Vec<PathBuf>,
    /// For passphrase-encrypted files: the passphrase on the first line of FILE
    /// (otherwise it is read from the terminal).
    #[arg(long = "passphrase-file", value_name = "FILE")]
    passphrase_file: Option<PathBuf>,
    /// No progress bar (shown otherwise on a terminal for inputs over 256 MiB).
    #[arg(short = 'q', long = "quiet")]
    quiet: bool,
    /// Write to FILE, which appears only if the whole input authenticated;
    /// default: standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<PathBuf>,
    /// The file to decrypt; `-` or none: standard input.
    #[arg(value_name = "INPUT")]
    input: Option<PathBuf>,
}

#[derive(Args)]
struct HashCli {
    /// The hash: any of the catalog (sha256, sha512, blake2b, blake3, sha3-256, md5, ...).
    #[arg(short = 'a', long = "algorithm", value_name = "ALG")]
    algorithm: Option<String>,
    /// Output length in bits, for BLAKE2, BLAKE3 and SHAKE (as b2sum -l).
    #[arg(short = 'l', long = "length", value_name = "BITS")]
    length: Option<usize>,
    /// Read checksum lists from the FILEs and check them.
    #[arg(short = 'c', long = "check")]
    check: bool,
    /// Print BSD-style lines: `SHA256 (NAME) = HEX`.
    #[arg(long = "tag", conflicts_with = "check")]
    tag: bool,
    /// With --check: do not print OK for each file that verified.
    #[arg(long = "quiet", requires = "check")]
    quiet: bool,
    /// With --check: print nothing; the exit status tells.
    #[arg(long = "status", requires = "check")]
    status: bool,
    /// With --check: warn about improperly formatted lines.
    #[arg(short = 'w', long = "warn", requires = "check")]
    warn: bool,
    /// With --check: fail on improperly formatted lines.
    #[arg(long = "strict", requires = "check")]
    strict: bool,
    /// With --check: skip files that are missing.
    #[arg(long = "ignore-missing", requires = "check")]
    ignore_missing: bool,
    /// Files to hash, or checksum lists with --check; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
}

fn hash(cli: HashCli) -> anyhow::Result<bool> {
    let spec = match &cli.algorithm {
        Some(name) => Some(digest::HashSpec::parse(name, cli.length)?),
        None if cli.length.is_some() => anyhow::bail!("--length needs an algorithm (-a)"),
        None => None,
    };
    hash_command::run(&hash_command::HashArgs {
        spec,
        files: cli.files,
        bsd_tag: cli.tag,
        check: cli.check,
        quiet: cli.quiet,
        status: cli.status,
        warn: cli.warn,
        strict: cli.strict,
        ignore_missing: cli.ignore_missing,
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Hash(args) => hash(args),
        Command::Keygen(args) if args.convert => {
            age_command::keygen_recipients(args.input.as_deref()).map(|()| true)
        }
        Command::Keygen(args) => {
            age_command::keygen(args.output.as_deref(), args.post_quantum).map(|()| true)
        }
        Command::Encrypt(args) => age_command::encrypt(&age_command::EncryptArgs {
            recipients: args.recipients,
            recipient_files: args.recipient_files,
            passphrase: args.passphrase,
            passphrase_file: args.passphrase_file,
            armor: args.armor,
            quiet: args.quiet,
            output: args.output,
            input: args.input,
        })
        .map(|()| true),
        Command::Decrypt(args) => age_command::decrypt(&age_command::DecryptArgs {
            identity_files: args.identity_files,
            passphrase_file: args.passphrase_file,
            quiet: args.quiet,
            output: args.output,
            input: args.input,
        })
        .map(|()| true),
        Command::Sign(args) if args.generate => {
            sign_command::generate(&sign_command::GenerateArgs {
                public_key: args.public_key,
                secret_key: args.secret_key.unwrap_or_else(default_secret_key),
                unencrypted: args.unencrypted,
                passphrase_file: args.passphrase_file,
                force: args.force,
            })
            .map(|()| true)
        }
        Command::Sign(args) => {
            let files: Vec<PathBuf> = args.files_m.into_iter().chain(args.files).collect();
            if files.is_empty() {
                Err(anyhow::anyhow!("nothing to sign: give FILE"))
            } else {
                sign_command::sign(&sign_command::SignArgs {
                    secret_key: args.secret_key.unwrap_or_else(default_secret_key),
                    files,
                    signature_file: args.signature_file,
                    trusted_comment: args.trusted_comment,
                    untrusted_comment: args.untrusted_comment,
                    passphrase_file: args.passphrase_file,
                })
                .map(|()| true)
            }
        }
        Command::Bench(args) => {
            bench_command::run(args.quick, args.filter.as_deref()).map(|()| true)
        }
        Command::Verify(args) => sign_command::verify(&sign_command::VerifyArgs {
            public_key_file: Some(args.public_key_file),
            public_key: args.public_key,
            file: args.file_m.or(args.file).expect("clap requires one"),
            signature_file: args.signature_file,
            quiet: args.quiet,
            require_prehashed: args.require_prehashed,
        })
        .map(|()| true),
    };
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(error) => {
            eprintln!("saline: {error:#}");
            ExitCode::FAILURE
        }
    }
}

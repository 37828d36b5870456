//! Passphrases come from the terminal or from a file, never from the
//! command line (where other users can read them in the process list).

use std::path::Path;

use anyhow::Context;
use zeroize::Zeroizing;

/// The first line of `path` (without its line ending), or a prompt on the
/// terminal; with `confirm`, the terminal asks twice.
pub fn read(file: Option<&Path>, prompt: &str, confirm: bool) -> anyhow::Result<Zeroizing<String>> {
    let passphrase = match file {
        Some(path) => {
            let text =
                Zeroizing::new(std::fs::read_to_string(path).with_context(|| {
                    format!("cannot read the passphrase file {}", path.display())
                })?);
            let line = text.split('\n').next().unwrap_or_default();
            Zeroizing::new(line.strip_suffix('\r').unwrap_or(line).to_string())
        }
        None => {
            let first = Zeroizing::new(rpassword::prompt_password(prompt).context(
                "cannot read a passphrase from the terminal (use --passphrase-file in scripts)",
            )?);
            if confirm {
                let second = Zeroizing::new(rpassword::prompt_password("Confirm passphrase: ")?);
                if *first != *second {
                    anyhow::bail!("the passphrases do not match");
                }
            }
            first
        }
    };
    if passphrase.is_empty() {
        anyhow::bail!("the passphrase is empty");
    }
    Ok(passphrase)
}

//! Hashing one input, a file or standard input, with any hash of the
//! catalog. BLAKE3 of a file is memory-mapped and multi-threaded as b3sum
//! does it; every other hash streams through a large buffer.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use saline::hash::{HashOptions, Hasher};
use saline::{Algorithm, Kind};

/// Read size for the streaming hashes: 1 MiB, large enough that the cost
/// of a system call per read is negligible next to the hashing.
const READ_BUFFER_LEN: usize = 1 << 20;

/// An algorithm and its output length in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashSpec {
    pub algorithm: Algorithm,
    pub out_len: usize,
}

impl HashSpec {
    /// `name` from the catalog (any alias), with an output length in bits
    /// for the hashes whose length varies (BLAKE2, BLAKE3, SHAKE).
    pub fn parse(name: &str, bits: Option<usize>) -> anyhow::Result<HashSpec> {
        let algorithm = Algorithm::from_name(name)
            .ok()
            .filter(|a| matches!(a.info().kind, Kind::Hash | Kind::Xof))
            .ok_or_else(|| {
                anyhow::anyhow!("unknown hash '{name}' (known: {})", hash_names().join(", "))
            })?;
        let default_len = algorithm.info().output_len;
        let out_len = match bits {
            None => default_len,
            Some(bits) => {
                if bits == 0 || bits % 8 != 0 {
                    anyhow::bail!(
                        "invalid length {bits}: the length must be a positive multiple of 8 bits"
                    );
                }
                bits / 8
            }
        };
        // The core checks every length rule (BLAKE2b 1..=64 bytes, fixed hashes exact).
        Hasher::with_options(
            algorithm,
            &HashOptions {
                out_len: Some(out_len),
                ..Default::default()
            },
        )
        .map_err(|e| anyhow::anyhow!("{name} with length {} bits: {e}", out_len * 8))?;
        Ok(HashSpec { algorithm, out_len })
    }

    /// Whether the output length of this hash may be chosen.
    pub fn variable_length(self) -> bool {
        matches!(
            self.algorithm,
            Algorithm::Blake2b
                | Algorithm::Blake2s
                | Algorithm::Blake3
                | Algorithm::Shake128
                | Algorithm::Shake256
        )
    }

    /// The BSD tag (`--tag`): the names coreutils prints (`SHA256`,
    /// `BLAKE2b`, `BLAKE2b-256`), the upper-case catalog name for the others.
    pub fn tag(self) -> String {
        let base = match self.algorithm {
            Algorithm::Blake2b => "BLAKE2b".to_string(),
            Algorithm::Blake2s => "BLAKE2s".to_string(),
            other => other.name().to_ascii_uppercase(),
        };
        if self.variable_length() && self.out_len != self.algorithm.info().output_len {
            format!("{base}-{}", self.out_len * 8)
        } else {
            base
        }
    }

    /// The spec a BSD tag names, if it is one of the catalog's hashes.
    pub fn from_tag(tag: &str) -> Option<HashSpec> {
        saline::ALGORITHMS
            .iter()
            .filter(|i| matches!(i.kind, Kind::Hash | Kind::Xof))
            .find_map(|info| {
                let spec = HashSpec {
                    algorithm: info.algorithm,
                    out_len: info.output_len,
                };
                if spec.tag() == tag {
                    return Some(spec);
                }
                let bits: usize = tag
                    .strip_prefix(spec.tag().as_str())?
                    .strip_prefix('-')?
                    .parse()
                    .ok()?;
                HashSpec::parse(info.name, Some(bits))
                    .ok()
                    .filter(|s| s.variable_length())
            })
    }

    /// Hashes the file at `path`, or standard input for `None`.
    pub fn digest(self, path: Option<&Path>) -> io::Result<Vec<u8>> {
        if self.algorithm == Algorithm::Blake3 {
            return self.digest_blake3(path);
        }
        let mut hasher =
            Hasher::with_options(self.algorithm, &self.options()).map_err(io::Error::other)?;
        let mut buffer = vec![0u8; READ_BUFFER_LEN];
        let mut input: Box<dyn Read> = match path {
            Some(path) => Box::new(File::open(path)?),
            None => Box::new(io::stdin().lock()),
        };
        loop {
            match input.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => hasher.update(&buffer[..n]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        let mut out = vec![0u8; self.out_len];
        hasher.finalize_into(&mut out).map_err(io::Error::other)?;
        Ok(out)
    }

    /// BLAKE3 through the core's hasher constructor, fed by the `blake3`
    /// crate's memory-mapped, rayon-parallel reader for files (it falls
    /// back to reads for small files and non-regular ones, as b3sum).
    fn digest_blake3(self, path: Option<&Path>) -> io::Result<Vec<u8>> {
        let mut hasher =
            saline::hash::blake3::new_hasher(&HashOptions::default()).map_err(io::Error::other)?;
        match path {
            Some(path) => hasher.update_mmap_rayon(path)?,
            None => hasher.update_reader(io::stdin().lock())?,
        };
        let mut out = vec![0u8; self.out_len];
        hasher.finalize_xof().fill(&mut out);
        Ok(out)
    }

    fn options(self) -> HashOptions<'static> {
        HashOptions {
            out_len: Some(self.out_len),
            ..Default::default()
        }
    }
}

/// Every hash of the catalog by its primary name.
pub fn hash_names() -> Vec<&'static str> {
    saline::ALGORITHMS
        .iter()
        .filter(|i| matches!(i.kind, Kind::Hash | Kind::Xof))
        .map(|i| i.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_the_coreutils_names() {
        assert_eq!(HashSpec::parse("sha256", None).unwrap().tag(), "SHA256");
        assert_eq!(HashSpec::parse("blake2b", None).unwrap().tag(), "BLAKE2b");
        assert_eq!(
            HashSpec::parse("blake2b", Some(256)).unwrap().tag(),
            "BLAKE2b-256"
        );
        assert_eq!(
            HashSpec::from_tag("BLAKE2b-256"),
            Some(HashSpec {
                algorithm: Algorithm::Blake2b,
                out_len: 32
            })
        );
        assert_eq!(
            HashSpec::from_tag("MD5"),
            Some(HashSpec {
                algorithm: Algorithm::Md5,
                out_len: 16
            })
        );
        assert_eq!(HashSpec::from_tag("SHA256-128"), None);
        assert_eq!(HashSpec::from_tag("NOPE"), None);
    }

    #[test]
    fn lengths_are_checked() {
        assert!(HashSpec::parse("sha256", Some(128)).is_err());
        assert!(HashSpec::parse("blake2b", Some(7)).is_err());
        assert!(HashSpec::parse("blake2b", Some(1024)).is_err());
        assert!(HashSpec::parse("hmac-sha256", None).is_err());
    }
}

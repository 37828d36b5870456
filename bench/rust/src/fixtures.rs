//! The cases (from `bench/workloads.json`) and their inputs. The inputs are
//! byte-for-byte those of `fixtureFor()` in `bench/node/lib/harness.mjs`
//! (and `fixtureFor` in `bench/go/harness.go`): xorshift32 seeded by the
//! FNV-1a hash of the case id, fields drawn in the same order, so every
//! library in every runtime hashes, encrypts and signs the same bytes.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use serde_json::Value;

/// One entry of `workloads.json`'s `cases`.
#[derive(Debug, Clone)]
pub struct Case {
    pub id: String,
    pub group: String,
    pub name: String,
    /// The catalog name (saline::catalog).
    pub algorithm: String,
    /// The parametrized form ("aes-128-gcm") or TweetNaCl function a case times, if any.
    pub variant: Option<String>,
    pub operation: String,
    pub size: usize,
    pub unit: String,
    pub profiles: Vec<String>,
    pub slow: bool,
    pub latency: bool,
    pub params: Option<Value>,
}

impl Case {
    pub fn from_json(v: &Value) -> Result<Case, String> {
        let s = |k: &str| -> Result<String, String> {
            v.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| format!("workloads.json: a case lacks \"{k}\": {v}"))
        };
        Ok(Case {
            id: s("id")?,
            group: s("group")?,
            name: s("name")?,
            algorithm: s("algorithm")?,
            variant: v.get("variant").and_then(Value::as_str).map(str::to_string),
            operation: s("operation")?,
            size: v.get("size").and_then(Value::as_u64).unwrap_or(0) as usize,
            unit: s("unit")?,
            profiles: v
                .get("profiles")
                .and_then(Value::as_array)
                .map(|a| a.iter().filter_map(Value::as_str).map(str::to_string).collect())
                .unwrap_or_default(),
            slow: v.get("timing").and_then(Value::as_str) == Some("slow"),
            latency: v.get("latency").and_then(Value::as_bool).unwrap_or(false),
            params: v.get("params").cloned(),
        })
    }

    /// The name a case's operations are registered under: its variant where
    /// it has one, else its catalog name.
    pub fn op_name(&self) -> &str {
        self.variant.as_deref().unwrap_or(&self.algorithm)
    }

    /// `"<operation>:<op_name>"`, the key libraries register their operations under.
    pub fn op_key(&self) -> String {
        format!("{}:{}", self.operation, self.op_name())
    }
}

/// The inputs of one case, made once, outside any timed loop.
#[derive(Debug)]
pub struct Fixture {
    pub msg: Vec<u8>,
    pub key: Vec<u8>,
    pub iv: Vec<u8>,
    pub nonce12: Vec<u8>,
    pub nonce24: Vec<u8>,
    pub seed: Vec<u8>,
    pub seed_b: Vec<u8>,
    pub salt: Vec<u8>,
    pub scalar: Vec<u8>,
    pub scalar_b: Vec<u8>,
    pub password: Vec<u8>,
    pub params: Value,
}

impl Fixture {
    /// A numeric workload parameter (KDF costs, file chunk size); 0 if absent.
    pub fn param(&self, name: &str) -> u64 {
        self.params.get(name).and_then(Value::as_f64).map(|x| x as u64).unwrap_or(0)
    }
}

/// xorshift32 seeded by FNV-1a over the id's UTF-16 code units (JavaScript's
/// `charCodeAt`; the ids are ASCII, so bytes would do as well).
pub struct Prng(u32);

impl Prng {
    pub fn for_id(id: &str) -> Prng {
        let mut s: u32 = 0x811c_9dc5;
        for unit in id.encode_utf16() {
            s = (s ^ u32::from(unit)).wrapping_mul(0x0100_0193);
        }
        Prng(if s == 0 { 1 } else { s })
    }

    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut s = self.0;
        let out = (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                s as u8
            })
            .collect();
        self.0 = s;
        out
    }

    /// 32 bytes below 2^252: already reduced mod L (RFC 8032 §5.1).
    fn scalar(&mut self) -> Vec<u8> {
        let mut b = self.bytes(32);
        b[31] &= 0x0f;
        b
    }
}

pub fn fixture_for(id: &str, size: usize, params: Option<&Value>) -> Fixture {
    let mut r = Prng::for_id(id);
    Fixture {
        msg: r.bytes(size),
        key: r.bytes(32),
        iv: r.bytes(16),
        nonce12: r.bytes(12),
        nonce24: r.bytes(24),
        seed: r.bytes(32),
        seed_b: r.bytes(32),
        salt: r.bytes(16),
        scalar: r.scalar(),
        scalar_b: r.scalar(),
        password: b"correct horse battery staple".to_vec(),
        params: params.cloned().unwrap_or(Value::Object(Default::default())),
    }
}

/// The input of a streaming-file case: `$TMPDIR/saline-bench-files/input-<size>.bin`,
/// the Node runner's file (same name, same bytes: the "file-block" fixture
/// repeated), written once and reused by every runner and run. Written to a
/// temporary name and renamed, so a reader never sees a partial file.
pub fn input_file(size: usize) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join("saline-bench-files");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(format!("input-{size}.bin"));
    if fs::metadata(&path).map(|m| m.len() == size as u64).unwrap_or(false) {
        return Ok(path);
    }
    let block = fixture_for("file-block", 1 << 20, None).msg;
    let tmp = dir.join(format!(".rust-input-{size}-{}.tmp", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(fs::File::create(&tmp)?);
        let mut done = 0;
        while done < size {
            let n = block.len().min(size - done);
            f.write_all(&block[..n])?;
            done += n;
        }
        f.into_inner()?.sync_all()?;
        fs::rename(&tmp, &path)
    };
    write().map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    // Pinned against fixtureFor() in bench/node/lib/harness.mjs
    // (node -e "import('./bench/node/lib/harness.mjs').then(h => ...)").
    #[test]
    fn same_bytes_as_javascript() {
        let fx = fixture_for("digest/sha256/32B", 32, None);
        assert_eq!(hex(&fx.msg), "4e73530d62bffa2bea6426f1ed583731a9ce36dd92ab112af93c588acb84a7af");
        assert_eq!(hex(&fx.scalar_b), "7330108fa924b2feb7cd471dc8a192faf898411e23a0ad0e0981d99060145800");
        let fx = fixture_for("tweetnacl/crypto_point_add", 32, None);
        assert_eq!(hex(&fx.msg), "a1c0786fb31035dcc4ab5bc78b79ad2c872007d92a73f2f99c831c165508b6c2");
        assert_eq!(hex(&fx.scalar_b), "8edd985787ee4cb91fd1075ce9d117be56dc51c6571c8aaf95d4aadd4f99180e");
        let fx = fixture_for("file-block", 16, None);
        assert_eq!(hex(&fx.msg), "0c7a584e0b962e1779f4b513825e6fa5");
        assert_eq!(hex(&fx.scalar_b), "0927d28d65df251b22aa270cd3d5484ca4c8c78c5b71330211fb2593f466520c");
    }
}

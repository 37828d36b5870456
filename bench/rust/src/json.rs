//! A small ordered JSON value for the results file (keys in the order the
//! schema documents them, as the Node runner writes them), printed with
//! one-space indentation like `JSON.stringify(doc, null, 1)`.

use serde_json::Value;

pub enum J {
    Null,
    Bool(bool),
    Int(i64),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
    /// A value copied from workloads.json (case params), printed as is.
    Raw(Value),
}

impl J {
    pub fn obj() -> J {
        J::Obj(Vec::new())
    }

    /// Adds a key (builder style).
    pub fn with(mut self, key: &str, value: impl Into<J>) -> J {
        self.set(key, value);
        self
    }

    pub fn set(&mut self, key: &str, value: impl Into<J>) {
        if let J::Obj(fields) = self {
            fields.push((key.to_string(), value.into()));
        }
    }

    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, 0);
        out
    }

    fn write(&self, out: &mut String, depth: usize) {
        let pad = |out: &mut String, d: usize| {
            out.push('\n');
            out.extend(std::iter::repeat(' ').take(d));
        };
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Int(i) => out.push_str(&i.to_string()),
            J::Num(x) if x.is_finite() => out.push_str(&serde_json::to_string(x).expect("finite")),
            J::Num(_) => out.push_str("null"),
            J::Str(s) => out.push_str(&serde_json::to_string(s).expect("string")),
            J::Raw(v) => out.push_str(&serde_json::to_string(v).expect("value")),
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            J::Obj(fields) if fields.is_empty() => out.push_str("{}"),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, depth + 1);
                    item.write(out, depth + 1);
                }
                pad(out, depth);
                out.push(']');
            }
            J::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, depth + 1);
                    out.push_str(&serde_json::to_string(k).expect("string"));
                    out.push_str(": ");
                    v.write(out, depth + 1);
                }
                pad(out, depth);
                out.push('}');
            }
        }
    }
}

impl From<&str> for J {
    fn from(s: &str) -> J {
        J::Str(s.to_string())
    }
}
impl From<String> for J {
    fn from(s: String) -> J {
        J::Str(s)
    }
}
impl From<bool> for J {
    fn from(b: bool) -> J {
        J::Bool(b)
    }
}
impl From<f64> for J {
    fn from(x: f64) -> J {
        J::Num(x)
    }
}
impl From<u64> for J {
    fn from(x: u64) -> J {
        J::Int(x as i64)
    }
}
impl From<usize> for J {
    fn from(x: usize) -> J {
        J::Int(x as i64)
    }
}
impl From<Vec<J>> for J {
    fn from(v: Vec<J>) -> J {
        J::Arr(v)
    }
}
impl From<Value> for J {
    fn from(v: Value) -> J {
        J::Raw(v)
    }
}
impl<T: Into<J>> From<Option<T>> for J {
    fn from(v: Option<T>) -> J {
        v.map_or(J::Null, Into::into)
    }
}

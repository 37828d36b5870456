// Package vectors reads the repository's shared known-answer files
// (vectors/<kind>/*.json, see vectors/FORMAT.md) for the Go tests.
package vectors

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Case is one case with its file's defaults applied.
type Case struct {
	File      string
	Algorithm string
	Fields    map[string]any
}

// ID names the case in failures.
func (c Case) ID() string { return c.File + "#" + c.Str("id") }

// Str is a string field ("" when absent).
func (c Case) Str(key string) string {
	s, _ := c.Fields[key].(string)
	return s
}

// Has reports whether the field is present.
func (c Case) Has(key string) bool { _, ok := c.Fields[key]; return ok }

// Hex decodes a hex field.
func (c Case) Hex(t testing.TB, key string) []byte {
	b, err := hex.DecodeString(c.Str(key))
	if err != nil {
		t.Fatalf("%s: %s: %v", c.ID(), key, err)
	}
	return b
}

// Int is a numeric field.
func (c Case) Int(key string) int64 {
	f, _ := c.Fields[key].(float64)
	return int64(f)
}

// Dir is the repository's vectors/ directory.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "vectors")
}

// Load returns every case of every file of kind, skipping those marked slow.
func Load(t testing.TB, kind string) []Case {
	files, err := filepath.Glob(filepath.Join(Dir(), kind, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files for %s under %s", kind, Dir())
	}
	var cases []Case
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Algorithm string           `json:"algorithm"`
			Cases     []map[string]any `json:"cases"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, fields := range file.Cases {
			if slow, _ := fields["slow"].(bool); slow {
				continue
			}
			c := Case{File: filepath.Base(path), Algorithm: file.Algorithm, Fields: fields}
			if a, ok := fields["algorithm"].(string); ok {
				c.Algorithm = a
			}
			cases = append(cases, c)
		}
	}
	return cases
}

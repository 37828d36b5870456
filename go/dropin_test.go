package saline_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The acceptance check for the subpackages: a program written against
// x/crypto's nacl/box, nacl/secretbox, argon2, curve25519 and crypto/ed25519 compiles
// against Saline's packages after changing only its import paths, and prints
// the same bytes.
func TestDropIn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two programs")
	}
	program, err := os.ReadFile("testdata/dropin/main.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	rewritten := strings.NewReplacer(
		`"crypto/ed25519"`, `"example.invalid/saline/go/ed25519"`,
		`"golang.org/x/crypto/argon2"`, `"example.invalid/saline/go/argon2"`,
		`"golang.org/x/crypto/curve25519"`, `"example.invalid/saline/go/curve25519"`,
		`"golang.org/x/crypto/nacl/box"`, `"example.invalid/saline/go/nacl/box"`,
		`"golang.org/x/crypto/nacl/secretbox"`, `"example.invalid/saline/go/nacl/secretbox"`,
	).Replace(string(program))
	if rewritten == string(program) {
		t.Fatal("no import was rewritten")
	}
	// Inside the module (so both resolve its requirements); the leading
	// underscore keeps ./... from seeing the directory.
	dir, err := os.MkdirTemp(".", "_dropin")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	run := func(name, source string) []byte {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(path, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(path, "main.go"), []byte(source), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("go", "run", "./"+filepath.ToSlash(path)).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return out
	}
	original, ours := run("xcrypto", string(program)), run("saline", rewritten)
	if !bytes.Equal(original, ours) {
		t.Fatalf("outputs differ:\nx/crypto:\n%s\nsaline:\n%s", original, ours)
	}
	if n := bytes.Count(ours, []byte("\n")); n < 15 {
		t.Fatalf("only %d lines of output", n)
	}
}

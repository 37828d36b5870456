package saline_test

import (
	"crypto/sha256"
	"testing"

	saline "example.invalid/saline/go"
	"example.invalid/saline/go/blake3"
)

// The cost of one crossing, measured rather than assumed: an empty SHA-256
// through Saline against the standard library's, and BLAKE3 of nothing (the
// least work a call can do). `go test -run - -bench Crossing`.
func BenchmarkCrossingSHA256Empty(b *testing.B) {
	for b.Loop() {
		saline.Sum("sha256", nil)
	}
}

func BenchmarkCrossingSHA256EmptyStd(b *testing.B) {
	for b.Loop() {
		sha256.Sum256(nil)
	}
}

func BenchmarkCrossingBLAKE3Empty(b *testing.B) {
	for b.Loop() {
		blake3.Sum256(nil)
	}
}

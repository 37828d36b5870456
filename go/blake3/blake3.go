// Package blake3 is BLAKE3 over Saline, shaped like zeebo/blake3 and
// lukechampine.com/blake3: New, NewKeyed, NewDeriveKey, Sum256, Sum512,
// DeriveKey and a Hasher that is a hash.Hash.
package blake3

import (
	"example.invalid/saline/go/internal/capi"
)

// Hasher is a BLAKE3 hash.Hash with a 32-byte (or chosen) output.
type Hasher struct {
	stream *capi.Stream
}

func newHasher(size int, args ...[]byte) (*Hasher, error) {
	stream, err := capi.NewStream(capi.AlgBlake3, size, args...)
	if err != nil {
		return nil, err
	}
	return &Hasher{stream}, nil
}

func must(h *Hasher, err error) *Hasher {
	if err != nil {
		panic(err)
	}
	return h
}

// New returns a Hasher for the regular hash function.
func New() *Hasher { return must(newHasher(32)) }

// NewSized returns a Hasher whose Sum appends size bytes of output.
func NewSized(size int) *Hasher { return must(newHasher(size)) }

// NewKeyed returns a Hasher for the keyed hash function; key must be 32 bytes.
func NewKeyed(key []byte) (*Hasher, error) { return newHasher(32, key) }

// NewDeriveKey returns a Hasher for the key derivation function with the
// given context string; write the key material to it.
func NewDeriveKey(context string) *Hasher {
	return must(newHasher(32, capi.Absent, capi.Absent, capi.Absent, []byte(context)))
}

// Write absorbs p; it never fails.
func (h *Hasher) Write(p []byte) (int, error) { return h.stream.Write(p) }

// WriteString absorbs s; it never fails.
func (h *Hasher) WriteString(s string) (int, error) { return h.stream.Write([]byte(s)) }

// Sum appends the digest of the data so far to b.
func (h *Hasher) Sum(b []byte) []byte { return h.stream.Sum(b) }

// Reset restarts the hash with its key or context.
func (h *Hasher) Reset() { h.stream.Reset() }

// Size is the output length in bytes.
func (h *Hasher) Size() int { return h.stream.Size() }

// BlockSize is BLAKE3's 64-byte block.
func (h *Hasher) BlockSize() int { return 64 }

// Clone returns an independent copy of the hash state.
func (h *Hasher) Clone() *Hasher { return &Hasher{h.stream.Clone()} }

func sum(data []byte, out []byte) {
	if err := capi.HashInto(capi.AlgBlake3, data, out); err != nil {
		panic(err)
	}
}

// Sum256 returns the first 32 bytes of BLAKE3 output of data.
func Sum256(data []byte) (out [32]byte) {
	sum(data, out[:])
	return
}

// Sum512 returns the first 64 bytes of BLAKE3 output of data.
func Sum512(data []byte) (out [64]byte) {
	sum(data, out[:])
	return
}

// DeriveKey fills out with key material derived from context and material.
func DeriveKey(context string, material []byte, out []byte) {
	_, err := capi.Call(capi.OpHash, capi.AlgBlake3, []float64{float64(len(out))}, out, material, capi.Absent, capi.Absent, capi.Absent, []byte(context))
	if err != nil {
		panic(err)
	}
}

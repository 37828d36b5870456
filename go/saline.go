// Package saline is Saline's Go binding: hashes, HMACs and AEADs from the
// catalog by name, as the standard library's hash.Hash and cipher.AEAD.
// Subpackages are drop-in replacements for packages Go programs already use
// (nacl/secretbox, nacl/box, ed25519, argon2, blake3): switching is one
// import line.
//
// Every call crosses cgo into Saline's C ABI (crates/saline-ffi); that
// crossing costs tens of nanoseconds, which dominates for inputs of a few
// dozen bytes (see bench/go). Build the static library once with
// `make go-lib` from the repository root; see README.md.
package saline

import (
	"crypto/cipher"
	"errors"
	"fmt"
	"hash"
	"strings"

	"example.invalid/saline/go/internal/appendbuf"
	"example.invalid/saline/go/internal/capi"
)

// Error is a failed Saline call; Message names the parameter, what was
// expected and what was given ("key: expected 32 bytes, got 31"). An unknown
// algorithm name matches errors.Is(err, errors.ErrUnsupported).
type Error = capi.Error

type hashFunc struct {
	*capi.Stream
	blockSize int
}

func (h hashFunc) BlockSize() int { return h.blockSize }

// Clone returns an independent copy of the state (hash.Cloner).
func (h hashFunc) Clone() (hash.Cloner, error) { return hashFunc{h.Stream.Clone(), h.blockSize}, nil }

func lookup(name string, kinds ...string) (*capi.Info, error) {
	info, err := capi.Lookup(name)
	if err != nil {
		return nil, err
	}
	for _, k := range kinds {
		if info.Kind == k {
			return info, nil
		}
	}
	return nil, fmt.Errorf("saline: %q is a %s, not a %s", name, info.Kind, strings.Join(kinds, " or "))
}

// New returns a hash.Hash for the catalog hash named name ("sha256",
// "sha3-256", "blake2b", "blake3" ...; XOFs give their default length).
// Size and BlockSize equal the standard library's.
func New(name string) (hash.Hash, error) {
	info, err := lookup(name, "hash", "xof")
	if err != nil {
		return nil, err
	}
	stream, err := capi.NewStream(info.ID, 0)
	if err != nil {
		return nil, err
	}
	return hashFunc{stream, info.BlockLen}, nil
}

// NewHMAC returns HMAC keyed with key over the hash named name ("sha256" or
// "hmac-sha256"), like hmac.New(sha256.New, key).
func NewHMAC(name string, key []byte) (hash.Hash, error) {
	info, err := capi.Lookup(name)
	if err != nil {
		return nil, err
	}
	if info.Kind != "mac" {
		if info, err = capi.Lookup("hmac-" + info.Name); err != nil {
			return nil, fmt.Errorf("saline: no HMAC over %q", name)
		}
	}
	if !strings.HasPrefix(info.Name, "hmac-") {
		return nil, fmt.Errorf("saline: %q is not an HMAC", name)
	}
	stream, err := capi.NewStream(info.ID, 0, key)
	if err != nil {
		return nil, err
	}
	return hashFunc{stream, info.BlockLen}, nil
}

// Sum returns the digest of data under the hash named name, in one call.
func Sum(name string, data []byte) ([]byte, error) {
	info, err := lookup(name, "hash", "xof")
	if err != nil {
		return nil, err
	}
	out := make([]byte, info.OutputLen)
	if err := capi.HashInto(info.ID, data, out); err != nil {
		return nil, err
	}
	return out, nil
}

// MAC returns the tag of data under the MAC named name ("hmac-sha256",
// "poly1305", ...) keyed with key, in one call.
func MAC(name string, key, data []byte) ([]byte, error) {
	info, err := lookup(name, "mac")
	if err != nil {
		return nil, err
	}
	out := make([]byte, info.OutputLen)
	if err := capi.MACInto(info.ID, key, data, out); err != nil {
		return nil, err
	}
	return out, nil
}

type aead struct {
	keyed     *capi.AEAD
	nonceSize int
	tagSize   int // the catalog's: 16, or 32 for AEGIS
}

// NewAEAD returns the AEAD named name ("chacha20-poly1305",
// "xchacha20-poly1305", "aes-256-gcm", "aes-gcm", "xsalsa20-poly1305",
// "aegis-128l", "aegis-256")
// keyed with key. A key of the wrong size for the algorithm (and for
// "aes-128-gcm" / "aes-192-gcm" / "aes-256-gcm", for the size the name
// states) is an error. The key is copied, and its schedule computed once.
func NewAEAD(name string, key []byte) (cipher.AEAD, error) {
	info, err := lookup(name, "aead")
	if err != nil {
		return nil, err
	}
	for _, bits := range []int{128, 192, 256} {
		if strings.Contains(strings.ToLower(name), fmt.Sprint(bits)) && len(key)*8 != bits {
			return nil, &Error{Status: capi.StatusRange, Message: fmt.Sprintf("key: expected %d bytes for %s, got %d", bits/8, name, len(key))}
		}
	}
	keyed, err := capi.NewAEAD(info.ID, key)
	if err != nil {
		return nil, err
	}
	return &aead{keyed: keyed, nonceSize: info.NonceMin, tagSize: info.TagLen}, nil
}

func (a *aead) NonceSize() int { return a.nonceSize }
func (a *aead) Overhead() int  { return a.tagSize }

// Seal encrypts and authenticates plaintext, appending to dst; as in
// crypto/cipher it panics when the nonce has the wrong length. dst's spare
// capacity may hold plaintext (Seal(plaintext[:0], ...) works in place).
func (a *aead) Seal(dst, nonce, plaintext, additionalData []byte) []byte {
	if len(nonce) != a.nonceSize {
		panic("saline: incorrect nonce length given to AEAD")
	}
	ret, out := appendbuf.SliceForOverwrite(dst, len(plaintext)+a.tagSize)
	if err := a.keyed.Seal(out, nonce, additionalData, plaintext); err != nil {
		panic(err)
	}
	return ret
}

var errOpen = errors.New("saline: message authentication failed")

// Open authenticates and decrypts ciphertext, appending to dst; on failure
// the bytes it would have appended are zeroed.
func (a *aead) Open(dst, nonce, ciphertext, additionalData []byte) ([]byte, error) {
	if len(nonce) != a.nonceSize || len(ciphertext) < a.tagSize {
		return nil, errOpen
	}
	ret, out := appendbuf.SliceForOverwrite(dst, len(ciphertext)-a.tagSize)
	if err := a.keyed.Open(out, nonce, additionalData, ciphertext); err != nil {
		return nil, errOpen
	}
	return ret, nil
}

// Package ed25519 is crypto/ed25519 over Saline: the same types, constants
// and functions for pure Ed25519 (RFC 8032 §5.1), giving the same keys and
// signatures. Switching is one import line.
//
// Verification is Saline's strict mode (libsodium's rules: canonical S and
// A, no small-order A or R); crypto/ed25519 accepts some non-canonical or
// small-order public keys that this package rejects. Ed25519ph and
// Ed25519ctx (Options with a hash or context) are not offered.
package ed25519

import (
	"bytes"
	"crypto"
	cryptorand "crypto/rand"
	"errors"
	"io"
	"strconv"

	"example.invalid/saline/go/internal/capi"
)

const (
	// PublicKeySize is the size, in bytes, of public keys as used in this package.
	PublicKeySize = 32
	// PrivateKeySize is the size, in bytes, of private keys as used in this package.
	PrivateKeySize = 64
	// SignatureSize is the size, in bytes, of signatures generated and verified by this package.
	SignatureSize = 64
	// SeedSize is the size, in bytes, of private key seeds (RFC 8032's private keys).
	SeedSize = 32
)

// PublicKey is the type of Ed25519 public keys.
type PublicKey []byte

// Equal reports whether pub and x have the same value.
func (pub PublicKey) Equal(x crypto.PublicKey) bool {
	xx, ok := x.(PublicKey)
	return ok && bytes.Equal(pub, xx)
}

// PrivateKey is the type of Ed25519 private keys: seed ‖ public key.
type PrivateKey []byte

// Public returns the PublicKey corresponding to priv.
func (priv PrivateKey) Public() crypto.PublicKey {
	publicKey := make([]byte, PublicKeySize)
	copy(publicKey, priv[32:])
	return PublicKey(publicKey)
}

// Equal reports whether priv and x have the same value.
func (priv PrivateKey) Equal(x crypto.PrivateKey) bool {
	xx, ok := x.(PrivateKey)
	return ok && bytes.Equal(priv, xx)
}

// Seed returns the private key seed corresponding to priv.
func (priv PrivateKey) Seed() []byte {
	return bytes.Clone(priv[:SeedSize])
}

// Sign signs the given message with priv. rand is ignored (Ed25519 is
// deterministic). opts.HashFunc() must be crypto.Hash(0): the message is
// signed unhashed.
func (priv PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) (signature []byte, err error) {
	if opts.HashFunc() != crypto.Hash(0) {
		return nil, errors.New("ed25519: Ed25519ph is not supported by this package; pass crypto.Hash(0)")
	}
	return Sign(priv, message), nil
}

// GenerateKey generates a public/private key pair using entropy from rand
// (crypto/rand when nil): 32 bytes read as the seed, as crypto/ed25519 does.
func GenerateKey(rand io.Reader) (PublicKey, PrivateKey, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	seed := make([]byte, SeedSize)
	if _, err := io.ReadFull(rand, seed); err != nil {
		return nil, nil, err
	}
	privateKey := NewKeyFromSeed(seed)
	clear(seed)
	return PublicKey(bytes.Clone(privateKey[32:])), privateKey, nil
}

// NewKeyFromSeed calculates a private key from a seed. It panics if
// len(seed) is not SeedSize.
func NewKeyFromSeed(seed []byte) PrivateKey {
	if l := len(seed); l != SeedSize {
		panic("ed25519: bad seed length: " + strconv.Itoa(l))
	}
	var pair [96]byte // secret key (seed ‖ public key) ‖ public key
	if _, err := capi.Call(capi.OpEd25519KeyPair, 0, nil, pair[:], seed); err != nil {
		panic(err)
	}
	privateKey := PrivateKey(bytes.Clone(pair[:PrivateKeySize]))
	clear(pair[:])
	return privateKey
}

// Sign signs the message with privateKey and returns a signature. It panics
// if len(privateKey) is not PrivateKeySize.
func Sign(privateKey PrivateKey, message []byte) []byte {
	if l := len(privateKey); l != PrivateKeySize {
		panic("ed25519: bad private key length: " + strconv.Itoa(l))
	}
	signature := make([]byte, SignatureSize)
	if _, err := capi.Call(capi.OpEd25519Sign, 0, nil, signature, message, privateKey); err != nil {
		panic(err)
	}
	return signature
}

// Verify reports whether sig is a valid signature of message by publicKey.
// It panics if len(publicKey) is not PublicKeySize.
func Verify(publicKey PublicKey, message, sig []byte) bool {
	if l := len(publicKey); l != PublicKeySize {
		panic("ed25519: bad public key length: " + strconv.Itoa(l))
	}
	if len(sig) != SignatureSize {
		return false
	}
	var verdict [1]byte
	_, err := capi.Call(capi.OpEd25519Verify, 0, []float64{0}, verdict[:], sig, message, publicKey)
	return err == nil && verdict[0] == 1
}

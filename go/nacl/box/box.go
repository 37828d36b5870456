// Package box is golang.org/x/crypto/nacl/box over Saline:
// Curve25519-XSalsa20-Poly1305 with the same signatures and the same bytes,
// including the anonymous (sealed) boxes. Switching is one import line.
package box

import (
	cryptorand "crypto/rand"
	"io"

	"example.invalid/saline/go/internal/appendbuf"
	"example.invalid/saline/go/internal/capi"
	"example.invalid/saline/go/nacl/secretbox"
)

const (
	// Overhead is the number of bytes of overhead when boxing a message.
	Overhead = secretbox.Overhead
	// AnonymousOverhead is the number of bytes of overhead of an anonymous box.
	AnonymousOverhead = 32 + Overhead
)

// GenerateKey reads a private key from rand and derives its public key, as
// x/crypto does (so the same reader gives the same keys).
func GenerateKey(rand io.Reader) (publicKey, privateKey *[32]byte, err error) {
	publicKey, privateKey = new([32]byte), new([32]byte)
	if _, err = io.ReadFull(rand, privateKey[:]); err != nil {
		return nil, nil, err
	}
	if _, err = capi.Call(capi.OpX25519PublicKey, 0, nil, publicKey[:], privateKey[:]); err != nil {
		return nil, nil, err
	}
	return publicKey, privateKey, nil
}

// Precompute computes the shared key for peersPublicKey and privateKey, for
// SealAfterPrecomputation and OpenAfterPrecomputation. It panics, as Seal
// does, when the peer's public key has small order: the shared secret would
// be all zeros, which anyone can compute (Saline refuses it, as libsodium
// does; x/crypto computes it). A zeroed sharedKey would be a key everyone
// knows, so it is not an option.
func Precompute(sharedKey, peersPublicKey, privateKey *[32]byte) {
	if _, err := capi.Call(capi.OpBoxBefore, 0, nil, sharedKey[:], peersPublicKey[:], privateKey[:]); err != nil {
		*sharedKey = [32]byte{}
		panic(err)
	}
}

// Seal appends an encrypted and authenticated copy of message to out. The
// nonce must be unique for each distinct message and key pair. It panics
// when the peer's public key has small order (an all-zero shared secret),
// which x/crypto would accept.
func Seal(out, message []byte, nonce *[24]byte, peersPublicKey, privateKey *[32]byte) []byte {
	ret, dst := appendbuf.SliceForOverwrite(out, len(message)+Overhead)
	if _, err := capi.Call(capi.OpBoxSeal, 0, nil, dst, message, nonce[:], peersPublicKey[:], privateKey[:]); err != nil {
		panic(err)
	}
	return ret
}

// Open authenticates and decrypts a box produced by Seal and appends the
// message to out; it reports whether the box was authentic.
func Open(out, box []byte, nonce *[24]byte, peersPublicKey, privateKey *[32]byte) ([]byte, bool) {
	if len(box) < Overhead {
		return nil, false
	}
	ret, dst := appendbuf.SliceForOverwrite(out, len(box)-Overhead)
	if _, err := capi.Call(capi.OpBoxOpen, 0, nil, dst, box, nonce[:], peersPublicKey[:], privateKey[:]); err != nil {
		return nil, false
	}
	return ret, true
}

// SealAfterPrecomputation is Seal with a key from Precompute.
func SealAfterPrecomputation(out, message []byte, nonce *[24]byte, sharedKey *[32]byte) []byte {
	return secretbox.Seal(out, message, nonce, sharedKey)
}

// OpenAfterPrecomputation is Open with a key from Precompute.
func OpenAfterPrecomputation(out, box []byte, nonce *[24]byte, sharedKey *[32]byte) ([]byte, bool) {
	return secretbox.Open(out, box, nonce, sharedKey)
}

// anonymousNonce is BLAKE2b-192(ephemeral public key ‖ recipient public
// key), libsodium's crypto_box_seal nonce.
func anonymousNonce(ephemeral, recipient *[32]byte) *[24]byte {
	var nonce [24]byte
	input := append(ephemeral[:], recipient[:]...)
	if _, err := capi.Call(capi.OpHash, capi.AlgBlake2b, []float64{24}, nonce[:], input); err != nil {
		panic(err)
	}
	return &nonce
}

// SealAnonymous appends to out an anonymous box of message for recipient
// (libsodium's crypto_box_seal): an ephemeral key pair is drawn from rand
// (crypto/rand when nil), as in x/crypto, so the same reader gives the same
// bytes.
func SealAnonymous(out, message []byte, recipient *[32]byte, rand io.Reader) ([]byte, error) {
	if rand == nil {
		rand = cryptorand.Reader
	}
	ephemeralPublic, ephemeralPrivate, err := GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	defer clear(ephemeralPrivate[:])
	ret, dst := appendbuf.SliceForOverwrite(out, len(message)+AnonymousOverhead)
	copy(dst, ephemeralPublic[:])
	nonce := anonymousNonce(ephemeralPublic, recipient)
	if _, err := capi.Call(capi.OpBoxSeal, 0, nil, dst[32:], message, nonce[:], recipient[:], ephemeralPrivate[:]); err != nil {
		return nil, err
	}
	return ret, nil
}

// OpenAnonymous opens an anonymous box with the recipient's key pair and
// appends the message to out; it reports whether the box was authentic.
func OpenAnonymous(out, box []byte, publicKey, privateKey *[32]byte) ([]byte, bool) {
	if len(box) < AnonymousOverhead {
		return nil, false
	}
	var ephemeral [32]byte
	copy(ephemeral[:], box)
	return Open(out, box[32:], anonymousNonce(&ephemeral, publicKey), &ephemeral, privateKey)
}

// Package secretbox is golang.org/x/crypto/nacl/secretbox over Saline:
// XSalsa20-Poly1305 with the same signatures and the same bytes
// (tag ‖ ciphertext). Switching is one import line.
package secretbox

import (
	"example.invalid/saline/go/internal/appendbuf"
	"example.invalid/saline/go/internal/capi"
)

// Overhead is the number of bytes of overhead when boxing a message.
const Overhead = 16

// Seal appends an encrypted and authenticated copy of message to out, which
// must not overlap message except exactly (message[:0] reuses its storage).
// The key and nonce pair must be unique for each distinct message.
func Seal(out, message []byte, nonce *[24]byte, key *[32]byte) []byte {
	ret, dst := appendbuf.SliceForOverwrite(out, len(message)+Overhead)
	if _, err := capi.Call(capi.OpAeadSeal, capi.AlgXSalsa20Poly1305, nil, dst, key[:], nonce[:], capi.Absent, message); err != nil {
		panic(err) // unreachable: the sizes are fixed by the types
	}
	return ret
}

// Open authenticates and decrypts a box produced by Seal and appends the
// message to out; it reports whether the box was authentic.
func Open(out, box []byte, nonce *[24]byte, key *[32]byte) ([]byte, bool) {
	if len(box) < Overhead {
		return nil, false
	}
	ret, dst := appendbuf.SliceForOverwrite(out, len(box)-Overhead)
	if _, err := capi.Call(capi.OpAeadOpen, capi.AlgXSalsa20Poly1305, nil, dst, key[:], nonce[:], capi.Absent, box); err != nil {
		return nil, false
	}
	return ret, true
}

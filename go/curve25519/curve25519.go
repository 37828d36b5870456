// Package curve25519 is golang.org/x/crypto/curve25519 over Saline: X25519
// (RFC 7748) with the same signatures and the same bytes. Switching is one
// import line.
package curve25519

import (
	"errors"

	"example.invalid/saline/go/internal/capi"
)

const (
	// ScalarSize is the size of the scalar input to X25519.
	ScalarSize = 32
	// PointSize is the size of the point input to X25519.
	PointSize = 32
)

// Basepoint is the canonical Curve25519 generator.
var Basepoint []byte

func init() { Basepoint = []byte{9, 31: 0} }

// X25519 returns the result of the scalar multiplication (scalar * point),
// according to RFC 7748, Section 5. scalar, point and the return value are
// slices of 32 bytes. If point is Basepoint (but not if it's a different
// slice with the same contents) a precomputed implementation might be used.
// It returns an error when the result is all zeros (a small-order point),
// as x/crypto does.
func X25519(scalar, point []byte) ([]byte, error) {
	if len(scalar) != ScalarSize {
		return nil, errors.New("bad scalar length: " + itoa(len(scalar)) + ", expected 32")
	}
	if len(point) != PointSize {
		return nil, errors.New("bad point length: " + itoa(len(point)) + ", expected 32")
	}
	out := make([]byte, 32)
	if &point[0] == &Basepoint[0] {
		if _, err := capi.Call(capi.OpX25519PublicKey, 0, nil, out, scalar); err != nil {
			return nil, err
		}
		return out, nil
	}
	if _, err := capi.Call(capi.OpX25519Shared, 0, nil, out, scalar, point); err != nil {
		return nil, errors.New("bad input point: low order point")
	}
	return out, nil
}

// ScalarMult sets dst to the product scalar * point, without the all-zero
// check (deprecated in x/crypto in favour of X25519).
func ScalarMult(dst, scalar, point *[32]byte) {
	if _, err := capi.Call(capi.OpCryptoScalarmult, 0, nil, dst[:], scalar[:], point[:]); err != nil {
		panic(err) // unreachable: the sizes are fixed by the types
	}
}

// ScalarBaseMult sets dst to the product scalar * base where base is the
// standard generator (deprecated in x/crypto in favour of X25519).
func ScalarBaseMult(dst, scalar *[32]byte) {
	if _, err := capi.Call(capi.OpX25519PublicKey, 0, nil, dst[:], scalar[:]); err != nil {
		panic(err)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for ; n > 0; n /= 10 {
		i--
		b[i] = byte('0' + n%10)
	}
	return string(b[i:])
}

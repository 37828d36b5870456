package curve25519_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	"example.invalid/saline/go/curve25519"
	"example.invalid/saline/go/internal/vectors"
	xcurve25519 "golang.org/x/crypto/curve25519"
)

func TestDifferentialAgainstXCrypto(t *testing.T) {
	for i := 0; i < 200; i++ {
		scalar, point := make([]byte, 32), make([]byte, 32)
		rand.Read(scalar)
		rand.Read(point)
		ours, err := curve25519.X25519(scalar, point)
		theirs, xerr := xcurve25519.X25519(scalar, point)
		if (err == nil) != (xerr == nil) || !bytes.Equal(ours, theirs) {
			t.Fatalf("X25519 differs: %x %v / %x %v", ours, err, theirs, xerr)
		}
		public, _ := curve25519.X25519(scalar, curve25519.Basepoint)
		xpublic, _ := xcurve25519.X25519(scalar, xcurve25519.Basepoint)
		if !bytes.Equal(public, xpublic) {
			t.Fatal("X25519 with Basepoint differs")
		}
		var s, p, dst, xdst [32]byte
		copy(s[:], scalar)
		copy(p[:], point)
		curve25519.ScalarMult(&dst, &s, &p)
		xcurve25519.ScalarMult(&xdst, &s, &p) //nolint:staticcheck // the deprecated API is part of the drop-in surface
		if dst != xdst {
			t.Fatal("ScalarMult differs")
		}
		curve25519.ScalarBaseMult(&dst, &s)
		if !bytes.Equal(dst[:], xpublic) {
			t.Fatal("ScalarBaseMult differs")
		}
	}
	if _, err := curve25519.X25519(make([]byte, 31), curve25519.Basepoint); err == nil {
		t.Fatal("a 31-byte scalar was accepted")
	}
	if _, err := curve25519.X25519(make([]byte, 32), make([]byte, 32)); err == nil {
		t.Fatal("the zero point was accepted")
	}
}

func TestVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "x25519") {
		scalar, point, shared := c.Hex(t, "scalar"), c.Hex(t, "point"), c.Hex(t, "shared")
		got, err := curve25519.X25519(scalar, point)
		switch {
		case c.Str("result") == "invalid" || bytes.Equal(shared, make([]byte, 32)):
			if err == nil {
				t.Errorf("%s: accepted", c.ID())
			}
		case err != nil || !bytes.Equal(got, shared):
			t.Errorf("%s: %x %v", c.ID(), got, err)
		}
		ran++
	}
	if ran < 500 {
		t.Errorf("only %d cases ran", ran)
	}
}

package secretbox_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	"example.invalid/saline/go/internal/vectors"
	"example.invalid/saline/go/nacl/secretbox"
	xsecretbox "golang.org/x/crypto/nacl/secretbox"
)

func TestDifferentialAgainstXCrypto(t *testing.T) {
	var key [32]byte
	var nonce [24]byte
	for n := 0; n < 2000; n += 97 {
		rand.Read(key[:])
		rand.Read(nonce[:])
		msg := make([]byte, n)
		rand.Read(msg)
		sealed := secretbox.Seal([]byte{7}, msg, &nonce, &key)
		if want := xsecretbox.Seal([]byte{7}, msg, &nonce, &key); !bytes.Equal(sealed, want) {
			t.Fatalf("Seal of %d bytes differs", n)
		}
		opened, ok := secretbox.Open(nil, sealed[1:], &nonce, &key)
		if !ok || !bytes.Equal(opened, msg) {
			t.Fatal("Open")
		}
		// In place: out = message[:0], as the x/crypto documentation suggests.
		buf := make([]byte, n, n+secretbox.Overhead)
		copy(buf, msg)
		if inPlace := secretbox.Seal(buf[:0], buf, &nonce, &key); !bytes.Equal(inPlace, sealed[1:]) {
			t.Fatal("in-place Seal differs")
		}
		sealed[1] ^= 1
		if _, ok := secretbox.Open(nil, sealed[1:], &nonce, &key); ok {
			t.Fatal("a tampered box opened")
		}
	}
	if _, ok := secretbox.Open(nil, make([]byte, 15), &nonce, &key); ok {
		t.Fatal("a 15-byte box opened")
	}
}

func TestVectors(t *testing.T) {
	for _, c := range vectors.Load(t, "nacl") {
		if c.Algorithm != "secretbox" {
			continue
		}
		var key [32]byte
		var nonce [24]byte
		copy(key[:], c.Hex(t, "key"))
		copy(nonce[:], c.Hex(t, "nonce"))
		if got := secretbox.Seal(nil, c.Hex(t, "msg"), &nonce, &key); !bytes.Equal(got, c.Hex(t, "box")) {
			t.Errorf("%s: %x", c.ID(), got)
		}
	}
}

package box_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	"example.invalid/saline/go/internal/vectors"
	"example.invalid/saline/go/nacl/box"
	xbox "golang.org/x/crypto/nacl/box"
)

// A reader that replays the same bytes, so both packages draw the same keys.
type replay struct{ seed byte }

func (r *replay) Read(p []byte) (int, error) {
	for i := range p {
		r.seed = r.seed*167 + 13
		p[i] = r.seed
	}
	return len(p), nil
}

func TestDifferentialAgainstXCrypto(t *testing.T) {
	for i := 0; i < 50; i++ {
		pk1, sk1, _ := box.GenerateKey(&replay{byte(i)})
		xpk1, xsk1, _ := xbox.GenerateKey(&replay{byte(i)})
		if *pk1 != *xpk1 || *sk1 != *xsk1 {
			t.Fatal("GenerateKey differs")
		}
		pk2, sk2, _ := xbox.GenerateKey(rand.Reader)
		var nonce [24]byte
		rand.Read(nonce[:])
		msg := make([]byte, i*37)
		rand.Read(msg)
		sealed := box.Seal([]byte("x"), msg, &nonce, pk2, sk1)
		if want := xbox.Seal([]byte("x"), msg, &nonce, pk2, sk1); !bytes.Equal(sealed, want) {
			t.Fatal("Seal differs")
		}
		if opened, ok := box.Open(nil, sealed[1:], &nonce, pk1, sk2); !ok || !bytes.Equal(opened, msg) {
			t.Fatal("Open")
		}
		var ours, theirs [32]byte
		box.Precompute(&ours, pk2, sk1)
		xbox.Precompute(&theirs, pk2, sk1)
		if ours != theirs {
			t.Fatal("Precompute differs")
		}
		if !bytes.Equal(box.SealAfterPrecomputation(nil, msg, &nonce, &ours), sealed[1:]) {
			t.Fatal("SealAfterPrecomputation differs")
		}
		anonymous, err := box.SealAnonymous(nil, msg, pk2, &replay{byte(i)})
		want, _ := xbox.SealAnonymous(nil, msg, pk2, &replay{byte(i)})
		if err != nil || !bytes.Equal(anonymous, want) {
			t.Fatalf("SealAnonymous differs: %v", err)
		}
		if opened, ok := box.OpenAnonymous(nil, want, pk2, sk2); !ok || !bytes.Equal(opened, msg) {
			t.Fatal("OpenAnonymous")
		}
		anonymous[len(anonymous)-1] ^= 1
		if _, ok := box.OpenAnonymous(nil, anonymous, pk2, sk2); ok {
			t.Fatal("a tampered anonymous box opened")
		}
	}
}

func TestVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "nacl") {
		pk, sk := c.Hex(t, "pk"), c.Hex(t, "sk")
		var public, private [32]byte
		copy(public[:], pk)
		copy(private[:], sk)
		switch {
		case c.Algorithm == "box" && c.Has("box"):
			var nonce [24]byte
			copy(nonce[:], c.Hex(t, "nonce"))
			if got := box.Seal(nil, c.Hex(t, "msg"), &nonce, &public, &private); !bytes.Equal(got, c.Hex(t, "box")) {
				t.Errorf("%s: %x", c.ID(), got)
			}
			ran++
		case c.Algorithm == "sealedbox":
			if got, ok := box.OpenAnonymous(nil, c.Hex(t, "sealed"), &public, &private); !ok || !bytes.Equal(got, c.Hex(t, "msg")) {
				t.Errorf("%s", c.ID())
			}
			ran++
		}
	}
	if ran < 4 {
		t.Errorf("only %d cases ran", ran)
	}
}

// A small-order peer key (here u = 0) gives an all-zero shared secret that
// anyone can compute: Seal and Precompute refuse it by panicking, and
// Precompute leaves no key behind.
func TestSmallOrderPeerKeyPanics(t *testing.T) {
	_, sk, err := box.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	var zero, nonce [32]byte
	var n24 [24]byte
	copy(n24[:], nonce[:24])
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Fatalf("%s did not panic on a small-order peer key", name)
			}
		}()
		f()
	}
	mustPanic("Seal", func() { box.Seal(nil, []byte("m"), &n24, &zero, sk) })
	shared := [32]byte{1}
	mustPanic("Precompute", func() { box.Precompute(&shared, &zero, sk) })
	if shared != ([32]byte{}) {
		t.Fatal("Precompute left a key behind")
	}
}

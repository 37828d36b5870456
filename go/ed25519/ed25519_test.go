package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"testing"

	"example.invalid/saline/go/ed25519"
	"example.invalid/saline/go/internal/vectors"
)

func TestDifferentialAgainstCryptoEd25519(t *testing.T) {
	for i := 0; i < 100; i++ {
		seed := make([]byte, ed25519.SeedSize)
		rand.Read(seed)
		ours, theirs := ed25519.NewKeyFromSeed(seed), stded25519.NewKeyFromSeed(seed)
		if !bytes.Equal(ours, theirs) || !bytes.Equal(ours.Seed(), seed) {
			t.Fatal("NewKeyFromSeed differs")
		}
		msg := make([]byte, i*13)
		rand.Read(msg)
		sig := ed25519.Sign(ours, msg)
		if !bytes.Equal(sig, stded25519.Sign(theirs, msg)) {
			t.Fatal("Sign differs")
		}
		viaSigner, err := ours.Sign(nil, msg, crypto.Hash(0))
		if err != nil || !bytes.Equal(viaSigner, sig) {
			t.Fatal("PrivateKey.Sign differs")
		}
		public := ours.Public().(ed25519.PublicKey)
		if !ed25519.Verify(public, msg, sig) || !stded25519.Verify(stded25519.PublicKey(public), msg, sig) {
			t.Fatal("Verify")
		}
		sig[i%64] ^= 1
		if ed25519.Verify(public, msg, sig) {
			t.Fatal("a tampered signature verified")
		}
	}
	if ed25519.Verify(make(ed25519.PublicKey, 32), nil, make([]byte, 63)) {
		t.Fatal("a 63-byte signature verified")
	}
	public, private, err := ed25519.GenerateKey(nil)
	if err != nil || !public.Equal(private.Public()) || !private.Equal(private) {
		t.Fatal("GenerateKey")
	}
	if _, err := private.Sign(nil, []byte("m"), crypto.SHA512); err == nil {
		t.Fatal("Ed25519ph accepted")
	}
}

func TestPanicsLikeTheStandardLibrary(t *testing.T) {
	for name, f := range map[string]func(){
		"seed":        func() { ed25519.NewKeyFromSeed(make([]byte, 31)) },
		"private key": func() { ed25519.Sign(make(ed25519.PrivateKey, 63), nil) },
		"public key":  func() { ed25519.Verify(make(ed25519.PublicKey, 31), nil, make([]byte, 64)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("a bad %s length did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "sign") {
		pk, msg, sig := c.Hex(t, "pk"), c.Hex(t, "msg"), c.Hex(t, "sig")
		if len(pk) != ed25519.PublicKeySize {
			continue
		}
		ok := ed25519.Verify(pk, msg, sig)
		switch c.Str("result") {
		case "valid":
			if !ok {
				t.Errorf("%s: did not verify", c.ID())
			}
			if c.Has("seed") && !bytes.Equal(ed25519.Sign(ed25519.NewKeyFromSeed(c.Hex(t, "seed")), msg), sig) {
				t.Errorf("%s: signature differs", c.ID())
			}
		case "invalid":
			if ok {
				t.Errorf("%s: an invalid signature verified", c.ID())
			}
		}
		ran++
	}
	if ran < 100 {
		t.Errorf("only %d cases ran", ran)
	}
}

package blake3_test

import (
	"bytes"
	"testing"

	"example.invalid/saline/go/blake3"
	"example.invalid/saline/go/internal/vectors"
)

func TestVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "hash") {
		if c.Algorithm != "blake3" {
			continue
		}
		msg, want := c.Hex(t, "msg"), c.Hex(t, "out")
		var h *blake3.Hasher
		switch {
		case c.Has("key"):
			var err error
			if h, err = blake3.NewKeyed(c.Hex(t, "key")); err != nil {
				t.Fatal(err)
			}
		case c.Has("context"):
			h = blake3.NewDeriveKey(c.Str("context"))
			derived := make([]byte, 32)
			blake3.DeriveKey(c.Str("context"), msg, derived)
			if !bytes.Equal(derived, want[:32]) {
				t.Errorf("%s: DeriveKey", c.ID())
			}
		default:
			h = blake3.New()
			if sum := blake3.Sum256(msg); !bytes.Equal(sum[:], want[:32]) {
				t.Errorf("%s: Sum256", c.ID())
			}
			if sum := blake3.Sum512(msg); len(want) >= 64 && !bytes.Equal(sum[:], want[:64]) {
				t.Errorf("%s: Sum512", c.ID())
			}
		}
		half := len(msg) / 2
		h.Write(msg[:half])
		clone := h.Clone()
		h.Write(msg[half:])
		clone.Write(msg[half:])
		if !bytes.Equal(h.Sum(nil), want[:32]) || !bytes.Equal(clone.Sum(nil), want[:32]) {
			t.Errorf("%s: streaming", c.ID())
		}
		h.Reset()
		h.Write(msg)
		if !bytes.Equal(h.Sum(nil), want[:32]) || h.Size() != 32 || h.BlockSize() != 64 {
			t.Errorf("%s: after Reset", c.ID())
		}
		ran++
	}
	if ran < 100 {
		t.Errorf("only %d cases ran", ran)
	}
	if _, err := blake3.NewKeyed(make([]byte, 31)); err == nil {
		t.Error("a 31-byte key was accepted")
	}
}

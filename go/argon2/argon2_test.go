package argon2_test

import (
	"bytes"
	"testing"

	"example.invalid/saline/go/argon2"
	"example.invalid/saline/go/internal/vectors"
	xargon2 "golang.org/x/crypto/argon2"
)

func TestDifferentialAgainstXCrypto(t *testing.T) {
	for _, p := range []struct {
		time, memory uint32
		threads      uint8
		keyLen       uint32
	}{{1, 64, 1, 32}, {3, 256, 4, 16}, {2, 1024, 2, 64}, {1, 8, 1, 4}, {1, 100, 3, 33}} {
		password, salt := []byte("password"), []byte("somesaltsomesalt")
		if got, want := argon2.IDKey(password, salt, p.time, p.memory, p.threads, p.keyLen),
			xargon2.IDKey(password, salt, p.time, p.memory, p.threads, p.keyLen); !bytes.Equal(got, want) {
			t.Errorf("IDKey %+v: %x != %x", p, got, want)
		}
		if got, want := argon2.Key(password, salt, p.time, p.memory, p.threads, p.keyLen),
			xargon2.Key(password, salt, p.time, p.memory, p.threads, p.keyLen); !bytes.Equal(got, want) {
			t.Errorf("Key %+v: %x != %x", p, got, want)
		}
	}
}

func TestPanicsOnBadParameters(t *testing.T) {
	for name, f := range map[string]func(){
		"time 0":     func() { argon2.IDKey(nil, make([]byte, 16), 0, 64, 1, 32) },
		"threads 0":  func() { argon2.IDKey(nil, make([]byte, 16), 1, 64, 0, 32) },
		"short salt": func() { argon2.IDKey(nil, nil, 1, 64, 1, 32) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "kdf") {
		if (c.Algorithm != "argon2id" && c.Algorithm != "argon2i") || !c.Has("out") || c.Has("secret") || c.Int("m") > 65536 {
			continue
		}
		derive := argon2.IDKey
		if c.Algorithm == "argon2i" {
			derive = argon2.Key
		}
		out := c.Hex(t, "out")
		got := derive(c.Hex(t, "password"), c.Hex(t, "salt"), uint32(c.Int("t")), uint32(c.Int("m")), uint8(c.Int("p")), uint32(len(out)))
		if !bytes.Equal(got, out) {
			t.Errorf("%s: %x", c.ID(), got)
		}
		ran++
	}
	if ran == 0 {
		t.Error("no Argon2 case ran")
	}
}

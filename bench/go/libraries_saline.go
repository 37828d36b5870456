//go:build saline

package main

// Saline through its Go module (go/ in this repository: cgo over the C ABI).
// Built only with `-tags saline` (make bench-go-saline), because it links the
// static library `make go-lib` builds; without the tag the runner keeps its
// two pure-Go peers. Every timed call below is at least one cgo crossing.

import (
	"crypto/rand"
	"strings"

	saline "example.invalid/saline/go"
	"example.invalid/saline/go/argon2"
	"example.invalid/saline/go/blake3"
	"example.invalid/saline/go/curve25519"
	"example.invalid/saline/go/ed25519"
	"example.invalid/saline/go/nacl/box"
	"example.invalid/saline/go/nacl/secretbox"
)

func init() {
	extraLibraries = append(extraLibraries, salineLibrary())
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func salineLibrary() *Library {
	ops := map[string]Factory{}
	for _, alg := range []string{"sha1", "sha256", "sha512", "md5", "md4", "ripemd160", "whirlpool", "sha3-256", "sha3-512", "blake2b-512", "blake2s-256"} {
		name := strings.TrimSuffix(strings.TrimSuffix(alg, "-512"), "-256")
		if strings.HasPrefix(alg, "sha3") {
			name = alg
		}
		ops["digest:"+alg] = func(fx *Fixture, _ *Case) (*Runner, error) {
			if _, err := saline.Sum(name, nil); err != nil {
				return nil, err
			}
			return &Runner{Run: func() []byte { return must(saline.Sum(name, fx.Msg)) }}, nil
		}
	}
	ops["digest:blake3"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { s := blake3.Sum256(fx.Msg); return s[:] }}, nil
	}
	for _, alg := range []string{"hmac-md5", "hmac-sha1", "hmac-sha256", "hmac-sha512", "poly1305"} {
		ops["mac:"+alg] = func(fx *Fixture, _ *Case) (*Runner, error) {
			return &Runner{Run: func() []byte { return must(saline.MAC(alg, fx.Key, fx.Msg)) }}, nil
		}
	}
	ops["lowlevel:crypto_auth_hmacsha256"] = ops["mac:hmac-sha256"]
	ops["lowlevel:crypto_auth_hmacsha512"] = ops["mac:hmac-sha512"]
	ops["lowlevel:crypto_hash_sha256"] = ops["digest:sha256"]
	ops["lowlevel:crypto_hash_sha512"] = ops["digest:sha512"]
	for _, alg := range []string{"aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "chacha20-poly1305", "xchacha20-poly1305"} {
		ops["seal:"+alg] = func(fx *Fixture, _ *Case) (*Runner, error) {
			key := fx.Key
			if strings.HasPrefix(alg, "aes") {
				key = aesKey(fx, alg)
			}
			a, err := saline.NewAEAD(alg, key)
			if err != nil {
				return nil, err
			}
			nonce := fx.Nonce12
			if a.NonceSize() == 24 {
				nonce = fx.Nonce24
			}
			return &Runner{Run: func() []byte { return a.Seal(nil, nonce, fx.Msg, nil) }}, nil
		}
	}
	keys := func(fx *Fixture) (key *[32]byte, nonce *[24]byte) {
		key, nonce = new([32]byte), new([24]byte)
		copy(key[:], fx.Key)
		copy(nonce[:], fx.Nonce24)
		return
	}
	ops["seal:xsalsa20-poly1305"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		key, nonce := keys(fx)
		return &Runner{Run: func() []byte { return secretbox.Seal(nil, fx.Msg, nonce, key) }}, nil
	}
	ops["open:xsalsa20-poly1305"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		key, nonce := keys(fx)
		ct := secretbox.Seal(nil, fx.Msg, nonce, key)
		return &Runner{Run: func() []byte { m, _ := secretbox.Open(nil, ct, nonce, key); return m }}, nil
	}
	pair := func(seed []byte) (pk, sk *[32]byte) {
		pk, sk, _ = box.GenerateKey(bytesReader(seed))
		return
	}
	ops["seal:box"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		_, skA := pair(fx.Seed)
		pkB, _ := pair(fx.SeedB)
		_, nonce := keys(fx)
		return &Runner{Run: func() []byte { return box.Seal(nil, fx.Msg, nonce, pkB, skA) }}, nil
	}
	ops["open:box"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		pkA, skA := pair(fx.Seed)
		pkB, skB := pair(fx.SeedB)
		_, nonce := keys(fx)
		ct := box.Seal(nil, fx.Msg, nonce, pkB, skA)
		return &Runner{Run: func() []byte { m, _ := box.Open(nil, ct, nonce, pkA, skB); return m }}, nil
	}
	ops["lowlevel:crypto_box"] = ops["seal:box"]
	shared := func(fx *Fixture) *[32]byte {
		pkB, _ := pair(fx.SeedB)
		_, skA := pair(fx.Seed)
		k := new([32]byte)
		box.Precompute(k, pkB, skA)
		return k
	}
	ops["lowlevel:crypto_box_afternm"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		k := shared(fx)
		_, nonce := keys(fx)
		return &Runner{Run: func() []byte { return box.SealAfterPrecomputation(nil, fx.Msg, nonce, k) }}, nil
	}
	ops["lowlevel:crypto_box_open_afternm"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		k := shared(fx)
		_, nonce := keys(fx)
		ct := box.SealAfterPrecomputation(nil, fx.Msg, nonce, k)
		return &Runner{Run: func() []byte { m, _ := box.OpenAfterPrecomputation(nil, ct, nonce, k); return m }}, nil
	}
	ops["lowlevel:crypto_box_beforenm"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		pkB, _ := pair(fx.SeedB)
		_, skA := pair(fx.Seed)
		return &Runner{Run: func() []byte { k := new([32]byte); box.Precompute(k, pkB, skA); return k[:] }}, nil
	}
	ops["lowlevel:crypto_box_keypair"] = func(*Fixture, *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { pk, _, _ := box.GenerateKey(rand.Reader); return pk[:] }, Unchecked: true}, nil
	}
	ops["sign:ed25519"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		sk := ed25519.NewKeyFromSeed(fx.Seed)
		return &Runner{Run: func() []byte { return ed25519.Sign(sk, fx.Msg) }}, nil
	}
	ops["verify:ed25519"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		sk := ed25519.NewKeyFromSeed(fx.Seed)
		pk := sk.Public().(ed25519.PublicKey)
		sig := ed25519.Sign(sk, fx.Msg)
		return &Runner{Run: func() []byte { return boolByte(ed25519.Verify(pk, fx.Msg, sig)) }}, nil
	}
	ops["lowlevel:crypto_sign_keypair"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { return ed25519.NewKeyFromSeed(fx.Seed).Public().(ed25519.PublicKey) }}, nil
	}
	ops["dh:x25519"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		pkB, _ := pair(fx.SeedB)
		return &Runner{Run: func() []byte { s, _ := curve25519.X25519(fx.Seed, pkB[:]); return s }}, nil
	}
	ops["lowlevel:crypto_scalarmult"] = ops["dh:x25519"]
	ops["lowlevel:crypto_scalarmult_base"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { pk, _ := curve25519.X25519(fx.Seed, curve25519.Basepoint); return pk }}, nil
	}
	argon := func(key func(pw, salt []byte, t, m uint32, p uint8, n uint32) []byte) Factory {
		return func(fx *Fixture, _ *Case) (*Runner, error) {
			return &Runner{Run: func() []byte {
				return key(fx.Password, fx.Salt, uint32(fx.param("t")), uint32(fx.param("m")), uint8(fx.param("p")), uint32(fx.param("dkLen")))
			}}, nil
		}
	}
	ops["kdf:argon2id"] = argon(argon2.IDKey)
	ops["kdf:argon2i"] = argon(argon2.Key)
	ops["stream:sha256"] = func(fx *Fixture, c *Case) (*Runner, error) {
		return &Runner{Run: fileStream(inputFile(c.Size), fx.param("chunk"), func() (func([]byte), func() []byte) {
			h := must(saline.New("sha256"))
			return func(b []byte) { h.Write(b) }, func() []byte { return h.Sum(nil) }
		})}, nil
	}
	ops["stream:blake3"] = func(fx *Fixture, c *Case) (*Runner, error) {
		return &Runner{Run: fileStream(inputFile(c.Size), fx.param("chunk"), func() (func([]byte), func() []byte) {
			h := blake3.New()
			return func(b []byte) { h.Write(b) }, func() []byte { return h.Sum(nil) }
		})}, nil
	}
	return &Library{ID: "saline", Name: "Saline (Go module, cgo over the C ABI)", Version: "0.1.0", Ops: ops}
}

// bytesReader hands out seed as the randomness box.GenerateKey reads, so the
// key pairs equal the x/crypto peer's (which clamps the same 32 bytes).
type bytesReader []byte

func (b bytesReader) Read(p []byte) (int, error) { return copy(p, b), nil }

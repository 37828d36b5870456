package main

// The Go peers: the standard library's crypto packages ("crypto (std)") and
// golang.org/x/crypto ("x/crypto"), each offering the cases it implements.
// Where both implement an algorithm, both are measured.

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/subtle"
	"hash"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/blake2s"
	"golang.org/x/crypto/chacha20poly1305"
	"golang.org/x/crypto/curve25519"
	"golang.org/x/crypto/md4"
	"golang.org/x/crypto/nacl/box"
	"golang.org/x/crypto/nacl/secretbox"
	"golang.org/x/crypto/nacl/sign"
	xpbkdf2 "golang.org/x/crypto/pbkdf2"
	"golang.org/x/crypto/poly1305"  //nolint:staticcheck // deprecated in favour of AEADs, still the only exported Poly1305
	"golang.org/x/crypto/ripemd160" //nolint:staticcheck // legacy algorithm the workloads name
	"golang.org/x/crypto/salsa20"
	"golang.org/x/crypto/salsa20/salsa"
	"golang.org/x/crypto/scrypt"
)

func digestOf(newHash func() hash.Hash) Factory {
	return func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { h := newHash(); h.Write(fx.Msg); return h.Sum(nil) }}, nil
	}
}

func hmacOf(newHash func() hash.Hash) Factory {
	return func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { m := hmac.New(newHash, fx.Key); m.Write(fx.Msg); return m.Sum(nil) }}, nil
	}
}

func aesKey(fx *Fixture, alg string) []byte {
	switch {
	case strings.HasPrefix(alg, "aes-128"):
		return fx.Key[:16]
	case strings.HasPrefix(alg, "aes-192"):
		return fx.Key[:24]
	}
	return fx.Key
}

// pkcs7 pads as node:crypto and noble do by default for CBC.
func pkcs7(msg []byte) []byte {
	n := 16 - len(msg)%16
	out := make([]byte, len(msg)+n)
	copy(out, msg)
	for i := len(msg); i < len(out); i++ {
		out[i] = byte(n)
	}
	return out
}

// fileStream times reading the case's file in chunks through a hash or CBC.
func fileStream(path string, chunk int, start func() (update func([]byte), final func() []byte)) func() []byte {
	buf := make([]byte, chunk)
	return func() []byte {
		update, final := start()
		f, err := os.Open(path)
		if err != nil {
			panic(err)
		}
		defer f.Close()
		for {
			n, err := io.ReadFull(f, buf)
			if n > 0 {
				update(buf[:n])
			}
			if err != nil {
				break
			}
		}
		return final()
	}
}

func stdLibrary() *Library {
	ops := map[string]Factory{}
	hashes := map[string]func() hash.Hash{
		"sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New, "md5": md5.New,
		"sha3-256": func() hash.Hash { return sha3.New256() }, "sha3-512": func() hash.Hash { return sha3.New512() },
	}
	for alg, h := range hashes {
		ops["digest:"+alg] = digestOf(h)
	}
	ops["digest:sha256"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { s := sha256.Sum256(fx.Msg); return s[:] }}, nil
	}
	for _, h := range []string{"sha1", "sha256", "sha512", "md5"} {
		ops["mac:hmac-"+h] = hmacOf(hashes[h])
	}
	for _, bits := range []string{"128", "192", "256"} {
		for _, mode := range []string{"cbc", "ctr", "gcm"} {
			alg := "aes-" + bits + "-" + mode
			mode := mode
			op := "encrypt:"
			if mode == "gcm" {
				op = "seal:"
			}
			ops[op+alg] = func(fx *Fixture, _ *Case) (*Runner, error) {
				block, err := aes.NewCipher(aesKey(fx, alg))
				if err != nil {
					return nil, err
				}
				switch mode {
				case "cbc":
					return &Runner{Run: func() []byte {
						out := pkcs7(fx.Msg)
						cipher.NewCBCEncrypter(block, fx.IV).CryptBlocks(out, out)
						return out
					}}, nil
				case "ctr":
					return &Runner{Run: func() []byte {
						out := make([]byte, len(fx.Msg))
						cipher.NewCTR(block, fx.IV).XORKeyStream(out, fx.Msg)
						return out
					}}, nil
				}
				gcm, err := cipher.NewGCM(block)
				if err != nil {
					return nil, err
				}
				return &Runner{Run: func() []byte { return gcm.Seal(nil, fx.Nonce12, fx.Msg, nil) }}, nil
			}
		}
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
	ops["dh:x25519"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		sk, err := ecdh.X25519().NewPrivateKey(fx.Seed)
		if err != nil {
			return nil, err
		}
		peer, err := ecdh.X25519().NewPrivateKey(fx.SeedB)
		if err != nil {
			return nil, err
		}
		pk := peer.PublicKey()
		return &Runner{Run: func() []byte { s, _ := sk.ECDH(pk); return s }}, nil
	}
	ops["lowlevel:crypto_hash_sha256"] = ops["digest:sha256"]
	ops["lowlevel:crypto_hash_sha512"] = ops["digest:sha512"]
	ops["lowlevel:crypto_auth_hmacsha256"] = ops["mac:hmac-sha256"]
	ops["lowlevel:crypto_auth_hmacsha512"] = ops["mac:hmac-sha512"]
	ops["lowlevel:crypto_scalarmult"] = ops["dh:x25519"]
	ops["lowlevel:crypto_sign_keypair"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { return ed25519.NewKeyFromSeed(fx.Seed).Public().(ed25519.PublicKey) }}, nil
	}
	for _, n := range []int{16, 32, 64} {
		n := n
		ops["lowlevel:crypto_verify_"+strconv.Itoa(n)] = func(*Fixture, *Case) (*Runner, error) {
			x := make([]byte, n)
			for i := range x {
				x[i] = 7
			}
			y := append([]byte(nil), x...)
			return &Runner{Run: func() []byte { return boolByte(subtle.ConstantTimeCompare(x, y) == 1) }}, nil
		}
	}
	for _, h := range []string{"sha1", "sha256", "sha512"} {
		newHash := hashes[h]
		ops["kdf:pbkdf2-"+h] = func(fx *Fixture, _ *Case) (*Runner, error) {
			return &Runner{Run: func() []byte {
				k, _ := pbkdf2.Key(newHash, string(fx.Password), fx.Salt, fx.param("c"), fx.param("dkLen"))
				return k
			}}, nil
		}
	}
	ops["kdf:hkdf-sha256"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte {
			k, _ := hkdf.Key(sha256.New, fx.Key, fx.Salt, "", fx.param("dkLen"))
			return k
		}}, nil
	}
	ops["stream:sha256"] = func(fx *Fixture, c *Case) (*Runner, error) {
		return &Runner{Run: fileStream(inputFile(c.Size), fx.param("chunk"), func() (func([]byte), func() []byte) {
			h := sha256.New()
			return func(b []byte) { h.Write(b) }, func() []byte { return h.Sum(nil) }
		})}, nil
	}
	ops["stream:aes-256-cbc"] = func(fx *Fixture, c *Case) (*Runner, error) {
		block, err := aes.NewCipher(fx.Key)
		if err != nil {
			return nil, err
		}
		out := make([]byte, fx.param("chunk"))
		return &Runner{Run: fileStream(inputFile(c.Size), fx.param("chunk"), func() (func([]byte), func() []byte) {
			enc := cipher.NewCBCEncrypter(block, fx.IV)
			// Chunks are whole blocks (64 KiB reads of a 1 MiB-multiple file); the last block is the PKCS#7 padding.
			return func(b []byte) { enc.CryptBlocks(out[:len(b)], b) }, func() []byte {
				last := pkcs7(nil)
				enc.CryptBlocks(last, last)
				return last
			}
		})}, nil
	}
	return &Library{ID: "crypto (std)", Name: "Go standard library crypto", Version: runtime.Version(), Ops: ops}
}

func xcryptoLibrary() *Library {
	ops := map[string]Factory{}
	ops["digest:blake2b-512"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { s := blake2b.Sum512(fx.Msg); return s[:] }}, nil
	}
	ops["digest:blake2s-256"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { s := blake2s.Sum256(fx.Msg); return s[:] }}, nil
	}
	ops["digest:md4"] = digestOf(md4.New)
	ops["digest:ripemd160"] = digestOf(ripemd160.New)
	ops["mac:poly1305"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		var key [32]byte
		copy(key[:], fx.Key)
		return &Runner{Run: func() []byte { var tag [16]byte; poly1305.Sum(&tag, fx.Msg, &key); return tag[:] }}, nil
	}
	aead := func(newAEAD func([]byte) (cipher.AEAD, error), nonce func(*Fixture) []byte) Factory {
		return func(fx *Fixture, _ *Case) (*Runner, error) {
			a, err := newAEAD(fx.Key)
			if err != nil {
				return nil, err
			}
			return &Runner{Run: func() []byte { return a.Seal(nil, nonce(fx), fx.Msg, nil) }}, nil
		}
	}
	ops["seal:chacha20-poly1305"] = aead(chacha20poly1305.New, func(fx *Fixture) []byte { return fx.Nonce12 })
	ops["seal:xchacha20-poly1305"] = aead(chacha20poly1305.NewX, func(fx *Fixture) []byte { return fx.Nonce24 })
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
		pk, sk = new([32]byte), new([32]byte)
		copy(sk[:], seed)
		curve25519.ScalarBaseMult(pk, sk) //nolint:staticcheck // the NaCl spelling, as box uses
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
	ops["dh:x25519"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		pkB, _ := pair(fx.SeedB)
		return &Runner{Run: func() []byte { s, _ := curve25519.X25519(fx.Seed, pkB[:]); return s }}, nil
	}
	// NaCl low-level rows (the TweetNaCl group), in the unpadded layouts.
	shared := func(fx *Fixture) *[32]byte {
		pkB, _ := pair(fx.SeedB)
		_, skA := pair(fx.Seed)
		k := new([32]byte)
		box.Precompute(k, pkB, skA)
		return k
	}
	ops["lowlevel:crypto_box"] = ops["seal:box"]
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
	ops["lowlevel:crypto_stream_xor"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		key, _ := keys(fx)
		out := make([]byte, len(fx.Msg))
		return &Runner{Run: func() []byte { salsa20.XORKeyStream(out, fx.Msg, fx.Nonce24, key); return out }}, nil
	}
	ops["lowlevel:crypto_stream"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		key, _ := keys(fx)
		zeros := make([]byte, 32)
		out := make([]byte, 32)
		return &Runner{Run: func() []byte { salsa20.XORKeyStream(out, zeros, fx.Nonce24, key); return out }}, nil
	}
	ops["lowlevel:crypto_core_hsalsa20"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		key, _ := keys(fx)
		var in [16]byte
		copy(in[:], fx.Nonce24)
		return &Runner{Run: func() []byte { var out [32]byte; salsa.HSalsa20(&out, &in, key, &salsa.Sigma); return out[:] }}, nil
	}
	ops["lowlevel:crypto_scalarmult"] = ops["dh:x25519"]
	ops["lowlevel:crypto_scalarmult_base"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte { pk, _ := curve25519.X25519(fx.Seed, curve25519.Basepoint); return pk }}, nil
	}
	ops["lowlevel:crypto_sign"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		sk := new([64]byte)
		copy(sk[:], ed25519.NewKeyFromSeed(fx.Seed))
		return &Runner{Run: func() []byte { return sign.Sign(nil, fx.Msg, sk) }}, nil
	}
	ops["lowlevel:crypto_sign_open"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		sk := new([64]byte)
		copy(sk[:], ed25519.NewKeyFromSeed(fx.Seed))
		pk := new([32]byte)
		copy(pk[:], sk[32:])
		signed := sign.Sign(nil, fx.Msg, sk)
		return &Runner{Run: func() []byte { m, _ := sign.Open(nil, signed, pk); return m }}, nil
	}
	for _, h := range []string{"sha1", "sha256", "sha512"} {
		newHash := map[string]func() hash.Hash{"sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New}[h]
		ops["kdf:pbkdf2-"+h] = func(fx *Fixture, _ *Case) (*Runner, error) {
			return &Runner{Run: func() []byte {
				return xpbkdf2.Key(fx.Password, fx.Salt, fx.param("c"), fx.param("dkLen"), newHash)
			}}, nil
		}
	}
	ops["kdf:scrypt"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		return &Runner{Run: func() []byte {
			k, _ := scrypt.Key(fx.Password, fx.Salt, fx.param("N"), fx.param("r"), fx.param("p"), fx.param("dkLen"))
			return k
		}}, nil
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
	// x/crypto/bcrypt draws its own random salt and takes none: the output
	// cannot be compared, only timed.
	ops["kdf:bcrypt"] = func(fx *Fixture, _ *Case) (*Runner, error) {
		cost := fx.param("cost")
		return &Runner{Run: func() []byte { h, _ := bcrypt.GenerateFromPassword(fx.Password, cost); return h }, Unchecked: true}, nil
	}
	return &Library{ID: "x/crypto", Name: "golang.org/x/crypto", Version: moduleVersion("golang.org/x/crypto"), Ops: ops}
}

func boolByte(b bool) []byte {
	if b {
		return []byte{1}
	}
	return []byte{0}
}

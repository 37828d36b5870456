package saline_test

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"errors"
	"hash"
	"runtime"
	"strconv"
	"strings"
	"testing"

	saline "example.invalid/saline/go"
	"example.invalid/saline/go/internal/vectors"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/chacha20poly1305"
)

var peers = map[string]func() hash.Hash{
	"sha1":       sha1.New,
	"sha224":     sha256.New224,
	"sha256":     sha256.New,
	"SHA-384":    sha512.New384,
	"sha512":     sha512.New,
	"sha512-256": sha512.New512_256,
	"sha3-256":   func() hash.Hash { return sha3.New256() },
	"sha3-512":   func() hash.Hash { return sha3.New512() },
	"md5":        md5.New,
	"blake2b":    func() hash.Hash { h, _ := blake2b.New512(nil); return h },
}

func random(t testing.TB, n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

func TestNewMatchesTheStandardLibrary(t *testing.T) {
	for name, peer := range peers {
		ours, err := saline.New(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		theirs := peer()
		if ours.Size() != theirs.Size() || ours.BlockSize() != theirs.BlockSize() {
			t.Errorf("%s: Size/BlockSize %d/%d, want %d/%d", name, ours.Size(), ours.BlockSize(), theirs.Size(), theirs.BlockSize())
		}
		for _, n := range []int{0, 1, 63, 64, 65, 1000, 100000} {
			data := random(t, n)
			ours.Write(data)
			theirs.Write(data)
			// Sum twice: it must not change the state.
			if a, b := ours.Sum([]byte{1}), theirs.Sum([]byte{1}); !bytes.Equal(a, b) || !bytes.Equal(ours.Sum(nil), theirs.Sum(nil)) {
				t.Errorf("%s after %d more bytes: %x != %x", name, n, a, b)
			}
			one, err := saline.Sum(name, data)
			if err != nil || !bytes.Equal(one, sumOf(peer, data)) {
				t.Errorf("%s: Sum(%d bytes) = %x, %v", name, n, one, err)
			}
		}
		ours.Reset()
		theirs.Reset()
		if !bytes.Equal(ours.Sum(nil), theirs.Sum(nil)) {
			t.Errorf("%s: after Reset", name)
		}
	}
}

// Writes of every size around the gathering buffer (capi.Stream keeps short
// writes in Go), with Sum, Clone and Reset between them, give the standard
// library's digests.
func TestStreamingSmallWrites(t *testing.T) {
	for _, name := range []string{"sha256", "sha512", "blake2b"} {
		ours, err := saline.New(name)
		if err != nil {
			t.Fatal(err)
		}
		theirs := peers[name]()
		var twins []hash.Hash
		for i, n := range []int{1, 3, 0, 64, 200, 55, 256, 1, 255, 257, 1000, 7, 511, 2, 300} {
			data := random(t, n)
			ours.Write(data)
			theirs.Write(data)
			if !bytes.Equal(ours.Sum(nil), theirs.Sum(nil)) {
				t.Fatalf("%s: after write %d (%d bytes)", name, i, n)
			}
			if i%4 == 1 {
				copied, err := ours.(hash.Cloner).Clone()
				if err != nil {
					t.Fatal(err)
				}
				twins = append(twins, copied)
				copied.Write([]byte("more"))
				want := theirs.Sum(nil)
				if !bytes.Equal(ours.Sum(nil), want) {
					t.Fatalf("%s: writing to a clone changed the original", name)
				}
			}
		}
		for _, twin := range twins {
			if bytes.Equal(twin.Sum(nil), theirs.Sum(nil)) {
				t.Fatalf("%s: a clone followed the original", name)
			}
		}
		ours.Write([]byte("pending"))
		ours.Reset()
		theirs.Reset()
		if !bytes.Equal(ours.Sum(nil), theirs.Sum(nil)) {
			t.Fatalf("%s: Reset kept gathered bytes", name)
		}
	}
}

func sumOf(peer func() hash.Hash, data []byte) []byte {
	h := peer()
	h.Write(data)
	return h.Sum(nil)
}

func TestNewHMACMatchesCryptoHMAC(t *testing.T) {
	for _, name := range []string{"sha256", "hmac-sha256", "sha512", "sha1", "sha3-256"} {
		peerName := name
		if name == "hmac-sha256" {
			peerName = "sha256"
		}
		for _, keyLen := range []int{0, 16, 64, 200} {
			key, data := random(t, keyLen), random(t, 777)
			ours, err := saline.NewHMAC(name, key)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			theirs := hmac.New(peers[peerName], key)
			ours.Write(data)
			theirs.Write(data)
			if !bytes.Equal(ours.Sum(nil), theirs.Sum(nil)) || ours.BlockSize() != theirs.BlockSize() || ours.Size() != theirs.Size() {
				t.Errorf("HMAC %s with a %d-byte key differs", name, keyLen)
			}
			if tag, err := saline.MAC("hmac-"+peerName, key, data); err != nil || !bytes.Equal(tag, theirs.Sum(nil)) {
				t.Errorf("MAC hmac-%s with a %d-byte key differs: %v", peerName, keyLen, err)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	var e *saline.Error
	if _, err := saline.New("no-such-hash"); !errors.As(err, &e) || !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("unknown name: %v", err)
	}
	if _, err := saline.New("chacha20-poly1305"); err == nil {
		t.Error("an AEAD as a hash")
	}
	if _, err := saline.NewAEAD("chacha20-poly1305", make([]byte, 31)); !errors.As(err, &e) || e.Status != 1 {
		t.Errorf("31-byte key: %v", err)
	} else if e.Message != "key: expected 32 bytes, got 31" {
		t.Errorf("message %q", e.Message)
	}
	if _, err := saline.NewAEAD("aes-256-gcm", make([]byte, 16)); err == nil {
		t.Error("aes-256-gcm with a 16-byte key")
	}
	if _, err := saline.NewAEAD("aes-gcm", make([]byte, 17)); err == nil {
		t.Error("aes-gcm with a 17-byte key")
	}
	if _, err := saline.NewHMAC("blake3", nil); err == nil {
		t.Error("HMAC over an XOF")
	}
	if _, err := saline.Sum("sha256", nil); err != nil {
		t.Errorf("Sum of nil: %v", err)
	}
}

func TestNewAEADMatchesStdAndXCrypto(t *testing.T) {
	key := random(t, 32)
	stdGCM := func(k []byte) cipher.AEAD { b, _ := aes.NewCipher(k); g, _ := cipher.NewGCM(b); return g }
	chacha := func(k []byte) cipher.AEAD { a, _ := chacha20poly1305.New(k); return a }
	xchacha := func(k []byte) cipher.AEAD { a, _ := chacha20poly1305.NewX(k); return a }
	cases := map[string]func([]byte) cipher.AEAD{
		"aes-256-gcm": stdGCM, "aes-gcm": stdGCM, "chacha20-poly1305": chacha, "xchacha20-poly1305": xchacha,
	}
	for name, peer := range cases {
		ours, err := saline.NewAEAD(name, key)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		theirs := peer(key)
		if ours.NonceSize() != theirs.NonceSize() || ours.Overhead() != theirs.Overhead() {
			t.Fatalf("%s: sizes", name)
		}
		for _, n := range []int{0, 1, 64, 1000, 1 << 16} {
			nonce, msg, ad := random(t, ours.NonceSize()), random(t, n), random(t, n%50)
			sealed := ours.Seal([]byte("prefix"), nonce, msg, ad)
			if want := theirs.Seal([]byte("prefix"), nonce, msg, ad); !bytes.Equal(sealed, want) {
				t.Fatalf("%s: seal of %d bytes differs", name, n)
			}
			opened, err := ours.Open(nil, nonce, sealed[6:], ad)
			if err != nil || !bytes.Equal(opened, msg) {
				t.Fatalf("%s: open: %v", name, err)
			}
			// In place, as crypto/cipher allows: dst = plaintext[:0].
			buf := append(bytes.Clone(msg), make([]byte, 16)...)[:n]
			inPlace := ours.Seal(buf[:0], nonce, buf, ad)
			if !bytes.Equal(inPlace, sealed[6:]) {
				t.Fatalf("%s: in-place seal differs", name)
			}
			inPlace[0] ^= 1
			if _, err := ours.Open(nil, nonce, inPlace, ad); err == nil {
				t.Fatalf("%s: a tampered box opened", name)
			}
		}
	}
}

// Seal(nil, ...) and Open(nil, ...) take their buffer from the heap
// without zeroing it (internal/appendbuf.SliceForOverwrite): every byte of
// the result must come from the call, none from what the heap held before.
// The heap is first filled with freed 0xA5 buffers of the sizes sealed.
func TestAEADFreshBuffersHoldOnlyTheResult(t *testing.T) {
	key := random(t, 32)
	ours, err := saline.NewAEAD("aes-256-gcm", key)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := aes.NewCipher(key)
	theirs, _ := cipher.NewGCM(block)
	for _, n := range []int{0, 1, 15, 16, 17, 100, 1024, 5000, 40000} {
		nonce, msg := random(t, 12), random(t, n)
		for i := 0; i < 64; i++ {
			stale := make([]byte, n+16)
			for j := range stale {
				stale[j] = 0xa5
			}
			sink = stale
		}
		sink = nil
		runtime.GC()
		sealed := ours.Seal(nil, nonce, msg, nil)
		if want := theirs.Seal(nil, nonce, msg, nil); !bytes.Equal(sealed, want) {
			t.Fatalf("seal of %d bytes into a fresh buffer differs", n)
		}
		opened, err := ours.Open(nil, nonce, sealed, nil)
		if err != nil || !bytes.Equal(opened, msg) {
			t.Fatalf("open of %d bytes into a fresh buffer: %v", n, err)
		}
		sealed[0] ^= 1
		if opened, err := ours.Open(nil, nonce, sealed, nil); err == nil || opened != nil {
			t.Fatalf("a tampered box of %d bytes opened, or returned a buffer", n)
		}
	}
}

var sink []byte

// In place both ways (dst = input[:0]), for every AEAD, including the
// NaCl layout (tag ‖ ciphertext) where the output overlaps the input
// shifted by the tag; a failed open in place leaves zeroes, not plaintext.
func TestAEADInPlace(t *testing.T) {
	for _, name := range []string{"aes-128-gcm", "aes-192-gcm", "aes-256-gcm", "chacha20-poly1305", "xchacha20-poly1305", "xsalsa20-poly1305", "aegis-128l", "aegis-256"} {
		keyLen := 32
		if strings.HasPrefix(name, "aes") {
			keyLen, _ = strconv.Atoi(name[4:7])
			keyLen /= 8
		}
		if name == "aegis-128l" {
			keyLen = 16
		}
		a, err := saline.NewAEAD(name, random(t, keyLen))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ad := []byte("header")
		if name == "xsalsa20-poly1305" {
			ad = nil
		}
		for _, n := range []int{0, 1, 15, 16, 17, 1000} {
			nonce, msg := random(t, a.NonceSize()), random(t, n)
			want := a.Seal(nil, nonce, msg, ad)
			buf := make([]byte, n, n+a.Overhead())
			copy(buf, msg)
			sealed := a.Seal(buf[:0], nonce, buf, ad)
			if !bytes.Equal(sealed, want) {
				t.Fatalf("%s: in-place seal of %d bytes differs", name, n)
			}
			opened, err := a.Open(sealed[:0], nonce, sealed, ad)
			if err != nil || !bytes.Equal(opened, msg) {
				t.Fatalf("%s: in-place open of %d bytes: %v", name, n, err)
			}
			sealed = a.Seal(buf[:0], nonce, buf[:n], ad)
			sealed[len(sealed)-1] ^= 1
			if _, err := a.Open(sealed[:0], nonce, sealed, ad); err == nil {
				t.Fatalf("%s: a tampered box opened", name)
			}
			if n > 0 && !bytes.Equal(sealed[:n], make([]byte, n)) {
				t.Fatalf("%s: a failed open in place left bytes that are not zero", name)
			}
		}
	}
}

// One keyed AEAD sealing and opening from many goroutines at once (the C
// side takes a read lock on its handle table; the keyed state is shared).
func TestAEADConcurrentUse(t *testing.T) {
	a, err := saline.NewAEAD("aes-256-gcm", random(t, 32))
	if err != nil {
		t.Fatal(err)
	}
	nonce, msg := random(t, 12), random(t, 300)
	want := a.Seal(nil, nonce, msg, nil)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 200 {
				sealed := a.Seal(nil, nonce, msg, nil)
				opened, err := a.Open(nil, nonce, sealed, nil)
				if err != nil || !bytes.Equal(sealed, want) || !bytes.Equal(opened, msg) {
					errs <- errors.New("a concurrent seal or open differed")
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func TestHashVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "hash") {
		if c.Has("key") || c.Has("salt") || c.Has("personal") || c.Has("context") || c.Has("repeat") {
			continue // options the root package's New does not take
		}
		want := c.Hex(t, "out")
		h, err := saline.New(c.Algorithm)
		if err != nil {
			t.Fatalf("%s: %v", c.ID(), err)
		}
		if h.Size() != len(want) {
			continue // XOF cases of other lengths
		}
		h.Write(c.Hex(t, "msg"))
		if got := h.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("%s: %x", c.ID(), got)
		}
		ran++
	}
	if ran < 50 {
		t.Errorf("only %d hash cases ran", ran)
	}
}

// Every MAC file (vectors/mac), through the one-shot MAC and, for the HMACs,
// NewHMAC's streaming hash.Hash. A tag shorter than the MAC (tag_bits)
// compares the prefix, as in crates/saline/tests/vectors.rs.
func TestMACVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "mac") {
		key, msg, tag := c.Hex(t, "key"), c.Hex(t, "msg"), c.Hex(t, "tag")
		full, err := saline.MAC(c.Algorithm, key, msg)
		if err != nil {
			t.Fatalf("%s: %v", c.ID(), err)
		}
		matches := len(full) >= len(tag) && hmac.Equal(full[:len(tag)], tag)
		if matches != (c.Str("result") == "valid") && c.Str("result") != "acceptable" {
			t.Errorf("%s (%s): MAC %x, tag %x", c.ID(), c.Str("result"), full, tag)
		}
		if strings.HasPrefix(c.Algorithm, "hmac-") {
			h, err := saline.NewHMAC(c.Algorithm, key)
			if err != nil {
				t.Fatalf("%s: %v", c.ID(), err)
			}
			h.Write(msg[:len(msg)/2])
			h.Write(msg[len(msg)/2:])
			if got := h.Sum(nil); !bytes.Equal(got, full) {
				t.Errorf("%s: NewHMAC %x, MAC %x", c.ID(), got, full)
			}
		}
		ran++
	}
	if ran < 1000 {
		t.Errorf("only %d MAC cases ran", ran)
	}
}

func TestAEADVectors(t *testing.T) {
	ran := 0
	for _, c := range vectors.Load(t, "aead") {
		key, nonce, ad := c.Hex(t, "key"), c.Hex(t, "nonce"), c.Hex(t, "aad")
		ct, tag, msg := c.Hex(t, "ct"), c.Hex(t, "tag"), c.Hex(t, "msg")
		aead, err := saline.NewAEAD(c.Algorithm, key)
		if err != nil {
			if c.Str("result") == "valid" {
				t.Errorf("%s: %v", c.ID(), err)
			}
			continue
		}
		sealed := append(bytes.Clone(ct), tag...)
		if c.Algorithm == "xsalsa20-poly1305" {
			sealed = append(bytes.Clone(tag), ct...)
		}
		if len(nonce) != aead.NonceSize() || len(tag) != aead.Overhead() {
			// GCM with a nonce other than 96 bits or a truncated tag: valid in
			// Wycheproof, outside this API (as in crates/saline/tests/vectors.rs).
			if _, err := aead.Open(nil, nonce, sealed, ad); err == nil {
				t.Errorf("%s: opened with an unsupported nonce or tag size", c.ID())
			}
			continue
		}
		opened, err := aead.Open(nil, nonce, sealed, ad)
		switch c.Str("result") {
		case "valid":
			if err != nil || !bytes.Equal(opened, msg) || !bytes.Equal(aead.Seal(nil, nonce, msg, ad), sealed) {
				t.Errorf("%s: %v", c.ID(), err)
			}
		case "invalid":
			if err == nil {
				t.Errorf("%s: an invalid case opened", c.ID())
			}
		}
		ran++
	}
	if ran < 100 {
		t.Errorf("only %d AEAD cases ran", ran)
	}
}

// Package capi is the one cgo file of the Go module: it calls Saline's C ABI
// (crates/saline-ffi, include/saline.h) through saline_call_flat, the typed
// hash, MAC and AEAD entry points and the stream functions, and turns
// statuses into errors. Every other package is
// plain Go over this one.
//
// The library and header are looked up under lib/<GOOS>_<GOARCH>/, relative
// to this directory, so a module that requires this one builds with plain
// `go build` once `make go-lib` (or a release archive) has put them there.
package capi

/*
#cgo CFLAGS: -I${SRCDIR}/lib/include
#cgo linux,amd64 LDFLAGS: -L${SRCDIR}/lib/linux_amd64 -lsaline_ffi -lpthread -ldl -lm
#cgo linux,arm64 LDFLAGS: -L${SRCDIR}/lib/linux_arm64 -lsaline_ffi -lpthread -ldl -lm
#cgo darwin,amd64 LDFLAGS: -L${SRCDIR}/lib/darwin_amd64 -lsaline_ffi
#cgo darwin,arm64 LDFLAGS: -L${SRCDIR}/lib/darwin_arm64 -lsaline_ffi
#cgo noescape saline_call_flat
#cgo nocallback saline_call_flat
#cgo noescape saline_hash_into
#cgo nocallback saline_hash_into
#cgo noescape saline_mac_into
#cgo nocallback saline_mac_into
#cgo noescape saline_aead_new
#cgo nocallback saline_aead_new
#cgo noescape saline_aead_seal
#cgo nocallback saline_aead_seal
#cgo noescape saline_aead_open
#cgo nocallback saline_aead_open
#cgo noescape saline_stream_update
#cgo nocallback saline_stream_update
#cgo noescape saline_stream_digest_without_reset
#cgo nocallback saline_stream_digest_without_reset
#include <stdlib.h>
#include "saline.h"
*/
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"example.invalid/saline/go/internal/appendbuf"
)

// Operation codes and statuses, from the generated header.
const (
	OpHash              = C.SALINE_OP_HASH
	OpMac               = C.SALINE_OP_MAC
	OpAeadSeal          = C.SALINE_OP_AEAD_SEAL
	OpAeadOpen          = C.SALINE_OP_AEAD_OPEN
	OpBoxBefore         = C.SALINE_OP_BOX_BEFORE
	OpBoxSeal           = C.SALINE_OP_BOX_SEAL
	OpBoxOpen           = C.SALINE_OP_BOX_OPEN
	OpEd25519KeyPair    = C.SALINE_OP_ED25519_KEY_PAIR
	OpEd25519Sign       = C.SALINE_OP_ED25519_SIGN
	OpEd25519Verify     = C.SALINE_OP_ED25519_VERIFY
	OpX25519PublicKey   = C.SALINE_OP_X25519_PUBLIC_KEY
	OpX25519Shared      = C.SALINE_OP_X25519_SHARED
	OpCryptoScalarmult  = C.SALINE_OP_CRYPTO_SCALARMULT
	OpArgon2            = C.SALINE_OP_ARGON2
	OpRandomBytes       = C.SALINE_OP_RANDOM_BYTES
	StatusRange         = C.SALINE_STATUS_RANGE
	StatusVerification  = C.SALINE_STATUS_VERIFICATION
	StatusUnsupported   = C.SALINE_STATUS_UNSUPPORTED
	AlgXSalsa20Poly1305 = C.SALINE_ALG_XSALSA20_POLY1305
	AlgBlake2b          = C.SALINE_ALG_BLAKE2B
	AlgBlake3           = C.SALINE_ALG_BLAKE3
	AlgArgon2id         = C.SALINE_ALG_ARGON2ID
	AlgArgon2i          = C.SALINE_ALG_ARGON2I
	AlgSha256           = C.SALINE_ALG_SHA256
)

// Error is a failed Saline call: the status (1 range, 2 value,
// 3 verification, 4 system, 5 unsupported, 16 and up from the C boundary)
// and the message naming the parameter, what was expected and what was given.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return "saline: " + e.Message }

// Is makes errors.Is(err, errors.ErrUnsupported) true for an unknown
// algorithm name or id, or an option the algorithm does not take
// (status 5), so that callers need not compare numbers.
func (e *Error) Is(target error) bool {
	return target == errors.ErrUnsupported && e.Status == StatusUnsupported
}

// failure reads the calling thread's message. The goroutine is locked to
// its thread by the caller, so the message is the one of its own call.
func failure(status C.int) error {
	return &Error{Status: int(status), Message: C.GoString(C.saline_last_error())}
}

// absentMarker backs Absent: a zero-length slice of it is the only one
// pointing there (every other zero-length allocation shares runtime.zerobase).
var absentMarker [1]byte

// Absent marks an omitted optional byte argument (SALINE_ABSENT); an empty
// or nil slice is an empty, present argument.
var Absent = absentMarker[:0:0]

func pointer(b []byte) (*C.uint8_t, C.size_t) {
	if len(b) == 0 && unsafe.SliceData(b) == &absentMarker[0] {
		return nil, C.size_t(^uint(0))
	}
	return (*C.uint8_t)(unsafe.SliceData(b)), C.size_t(len(b))
}

// Call runs operation op on algorithm alg with up to five byte arguments
// (Absent for an omitted one) and numbers, writing into out; it returns the
// number of bytes written. out may alias an argument (the C side copies).
func Call(op, alg uint32, nums []float64, out []byte, args ...[]byte) (int, error) {
	var p [5]*C.uint8_t
	var l [5]C.size_t
	for i, a := range args {
		p[i], l[i] = pointer(a)
	}
	var numsPtr *C.double
	if len(nums) > 0 {
		numsPtr = (*C.double)(unsafe.Pointer(&nums[0]))
	}
	var written C.size_t
	// The error message is per OS thread: stay on this one until it is read.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	status := C.saline_call_flat(C.uint32_t(op), C.uint32_t(alg), C.size_t(len(args)),
		p[0], l[0], p[1], l[1], p[2], l[2], p[3], l[3], p[4], l[4],
		numsPtr, C.size_t(len(nums)), (*C.uint8_t)(unsafe.SliceData(out)), C.size_t(len(out)), &written)
	if status != 0 {
		return 0, failure(status)
	}
	return int(written), nil
}

// bytesPointer is b's first byte for a typed entry point (nil for a nil
// slice, which C accepts with length 0).
func bytesPointer(b []byte) *C.uint8_t { return (*C.uint8_t)(unsafe.SliceData(b)) }

// HashInto writes the digest of data under hash or XOF alg to out (its
// length is the digest length) in one crossing (saline_hash_into).
func HashInto(alg uint32, data, out []byte) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	status := C.saline_hash_into(C.uint32_t(alg), bytesPointer(data), C.size_t(len(data)), bytesPointer(out), C.size_t(len(out)))
	if status != 0 {
		return failure(status)
	}
	return nil
}

// MACInto writes the tag of data under MAC alg keyed with key to out (its
// length is the tag length) in one crossing (saline_mac_into).
func MACInto(alg uint32, key, data, out []byte) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	status := C.saline_mac_into(C.uint32_t(alg), bytesPointer(key), C.size_t(len(key)), bytesPointer(data), C.size_t(len(data)),
		bytesPointer(out), C.size_t(len(out)))
	if status != 0 {
		return failure(status)
	}
	return nil
}

// AEAD is a keyed AEAD on the C side (saline_aead_new): the key schedule
// is computed once. It is freed when the AEAD is garbage collected.
type AEAD struct {
	handle C.saline_aead
}

// NewAEAD keys AEAD alg with key (copied on the C side).
func NewAEAD(alg uint32, key []byte) (*AEAD, error) {
	var handle C.saline_aead
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if status := C.saline_aead_new(C.uint32_t(alg), bytesPointer(key), C.size_t(len(key)), &handle); status != 0 {
		return nil, failure(status)
	}
	a := &AEAD{handle: handle}
	runtime.AddCleanup(a, func(h C.saline_aead) { C.saline_aead_free(h) }, handle)
	return a, nil
}

// Seal writes the sealed message of plaintext (len(plaintext)+16 bytes) to
// out, which may overlap plaintext in any way.
func (a *AEAD) Seal(out, nonce, additionalData, plaintext []byte) error {
	return a.run(false, out, nonce, additionalData, plaintext)
}

// Open checks and decrypts sealed into out (len(sealed)-16 bytes), which
// may overlap sealed in any way; on failure out is zeroed.
func (a *AEAD) Open(out, nonce, additionalData, sealed []byte) error {
	return a.run(true, out, nonce, additionalData, sealed)
}

func (a *AEAD) run(open bool, out, nonce, additionalData, input []byte) error {
	n, nLen := bytesPointer(nonce), C.size_t(len(nonce))
	ad, adLen := bytesPointer(additionalData), C.size_t(len(additionalData))
	in, inLen := bytesPointer(input), C.size_t(len(input))
	o, oLen := bytesPointer(out), C.size_t(len(out))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var status C.int
	if open {
		status = C.saline_aead_open(a.handle, n, nLen, ad, adLen, in, inLen, o, oLen, nil)
	} else {
		status = C.saline_aead_seal(a.handle, n, nLen, ad, adLen, in, inLen, o, oLen, nil)
	}
	runtime.KeepAlive(a)
	if status != 0 {
		return failure(status)
	}
	return nil
}

// Info is a catalog entry's sizes.
type Info struct {
	ID                  uint32
	Name, Kind          string
	OutputLen, BlockLen int
	MaxOutputLen        uint64
	TagLen              int
	KeyMin, KeyMax      int
	NonceMin, NonceMax  int
	HasKey              bool
}

// infoCache maps the names asked for to their entries. It is read on every
// one-shot call (Sum, MAC), so it is a plain map behind an atomic pointer,
// replaced whole when a name is added (names are few). Against the
// sync.Map it replaces, that saves about 70 instructions per call, the
// map's interface hashing and comparison (callgrind over a 32-byte
// saline.Sum: 5,435 -> 5,362). A name that fails is not cached.
var (
	infoCache   atomic.Pointer[map[string]*Info]
	infoCacheMu sync.Mutex
)

func cacheInfo(name string, info *Info) {
	infoCacheMu.Lock()
	defer infoCacheMu.Unlock()
	next := map[string]*Info{name: info}
	if current := infoCache.Load(); current != nil {
		for k, v := range *current {
			next[k] = v
		}
	}
	infoCache.Store(&next)
}

// Lookup finds an algorithm by name (case and separators ignored).
func Lookup(name string) (*Info, error) {
	if cache := infoCache.Load(); cache != nil {
		if info, ok := (*cache)[name]; ok {
			return info, nil
		}
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var id C.uint32_t
	if status := C.saline_algorithm_id(cname, &id); status != 0 {
		return nil, failure(status)
	}
	var ci C.saline_algorithm_info_t
	if status := C.saline_algorithm_info(id, &ci); status != 0 {
		return nil, failure(status)
	}
	info := &Info{
		ID: uint32(ci.id), Name: C.GoString(ci.name), Kind: C.GoString(ci.kind),
		OutputLen: int(ci.output_len), BlockLen: int(ci.block_len), MaxOutputLen: uint64(ci.max_output_len),
		TagLen: int(ci.tag_len), KeyMin: int(ci.key_min), KeyMax: int(ci.key_max),
		NonceMin: int(ci.nonce_min), NonceMax: int(ci.nonce_max), HasKey: ci.has_key != 0,
	}
	cacheInfo(name, info)
	return info, nil
}

// Stream is an open streaming hash or MAC; the C stream is freed when the
// Stream is garbage collected (or by Close).
//
// Writes shorter than the room left in pending are gathered in Go and cross
// to C together (one crossing costs about as much as hashing 64 bytes), so a
// stream fed a few bytes at a time costs one crossing per pendingSize bytes;
// the digest is the same, since a hash absorbs the concatenation.
type Stream struct {
	handle  C.saline_stream
	size    int
	pending []byte
}

// pendingSize is the most a Stream gathers before crossing: four SHA-256
// blocks, two SHA-512 blocks.
const pendingSize = 256

// NewStream opens a stream for alg with up to four byte options (a MAC's
// key; a hash's key, salt, personal, context) and an optional output length
// (0: the algorithm's default).
func NewStream(alg uint32, outLen int, args ...[]byte) (*Stream, error) {
	var p [4]*C.uint8_t
	var l [4]C.size_t
	for i, a := range args {
		p[i], l[i] = pointer(a)
	}
	nums := []C.double{C.double(outLen)}
	n := C.size_t(1)
	if outLen == 0 {
		n = 0
	}
	var handle C.saline_stream
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	status := C.saline_stream_new_flat(C.uint32_t(alg), C.size_t(len(args)), p[0], l[0], p[1], l[1], p[2], l[2], p[3], l[3],
		&nums[0], n, &handle)
	if status != 0 {
		return nil, failure(status)
	}
	var size C.size_t
	C.saline_stream_output_len(handle, &size)
	return track(&Stream{handle: handle, size: int(size)}), nil
}

func track(s *Stream) *Stream {
	runtime.AddCleanup(s, func(h C.saline_stream) { C.saline_stream_free(h) }, s.handle)
	return s
}

// Size is the digest or tag length.
func (s *Stream) Size() int { return s.size }

// Write absorbs p; it never fails.
func (s *Stream) Write(p []byte) (int, error) {
	if len(p) <= pendingSize-len(s.pending) {
		if s.pending == nil {
			s.pending = make([]byte, 0, pendingSize)
		}
		s.pending = append(s.pending, p...)
		return len(p), nil
	}
	s.flush()
	if len(p) < pendingSize {
		s.pending = append(s.pending, p...)
	} else {
		s.update(p)
	}
	return len(p), nil
}

func (s *Stream) update(p []byte) {
	C.saline_stream_update(s.handle, bytesPointer(p), C.size_t(len(p)))
	runtime.KeepAlive(s)
}

// flush hands the gathered bytes to C.
func (s *Stream) flush() {
	if len(s.pending) > 0 {
		s.update(s.pending)
		s.pending = s.pending[:0]
	}
}

// Sum appends the digest of the data so far to b, without changing the state.
func (s *Stream) Sum(b []byte) []byte {
	s.flush()
	ret, out := appendbuf.SliceForAppend(b, s.size)
	C.saline_stream_digest_without_reset(s.handle, bytesPointer(out), C.size_t(len(out)), nil)
	runtime.KeepAlive(s)
	return ret
}

// Reset restarts the stream with its key and options.
func (s *Stream) Reset() {
	clear(s.pending)
	s.pending = s.pending[:0]
	C.saline_stream_reset(s.handle)
	runtime.KeepAlive(s)
}

// Clone is an independent copy of the stream's state.
func (s *Stream) Clone() *Stream {
	s.flush()
	var twin C.saline_stream
	C.saline_stream_clone(s.handle, &twin)
	runtime.KeepAlive(s)
	return track(&Stream{handle: twin, size: s.size})
}

// Package appendbuf holds the helpers the AEAD and NaCl packages share for
// Go's append-style Seal and Open signatures.
package appendbuf

// SliceForAppend extends in by n bytes, reusing its capacity when it can
// (the idiom of crypto/cipher and x/crypto): head is the whole result, tail
// the n new bytes to write. A new buffer is zeroed, as make's always is.
func SliceForAppend(in []byte, n int) (head, tail []byte) {
	return extend(in, n, false)
}

// SliceForOverwrite is SliceForAppend for a caller that writes every byte
// of tail before head is returned, or drops head (a panic, a nil result):
// a new buffer is not zeroed first (makeNoZero). That is what lets a
// one-shot Seal(nil, ...) through cgo keep up with the standard library's:
// the cgo call's first locked instruction (casgstatus, entering the
// syscall state) waits for every store before it to drain, and make's
// zeroing of a fresh 1 KiB buffer is 16 cache lines of them. Measured on
// AMD Zen 5, AES-256-GCM Seal(nil) of 1 KiB: 440 → 374 ns, crypto/cipher's
// 380 ns (docs/DESIGN.md, "Go over the C ABI: per-call cost").
//
// The bytes of a new buffer are whatever the heap held before, so a caller
// must never return head after a failed call that may not have written all
// of tail: every caller here panics or returns nil then.
func SliceForOverwrite(in []byte, n int) (head, tail []byte) {
	return extend(in, n, true)
}

// extend is both: a new buffer, when in's capacity is short, is zeroed
// unless overwrite says every byte of tail will be written.
func extend(in []byte, n int, overwrite bool) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		if overwrite {
			head = makeNoZero(total)
		} else {
			head = make([]byte, total)
		}
		copy(head, in)
	}
	tail = head[len(in):]
	return
}

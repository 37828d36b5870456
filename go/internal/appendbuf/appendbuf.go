// Package appendbuf holds the one helper the AEAD and NaCl packages share for
// Go's append-style Seal and Open signatures.
package appendbuf

// SliceForAppend extends in by n bytes, reusing its capacity when it can
// (the idiom of crypto/cipher and x/crypto): head is the whole result, tail
// the n new bytes to write.
func SliceForAppend(in []byte, n int) (head, tail []byte) {
	if total := len(in) + n; cap(in) >= total {
		head = in[:total]
	} else {
		head = make([]byte, total)
		copy(head, in)
	}
	tail = head[len(in):]
	return
}

//go:build saline_zeroed_alloc

package appendbuf

// makeNoZero is make here: the fallback build without the runtime link
// (nozero.go), slower in one-shot cgo calls, the same bytes.
func makeNoZero(n int) []byte { return make([]byte, n) }

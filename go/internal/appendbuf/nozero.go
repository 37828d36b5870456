//go:build !saline_zeroed_alloc

package appendbuf

import "unsafe"

// mallocgc is the runtime's allocator. Linking to it is how packages outside
// the standard library get memory that is not zeroed (internal/bytealg's
// MakeNoZero, which bytes and strings use, is not reachable from here); the
// runtime keeps it reachable with the promise "Do not remove or change the
// type signature" (go.dev/issue/67401). If a Go release breaks that, build
// with -tags saline_zeroed_alloc (zeroed.go), and report it.
//
//go:linkname mallocgc runtime.mallocgc
func mallocgc(size uintptr, typ unsafe.Pointer, needzero bool) unsafe.Pointer

// makeNoZero returns n bytes of heap memory that are not cleared first. A
// nil type means no pointers: the collector never scans these bytes.
func makeNoZero(n int) []byte {
	if n == 0 {
		return []byte{}
	}
	return unsafe.Slice((*byte)(mallocgc(uintptr(n), nil, false)), n)
}

// Package argon2 is golang.org/x/crypto/argon2 over Saline: Argon2id and
// Argon2i (RFC 9106, version 0x13) with the same signatures and the same
// bytes. Switching is one import line.
package argon2

import "example.invalid/saline/go/internal/capi"

// Version is the Argon2 version implemented by this package.
const Version = 0x13

func derive(alg uint32, password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	if time < 1 {
		panic("argon2: number of rounds too small")
	}
	if threads < 1 {
		panic("argon2: parallelism degree too low")
	}
	key := make([]byte, keyLen)
	nums := []float64{float64(time), float64(memory), float64(threads), float64(keyLen)}
	if _, err := capi.Call(capi.OpArgon2, alg, nums, key, password, salt); err != nil {
		// x/crypto raises memory below 8 KiB per lane instead (RFC 9106 §3.1
		// requires m >= 8p); Saline refuses it, and so does this package.
		panic("argon2: " + err.Error())
	}
	return key
}

// IDKey derives a key from the password, salt, and cost parameters using
// Argon2id (memory in KiB), returning a byte slice of length keyLen.
func IDKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return derive(capi.AlgArgon2id, password, salt, time, memory, threads, keyLen)
}

// Key derives a key using Argon2i; see IDKey.
func Key(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return derive(capi.AlgArgon2i, password, salt, time, memory, threads, keyLen)
}

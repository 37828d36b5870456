// Command gocheck recomputes the generated MAC vectors whose hash has no
// second implementation in Python (vectors/tools/generate_macs.py) with Go's
// crypto/hmac over golang.org/x/crypto, and the others x/crypto has too.
//
//	cd vectors/tools/gocheck && go run .
package main

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/blake2s"
	"golang.org/x/crypto/md4"       //nolint:staticcheck // the catalog's legacy hash
	"golang.org/x/crypto/ripemd160" //nolint:staticcheck // the catalog's legacy hash
	"golang.org/x/crypto/sha3"
)

func must[T any](h T, err error) T {
	if err != nil {
		panic(err)
	}
	return h
}

var hashes = map[string]func() hash.Hash{
	"hmac-blake2b":         func() hash.Hash { return must(blake2b.New512(nil)) },
	"hmac-blake2s":         func() hash.Hash { return must(blake2s.New256(nil)) },
	"hmac-md4":             md4.New,
	"hmac-ripemd160":       ripemd160.New,
	"hmac-keccak256":       sha3.NewLegacyKeccak256,
	"hmac-sha512-trunc256": sha512.New,
}

type file struct {
	Cases []struct {
		ID, Result, Key, Msg, Tag string
	}
}

func main() {
	failed := false
	names := make([]string, 0, len(hashes))
	for name := range hashes {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		newHash := hashes[name]
		path := filepath.Join("..", "..", "mac", name+"-generated.json")
		var f file
		if err := json.Unmarshal(must(os.ReadFile(path)), &f); err != nil {
			panic(err)
		}
		for _, c := range f.Cases {
			mac := hmac.New(newHash, must(hex.DecodeString(c.Key)))
			mac.Write(must(hex.DecodeString(c.Msg)))
			tag := must(hex.DecodeString(c.Tag))
			if hmac.Equal(mac.Sum(nil)[:len(tag)], tag) != (c.Result == "valid") {
				fmt.Printf("%s %s: disagrees\n", name, c.ID)
				failed = true
			}
		}
		fmt.Printf("%s: %d cases agree with Go's crypto/hmac\n", name, len(f.Cases))
	}
	if failed {
		os.Exit(1)
	}
}

package main

import (
	"encoding/hex"
	"testing"
)

// The Go fixtures must be byte-identical to the JavaScript ones
// (bench/node/lib/harness.mjs) so every runtime measures the same inputs.
// Expected values printed by fixtureFor({ id: 'digest/sha256/32B', size: 32 }).
func TestFixtureMatchesJavaScript(t *testing.T) {
	fx := fixtureFor(&Case{ID: "digest/sha256/32B", Size: 32})
	for name, got := range map[string][]byte{"msg": fx.Msg, "scalarB": fx.ScalarB} {
		want := map[string]string{
			"msg":     "4e73530d62bffa2bea6426f1ed583731a9ce36dd92ab112af93c588acb84a7af",
			"scalarB": "7330108fa924b2feb7cd471dc8a192faf898411e23a0ad0e0981d99060145800",
		}[name]
		if hex.EncodeToString(got) != want {
			t.Errorf("%s = %x, want %s", name, got, want)
		}
	}
}

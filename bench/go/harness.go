package main

// The Go side of the harness: the same fixtures (byte for byte, same PRNG as
// bench/node/lib/harness.mjs), the same reference check, the same timing
// (warm up, batches until MinTime, Rounds rounds interleaved with rotation).

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"runtime"
	"sort"
	"time"
)

type Fixture struct {
	Size                               int
	Msg, Key, IV, Nonce12, Nonce24     []byte
	Seed, SeedB, Salt, Scalar, ScalarB []byte
	Password                           []byte
	Params                             map[string]any
}

// fixtureFor mirrors fixtureFor() in harness.mjs: xorshift32 seeded by
// FNV-1a of the case id, fields drawn in the same order.
func fixtureFor(c *Case) *Fixture {
	s := uint32(0x811c9dc5)
	for _, ch := range c.ID {
		s = (s ^ uint32(ch)) * 0x01000193
	}
	if s == 0 {
		s = 1
	}
	draw := func(n int) []byte {
		out := make([]byte, n)
		for i := range out {
			s ^= s << 13
			s ^= s >> 17
			s ^= s << 5
			out[i] = byte(s)
		}
		return out
	}
	scalar := func() []byte { b := draw(32); b[31] &= 0x0f; return b }
	fx := &Fixture{Size: c.Size}
	fx.Msg = draw(c.Size)
	fx.Key, fx.IV, fx.Nonce12, fx.Nonce24 = draw(32), draw(16), draw(12), draw(24)
	fx.Seed, fx.SeedB, fx.Salt = draw(32), draw(32), draw(16)
	fx.Scalar, fx.ScalarB = scalar(), scalar()
	fx.Password = []byte("correct horse battery staple")
	fx.Params = c.Params
	return fx
}

// A Runner is one prepared operation. Unchecked marks random output (key
// generation, bcrypt's own salt), which cannot be compared with the reference.
type Runner struct {
	Run       func() []byte
	Unchecked bool
}

type Factory func(fx *Fixture, c *Case) (*Runner, error)

type Library struct {
	ID, Name, Version string
	Ops               map[string]Factory
}

type Round struct {
	Iterations int64   `json:"iterations"`
	Seconds    float64 `json:"seconds"`
}

type Rate struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

type Result struct {
	Library    string  `json:"library"`
	Status     string  `json:"status"`
	Reason     string  `json:"reason,omitempty"`
	Checked    *bool   `json:"checked,omitempty"`
	Rounds     []Round `json:"rounds,omitempty"`
	Rate       *Rate   `json:"rate,omitempty"`
	Iterations int64   `json:"iterations,omitempty"`
	Seconds    float64 `json:"seconds,omitempty"`
}

type CaseResult struct {
	ID        string         `json:"id"`
	Group     string         `json:"group"`
	Name      string         `json:"name"`
	Algorithm string         `json:"algorithm"`
	Operation string         `json:"operation"`
	Unit      string         `json:"unit"`
	Size      int            `json:"size"`
	Latency   bool           `json:"latency,omitempty"`
	Params    map[string]any `json:"params,omitempty"`
	Reference *string        `json:"reference"`
	Results   []*Result      `json:"results"`
}

var sink []byte

func timeRound(run func() []byte, t Timing) Round {
	// Every round starts from a collected heap, as testing.B does before
	// each run: otherwise a round inherits the previous library's garbage
	// and GC cycle, and allocating cases swing by ±15% from run to run.
	runtime.GC()
	if t.Iterations > 0 {
		start := time.Now()
		for i := 0; i < t.Iterations; i++ {
			sink = run()
		}
		return Round{int64(t.Iterations), time.Since(start).Seconds()}
	}
	warmStart := time.Now()
	warmEnd := warmStart.Add(time.Duration(t.Warmup * float64(time.Second)))
	warm := 0
	for {
		sink = run()
		warm++
		if !time.Now().Before(warmEnd) {
			break
		}
	}
	// The measured warm-up time, not the nominal one: with Warmup 0 (the full
	// profile's KDFs) the nominal value would size batches to millions of calls.
	perOp := time.Since(warmStart).Seconds() / float64(warm)
	batch := int64(t.MinTime / 20 / max(perOp, 1e-9))
	batch = max(batch, 1)
	var iterations int64
	start := time.Now()
	for time.Since(start).Seconds() < t.MinTime {
		for i := int64(0); i < batch; i++ {
			sink = run()
		}
		iterations += batch
	}
	return Round{iterations, time.Since(start).Seconds()}
}

// opName is the name a case's operations are registered under: its variant
// ("aes-128-gcm", "crypto_box") where it has one, else its catalog name.
func opName(c *Case) string {
	if c.Variant != "" {
		return c.Variant
	}
	return c.Algorithm
}

func opKey(c *Case) string { return c.Operation + ":" + opName(c) }

func runCase(c *Case, libs []*Library, settings Settings, progress func(lib string)) *CaseResult {
	timing := settings.timingFor(c)
	fx := fixtureFor(c)
	out := &CaseResult{ID: c.ID, Group: c.Group, Name: c.Name, Algorithm: c.Algorithm, Operation: c.Operation,
		Unit: c.Unit, Size: c.Size, Latency: c.Latency, Params: c.Params}
	type live struct {
		res   *Result
		run   func() []byte
		first float64 // seconds taken by the reference-check call
	}
	var lives []live
	var refID string
	var refOut []byte
	for _, lib := range libs {
		res := &Result{Library: lib.ID}
		out.Results = append(out.Results, res)
		factory := lib.Ops[opKey(c)]
		if factory == nil {
			res.Status = "n/a"
			continue
		}
		runner, err := factory(fx, c)
		var first []byte
		start := time.Now()
		if err == nil {
			first, err = safeRun(runner.Run)
		}
		firstSeconds := time.Since(start).Seconds()
		if err != nil {
			res.Status, res.Reason = "error", "failed: "+err.Error()
			continue
		}
		switch {
		case runner.Unchecked:
			f := false
			res.Checked = &f
		case refID == "":
			refID, refOut = lib.ID, first
		case !bytes.Equal(first, refOut):
			res.Status = "excluded"
			res.Reason = fmt.Sprintf("output differs from reference %s (got %s…, want %s…)", refID, head(first), head(refOut))
			continue
		}
		res.Status = "ok"
		lives = append(lives, live{res, runner.Run, firstSeconds})
	}
	if refID != "" {
		out.Reference = &refID
	}
	// A single timed call in a single round (the quick profile's KDFs): the
	// check's call is that sample, as in harness.mjs.
	rounds := timing.Rounds
	if timing.Rounds == 1 && timing.Iterations == 1 {
		for _, l := range lives {
			progress(l.res.Library)
			l.res.Rounds = append(l.res.Rounds, Round{1, l.first})
		}
		rounds = 0
	}
	for round := 0; round < rounds; round++ {
		for k := range lives {
			l := lives[(k+round)%len(lives)]
			progress(l.res.Library)
			l.res.Rounds = append(l.res.Rounds, timeRound(l.run, timing))
		}
	}
	for _, l := range lives {
		var rates []float64
		for _, r := range l.res.Rounds {
			rates = append(rates, float64(r.Iterations)/r.Seconds)
			l.res.Iterations += r.Iterations
			l.res.Seconds += r.Seconds
		}
		sort.Float64s(rates)
		m := rates[len(rates)/2]
		if len(rates)%2 == 0 {
			m = (rates[len(rates)/2-1] + rates[len(rates)/2]) / 2
		}
		l.res.Rate = &Rate{Median: m, Min: rates[0], Max: rates[len(rates)-1]}
	}
	return out
}

func safeRun(run func() []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return run(), nil
}

// param reads a numeric workload parameter (KDF costs, chunk size).
func (fx *Fixture) param(name string) int {
	v, _ := fx.Params[name].(float64)
	return int(v)
}

func head(b []byte) string { return hex.EncodeToString(b[:min(8, len(b))]) }

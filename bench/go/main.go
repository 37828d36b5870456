// The Go runner: golang.org/x/crypto and the standard library's crypto under
// the same harness as the Node runner, reading ../workloads.json and writing
// ../results/<YYYY-MM-DD>-<host>-go.json in the shared schema.
//
//	go run . [--profile quick|full] [--only REGEX]
//
// Memory cases are Node-specific (heap of a JS engine) and are not run here.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
)

type Case struct {
	ID        string         `json:"id"`
	Group     string         `json:"group"`
	Name      string         `json:"name"`
	Algorithm string         `json:"algorithm"` // the catalog name
	Variant   string         `json:"variant"`   // the parametrized form or TweetNaCl function, if any
	Operation string         `json:"operation"`
	Size      int            `json:"size"`
	Unit      string         `json:"unit"`
	Profiles  []string       `json:"profiles"`
	Timing    string         `json:"timing"`
	Latency   bool           `json:"latency"`
	Params    map[string]any `json:"params"`
}

type Timing struct {
	Rounds     int     `json:"rounds"`
	MinTime    float64 `json:"minTime"`
	Warmup     float64 `json:"warmup"`
	Iterations int     `json:"iterations,omitempty"`
}

type Settings struct {
	Timing
	Slow map[string]float64 `json:"slow"`
}

// timingFor applies the profile's "slow" overrides to slow (KDF) cases.
func (s Settings) timingFor(c *Case) Timing {
	t := s.Timing
	if c.Timing != "slow" {
		return t
	}
	if v, ok := s.Slow["rounds"]; ok {
		t.Rounds = int(v)
	}
	if v, ok := s.Slow["minTime"]; ok {
		t.MinTime = v
	}
	if v, ok := s.Slow["warmup"]; ok {
		t.Warmup = v
	}
	if v, ok := s.Slow["iterations"]; ok {
		t.Iterations = int(v)
	}
	return t
}

// extraLibraries are registered by files built with tags (libraries_saline.go);
// they come first, so Saline is the reference when it is built.
var extraLibraries []*Library

type Workloads struct {
	Profiles map[string]Settings `json:"profiles"`
	Cases    []Case              `json:"cases"`
}

func main() {
	profile := flag.String("profile", "quick", "quick or full")
	only := flag.String("only", "", "regex on case ids")
	workloadsPath := flag.String("workloads", "../workloads.json", "workloads file")
	outDir := flag.String("out-dir", "../results", "results directory")
	flag.Parse()

	raw, err := os.ReadFile(*workloadsPath)
	check(err)
	var w Workloads
	check(json.Unmarshal(raw, &w))
	settings, ok := w.Profiles[*profile]
	if !ok {
		check(fmt.Errorf("unknown profile %q", *profile))
	}
	re := regexp.MustCompile(*only)
	libs := append(extraLibraries, stdLibrary(), xcryptoLibrary())
	var cases []*Case
	for i := range w.Cases {
		c := &w.Cases[i]
		if slices.Contains(c.Profiles, *profile) && re.MatchString(c.ID) && c.Unit != "memory" {
			if c.Operation == "file" {
				c.Operation = "stream" // the file case times the library's streaming API
			}
			cases = append(cases, c)
		}
	}
	started := time.Now()
	total := 0
	for _, c := range cases {
		for _, l := range libs {
			if l.Ops[opKey(c)] != nil {
				total += settings.timingFor(c).Rounds
			}
		}
	}
	progress := newProgress(total)
	var results []*CaseResult
	for _, c := range cases {
		res := runCase(c, libs, settings, func(lib string) { progress.step(c.ID, lib) })
		if c.Operation == "stream" {
			res.Operation = "file"
		}
		results = append(results, res)
	}
	progress.done()
	host, _ := os.Hostname()
	var libraries []map[string]any
	for _, l := range libs {
		entry := map[string]any{"id": l.ID, "name": l.Name, "version": l.Version, "available": true}
		if l.ID == "saline" {
			entry["subject"] = true // the report compares Saline's row against the rest
		}
		libraries = append(libraries, entry)
	}
	doc := map[string]any{
		"schema":     "saline-bench/1",
		"runtime":    map[string]string{"name": "go", "version": runtime.Version(), "detail": runtime.GOOS + "/" + runtime.GOARCH},
		"date":       time.Now().UTC().Format(time.RFC3339),
		"host":       host,
		"profile":    *profile,
		"settings":   settings,
		"machine":    machine(),
		"libraries":  libraries,
		"cases":      results,
		"duration_s": time.Since(started).Seconds(),
	}
	out, err := json.MarshalIndent(doc, "", " ")
	check(err)
	check(os.MkdirAll(*outDir, 0o755))
	file := filepath.Join(*outDir, time.Now().UTC().Format("2006-01-02")+"-"+host+"-go.json")
	check(os.WriteFile(file, append(out, '\n'), 0o644))
	fmt.Printf("go: %d cases in %.0f s -> %s\n", len(results), time.Since(started).Seconds(), file)
}

// inputFile writes the streaming-case input once (same temp dir as the Node
// runner) and reuses it.
func inputFile(size int) string {
	dir := filepath.Join(os.TempDir(), "saline-bench-files")
	check(os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "go-input-"+strconv.Itoa(size)+".bin")
	if st, err := os.Stat(path); err == nil && st.Size() == int64(size) {
		return path
	}
	block := fixtureFor(&Case{ID: "file-block", Size: 1 << 20}).Msg
	f, err := os.Create(path)
	check(err)
	w := bufio.NewWriter(f)
	for done := 0; done < size; done += len(block) {
		_, err = w.Write(block[:min(len(block), size-done)])
		check(err)
	}
	check(w.Flush())
	check(f.Close())
	return path
}

func machine() map[string]any {
	info, _ := os.ReadFile("/proc/cpuinfo")
	field := func(name string) string {
		for _, line := range strings.Split(string(info), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == name {
				return strings.TrimSpace(v)
			}
		}
		return ""
	}
	wanted := regexp.MustCompile(`^(aes|vaes|pclmulqdq|vpclmulqdq|sha_ni|avx|avx2|avx512f|avx512vl|bmi2|adx|ssse3|sse4_1|sse4_2|neon|asimd|pmull|sha2)$`)
	flags := []string{}
	for _, f := range strings.Fields(field("flags")) {
		if wanted.MatchString(f) {
			flags = append(flags, f)
		}
	}
	cores := map[string]bool{}
	for _, line := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(line, "core id") {
			cores[line] = true
		}
	}
	model := field("model name")
	if model == "" {
		model = runtime.GOARCH
	}
	return map[string]any{"cpu_model": model, "cpu_flags": flags, "cores": max(len(cores), 1), "logical_cpus": runtime.NumCPU(), "os": runtime.GOOS + " " + runtime.GOARCH}
}

// progress prints "[done/total] case · library · ~time left" on stderr: one
// line rewritten in place on a terminal, plain lines every 2 s otherwise.
type progress struct {
	total, n    int
	tty         bool
	start, last time.Time
}

func newProgress(total int) *progress {
	st, _ := os.Stderr.Stat()
	return &progress{total: total, tty: st != nil && st.Mode()&os.ModeCharDevice != 0, start: time.Now()}
}

func (p *progress) step(caseID, lib string) {
	p.n++
	left := time.Since(p.start) / time.Duration(p.n) * time.Duration(max(p.total-p.n, 0))
	line := fmt.Sprintf("[go %d/%d] %s · %s · ~%s left", p.n, p.total, caseID, lib, left.Round(time.Second))
	switch {
	case p.tty:
		fmt.Fprint(os.Stderr, "\r\x1b[2K"+line)
	case time.Since(p.last) > 2*time.Second:
		fmt.Fprintln(os.Stderr, line)
		p.last = time.Now()
	}
}

func (p *progress) done() {
	if p.tty {
		fmt.Fprint(os.Stderr, "\r\x1b[2K")
	}
}

func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				return path + "@" + d.Version
			}
		}
	}
	return "unknown"
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/go:", err)
		os.Exit(1)
	}
}

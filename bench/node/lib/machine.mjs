// What every results file records about where it ran (Node side; the browser
// runner calls this too, from its Node parent process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

export function machine() {
  let cpuinfo = '';
  try { cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8'); } catch { /* not Linux: fall back to os.cpus() */ }
  const field = (name) => cpuinfo.match(new RegExp(`^${name}\\s*:\\s*(.*)$`, 'm'))?.[1];
  const flags = (field('flags') ?? '').split(/\s+/).filter(Boolean);
  const cores = new Set(cpuinfo.match(/^core id\s*:.*$/gm) ?? []).size;
  return {
    cpu_model: field('model name') ?? os.cpus()[0]?.model ?? 'unknown',
    // The flags that matter to crypto speed; the full list is long and noisy.
    cpu_flags: flags.filter((f) => /^(aes|vaes|pclmulqdq|vpclmulqdq|sha_ni|avx|avx2|avx512f|avx512vl|bmi2|adx|ssse3|sse4_1|sse4_2|neon|asimd|pmull|sha2)$/.test(f)),
    cores: cores || os.cpus().length,
    logical_cpus: os.cpus().length,
    memory_bytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

// Versions from each package's own package.json, as installed.
export function packageVersions(names, fromDir) {
  const require = createRequire(path.join(fromDir, 'package.json'));
  const out = {};
  for (const name of names) {
    try {
      const dir = path.dirname(require.resolve(`${name}/package.json`));
      out[name] = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    } catch {
      // Packages whose "exports" hide package.json: walk up from the entry.
      let dir = path.dirname(require.resolve(name));
      while (!fs.existsSync(path.join(dir, 'package.json')) || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) dir = path.dirname(dir);
      out[name] = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
    }
  }
  return out;
}

export function resultsPath(dir, runtime, date = new Date()) {
  const day = date.toISOString().slice(0, 10);
  return path.join(dir, `${day}-${os.hostname()}-${runtime}.json`);
}

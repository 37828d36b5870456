// SVG charts for one runtime's results, rendered headlessly with Vega-Lite
// (no browser, no canvas: Vega's SVG renderer estimates text widths).
import fs from 'node:fs';
import path from 'node:path';
import * as vega from 'vega';
import * as vegaLite from 'vega-lite';

// Which cases each chart shows; "main" follows the issue's headline rows.
const CHARTS = [
  { key: 'throughput-main', title: 'throughput, 1 MiB workloads', pick: (c) => c.unit === 'bytes' && c.size >= 1 << 20 && ['Digest', 'Signatures', 'Authenticated encryption'].includes(c.group), metric: 'MB/s' },
  { key: 'throughput-1KiB', title: 'throughput, 1 KiB workloads', pick: (c) => c.unit === 'bytes' && c.size === 1024 && c.group !== 'Memory', metric: 'MB/s' },
  { key: 'latency-32B', title: 'latency at 32 B', pick: (c) => c.latency, metric: 'ns/op' },
];

// Bars on a log axis need an explicit finite baseline (log 0 is -infinity):
// the power of ten at or below the smallest value.
function spec(title, rows, metric, libraries) {
  const base = 10 ** Math.floor(Math.log10(Math.min(...rows.map((r) => r.value))));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title, data: { values: rows }, width: 560,
    height: { step: Math.max(4, Math.min(12, 48 / libraries.length)) },
    mark: { type: 'bar', tooltip: true },
    encoding: {
      y: { field: 'case', type: 'nominal', sort: null, title: null },
      yOffset: { field: 'library', sort: libraries },
      x: { field: 'value', type: 'quantitative', scale: { type: 'log', domainMin: base }, title: `${metric} (log scale, ${metric === 'ns/op' ? 'lower' : 'higher'} is better)` },
      x2: { datum: base },
      color: { field: 'library', type: 'nominal', sort: libraries, legend: { orient: 'bottom', columns: 4, labelLimit: 300 } },
    },
    config: { font: 'sans-serif', view: { stroke: null } },
  };
}

export async function writeCharts(doc, dir) {
  fs.mkdirSync(dir, { recursive: true });
  // Charts of this runtime from an earlier, wider run would go stale: remove them.
  for (const name of fs.readdirSync(dir)) if (name.startsWith(`${doc.runtime.name}-`) && name.endsWith('.svg')) fs.rmSync(path.join(dir, name));
  const written = [];
  for (const chart of CHARTS) {
    const rows = [];
    for (const c of doc.cases.filter(chart.pick)) {
      for (const r of c.results.filter((x) => x.status === 'ok')) {
        const value = chart.metric === 'MB/s' ? (r.rate.median * c.size) / 1e6 : 1e9 / r.rate.median;
        rows.push({ case: `${c.name} ${c.size >= 1 << 20 ? `${c.size >> 20} MiB` : c.size >= 1024 ? `${c.size >> 10} KiB` : `${c.size} B`}`, library: r.library, value });
      }
    }
    if (!rows.length) continue;
    const libraries = doc.libraries.map((l) => l.id).filter((id) => rows.some((r) => r.library === id));
    const title = `${doc.runtime.name}: ${chart.title}`;
    const view = new vega.View(vega.parse(vegaLite.compile(spec(title, rows, chart.metric, libraries)).spec), { renderer: 'none' });
    const file = path.join(dir, `${doc.runtime.name}-${chart.key}.svg`);
    fs.writeFileSync(file, await view.toSVG());
    view.finalize();
    written.push({ title: chart.title, file });
  }
  return written;
}

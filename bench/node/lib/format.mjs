// Number formatting for the report: readable, stable, no locale surprises.
const group3 = (n) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function si(n) {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  if (n >= 100) return `${group3(n)} `;
  return `${n.toPrecision(3)} `;
}
export const opsPerSec = (n) => `${si(n)}ops/s`;
export const mbPerSec = (n) => `${n >= 100 ? group3(n) : n.toPrecision(3)} MB/s`;
export const count = group3;
export const seconds = (s) => (s >= 10 ? `${s.toFixed(1)} s` : `${s.toFixed(2)} s`);
export function bytes(n) {
  const sign = n < 0 ? '−' : '';
  const a = Math.abs(n);
  if (a >= 1 << 20) return `${sign}${(a / (1 << 20)).toFixed(1)} MiB`;
  if (a >= 1 << 10) return `${sign}${(a / (1 << 10)).toFixed(1)} KiB`;
  return `${sign}${a} B`;
}
export function size(n) {
  if (!n) return '';
  if (n >= 1 << 20) return `${n / (1 << 20)} MiB`;
  if (n >= 1 << 10) return `${n / (1 << 10)} KiB`;
  return `${n} B`;
}
export const ratio = (r) => `${r >= 10 ? r.toFixed(0) : r >= 2 ? r.toFixed(1) : r.toFixed(2)}×`;

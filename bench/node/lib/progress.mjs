// The progress line on stderr: one line rewritten in place on a terminal,
// plain lines otherwise (CI logs), at most one every two seconds there.
const fmt = (s) => (s >= 90 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${Math.round(s)}s`);

export function progressPrinter(stream = process.stderr) {
  let last = 0;
  const tty = Boolean(stream.isTTY);
  return {
    update({ caseId, library, done, total, etaSeconds }) {
      const line = `[${done + 1}/${total}] ${caseId} · ${library} · ~${fmt(etaSeconds)} left`;
      if (tty) {
        stream.write(`\r\x1b[2K${line.slice(0, (stream.columns ?? 120) - 1)}`);
      } else if (Date.now() - last > 2000) {
        stream.write(`${line}\n`);
        last = Date.now();
      }
    },
    note(text) { stream.write(tty ? `\r\x1b[2K${text}\n` : `${text}\n`); },
    done() { if (tty) stream.write('\r\x1b[2K'); },
  };
}

// Every ```js example in js/README.md and the repository README runs: each block in a child
// `node --input-type=module` from js/, so that `import ... from 'saline'`
// resolves to this package. A line `console.log(args); // → value` (the
// README's convention) or `expr; // => value` also checks that it prints
// exactly `value`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import * as S from 'saline';

const forced = process.env.SALINE_BACKEND;
if (forced) assert.equal(S.backend(), forced, `SALINE_BACKEND=${forced} but backend() is ${S.backend()}`);

const jsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(jsDir, 'README.md');

/** The ```js / ```javascript / ```mjs blocks, with the line each starts on. */
function blocks(markdown) {
  const found = [];
  const re = /^```(js|javascript|mjs)[^\n]*\n([\s\S]*?)^```/gm;
  for (let m; (m = re.exec(markdown)); ) {
    found.push({ line: markdown.slice(0, m.index).split('\n').length, code: m[2] });
  }
  return found;
}

const PRELUDE = `import { format as __format } from 'node:util';
const __check = (expected, line, ...values) => {
  const got = __format(...values);
  console.log(got);
  if (got !== expected) throw new Error('README line ' + line + ': printed ' + JSON.stringify(got) + ', the comment says ' + JSON.stringify(expected));
};
`;

/**
 * Rewrites `console.log(args); // → value` (the README's convention: the
 * line prints exactly `value`) and `expr; // => value` into checks of what
 * console.log would print. Lines marked `// e.g.` (varying output), multi-line
 * calls and declarations are left alone.
 */
function instrument(code, startLine) {
  let checks = 0;
  const lines = code.split('\n').map((line, i) => {
    const m = /^(\s*)(.*?);?\s*\/\/\s*(?:=>|→)\s*(.*?)\s*$/.exec(line);
    if (!m || !m[2]) return line;
    const [, indent, statement, expected] = m;
    const log = /^console\.log\((.*)\)$/.exec(statement);
    if (!log && /^(const|let|var|import|export|if|for|while|return|using|await\s+using|}|{)/.test(statement)) return line;
    if (!balanced(log ? log[1] : statement)) return line;
    checks++;
    return `${indent}__check(${JSON.stringify(expected)}, ${startLine + i + 1}, ${log ? log[1] : statement});`;
  });
  return { code: PRELUDE + lines.join('\n'), checks };
}

/** Whether brackets balance (so that the statement is whole on its line). */
function balanced(text) {
  let depth = 0;
  for (const ch of text.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '')) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth < 0) return false;
  }
  return depth === 0;
}

const markdown = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : undefined;
// The repository's README shows the package too; its examples must run as well.
const rootReadmePath = join(jsDir, '..', 'README.md');
const rootMarkdown = existsSync(rootReadmePath) ? readFileSync(rootReadmePath, 'utf8') : '';

test('js/README.md exists and has js examples', () => {
  assert.ok(markdown !== undefined, 'js/README.md is missing');
  assert.ok(blocks(markdown).length > 0, 'js/README.md has no ```js blocks');
});

const examples = [
  ...(markdown ? blocks(markdown) : []).map((b) => ({ ...b, file: 'js/README.md' })),
  ...blocks(rootMarkdown).map((b) => ({ ...b, file: 'README.md' })),
];

for (const { line, code, file } of examples) {
  test(`${file} example at line ${line}`, () => {
    const { code: program, checks } = instrument(code, line);
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
      cwd: jsDir,
      env: process.env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (child.status !== 0) {
      assert.fail(`the example at ${file} line ${line} failed (exit ${child.status}${child.signal ? `, ${child.signal}` : ''}):\n${child.stderr}\n--- code ---\n${code}`);
    }
    console.log(`[${S.backend()}] ${file} line ${line}: ran, ${checks} printed value(s) checked`);
  });
}

#!/usr/bin/env node
// The per-platform addon packages (napi-rs's layout: js/npm/<triple>/, each
// an optionalDependency of saline, so that npm installs only the one whose
// `os`, `cpu` and `libc` match the machine).
//
//   node scripts/platform-package.mjs copy <triple> [addon]
//     Fills npm/<triple>/ with a built addon, ready for `npm publish` from
//     that directory. [addon] defaults to native/saline.node (what
//     scripts/build-native.sh writes; cross-built ones are given by path).
//     It becomes npm/<triple>/saline.<triple>.node (the package's `main`,
//     which src/backend/native.ts requires by package name), with the
//     licence files beside it.
//
//   node scripts/platform-package.mjs prepublish [package.json]
//     Writes `optionalDependencies` into saline's package.json: every
//     platform package, pinned to exactly saline's version (and checks that
//     each npm/<triple>/package.json has that version). Run in the release
//     checkout right before `npm publish`, as napi-rs's `napi prepublish`
//     does: in the repository they stay out of package.json, because the
//     lock file cannot record packages that are not published yet and
//     `npm ci` refuses a package.json the lock does not match.
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const triples = readdirSync(join(root, 'npm')).sort();
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const fail = (message, code = 1) => {
  console.error(`platform-package: ${message}`);
  process.exit(code);
};

/** The platform packages' manifests, each checked against saline's version. */
function platformPackages(version) {
  return triples.map((triple) => {
    const pkg = readJson(join(root, 'npm', triple, 'package.json'));
    if (pkg.version !== version) fail(`npm/${triple}/package.json has version ${pkg.version}, saline has ${version}`);
    return { triple, pkg };
  });
}

const [command, ...args] = process.argv.slice(2);
if (command === 'copy') {
  const [triple, addon = join(root, 'native', 'saline.node')] = args;
  if (!triples.includes(triple)) fail(`usage: platform-package.mjs copy <${triples.join('|')}> [addon]`, 2);
  if (!existsSync(addon)) fail(`${addon} does not exist (build it with scripts/build-native.sh)`);
  const { pkg } = platformPackages(readJson(join(root, 'package.json')).version).find((p) => p.triple === triple);
  const dir = join(root, 'npm', triple);
  copyFileSync(addon, join(dir, pkg.main));
  for (const license of ['LICENSE-MIT', 'LICENSE-APACHE']) copyFileSync(join(root, license), join(dir, license));
  console.log(`platform-package: ${addon} -> npm/${triple}/${pkg.main}`);
} else if (command === 'prepublish') {
  const path = args[0] ?? join(root, 'package.json');
  const main = readJson(path);
  main.optionalDependencies = Object.fromEntries(platformPackages(main.version).map(({ pkg }) => [pkg.name, main.version]));
  writeFileSync(path, JSON.stringify(main, null, 2) + '\n');
  console.log(`platform-package: ${path}: optionalDependencies ${Object.keys(main.optionalDependencies).join(', ')} @ ${main.version}`);
} else {
  fail('usage: platform-package.mjs copy <triple> [addon] | prepublish [package.json]', 2);
}

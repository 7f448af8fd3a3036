#!/usr/bin/env node
// `node scripts/recite-docs.mjs`: points every citation of the old design file, which lived outside the repository,
// at docs/contract.md, whose sections carry the same numbers (docs/decisions/036-openapi-contract.md). Walks the
// files git tracks (plus new ones not ignored); running it again changes nothing. `--check` only lists them and
// fails when there are any.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const OLD = ['DESIGN', 'md'].join('.'); // spelled apart, so this file does not cite it
const NEW = 'docs/contract.md';
const TEXT = /\.(?:[cm]?[jt]sx?|md|json|css|html|ya?ml)$/;
const SKIP = new Set([NEW, 'scripts/recite-docs.mjs']);

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => TEXT.test(file) && !SKIP.has(file));

// "DESIGN.md §3.4", "(DESIGN.md §1, §2)", a line break between the name and its section, or the bare name.
const citation = new RegExp(`(?<![\\w/.-])${OLD.replace('.', '\\.')}(?![\\w-])`, 'g');

const check = process.argv.includes('--check');
let changed = 0;
for (const file of files) {
  const path = `${root}/${file}`;
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    continue; // listed by git but deleted in the work tree
  }
  const count = text.match(citation)?.length ?? 0;
  if (count === 0) continue;
  changed += 1;
  console.log(`${file}: ${count}`);
  if (!check) writeFileSync(path, text.replace(citation, NEW));
}
console.log(
  changed === 0 ? 'no citation of the old design file left' : `${changed} files ${check ? 'cite it' : 'rewritten'}`,
);
if (check && changed > 0) process.exit(1);

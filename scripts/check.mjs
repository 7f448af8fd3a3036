#!/usr/bin/env node
// `npm run check`: the typecheck, the linter and the formatter side by side (each uses one core), each one's
// output printed whole when it ends; fails if any of them fails.
import { spawn } from 'node:child_process';

const commands = [
  ['tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['eslint', ['.']],
  ['prettier', ['--check', '.']],
];

const results = await Promise.all(
  commands.map(
    ([command, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npx', ['--no-install', command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          console.log(`=== ${command} ${args.join(' ')}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s`);
          if (output.trim()) console.log(output.trimEnd());
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);

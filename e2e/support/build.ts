import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

function sourceFingerprint(): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (!entry.name.endsWith('.test.ts')) hash.update(`${path}:${statSync(path).mtimeMs}\n`);
    }
  };
  for (const dir of ['src/client', 'src/shared', 'scripts']) walk(join(ROOT, dir));
  hash.update(String(statSync(join(ROOT, 'vite.config.ts')).mtimeMs));
  return hash.digest('hex').slice(0, 12);
}

/**
 * The built React app for browser journeys: E2E_CLIENT_DIR when the runner built it already, else a build of
 * its own. Each source state gets its own folder, built once and renamed into place, so journeys running
 * side by side never serve a half-written build.
 */
export function builtClientDir(): string {
  // `npm test` has just built dist/client from these sources (scripts/test.mjs).
  if (process.env.E2E_CLIENT_DIR) return process.env.E2E_CLIENT_DIR;
  const dir = join(ROOT, '.e2e-build', sourceFingerprint());
  if (existsSync(join(dir, 'index.html'))) return dir;
  const tmp = `${dir}.tmp-${process.pid}`;
  mkdirSync(join(ROOT, '.e2e-build'), { recursive: true });
  // The test runner sets NODE_ENV=test, which would give React's development build.
  const options = { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' as const };
  // As `npm run build` does: the client, then its public pages rendered in every language (scripts/prerender.ts).
  execFileSync('npx', ['vite', 'build', '--outDir', tmp, '--emptyOutDir', '--logLevel', 'warn'], options);
  execFileSync(
    'npx',
    ['vite', 'build', '--ssr', 'prerender.tsx', '--outDir', join(tmp, 'ssr'), '--logLevel', 'warn'],
    options,
  );
  execFileSync('npx', ['tsx', 'scripts/prerender.ts', tmp], options);
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run finished the same build first
  }
  return dir;
}

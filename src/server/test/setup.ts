// Runs in every API test worker before its test file (vitest.config.ts setupFiles).
import { useCheapPasswordHashesInTests } from '#server/auth/password.js';

useCheapPasswordHashesInTests();

// node-postgres warns (once a process) when a statement is sent on a connection that is still running one: in
// our code that means reads side by side inside a transaction, on its one connection, which pg@9 refuses. The
// warning fails the run here instead of scrolling by in its output.
const guard = Symbol.for('tradesbid.pgConcurrencyGuard');
const marked = globalThis as typeof globalThis & { [guard]?: true };
if (!marked[guard]) {
  marked[guard] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) throw warning;
  });
}

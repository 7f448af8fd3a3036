// Loaded with NODE_OPTIONS=--import: counts HTTP requests and the SQL statements node-postgres sends,
// and prints statements per request (by statement kind) to stderr when the process exits.
import { Server } from 'node:http';
import pg from 'pg';

let requests = 0;
const statements = new Map();
const emit = Server.prototype.emit;
Server.prototype.emit = function (event, ...args) {
  if (event === 'request') requests += 1;
  return emit.call(this, event, ...args);
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...args) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const kind = text.trim().split(/\s+/).slice(0, 2).join(' ').toLowerCase().slice(0, 40);
  statements.set(kind, (statements.get(kind) ?? 0) + 1);
  return query.call(this, config, ...args);
};
process.on('exit', () => {
  const total = [...statements.values()].reduce((a, b) => a + b, 0);
  const detail = [...statements]
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${kind}: ${(n / Math.max(requests, 1)).toFixed(2)}`)
    .join(', ');
  console.error(
    `[count-queries] ${requests} requests, ${(total / Math.max(requests, 1)).toFixed(2)} statements per request (${detail})`,
  );
});

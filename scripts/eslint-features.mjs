// The feature folders and the lint rules that keep them apart (docs/decisions/035-feature-boundaries-in-the-linter.md),
// used by eslint.config.js and tested in src/server/test/lint-boundaries.test.ts on a fixture tree.
//
// Every folder of src/server and src/client is a feature, except the shared rooms below, which any feature
// may import. The demo seed (src/server/db/seed) imports features, so it counts as a feature of its own.
//   - `featureZones(root)`: options for import-x/no-restricted-paths: from outside a feature, only its
//     index.ts may be imported (its public exports), never its queries.ts, routes.ts or any other file.
//   - `featurePlugin`: the rule `features/no-cycle`. import-x/no-cycle sees cycles between files; a cycle
//     between folders can pass through different files of each (jobs/service → business-profiles/lead-match →
//     projects/lifecycle → jobs/job-serializer), so this rule draws the folder graph from every import of every
//     file but tests and pages (see `isLeaf`) and reports each import whose target folder leads back to the importing one.
//   - `features/own-tables`: a table (src/server/db/schema/, one a file) is written only by the feature that owns it
//     (`TABLE_OWNERS`); another feature asks the owner through its index.ts. Reads may join any table.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const FEATURE_ROOTS = ['src/server', 'src/client'];
export const SHARED_ROOMS = ['src/server/db', 'src/server/http', 'src/server/test', 'src/client/ui', 'src/client/lib'];
const SEED = 'src/server/db/seed';

/**
 * The feature that owns each table, by its schema file: the only one that inserts, updates or deletes its rows.
 * A shared room (db, http) owns the tables of the request path; tests and the demo seed are not checked.
 */
export const TABLE_OWNERS = {
  'users.ts': 'src/server/auth',
  'sessions.ts': 'src/server/auth',
  'password-reset-tokens.ts': 'src/server/auth',
  'email-verification-tokens.ts': 'src/server/auth',
  'single-use-tokens.ts': 'src/server/auth',
  'categories.ts': 'src/server/jobs',
  'jobs.ts': 'src/server/jobs',
  'lead-fanouts.ts': 'src/server/jobs',
  'bids.ts': 'src/server/bids',
  'competitive-intelligence.ts': 'src/server/bids',
  'bid-disputes.ts': 'src/server/bids',
  'credit-transactions.ts': 'src/server/credits',
  'business-profiles.ts': 'src/server/business-profiles',
  'service-capabilities.ts': 'src/server/business-profiles',
  'service-areas.ts': 'src/server/business-profiles',
  'credentials.ts': 'src/server/business-profiles',
  'portfolio-items.ts': 'src/server/business-profiles',
  'provider-rating-summaries.ts': 'src/server/business-profiles',
  'reviews.ts': 'src/server/business-profiles',
  'conversations.ts': 'src/server/conversations',
  'messages.ts': 'src/server/conversations',
  'milestones.ts': 'src/server/projects',
  'service-requests.ts': 'src/server/service-requests',
  'promo-codes.ts': 'src/server/promo',
  'promo-code-usages.ts': 'src/server/promo',
  'uploads.ts': 'src/server/uploads',
  'email-outbox.ts': 'src/server/mail',
  'rate-limit-counters.ts': 'src/server/http',
};

const posix = (path) => path.split(sep).join('/');
const isTest = (path) => /\.test\.tsx?$/.test(path);
/**
 * A client page (under <feature>/pages/, or named *-page.tsx / *-pages.tsx) composes other features' public
 * components and is imported only by the router (src/client/app.tsx) or by its own feature's pages.
 */
const isPage = (path) => /\/src\/client\/.*(\/pages\/|-pages?\.tsx$)/.test(path);
/** Tests and pages are leaves of the import graph: what they import closes no cycle. */
const isLeaf = (path) => isTest(path) || isPage(path);

/** The feature folder ('src/server/jobs') a repository path lies in, or null for shared rooms and top files. */
export function featureOf(path) {
  if (path === SEED || path.startsWith(`${SEED}/`)) return SEED;
  const match = /^(src\/(?:server|client)\/[^/]+)\//.exec(path);
  if (!match || SHARED_ROOMS.includes(match[1])) return null;
  return match[1];
}

const listDir = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** Every feature folder present under `root`, as repository paths. */
export function features(root) {
  const found = FEATURE_ROOTS.flatMap((base) =>
    listDir(join(root, base))
      .map((name) => `${base}/${name}`)
      .filter((path) => statSync(join(root, path)).isDirectory() && featureOf(`${path}/x`) === path),
  );
  return statSync(join(root, SEED), { throwIfNoEntry: false }) ? [...found, SEED] : found;
}

/** The paths under src/ that lie outside `feature`, as few as possible (a folder holding it is split open). */
function outside(root, feature, dir = 'src') {
  return listDir(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (path === feature) return [];
    if (feature.startsWith(`${path}/`)) return outside(root, feature, path);
    return [join(root, path)];
  });
}

/**
 * Zones for import-x/no-restricted-paths: each feature's files are closed to every file outside it but for
 * index.ts. `allowed` maps a feature to more of its files (relative to it) that stay open for now: the
 * allowlist in eslint.config.js passes it for the one file that still imports them.
 */
export function featureZones(root, allowed = {}) {
  return features(root).map((feature) => ({
    target: outside(root, feature),
    from: join(root, feature),
    except: ['./index.ts', ...(allowed[feature] ?? []).map((file) => `./${file}`)],
    message: `Import ${feature} through its index.ts.`,
  }));
}

function sourceFiles(dir) {
  return listDir(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The repository path an import names, for package.json "imports" (#server/…) and relative paths; else null. */
function importedPath(root, fromFile, specifier) {
  const alias = /^#(server|client|shared)\/(.*)$/.exec(specifier);
  if (alias) return posix(join('src', alias[1], alias[2]));
  if (specifier.startsWith('.')) return posix(relative(root, resolve(dirname(fromFile), specifier)));
  return null;
}

/** Feature folder → the feature folders its files import, tests and pages left out (see `isLeaf`). */
export function featureGraph(root) {
  const graph = new Map();
  for (const base of FEATURE_ROOTS) {
    for (const file of sourceFiles(join(root, base))) {
      const from = !isLeaf(file) && featureOf(posix(relative(root, file)));
      if (!from) continue;
      for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        const target = importedPath(root, file, fileName);
        const to = target && featureOf(target);
        if (!to || to === from) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from).add(to);
      }
    }
  }
  return graph;
}

/** The folders from `start` to `goal` along the graph (shortest), or null when `goal` is out of reach. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === goal) {
      const path = [];
      for (let at = goal; at; at = cameFrom.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(node) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return null;
}

// One graph per root and lint run: the rule is called once per file, the graph is drawn once.
const graphs = new Map();

const noFeatureCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles between feature folders.' },
    // The tree's root (the repository's, or a fixture's): where src/server and src/client are.
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
    ],
    messages: { cycle: 'Import cycle between feature folders: {{cycle}}.' },
  },
  create(context) {
    const { root } = context.options[0];
    const file = context.physicalFilename;
    const from = !isLeaf(file) && featureOf(posix(relative(root, file)));
    if (!from) return {};
    if (!graphs.has(root)) graphs.set(root, featureGraph(root));
    const graph = graphs.get(root);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = importedPath(root, file, source.value);
      const to = target && featureOf(target);
      const back = to && to !== from && pathBetween(graph, to, from);
      if (back) context.report({ node: source, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** Table variable (as src/server/db/schema exports it) → the feature that owns it, for the tree at `root`. */
function tableOwners(root) {
  const dir = join(root, 'src/server/db/schema');
  const owners = new Map();
  for (const name of listDir(dir)) {
    if (!(name in TABLE_OWNERS)) continue;
    for (const [, table] of readFileSync(join(dir, name), 'utf8').matchAll(/export const (\w+) = pgTable\(/g)) {
      owners.set(table, TABLE_OWNERS[name]);
    }
  }
  return owners;
}

const owners = new Map();
// The words of SQL that write the table named right after them.
const WRITES_NEXT = /\b(?:insert\s+into|update|delete\s+from)\s*$/i;

const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is written only by the feature that owns it (TABLE_OWNERS).' },
    schema: [
      {
        type: 'object',
        // `allowed`: tables of other features this file may still write (the allowlist in eslint.config.js says why).
        properties: { root: { type: 'string' }, allowed: { type: 'array', items: { type: 'string' } } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages: { foreign: '{{table}} is written only by {{owner}}: ask it through its index.ts.' },
  },
  create(context) {
    const { root, allowed = [] } = context.options[0];
    const file = context.physicalFilename;
    const from = featureOf(posix(relative(root, file)));
    // Tests arrange their rows directly, and the seed writes its demo data with its own queries.
    if (!from || from === SEED || isTest(file)) return {};
    if (!owners.has(root)) owners.set(root, tableOwners(root));
    const tables = owners.get(root);
    const imported = new Map(); // local name → the schema's name of the table
    const check = (node) => {
      const table = node?.type === 'Identifier' && imported.get(node.name);
      const owner = table && tables.get(table);
      if (owner && owner !== from && !allowed.includes(table)) {
        context.report({ node, messageId: 'foreign', data: { table, owner } });
      }
    };
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || !/\/db\/schema(\/|$)/.test(String(node.source.value))) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && spec.importKind !== 'type')
            imported.set(spec.local.name, spec.imported.name);
        }
      },
      // db.insert(table), db.update(table), db.delete(table)
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (['insert', 'update', 'delete'].includes(callee.property.name)) check(node.arguments[0]);
      },
      // sql`INSERT INTO ${table} …`, sql`UPDATE ${table} …`, sql`DELETE FROM ${table} …`
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        node.quasi.expressions.forEach((expression, i) => {
          if (WRITES_NEXT.test(node.quasi.quasis[i].value.raw)) check(expression);
        });
      },
    };
  },
};

export const featurePlugin = { rules: { 'no-cycle': noFeatureCycle, 'own-tables': ownTables } };

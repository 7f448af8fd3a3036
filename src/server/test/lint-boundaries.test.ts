import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The feature boundary rules of eslint.config.js, run on a fixture tree (lint-fixture/README.md) with one break
// of each rule in it: the same rules `npm run check` runs on the repository, which skips the fixture.
const FIXTURE = join(import.meta.dirname, 'lint-fixture');
const REPOSITORY = join(import.meta.dirname, '../../..');

type FeatureConfig = (
  root: string,
  allowlist?: Record<string, { allowed?: Record<string, string[]>; tables?: string[] }>,
) => Linter.Config[];

async function lintFixture(allowlist = {}) {
  // A JavaScript module without types: imported by URL, as ESLint itself loads it.
  const { featureConfig } = (await import(pathToFileURL(join(REPOSITORY, 'eslint.config.js')).href)) as {
    featureConfig: FeatureConfig;
  };
  const eslint = new ESLint({
    cwd: FIXTURE,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...featureConfig(FIXTURE, allowlist),
    ],
  });
  const results = await eslint.lintFiles(['src']);
  return results
    .flatMap((result) =>
      result.messages.map(
        (message) => `${relative(FIXTURE, result.filePath)}:${message.line} ${message.ruleId ?? message.message}`,
      ),
    )
    .sort();
}

describe('the feature boundary rules', () => {
  it('report an import cycle between files or between feature folders, a feature reached past its index.ts and a table written by another feature', async () => {
    expect(await lintFixture()).toEqual([
      'src/client/bids/components/bid-card.ts:2 import-x/no-restricted-paths',
      'src/server/bids/hire.ts:5 features/own-tables',
      'src/server/bids/hire.ts:6 features/own-tables',
      'src/server/bids/ranking.ts:2 import-x/no-cycle',
      'src/server/bids/scores.ts:1 import-x/no-cycle',
      'src/server/bids/service.ts:1 features/no-cycle',
      'src/server/bids/service.ts:3 features/no-cycle',
      'src/server/bids/service.ts:3 import-x/no-restricted-paths',
      'src/server/jobs/notify.ts:2 features/no-cycle',
    ]);
  });

  it('let the allowlist open one more file of a feature to one importing file', async () => {
    const messages = await lintFixture({
      'src/server/bids/service.ts': { allowed: { 'src/server/jobs': ['queries.ts'] } },
    });
    expect(messages).not.toContain('src/server/bids/service.ts:3 import-x/no-restricted-paths');
    expect(messages).toContain('src/server/bids/service.ts:3 features/no-cycle');
    expect(messages).toContain('src/client/bids/components/bid-card.ts:2 import-x/no-restricted-paths');
  });

  it("let the allowlist open another feature's table to one writing file", async () => {
    const messages = await lintFixture({ 'src/server/bids/hire.ts': { tables: ['jobs'] } });
    expect(messages.filter((message) => message.includes('own-tables'))).toEqual([]);
  });
});

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journey files that take longest, longest first (CI's timings of 2026-11-27). With no durations known (a fresh
 * clone's first run), vitest starts the largest files first, and a short file that opens a hundred pages
 * (hydration.test.ts) ran last, alone on one of the two workers, for its last four minutes.
 */
const SLOWEST = [
  'e2e/accessibility.test.ts',
  'e2e/hydration.test.ts',
  'e2e/payments.test.ts',
  'e2e/hiring.test.ts',
  'e2e/no-javascript-marketplace.test.ts',
  'e2e/first-touch.test.ts',
  'e2e/fair-leads.test.ts',
  'e2e/oidc.test.ts',
];

/** Vitest's order (longest first once it knows the durations), with the slowest journeys first while it does not. */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = sorted.every(
      (spec) =>
        this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`) !==
        undefined,
    );
    if (known) return sorted;
    const project = new Map<string, number>();
    for (const spec of sorted) if (!project.has(spec.project.name)) project.set(spec.project.name, project.size);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return index === -1 ? SLOWEST.length : index;
    };
    // A stable sort: the projects keep their turn, files of equal rank vitest's order.
    return [...sorted].sort((a, b) => project.get(a.project.name)! - project.get(b.project.name)! || rank(a) - rank(b));
  }
}

/** The file beside the prerendered pages (dist/client/prerendered) that tells the server what is there. */
export const PRERENDER_MANIFEST = 'manifest.json';

export type PrerenderManifest = {
  /** Path → page name: dist/client/prerendered/<language>/<name>.html. */
  pages: Record<string, string>;
  /** Every route of the app (react-router patterns such as `/jobs/:id`), to tell a page from a 404. */
  routes: string[];
};

/** A matcher for the app's route patterns: `:param` is one non-empty segment, `*` anything. */
export function routeMatcher(patterns: string[]): (path: string) => boolean {
  const expressions = patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`);
  });
  return (path) => expressions.some((expression) => expression.test(path));
}

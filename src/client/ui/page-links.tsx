import type { MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cn } from '#client/lib/cn.js';
import { linkWith } from '#client/lib/paging.js';
import { Button } from './button.js';

type PageLinksProps = {
  /** The screen's path; the links keep its other parameters (a search, the item open). */
  path: string;
  /** The last item shown when more follow it (useShowMore's `last`), else null: no 'Show more'. */
  last: string | null;
  /** What a click on 'Show more' does with scripts (useShowMore's `showMore`: the next page added in place). */
  onShowMore: (event: MouseEvent) => void;
  /** The screen shows a later page (`?before=`): a link back to the first. */
  later: boolean;
  showMoreLabel: string;
  firstPageLabel: string;
  className?: string;
};

/**
 * Under a paged list (docs/decisions/045-keyset-paging.md): 'Show more', a link to the page after the last item
 * shown (`?before=` it), and on a later page the way back to the first. Links, so the server renders either page
 * before scripts or without them. Nothing when neither applies.
 */
export function PageLinks({ path, last, onShowMore, later, showMoreLabel, firstPageLabel, className }: PageLinksProps) {
  const [search] = useSearchParams();
  if (!last && !later) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {last && (
        <Button asChild variant="outline" size="sm">
          <Link to={linkWith(path, search, { before: last })} onClick={onShowMore}>
            {showMoreLabel}
          </Link>
        </Button>
      )}
      {later && (
        <Button asChild variant="ghost" size="sm">
          <Link to={linkWith(path, search, { before: null })}>{firstPageLabel}</Link>
        </Button>
      )}
    </div>
  );
}

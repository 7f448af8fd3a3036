import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoThumbnailUrl } from '#shared/jobs.js';
import { Button } from '#client/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/ui/dialog.js';

/** Thumbnails of a job's photos; each opens the full photo in a dialog, with previous and next. */
export function PhotoGallery({ photos, title }: { photos: string[]; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;
  const step = (delta: number) => setOpen((index) => (index === null ? null : (index + delta + count) % count));
  const current = open === null ? null : photos[open];

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((url, index) => (
          <li key={url}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={t('jobs:photo_open', { n: index + 1, total: count })}
              className="group block aspect-[4/3] w-full cursor-zoom-in overflow-hidden rounded-xl bg-muted ring-1 ring-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <img
                src={photoThumbnailUrl(url)}
                alt={t('jobs:photo_alt', { title, n: index + 1 })}
                loading="lazy"
                className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        <DialogContent
          className="max-w-4xl p-3 sm:p-4"
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') step(1);
            if (event.key === 'ArrowLeft') step(-1);
          }}
        >
          <DialogTitle className="sr-only">{title}</DialogTitle>
          <DialogDescription className="px-1 pb-3 text-sm">
            {open !== null && t('jobs:photo_counter', { n: open + 1, total: count })}
          </DialogDescription>
          {current && (
            <img
              src={current}
              alt={t('jobs:photo_alt', { title, n: (open ?? 0) + 1 })}
              className="max-h-[75dvh] w-full rounded-lg bg-muted object-contain"
            />
          )}
          {count > 1 && (
            <div className="mt-3 flex justify-between gap-2">
              <Button variant="outline" size="sm" onClick={() => step(-1)}>
                <ChevronLeft aria-hidden />
                {t('jobs:photo_previous')}
              </Button>
              <Button variant="outline" size="sm" onClick={() => step(1)}>
                {t('jobs:photo_next')}
                <ChevronRight aria-hidden />
              </Button>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoThumbnailUrl } from '#shared/jobs.js';
import { uploadPhotos } from '#client/jobs/index.js';
import { errorMessage } from '#client/lib/errors.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { Button } from '#client/ui/button.js';
import { Spinner } from '#client/ui/spinner.js';

type ImageUploadFieldProps = {
  label: string;
  urls: string[];
  onChange: (urls: string[]) => void;
  /** 1 for a logo or cover image; more for portfolio before/after sets. */
  max: number;
  testId?: string;
};

/** Images go through the photo pipeline (POST /api/uploads) as soon as they are chosen; the form keeps their URLs. */
export function ImageUploadField({ label, urls, onChange, max, testId }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);

  async function choose(files: File[]) {
    if (files.length === 0) return;
    setUploading(true);
    setError(null);
    try {
      const { files: uploaded } = await uploadPhotos(files.slice(0, Math.max(1, max - (max === 1 ? 0 : urls.length))));
      const added = uploaded.map((file) => file.url);
      onChange(max === 1 ? added.slice(0, 1) : [...urls, ...added].slice(0, max));
    } catch (failure) {
      setError(errorMessage(failure, t));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {urls.map((url) => (
          <span key={url} className="relative">
            <img src={photoThumbnailUrl(url)} alt="" className="size-20 rounded-xl border border-border object-cover" />
            <button
              type="button"
              onClick={() => onChange(urls.filter((u) => u !== url))}
              aria-label={t('profiles:remove_image')}
              className="absolute -top-2 -right-2 flex size-6 cursor-pointer items-center justify-center rounded-full bg-card text-foreground shadow ring-1 ring-border hover:bg-muted"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        ))}
        {urls.length < max || max === 1 ? (
          <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
            {uploading ? <Spinner className="text-current" /> : <ImagePlus aria-hidden />}
            {uploading
              ? t('profiles:uploading')
              : urls.length > 0 && max === 1
                ? t('profiles:replace_image')
                : t('profiles:choose_image')}
          </Button>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          data-testid={testId}
          type="file"
          accept="image/*"
          multiple={max > 1}
          className="sr-only"
          // Only scripts upload what is chosen: until the page has hydrated the chooser is not in use.
          disabled={!hydrated}
          onChange={(event) => void choose(Array.from(event.target.files ?? []))}
        />
      </div>
      {error && (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

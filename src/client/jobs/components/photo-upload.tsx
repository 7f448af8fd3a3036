import { ImagePlus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_WIDGET_DEFAULT_MAX_FILES } from '#shared/jobs.js';
import { cn } from '#client/lib/cn.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { Button } from '#client/ui/button.js';

type PhotoUploadProps = {
  /** The files chosen so far; the widget reports the whole list on every change (spec §2). */
  value: File[];
  onChange: (files: File[]) => void;
  /** Files beyond this are silently dropped (spec §9: default 5). */
  maxFiles?: number;
  /** Files larger than this are left out with a message. */
  maxFileBytes?: number;
  accept?: string;
  disabled?: boolean;
  /** An error to show under the list (e.g. the server refused a photo). */
  error?: string;
  /** The file input's name: the chosen files are its files, sent with the form that holds it. */
  name?: string;
};

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

function accepts(accept: string, file: File): boolean {
  return accept
    .split(',')
    .map((type) => type.trim())
    .some((type) => (type.endsWith('/*') ? file.type.startsWith(type.slice(0, -1)) : file.type === type));
}

/**
 * Spec §2 photo upload widget: drag and drop or a chooser, a list with name and size, remove one. The file
 * input holds the chosen files, so a form posts them as it is. Before scripts run (or without them) the input
 * itself is the chooser (docs/decisions/030); files picked there join the list once scripts run.
 */
export function PhotoUpload({
  value,
  onChange,
  maxFiles = PHOTO_WIDGET_DEFAULT_MAX_FILES,
  maxFileBytes,
  accept = 'image/*',
  disabled = false,
  error,
  name,
}: PhotoUploadProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [tooLarge, setTooLarge] = useState<string[]>([]);
  const hydrated = useHydrated();

  function add(incoming: File[]) {
    const fresh = incoming.filter((file) => accepts(accept, file) && !value.some((kept) => sameFile(kept, file)));
    const oversized = maxFileBytes ? fresh.filter((file) => file.size > maxFileBytes) : [];
    setTooLarge(oversized.map((file) => file.name));
    const next = [...value, ...fresh.filter((file) => !oversized.includes(file))].slice(0, maxFiles);
    if (next.length !== value.length) onChange(next);
  }

  // Files picked in the server's page before scripts ran (before the effect below empties the input).
  const addRef = useRef(add);
  addRef.current = add;
  useEffect(() => {
    const picked = inputRef.current?.files;
    if (picked && picked.length > 0) addRef.current(Array.from(picked));
  }, []);

  // The input's files are the list (a picked file joins the list, a removed one leaves the input).
  useEffect(() => {
    if (inputRef.current) setInputFiles(inputRef.current, value);
  }, [value]);

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add(Array.from(event.dataTransfer.files));
  }

  const full = value.length >= maxFiles;

  return (
    <div className="grid gap-4">
      {/* The whole zone takes a click or a drop; the button is the keyboard's way in. */}
      <div
        onClick={() => !disabled && !full && inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border-strong bg-muted/40 px-6 py-8 text-center transition-colors hover:border-primary/60 hover:bg-primary-soft/40',
          dragging && 'border-primary bg-primary-soft',
          (disabled || full) && 'cursor-not-allowed opacity-60 hover:border-border-strong hover:bg-muted/40',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <ImagePlus className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <p className="font-semibold text-foreground">{t('jobs:upload_title')}</p>
          <p className="text-sm text-muted-foreground">{t('jobs:upload_drop_hint')}</p>
        </div>
        {hydrated && (
          <Button
            variant="outline"
            size="sm"
            aria-describedby={hintId}
            disabled={disabled || full}
            onClick={(event) => {
              event.stopPropagation();
              inputRef.current?.click();
            }}
          >
            {t('jobs:upload_choose')}
          </Button>
        )}
        <p id={hintId} className="text-xs text-subtle-foreground">
          {t('jobs:upload_limit', { max: maxFiles })}
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        name={name}
        multiple
        accept={accept}
        disabled={disabled}
        className={
          hydrated
            ? 'sr-only'
            : 'text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-medium file:text-primary'
        }
        tabIndex={hydrated ? -1 : undefined}
        aria-label={t('jobs:upload_choose')}
        aria-describedby={hydrated ? undefined : hintId}
        onChange={(event) => {
          add(Array.from(event.target.files ?? []));
          // A pick adds to the list; the input holds the whole list again (the effect above, or here unchanged).
          setInputFiles(event.target, value);
        }}
      />

      {tooLarge.length > 0 && maxFileBytes && (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {t('jobs:upload_too_large', { names: tooLarge.join(', '), max: Math.round(maxFileBytes / (1024 * 1024)) })}
        </p>
      )}

      {value.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm font-medium text-foreground">{t('jobs:upload_selected')}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {value.map((file, index) => (
              <li
                key={`${file.name}-${file.size}-${file.lastModified}`}
                className="flex items-center gap-3 rounded-lg border border-border bg-card p-2 pr-1"
              >
                <FileThumbnail file={file} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-foreground" title={file.name}>
                    {file.name}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t('jobs:upload_size_kb', { size: Math.round(file.size / 1024) })}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  disabled={disabled}
                  aria-label={t('jobs:upload_remove', { name: file.name })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {error && (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Sets the files an input holds (a DataTransfer is the web platform's one way to make a FileList). */
function setInputFiles(input: HTMLInputElement, files: File[]) {
  if (typeof DataTransfer === 'undefined') return;
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
}

function FileThumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <span className="size-12 shrink-0 overflow-hidden rounded-md bg-muted">
      {url && <img src={url} alt="" className="size-full object-cover" />}
    </span>
  );
}

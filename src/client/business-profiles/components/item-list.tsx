import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Spinner } from '#client/ui/spinner.js';

type Item = { id: string; title: ReactNode; details?: ReactNode };

/** A business-profile list: the items with Edit and Remove, or its empty text. */
export function ItemList({
  items,
  empty,
  onEdit,
  onDelete,
}: {
  items: Item[];
  empty: string;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border-strong p-6 text-center text-sm text-muted-foreground">
        {empty}
      </p>
    );
  return (
    <ul className="grid gap-3">
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border bg-card p-4"
          data-testid="profile-item"
        >
          <div className="grid min-w-0 flex-1 basis-56 gap-1">
            <div className="font-medium break-words">{item.title}</div>
            {item.details && <div className="text-[13px] break-words text-muted-foreground">{item.details}</div>}
          </div>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => onEdit(item.id)}>
              <Pencil aria-hidden />
              {t('profiles:edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive hover:bg-destructive-soft"
              onClick={() => onDelete(item.id)}
            >
              <Trash2 aria-hidden />
              {t('profiles:remove')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The add/edit card under a list. */
export function ItemFormCard({
  title,
  hint,
  editing,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  hint?: string;
  editing: boolean;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{editing ? t('profiles:editing', { title }) : title}</CardTitle>
        {hint && <CardDescription>{hint}</CardDescription>}
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label={title}
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            {editing && (
              <Button variant="outline" onClick={onCancel}>
                {t('profiles:cancel_edit')}
              </Button>
            )}
            <Button type="submit" disabled={saving}>
              {saving && <Spinner className="text-current" />}
              {editing ? t('profiles:save_item') : t('profiles:add_item')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

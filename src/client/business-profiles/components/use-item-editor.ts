import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage, fieldErrors, translateMessage } from '#client/lib/errors.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { toast } from '#client/ui/toast.js';
import { useDeleteProfileItem } from '../api/delete-profile-item.js';
import { useSaveProfileItem, type ProfileList } from '../api/save-profile-item.js';

/** Zod issues by field path, in the user's language (the schema's messages are catalog keys). */
export function schemaErrors(schema: z.ZodType, values: unknown, t: (key: string) => string): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= translateMessage(issue.message, t as never) ?? issue.message;
  }
  return errors;
}

/**
 * The add/edit form of one business-profile list: values, field errors, which item is being edited,
 * save (POST or PUT) and delete, each with its toast.
 */
export function useItemEditor<V extends Record<string, unknown>>(list: ProfileList, schema: z.ZodType, empty: V) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [editingId, setEditingId] = useState<string | null>(null);
  const save = useSaveProfileItem(list);
  const remove = useDeleteProfileItem(list);

  const failed = (failure: unknown) => {
    if (isUnauthorized(failure)) return;
    setErrors(fieldErrors(failure, t));
    toast({ title: t('profiles:save_failed'), description: errorMessage(failure, t), variant: 'destructive' });
  };

  function reset() {
    setValues(empty);
    setErrors({});
    setEditingId(null);
  }

  function submit(toInput: (values: V) => unknown = (v) => v) {
    const input = toInput(values);
    const found = schemaErrors(schema, input, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { itemId: editingId, input },
      {
        onSuccess: () => {
          toast({ title: editingId ? t('profiles:item_updated') : t('profiles:item_added'), variant: 'success' });
          reset();
        },
        onError: failed,
      },
    );
  }

  function edit(id: string, next: V) {
    setEditingId(id);
    setValues(next);
    setErrors({});
  }

  function destroy(id: string) {
    remove.mutate(id, {
      onSuccess: () => {
        toast({ title: t('profiles:item_removed'), variant: 'success' });
        if (editingId === id) reset();
      },
      onError: failed,
    });
  }

  const field = (name: keyof V & string) => ({
    value: String(values[name] ?? ''),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const setValue = <K extends keyof V>(name: K, value: V[K]) => setValues((current) => ({ ...current, [name]: value }));

  return { values, errors, editingId, field, setValue, submit, edit, destroy, reset, isSaving: save.isPending };
}

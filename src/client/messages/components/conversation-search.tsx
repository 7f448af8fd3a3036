import { Search } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONVERSATION_SEARCH_MAX_LENGTH } from '#shared/conversation-rules.js';
import { useDebounced, useFormWatch, valuesOf } from '#client/lib/forms.js';
import { Input } from '#client/ui/input.js';
import { searchTerm } from '../api/get-conversations.js';
import { MESSAGES_PATH } from '../api/send-message.js';

/** Typing pauses this long before the list is searched again (as the provider search). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box (spec §5 'Conversation search', decision 048): a GET form, so before scripts or without them Enter
 * asks the server for /messages?q=…; with scripts the address follows what is typed once typing pauses, and the
 * list follows the address. A new search starts at the latest activity, and keeps the open conversation.
 */
export function ConversationSearch({ q, selectedId }: { q: string; selectedId: string | null }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const [typed, setTyped] = useState(q);
  const debounced = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  // The address's search as last seen, and the box's generation: when the address changes otherwise than by the
  // box (a link, going back), the box is drawn again holding it.
  const [seen, setSeen] = useState({ q, box: 0 });
  if (seen.q !== q) {
    const byTheBox = q === searchTerm(debounced);
    setSeen({ q, box: byTheBox ? seen.box : seen.box + 1 });
    if (!byTheBox) setTyped(q);
  }
  const inAddress = useRef(q);
  useEffect(() => {
    inAddress.current = q;
  }, [q]);
  const search = useCallback(
    (text: string) => {
      const term = searchTerm(text);
      if (term === inAddress.current) return;
      inAddress.current = term;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (term) next.set('q', term);
          else next.delete('q');
          next.delete('before');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  useEffect(() => search(debounced), [debounced, search]);
  const form = useFormWatch((values) => setTyped(values.q ?? ''));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(valuesOf(event.currentTarget).q ?? '');
  };
  return (
    <form
      key={seen.box}
      role="search"
      method="get"
      action={MESSAGES_PATH}
      ref={form.ref}
      onChange={form.onChange}
      onSubmit={onSubmit}
      className="relative border-b border-border p-3"
    >
      <Search
        className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-subtle-foreground"
        aria-hidden
      />
      <Input
        type="search"
        name="q"
        defaultValue={q}
        maxLength={CONVERSATION_SEARCH_MAX_LENGTH}
        placeholder={t('messages:search_placeholder')}
        aria-label={t('messages:search_label')}
        className="pl-9"
      />
      {selectedId && <input type="hidden" name="c" value={selectedId} />}
    </form>
  );
}

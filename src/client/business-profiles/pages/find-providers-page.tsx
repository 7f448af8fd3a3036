import { MapPin, Search, Users } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProviderSearchResult } from '#shared/business-profiles.js';
import { SPANISH } from '#shared/languages-spoken.js';
import { categoriesQueryOptions, categoryLabel, useCategories } from '#client/jobs/index.js';
import { useDebounced, useFormWatch } from '#client/lib/forms.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { ServiceRequestDialog, type RequestTarget } from '#client/service-requests/index.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Spinner } from '#client/ui/spinner.js';
import { providerSearchQueryOptions, useProviderSearch, type ProviderSearch } from '../api/search-providers.js';
import { ProviderCard, providerName } from '../components/provider-card.js';

/** Typing pauses this long before the search reruns (spec §2: no need to press Search). */
const DEBOUNCE_MS = 300;

/** The search in the address (`?q=&category=&location=&language=`), as the page starts with it. */
const searchOf = (params: URLSearchParams): ProviderSearch => ({
  q: params.get('q') ?? '',
  category: params.get('category') ?? '',
  location: params.get('location') ?? '',
  language: params.get('language') ?? '',
});

/** What /find-providers shows first (app.tsx): the categories and the results of the address's search. */
export const findProvidersLoader = queryLoader((queryClient, { request }) =>
  Promise.all([
    queryClient.ensureQueryData(categoriesQueryOptions),
    queryClient.ensureInfiniteQueryData(providerSearchQueryOptions(searchOf(new URL(request.url).searchParams))),
  ]),
);

/**
 * Spec §2 find providers: text, category and location or ZIP; the grid reruns as the inputs change. The inputs
 * are uncontrolled and read from the form as they change, and once at hydration, so what is typed before the page
 * hydrated is searched for too (docs/decisions/030).
 */
export function FindProvidersPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [started] = useState<ProviderSearch>(() => searchOf(params));
  const [inputs, setInputs] = useState(started);
  const form = useFormWatch((values) => {
    const next = searchOf(new URLSearchParams(values));
    setInputs((current) =>
      Object.entries(next).every(([key, value]) => current[key as keyof ProviderSearch] === value) ? current : next,
    );
  });
  const search = useDebounced(inputs, DEBOUNCE_MS);
  const results = useProviderSearch(search);
  const { data: categories = [] } = useCategories();
  const [target, setTarget] = useState<RequestTarget | null>(null);

  // The search lives in the address, so a result list can be shared and survives going back.
  useEffect(() => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(search)) if (value.trim()) next.set(key, value.trim());
    setParams(next, { replace: true });
  }, [search, setParams]);

  // The button needs no work of its own (spec §2); Enter in a box simply keeps the page.
  const onSubmit = (event: FormEvent) => event.preventDefault();

  const providers = results.data?.pages.flatMap((page) => page.providers) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const capped = results.data?.pages[0]?.capped ?? false;
  const options = categories
    .map((category) => ({ id: category.id, label: categoryLabel(category, t) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const request = (provider: ProviderSearchResult) =>
    setTarget({ id: provider.id, name: providerName(provider), serviceCapabilities: provider.serviceCapabilities });

  return (
    <Page width="wide">
      <PageHeader title={t('profiles:find_title')} description={t('profiles:find_description')} />
      <Card className="mb-6">
        <CardContent>
          {/* A GET form: sent by the browser itself before scripts (or without them), the server renders the
              results of the address (docs/decisions/030); with scripts the grid follows the inputs. */}
          <form
            role="search"
            method="get"
            action="/find-providers"
            ref={form.ref}
            onChange={form.onChange}
            onSubmit={onSubmit}
            className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
          >
            <label className="grid gap-1.5 text-sm font-medium">
              {t('profiles:search_label')}
              <span className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  name="q"
                  defaultValue={started.q}
                  placeholder={t('profiles:search_placeholder')}
                  className="pl-9"
                />
              </span>
            </label>
            <label className="grid gap-1.5 text-sm font-medium">
              {t('profiles:category_label')}
              {/* Drawn again once the categories are there, so the address's category is chosen among them. */}
              <NativeSelect key={options.length} name="category" defaultValue={inputs.category}>
                <option value="">{t('profiles:all_categories')}</option>
                {options.map((option) => (
                  <option key={option.id} value={String(option.id)}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            </label>
            <label className="grid gap-1.5 text-sm font-medium">
              {t('profiles:location_label')}
              <span className="relative">
                <MapPin
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden
                />
                <Input
                  name="location"
                  defaultValue={started.location}
                  placeholder={t('profiles:location_placeholder')}
                  className="pl-9"
                />
              </span>
            </label>
            <Button type="submit">
              <Search aria-hidden />
              {t('profiles:search_button')}
            </Button>
            <label className="flex items-center gap-2 text-sm font-medium md:col-span-4">
              <input
                type="checkbox"
                name="language"
                value={SPANISH}
                defaultChecked={started.language === SPANISH}
                className="size-4 accent-primary"
                data-testid="spanish-filter"
              />
              {t('profiles:filter_spanish')}
            </label>
          </form>
        </CardContent>
      </Card>

      <div className="mb-4 flex min-h-6 items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
        {results.isFetching && !results.isFetchingNextPage && <Spinner />}
        {results.data && (
          <span data-testid="provider-count">
            {t(capped ? 'profiles:providers_found_capped' : 'profiles:providers_found', { count: total })}
          </span>
        )}
      </div>

      {results.isPending && (
        <p className="flex items-center gap-2 py-12 text-muted-foreground">
          <Spinner /> {t('profiles:loading_providers')}
        </p>
      )}
      {results.isError && <p className="text-sm text-destructive">{t('profiles:search_failed')}</p>}
      {results.data && providers.length === 0 && (
        <EmptyState
          headingLevel="h2"
          icon={Users}
          title={t('profiles:no_providers')}
          description={t('profiles:no_providers_hint')}
        />
      )}
      {providers.length > 0 && (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {providers.map((provider) => (
            <li key={provider.id}>
              <ProviderCard provider={provider} onRequest={() => request(provider)} />
            </li>
          ))}
        </ul>
      )}
      {results.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
            {results.isFetchingNextPage && <Spinner className="text-current" />}
            {t('profiles:load_more')}
          </Button>
        </div>
      )}
      <ServiceRequestDialog target={target} onClose={() => setTarget(null)} />
    </Page>
  );
}

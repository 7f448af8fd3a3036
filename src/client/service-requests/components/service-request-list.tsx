import { Calendar, Check, Inbox, MapPin, Send, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest, ServiceRequestStatus } from '#shared/service-requests.js';
import { errorMessage } from '#client/lib/errors.js';
import { formatDate, formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Badge, type BadgeProps } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useServiceRequests, type RequestBox } from '../api/get-service-requests.js';
import { useUpdateServiceRequest } from '../api/update-service-request.js';

const STATUS_VARIANT: Record<ServiceRequestStatus, BadgeProps['variant']> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'destructive',
  cancelled: 'neutral',
  completed: 'info',
};

/** docs/contract.md §4.12: providers answer the requests sent to them; customers follow theirs. */
export function ServiceRequestList({ box }: { box: RequestBox }) {
  const { t } = useTranslation();
  const { data: requests, isPending, isError } = useServiceRequests(box);
  const titleId = `requests-${box}-title`;
  return (
    <section className="grid gap-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-bold tracking-tight">
        {box === 'incoming' ? t('requests:incoming_title') : t('requests:outgoing_title')}
      </h2>
      {isPending && <Skeleton className="h-28 rounded-2xl" />}
      {isError && <p className="text-sm text-destructive">{t('requests:load_failed')}</p>}
      {requests?.length === 0 && (
        <EmptyState
          icon={box === 'incoming' ? Inbox : Send}
          title={box === 'incoming' ? t('requests:incoming_empty') : t('requests:outgoing_empty')}
          description={box === 'incoming' ? t('requests:incoming_empty_hint') : t('requests:outgoing_empty_hint')}
          action={
            box === 'outgoing' && (
              <Button asChild variant="outline">
                <Link to="/find-providers">{t('requests:find_providers')}</Link>
              </Button>
            )
          }
        />
      )}
      {requests && requests.length > 0 && (
        <ul className="grid gap-3" data-testid={`requests-${box}`}>
          {requests.map((request) => (
            <li key={request.id}>
              <RequestCard request={request} box={box} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RequestCard({ request, box }: { request: ServiceRequest; box: RequestBox }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const other = box === 'incoming' ? request.customerName : request.providerName;
  return (
    <Card>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid min-w-0 gap-0.5">
            <p className="font-semibold break-words text-foreground">{request.title}</p>
            <p className="text-sm text-muted-foreground">
              {box === 'incoming' ? t('requests:from', { name: other }) : t('requests:to', { name: other })}
            </p>
          </div>
          <Badge variant={STATUS_VARIANT[request.status]}>{t(`requests:status_${request.status}`)}</Badge>
        </div>
        <p className="text-sm break-words whitespace-pre-line text-foreground/90">{request.description}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-muted-foreground">
          <div className="inline-flex items-center gap-1">
            <dt className="sr-only">{t('requests:field_urgency')}</dt>
            <dd>{t(`requests:urgency_${request.urgency}`)}</dd>
          </div>
          {request.budget && (
            <div className="inline-flex items-center gap-1">
              <dt>{t('requests:field_budget')}:</dt>
              <dd>{formatMoney(request.budget, language)}</dd>
            </div>
          )}
          {request.preferredDate && (
            <div className="inline-flex items-center gap-1">
              <dt>
                <Calendar className="size-3.5" aria-label={t('requests:field_preferred_date')} />
              </dt>
              <dd>{formatDate(`${request.preferredDate}T12:00:00`, language)}</dd>
            </div>
          )}
          {request.location && (
            <div className="inline-flex items-center gap-1">
              <dt>
                <MapPin className="size-3.5" aria-label={t('requests:field_location')} />
              </dt>
              <dd>{request.location}</dd>
            </div>
          )}
        </dl>
        {request.customerNotes && (
          <p className="rounded-lg bg-muted px-3 py-2 text-[13px] text-muted-foreground">
            {t('requests:notes_label')}: {request.customerNotes}
          </p>
        )}
        {request.providerResponse && (
          <p className="rounded-lg bg-primary-soft/60 px-3 py-2 text-[13px] text-foreground">
            {t('requests:response_label')}: {request.providerResponse}
          </p>
        )}
        {request.jobId && (
          <Button asChild variant="link" className="justify-self-start">
            <Link to={`/jobs/${request.jobId}`}>{t('requests:view_job')}</Link>
          </Button>
        )}
        {request.status === 'pending' && <RequestActions request={request} box={box} />}
      </CardContent>
    </Card>
  );
}

function RequestActions({ request, box }: { request: ServiceRequest; box: RequestBox }) {
  const { t } = useTranslation();
  const update = useUpdateServiceRequest();
  const [response, setResponse] = useState('');
  const act = (status: 'accepted' | 'declined' | 'cancelled') =>
    update.mutate(
      { id: request.id, input: { status, providerResponse: response || null } },
      {
        onSuccess: () => toast({ title: t(`requests:toast_${status}`), variant: 'success' }),
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          toast({ title: t('requests:error_title'), description: errorMessage(failure, t), variant: 'destructive' });
        },
      },
    );

  if (box === 'outgoing') {
    return (
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={update.isPending}
        onClick={() => act('cancelled')}
      >
        <X aria-hidden />
        {t('requests:cancel_request')}
      </Button>
    );
  }
  return (
    <div className="grid gap-2">
      <label className="grid gap-1.5 text-sm font-medium">
        {t('requests:response_field')}
        <Textarea
          rows={2}
          value={response}
          onChange={(event) => setResponse(event.target.value)}
          placeholder={t('requests:response_placeholder')}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={update.isPending} onClick={() => act('accepted')}>
          <Check aria-hidden />
          {t('requests:accept')}
        </Button>
        <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => act('declined')}>
          <X aria-hidden />
          {t('requests:decline')}
        </Button>
      </div>
    </div>
  );
}

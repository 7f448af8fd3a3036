import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { User } from '#shared/auth.js';
import type { MessageCreatedEvent } from '#shared/conversations.js';
import {
  EVENT_TYPES,
  type BidEvent,
  type CreditsChangedEvent,
  type EventType,
  type JobMatchedEvent,
  type JobUpdatedEvent,
  type LowBalanceEvent,
  type ServiceRequestEvent,
} from '#shared/events.js';
import { userQueryOptions, useUser } from '#client/auth/index.js';
import { showLowBalance, transactionsQueryOptions } from '#client/credits/index.js';
import { connectEventStream } from '#client/lib/event-stream.js';
import { i18n } from '#client/lib/i18n.js';
import { conversationsQueryOptions, addMessageToThread, messagesQueryOptions } from '#client/messages/index.js';
import { refreshAfterProjectChange } from '#client/projects/index.js';
import { serviceRequestsQueryOptions } from '#client/service-requests/index.js';
import { toast } from '#client/ui/toast.js';

/** Each server event, applied to the cached queries it changes (docs/contract.md §3.3). */
function applyEvent(queryClient: QueryClient, navigate: NavigateFunction, type: EventType, data: unknown) {
  switch (type) {
    case 'message.created': {
      const { message } = data as MessageCreatedEvent;
      addMessageToThread(queryClient, message);
      // Refetching the thread also brings the read ticks of one's own earlier messages up to date.
      void queryClient.invalidateQueries({ queryKey: messagesQueryOptions(message.conversationId).queryKey });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
      return;
    }
    case 'credits.changed': {
      const { balance } = data as CreditsChangedEvent;
      queryClient.setQueryData(userQueryOptions.queryKey, (user: User | null | undefined) =>
        user ? { ...user, credits: balance } : user,
      );
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey });
      return;
    }
    case 'credits.low_balance':
      // The one notice of a low balance (docs/decisions/042-spend-controls.md): a banner, not a toast another
      // toast (the bid's own 'submitted') would replace.
      showLowBalance((data as LowBalanceEvent).balance);
      return;
    case 'bid.created':
    case 'bid.updated':
    case 'bid.declined':
      void refreshAfterProjectChange(queryClient, (data as BidEvent).jobId);
      return;
    case 'job.updated':
      void refreshAfterProjectChange(queryClient, (data as JobUpdatedEvent).jobId);
      return;
    case 'job.matched': {
      // A lead in the provider's trade and area, the moment it is posted (docs/contract.md §3.7).
      const { job } = data as JobMatchedEvent;
      void queryClient.invalidateQueries({ queryKey: ['/api/jobs'] });
      toast({
        title: i18n.t('jobs:new_job_near_you'),
        description: `${job.title} · ${job.city}, ${job.state}`,
        action: (
          // The toast region sits outside the router (main.tsx): a plain link that navigates in place.
          <a
            href={`/jobs/${job.id}`}
            className="font-semibold text-primary underline"
            data-testid="new-job-toast-link"
            onClick={(event) => {
              event.preventDefault();
              void navigate(`/jobs/${job.id}`);
            }}
          >
            {i18n.t('jobs:new_job_near_you_view')}
          </a>
        ),
      });
      return;
    }
    case 'service_request.created':
    case 'service_request.updated': {
      void queryClient.invalidateQueries({ queryKey: serviceRequestsQueryOptions('incoming').queryKey.slice(0, 1) });
      // An accepted request became a private job: the customer's job lists and projects gain it.
      const { jobId } = data as ServiceRequestEvent;
      if (jobId) void refreshAfterProjectChange(queryClient, jobId);
      return;
    }
  }
}

/** After a gap in the stream, refetch what events would have changed. */
function catchUp(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
  void queryClient.invalidateQueries({ queryKey: messagesQueryOptions('').queryKey.slice(0, 1) });
  void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
  void queryClient.invalidateQueries({ queryKey: ['/api/jobs'] });
}

/** Keeps the logged-in user's cached data live from GET /api/events; renders nothing. */
export function LiveUpdates() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    return connectEventStream(
      EVENT_TYPES,
      (type, data) => applyEvent(queryClient, navigate, type, data),
      () => catchUp(queryClient),
    );
  }, [userId, queryClient, navigate]);
  return null;
}

import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect, type ActionFunctionArgs } from 'react-router';
import type { Message, SendMessageInput } from '#shared/conversations.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { conversationsQueryOptions } from './get-conversations.js';
import { addMessageToThread } from './get-messages.js';

/** The composer's `intent` (message-composer.tsx) and the route whose action sends it (app.tsx). */
export const SEND_MESSAGE_INTENT = 'send-message';
export const MESSAGES_PATH = '/messages';

/** /messages with a conversation open. */
export const conversationPath = (conversationId: string) => `${MESSAGES_PATH}?c=${encodeURIComponent(conversationId)}`;

export function sendMessage(input: SendMessageInput): Promise<Message> {
  return api<Message>('/api/messages', { method: 'POST', body: input });
}

/** A sent message joins its cached thread at once; the list re-sorts. */
function fileSent(queryClient: QueryClient, message: Message) {
  addMessageToThread(queryClient, message);
  return queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
}

/** POST /api/messages from scripts (message-composer.tsx), filed as the route's action files it. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendMessage, onSuccess: (message) => fileSent(queryClient, message) });
}

/**
 * The message composer posted by the browser itself (docs/decisions/030), to the /messages route's action: POST
 * /api/messages with the text trimmed, the message filed, then its conversation on /messages. A refusal comes
 * back as the form's data with the text sent.
 */
export async function sendMessageAction({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const { jobId = '', receiverId = '', content = '' } = values;
  let message: Message;
  try {
    message = await sendMessage({ jobId, receiverId, content: content.trim() });
  } catch (error) {
    return formFailure(error, values);
  }
  await fileSent(routeQueryClient(context), message);
  return redirect(conversationPath(message.conversationId));
}

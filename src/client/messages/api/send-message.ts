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

/**
 * The message composer in the /messages route's action (docs/decisions/030), sent by scripts (a fetcher: from
 * the thread, or the 'Message' dialog of another page) or posted by the browser itself: POST /api/messages
 * with the text trimmed, the message added to its thread and the list refreshed, then its conversation on
 * /messages. A refusal comes back as the form's data with the text sent.
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
  const queryClient = routeQueryClient(context);
  addMessageToThread(queryClient, message);
  await queryClient.invalidateQueries({ queryKey: conversationsQueryOptions.queryKey });
  return redirect(conversationPath(message.conversationId));
}

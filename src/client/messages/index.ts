// What other features and the router may use of the messages feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { conversationsQueryOptions } from './api/get-conversations.js';
export { useUnreadTotal } from './api/get-unread-total.js';
export { addMessageToThread, messagesQueryOptions } from './api/get-messages.js';
export { MessageButton } from './components/message-button.js';

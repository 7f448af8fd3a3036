// The installable app (docs/contract.md §3.10): the manifest and offline pages; the service worker itself is
// src/client/public/sw.js, served with the built client.
export { pwaRoutes, MANIFEST, OFFLINE_PATH, THEME_COLOR } from './routes.js';

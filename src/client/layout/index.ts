// What other features and the router may use of the layout feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { AppShell } from './app-shell.js';
export { languageAction } from './language-toggle.js';

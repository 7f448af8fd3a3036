import { existsSync } from 'node:fs';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH overrides. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const hasBrowser = existsSync(CHROMIUM);

/** The flags every run of Chromium gets here: journeys, page-weight and Lighthouse benches alike. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

// One JSON catalog per feature and language (decision 003): each feature owns its file.
import enAuth from './en/auth.json' with { type: 'json' };
import enBids from './en/bids.json' with { type: 'json' };
import enCategories from './en/categories.json' with { type: 'json' };
import enCommon from './en/common.json' with { type: 'json' };
import enCredits from './en/credits.json' with { type: 'json' };
import enDashboard from './en/dashboard.json' with { type: 'json' };
import enEmail from './en/email.json' with { type: 'json' };
import enErrors from './en/errors.json' with { type: 'json' };
import enJobs from './en/jobs.json' with { type: 'json' };
import enLanding from './en/landing.json' with { type: 'json' };
import enLegal from './en/legal.json' with { type: 'json' };
import enMessages from './en/messages.json' with { type: 'json' };
import enProjects from './en/projects.json' with { type: 'json' };
import enPromo from './en/promo.json' with { type: 'json' };
import enProfiles from './en/profiles.json' with { type: 'json' };
import enProviders from './en/providers.json' with { type: 'json' };
import enRequests from './en/requests.json' with { type: 'json' };
import enValidation from './en/validation.json' with { type: 'json' };
import esAuth from './es/auth.json' with { type: 'json' };
import esBids from './es/bids.json' with { type: 'json' };
import esCategories from './es/categories.json' with { type: 'json' };
import esCommon from './es/common.json' with { type: 'json' };
import esCredits from './es/credits.json' with { type: 'json' };
import esDashboard from './es/dashboard.json' with { type: 'json' };
import esEmail from './es/email.json' with { type: 'json' };
import esErrors from './es/errors.json' with { type: 'json' };
import esJobs from './es/jobs.json' with { type: 'json' };
import esLanding from './es/landing.json' with { type: 'json' };
import esLegal from './es/legal.json' with { type: 'json' };
import esMessages from './es/messages.json' with { type: 'json' };
import esProjects from './es/projects.json' with { type: 'json' };
import esPromo from './es/promo.json' with { type: 'json' };
import esProfiles from './es/profiles.json' with { type: 'json' };
import esProviders from './es/providers.json' with { type: 'json' };
import esRequests from './es/requests.json' with { type: 'json' };
import esValidation from './es/validation.json' with { type: 'json' };
import type { Language } from './languages.js';

// The language constants live apart from the catalogs, so the client can read them without bundling both languages.
export * from './languages.js';

export type Catalog = Record<string, unknown>;

export const resources: Record<Language, Record<string, Catalog>> = {
  en: {
    auth: enAuth,
    bids: enBids,
    categories: enCategories,
    common: enCommon,
    credits: enCredits,
    dashboard: enDashboard,
    email: enEmail,
    errors: enErrors,
    jobs: enJobs,
    landing: enLanding,
    legal: enLegal,
    messages: enMessages,
    projects: enProjects,
    promo: enPromo,
    profiles: enProfiles,
    providers: enProviders,
    requests: enRequests,
    validation: enValidation,
  },
  es: {
    auth: esAuth,
    bids: esBids,
    categories: esCategories,
    common: esCommon,
    credits: esCredits,
    dashboard: esDashboard,
    email: esEmail,
    errors: esErrors,
    jobs: esJobs,
    landing: esLanding,
    legal: esLegal,
    messages: esMessages,
    projects: esProjects,
    promo: esPromo,
    profiles: esProfiles,
    providers: esProviders,
    requests: esRequests,
    validation: esValidation,
  },
};

export const NAMESPACES = Object.keys(resources.en);

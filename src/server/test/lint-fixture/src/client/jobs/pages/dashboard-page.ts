// A page composes other features through their index.ts; nothing but the router imports it, so it closes no
// cycle although bids imports jobs.
import { bidCard } from '../../bids/index.js';

export const dashboardPage = () => bidCard(1);

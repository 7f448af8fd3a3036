// Another feature's component, past its index.ts.
import { jobCard } from '../../jobs/components/job-card.js';

export const bidCard = (amount: number) => jobCard(String(amount));

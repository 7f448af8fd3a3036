import { canBid } from '../jobs/index.js';
// Another feature's SQL, past its index.ts.
import { JOB_BY_ID } from '../jobs/queries.js';

export const placeBid = (status: string) => canBid(status) && JOB_BY_ID;

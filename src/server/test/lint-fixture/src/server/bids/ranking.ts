// A cycle between two files: ranking.ts ↔ scores.ts.
import { SCORE_FLOOR } from './scores.js';

export const RANK_STEP = SCORE_FLOOR + 1;

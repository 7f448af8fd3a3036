import { RANK_STEP } from './ranking.js';

export const SCORE_FLOOR = 0;
export const scoreOf = (rank: number) => rank * RANK_STEP;

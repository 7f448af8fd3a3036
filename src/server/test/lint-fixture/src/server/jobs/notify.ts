// Closes a cycle between the two folders (bids/service.ts imports jobs' index.ts), though not between files.
import { placeBid } from '../bids/index.js';

export const notifyBidders = () => placeBid;

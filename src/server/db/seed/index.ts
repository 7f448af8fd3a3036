// The seed room: the categories every database has, and the demo marketplace of the embedded default.
export { CATEGORY_SEED, seedCategories } from './categories.js';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_PROMO_CODE, seedDemo } from './demo.js';

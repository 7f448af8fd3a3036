// Runs in every API test worker before its test file (vitest.config.ts setupFiles).
import { useCheapPasswordHashesInTests } from '#server/auth/password.js';

useCheapPasswordHashesInTests();

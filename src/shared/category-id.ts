import { z } from 'zod';

/** A category id as a form select hands it over ("3") or a JSON client sends it (3), with one message for any miss. */
export function categoryIdSchema(message: string) {
  return z.union(
    [
      z
        .number(message)
        .int(message)
        .min(1, message)
        .max(2 ** 31 - 1, message),
      z
        .string(message)
        .trim()
        .regex(/^[1-9]\d{0,8}$/, message)
        .transform(Number),
    ],
    message,
  );
}

import type { ObjectSchema } from 'fast-json-stringify';

/** Pieces of the JSON schemas by which hot answers are serialised (fast-json-stringify, decision 018). */

export const nullable = (type: string) => ({ type: [type, 'null'] });

export const orNull = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

/**
 * An object with exactly these properties, each required but the `optional` ones. Callers declare the
 * properties `satisfies Record<keyof T, unknown>`, so a field added to T must be added to its schema.
 */
export function exactObject(properties: Record<string, object>, optional: string[] = []): ObjectSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
  };
}

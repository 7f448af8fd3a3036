const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths and bodies are uuids; anything else is simply not found (never a 500 from a cast). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Money travels as a two-decimal string ("125.00") and is computed in integer cents, never floats. */
export const MONEY_MAX_CENTS = 99_999_999_99; // decimal(10,2)

export function toCents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function fromCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** Normalise a decimal string the database returned ("125.5" or "125.50") to two decimals. */
export function formatMoney(value: string | null): string | null {
  return value === null ? null : fromCents(toCents(value));
}

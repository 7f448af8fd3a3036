import { CREDIT_PACKAGES, type CreditPackage } from '#shared/credits.js';
import { fromCents, toCents } from '#shared/money.js';
import { translate } from '#server/http/i18n.js';

function perCredit(price: string, credits: number): string {
  return fromCents(Math.round(toCents(price) / credits));
}

/** The catalog with its English texts; the client shows its own language by package id. */
export function listCreditPackages(): CreditPackage[] {
  return CREDIT_PACKAGES.map((p) => ({
    id: p.id,
    name: translate(`credits:package_${p.id}_name`),
    credits: p.credits,
    price: p.price,
    pricePerCredit: perCredit(p.price, p.credits),
    popular: p.popular,
    description: translate(`credits:package_${p.id}_description`),
    features: [1, 2, 3].map((n) => translate(`credits:package_${p.id}_feature_${n}`)),
  }));
}

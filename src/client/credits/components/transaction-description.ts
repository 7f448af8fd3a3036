import { useTranslation } from 'react-i18next';
import type { CreditTransaction } from '#shared/credits.js';
import { i18n } from '#client/lib/i18n.js';

/** A ledger row's description in the user's language: its catalog key when the server stored one, else its English text. */
export function useTransactionDescription() {
  const { t } = useTranslation();
  return (transaction: CreditTransaction): string => {
    const key = transaction.descriptionKey;
    if (key && i18n.exists(key)) return t(key, transaction.descriptionParams);
    return transaction.description;
  };
}

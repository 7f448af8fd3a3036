/**
 * Promo codes from a shell (docs/contract.md §3, §4.13):
 *
 *   npm run promo -- create CODE --credits N [--max-uses N] [--expires ISO-DATE] [--description TEXT]
 *   npm run promo -- list
 *   npm run promo -- disable CODE        (and `enable CODE`)
 *
 * Works on DATABASE_URL, or on the embedded database under DATA_DIR when no server holds it open
 * (PGlite lives inside one process; with the server running use /admin or the admin API instead).
 */
import { parseArgs } from 'node:util';
import { CreatePromoSchema, type PromoCode } from '#shared/promo.js';
import { ConfigError, loadConfig } from '#server/config.js';
import { AppError } from '#server/http/errors.js';
import { translateMessage } from '#server/http/i18n.js';
import { insertPromoCode, listPromoCodes, setPromoActive } from '#server/promo/service.js';
import { UsageError, withScriptDatabase } from './script-database.js';

const USAGE = `Usage:
  npm run promo -- create CODE --credits N [--max-uses N] [--expires ISO-DATE] [--description TEXT]
  npm run promo -- list
  npm run promo -- disable CODE
  npm run promo -- enable CODE`;

function describe(promo: PromoCode): string {
  const uses =
    promo.maxUses === null ? `${promo.currentUses} uses (no limit)` : `${promo.currentUses}/${promo.maxUses} uses`;
  const expires = promo.expiresAt ? `expires ${promo.expiresAt}` : 'never expires';
  return `${promo.code.padEnd(20)} ${String(promo.creditsAmount).padStart(6)} credits  ${uses.padEnd(22)} ${expires.padEnd(36)} ${promo.isActive ? 'active' : 'OFF'}`;
}

async function main(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      credits: { type: 'string' },
      'max-uses': { type: 'string' },
      expires: { type: 'string' },
      description: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, code, ...extra] = positionals;
  if (values.help || !command) throw new UsageError(USAGE);
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}\n${USAGE}`);
  if (command !== 'list' && !code) throw new UsageError(`${command} needs a CODE\n${USAGE}`);
  if (!['create', 'list', 'disable', 'enable'].includes(command))
    throw new UsageError(`Unknown command ${command}\n${USAGE}`);

  let input;
  if (command === 'create') {
    const parsed = CreatePromoSchema.safeParse({
      code,
      creditsAmount: values.credits,
      maxUses: values['max-uses'],
      expiresAt: values.expires,
      description: values.description,
    });
    if (!parsed.success) {
      const flag: Record<string, string> = {
        creditsAmount: '--credits',
        maxUses: '--max-uses',
        expiresAt: '--expires',
      };
      const lines = parsed.error.issues.map((i) => {
        const field = String(i.path[0] ?? '');
        return `${flag[field] ?? field.toUpperCase()}: ${translateMessage(i.message)}`;
      });
      throw new UsageError(lines.join('\n'));
    }
    input = parsed.data;
  }

  return withScriptDatabase(loadConfig(), 'use the /admin page (or POST /api/admin/promo-codes)', async (db) => {
    switch (command) {
      case 'create':
        return `Created ${describe(await insertPromoCode(db, input!, 'cli'))}`;
      case 'list': {
        const codes = await listPromoCodes(db);
        return codes.length ? codes.map(describe).join('\n') : 'No promo codes yet.';
      }
      default:
        return `${command === 'disable' ? 'Disabled' : 'Enabled'} ${describe(
          await setPromoActive(db, { code: code! }, command === 'enable'),
        )}`;
    }
  });
}

main(process.argv.slice(2)).then(
  (out) => console.log(out),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) console.error(error.message);
    else if (error instanceof AppError)
      console.error(error.code === 'not_found' ? `No promo code ${process.argv[3] ?? ''}` : error.message);
    else console.error(error);
    process.exitCode = 1;
  },
);

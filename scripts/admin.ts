/**
 * The first operator from a shell (docs/decisions/031-email-verification.md):
 *
 *   npm run admin -- grant EMAIL
 *
 * Operator rights need an address listed in ADMIN_EMAILS and a verified email. `grant` marks the email of
 * that account verified, for an operator who cannot (or need not) wait for the confirmation email. It
 * refuses an address ADMIN_EMAILS (as this shell sees it) does not list. Works on DATABASE_URL, or on the
 * embedded database under DATA_DIR when no server holds it open.
 */
import { parseArgs } from 'node:util';
import { grantOperator } from '#server/auth/email-verification.js';
import { ConfigError, loadConfig } from '#server/config.js';
import { AppError } from '#server/http/errors.js';
import { UsageError, withScriptDatabase } from './script-database.js';

const USAGE = `Usage:
  npm run admin -- grant EMAIL`;

async function main(argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, email, ...extra] = positionals;
  if (values.help || !command) throw new UsageError(USAGE);
  if (command !== 'grant') throw new UsageError(`Unknown command ${command}\n${USAGE}`);
  if (!email) throw new UsageError(`grant needs an EMAIL\n${USAGE}`);
  if (extra.length) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}\n${USAGE}`);

  const config = loadConfig();
  try {
    const { user, alreadyVerified } = await withScriptDatabase(
      config,
      'confirm the email through the link the app sent',
      (db) => grantOperator(db, config, email),
    );
    return alreadyVerified
      ? `${user.email} was already verified: it is an operator while ADMIN_EMAILS lists it.`
      : `Granted: ${user.email} is verified now and an operator while ADMIN_EMAILS lists it.`;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === 'not_admin') {
      throw new UsageError(
        `${email} is not in ADMIN_EMAILS (as this shell sees it): add it there first; grant only confirms an operator's email.`,
      );
    }
    throw new UsageError(`No account with the email ${email}: register it first, then grant.`);
  }
}

main(process.argv.slice(2)).then(
  (out) => console.log(out),
  (error: unknown) => {
    console.error(error instanceof UsageError || error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);

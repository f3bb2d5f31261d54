// Operator command line (`npm run ops -- <command>`): catalogue import and statistics, search reindex,
// popular-device pins, and the trade life cycle (product §11: list, show, receive, inspect, clarification answers, pay,
// cancel, return, clarifications), the newsletter export, the contact messages (list, show), the mail
// outbox (list, retry), the back office's users (add, list, link) and the audit log (list). It uses the
// same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR). Failures print
// one line and exit 1; wrong arguments exit 2 with the usage. The commands live per domain in the
// modules beside this one; this entry merges them and runs one.

import { auditCommands } from './audit';
import { catalogueCommands } from './catalogue';
import { clarificationCommands } from './clarifications';
import { UsageError, type Command } from './command';
import { contactCommands } from './contact';
import { dbCommands } from './db';
import { mailCommands } from './mail';
import { newsletterCommands } from './newsletter';
import { payoutCommands } from './payouts';
import { popularCommands } from './popular';
import { privacyCommands } from './privacy';
import { reportCommands } from './reports';
import { reviewCommands } from './reviews';
import { searchCommands } from './search';
import { staffCommands } from './staff';
import { tradeCommands } from './trades';

/** Every command, in the order the usage lists them. */
const COMMANDS: Record<string, Command> = {
  ...dbCommands,
  ...mailCommands,
  ...catalogueCommands,
  ...searchCommands,
  ...popularCommands,
  ...newsletterCommands,
  ...reportCommands,
  ...privacyCommands,
  ...tradeCommands,
  ...payoutCommands,
  ...contactCommands,
  ...clarificationCommands,
  ...reviewCommands,
  ...auditCommands,
  ...staffCommands,
};

function usage(): string {
  const entries = Object.values(COMMANDS).flatMap((c) => {
    const help = c.help.split('\n');
    return c.usage.length > 34
      ? [`  ${c.usage}`, ...help.map((l) => `  ${''.padEnd(34)} ${l}`)]
      : [`  ${c.usage.padEnd(34)} ${help[0]}`, ...help.slice(1).map((l) => `  ${''.padEnd(34)} ${l}`)];
  });
  return ['Usage: npm run ops -- <command>', '', ...entries].join('\n');
}

const args = process.argv.slice(2);
const name = Object.keys(COMMANDS).find((key) => key.split(' ').every((word, i) => args[i] === word));
if (!name) {
  const asked = args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '');
  if (!asked) console.error(`Unknown command: ${args.join(' ')}\n`);
  console.error(usage());
  process.exit(asked ? 0 : 2);
}
try {
  await COMMANDS[name]!.run(args.slice(name.split(' ').length));
} catch (error) {
  console.error(`ops: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof UsageError) {
    console.error(`Usage: npm run ops -- ${COMMANDS[name]!.usage}`);
    process.exit(2);
  }
  process.exit(1);
}

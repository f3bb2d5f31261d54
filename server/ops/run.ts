// Runs one operator command: the CLI (cli.ts) calls it with its arguments, and the test-only endpoint
// of decision 091 inside a running server. The commands live per domain in the modules beside this
// one; this module merges them and finds the one the arguments name.

import { auditCommands } from './audit';
import { catalogueCommands } from './catalogue';
import { clarificationCommands } from './clarifications';
import { printError, runCommand, UsageError, type Command } from './command';
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

/**
 * Runs the command `args` name; its exit code: 0 done, 1 failed (one line on stderr), 2 wrong
 * arguments (the line and the usage).
 */
export async function runOps(args: readonly string[]): Promise<number> {
  const name = Object.keys(COMMANDS).find((key) => key.split(' ').every((word, i) => args[i] === word));
  if (!name) {
    const asked = args.length === 0 || ['help', '--help', '-h'].includes(args[0] ?? '');
    if (!asked) printError(`Unknown command: ${args.join(' ')}\n`);
    printError(usage());
    return asked ? 0 : 2;
  }
  try {
    await runCommand(COMMANDS[name]!, args.slice(name.split(' ').length));
    return 0;
  } catch (error) {
    printError(`ops: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) {
      printError(`Usage: npm run ops -- ${COMMANDS[name]!.usage}`);
      return 2;
    }
    return 1;
  }
}

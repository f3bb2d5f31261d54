// Operator commands for the stored controlling data (decision 028): show or erase a client's rows,
// and prune what is older than the retention period.

import { CLIENT_ID_PATTERN } from '../../src/contracts/tracking';
import { clientEventCounts, consentLogOf, eraseClient, pruneControlling, RETENTION_DAYS } from '../tracking/controlling';
import { parse, print, UsageError, when, withDatabase, type Command } from './command';

export const privacyCommands: Record<string, Command> = {
  'privacy erase': {
    usage: 'privacy erase --client-id <id>',
    help: "Removes every controlling row of a client id (a visitor's request to erase their data).",
    run: async (args) => {
      const { values } = parse(args, { 'client-id': { type: 'string' } }, 0);
      const clientId = values['client-id']?.toLowerCase();
      if (!clientId || !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const erased = await withDatabase((db) => eraseClient(db, clientId));
      print(`erased ${erased.events} controlling rows and ${erased.consents} consent log entries of ${clientId}`);
    },
  },
  'privacy show': {
    usage: 'privacy show --client-id <id>',
    help: 'Shows what is stored about a client id: its consent log and its controlling events per name.',
    run: async (args) => {
      const { values } = parse(args, { 'client-id': { type: 'string' } }, 0);
      const clientId = values['client-id']?.toLowerCase();
      if (!clientId || !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const [log, counts] = await withDatabase(
        async (db) => [await consentLogOf(db, clientId), await clientEventCounts(db, clientId)] as const,
      );
      print(`client ${clientId}`);
      print('consent log:');
      for (const entry of log)
        print(`  ${when(entry.at)}  ${entry.decision.padEnd(9)}  banner v${entry.bannerVersion}  shop ${entry.locale}`);
      if (log.length === 0) print('  (none)');
      print('controlling events:');
      for (const [name, n] of Object.entries(counts)) print(`  ${name.padEnd(20)} ${String(n).padStart(5)}`);
      if (Object.keys(counts).length === 0) print('  (none)');
    },
  },
  'tracking prune': {
    usage: 'tracking prune',
    help: `Deletes controlling rows older than the retention period (${RETENTION_DAYS} days). Run it daily.`,
    run: async (args) => {
      parse(args, {}, 0);
      const pruned = await withDatabase((db) => pruneControlling(db, new Date()));
      print(`deleted ${pruned} controlling rows older than ${RETENTION_DAYS} days`);
    },
  },
};

// Operator commands for the trade life cycle (product §11): list, show, receive, inspect, clarification
// answers, pay, cancel, return, and revoking a trade's label links. Every change writes its audit row
// as `cli` in its transaction (issue 28).

import { TradeStatusSchema, type TradeStatus } from '../../src/contracts/trades';
import { revokeLabel } from '../labels/repository';
import { appendAudit, tradeAudit } from '../staff/audit';
import { answerClarification } from '../trades/inspection';
import { formatCents, listTrades, lockTrade, payTrade, showTrade, transition } from '../trades/lifecycle';
import {
  announceTradeLinks,
  atOption,
  parse,
  positiveInt,
  print,
  shipping,
  shippingOrigin,
  table,
  tradeRef,
  tradeShop,
  UsageError,
  when,
  withDatabase,
  withTradeMails,
  type Command,
} from './command';
import { formatTrade } from './trade-details';
import { inspectCommand } from './trade-inspection';

export const tradeCommands: Record<string, Command> = {
  'trades list': {
    usage: 'trades list [--status <status>] [--limit <n>]',
    help: `Lists trades, newest first (default limit 50).\nStatuses: ${TradeStatusSchema.options.join(', ')}.`,
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' }, limit: { type: 'string' } }, 0);
      const status = values.status === undefined ? undefined : tradeStatus(values.status);
      const limit = values.limit === undefined ? 50 : positiveInt(values.limit, '--limit');
      const rows = await withDatabase((db) => listTrades(db, { status, limit }));
      if (rows.length === 0) return print(status ? `no trades with status ${status}` : 'no trades');
      print(
        table(
          ['TRADE', 'STATUS', 'SHOP', 'ITEMS', '>TOTAL', 'CREATED', 'LAST MOVE'],
          rows.map((t) => [
            t.tradeNumber,
            t.status,
            t.locale,
            String(t.items),
            formatCents(t.totalCents),
            when(t.createdAt),
            when(t.updatedAt),
          ]),
        ),
      );
    },
  },
  'trades show': {
    usage: 'trades show <TR-…>',
    help: 'Shows a trade: items (offered and found), clarifications with their links, payouts, every transition, and the return label of declined devices.',
    run: async (args) => {
      const ref = tradeRef(parse(args, {}, 1).positionals);
      const { details, shop } = await withDatabase(async (db) => {
        const details = await showTrade(db, ref);
        return { details, shop: await tradeShop(db, details.trade.tradeId) };
      });
      print(formatTrade(details));
      // The warehouse prints the label of the devices that go back (decision 025).
      if (details.clarifications.some((c) => c.status === 'declined' && c.declineMode !== 'recycle')) {
        const origin = await shippingOrigin(shop.locale, shop.brand);
        print(`\nReturn label (warehouse → seller): ${origin}${(await shipping()).labels.returnPath(details.trade.tradeId)}`);
      }
    },
  },
  'trades receive': moveCommand('receive', 'received', 'Records that the parcel arrived (from created).'),
  'trades inspect': inspectCommand,
  'trades clarification answer': {
    usage: 'trades clarification answer <TR-…> <clarificationId> accept|decline',
    help: "Records the seller's answer to a clarification (trade in clarification). After the last answer\nthe trade is accepted, or declined if any clarification was declined.",
    run: async (args) => {
      const { positionals } = parse(args, {}, 3);
      const [ref, id, answer] = positionals as [string, string, string];
      if (answer !== 'accept' && answer !== 'decline') throw new UsageError(`The answer is accept or decline, not "${answer}".`);
      // The answer and its audit row in one transaction (answerClarification's own is a savepoint in it).
      const result = await withDatabase((db) =>
        db.transaction(async (tx) => {
          const trade = await lockTrade(tx, ref);
          const result = await answerClarification(tx, trade.id, id, answer);
          await appendAudit(tx, 'cli', {
            action: 'trade.clarification_answered',
            tradeNumber: trade.tradeNumber,
            subject: result.clarificationId,
            before: { status: trade.status },
            after: { status: result.tradeStatus, clarification: result.status },
          });
          return result;
        }),
      );
      print(`clarification ${result.clarificationId} ${result.status}`);
      print(
        result.tradeStatus === 'clarification'
          ? `${ref.toUpperCase()} stays in clarification: other clarifications are still open`
          : `${ref.toUpperCase()} clarification → ${result.tradeStatus}`,
      );
    },
  },
  'trades pay': {
    usage: 'trades pay <TR-…> [--note <text>] [--at <time>]',
    help:
      'Records a payout and prints the amount. Inspected or accepted: the whole rest (→ paid). In clarification, declined or ' +
      'returned: the devices settled so far (no clarification, or accepted), without waiting for the others (split payout, decision 025). ' +
      "--at: when the transfer was made (ISO time, not in the future; default now). Paid after the payout promise's due day, the late-payout bonus is added (decision 043). " +
      'The seller is mailed the amount and its breakdown (with the review invitation when the trade is paid in full).',
    run: async (args) => {
      const { positionals, values } = parse(args, { note: { type: 'string' }, at: { type: 'string' } }, 1);
      const ref = tradeRef(positionals);
      const at = atOption(values.at);
      // The payout mail (with the review invitation when it completes the trade) is written with the payout.
      const paid = await withDatabase((db) =>
        withTradeMails(db, async (mails) => {
          const paid = await payTrade(db, ref, values.note, at, { mails, audit: tradeAudit('cli') });
          await announceTradeLinks(db, paid.tradeId);
          return paid;
        }),
      );
      const move = paid.from === paid.to ? `${paid.from} (split payout)` : `${paid.from} → ${paid.to}`;
      print(
        `${paid.tradeNumber} ${move} at ${when(paid.at)}: paid ${formatCents(paid.amountCents)} for ${paid.items} device(s), ` +
          `${formatCents(paid.totalPaidCents)} in all${paid.note ? ` (${paid.note})` : ''}`,
      );
      // The payout promise (issue 18): due day, and the bonus added when paid after it.
      if (paid.dueBy === null) print('payout promise: none (the devices were never received)');
      else if (paid.bonusCents > 0)
        print(`payout promise: due by ${paid.dueBy}, paid late: late-payout bonus ${formatCents(paid.bonusCents)} included`);
      else print(`payout promise: due by ${paid.dueBy}, paid on time`);
      print(`payout mail to the seller${paid.to === 'paid' ? ', with the review invitation' : ''}`);
    },
  },
  'trades revoke-label': {
    usage: 'trades revoke-label <TR-…>',
    help:
      'Voids every shipping label link of the trade given out so far (checkout answer, confirmation mail, account); ' +
      'prints the new link. A customer finds it in the account while the parcel is awaited.',
    run: async (args) => {
      const { positionals } = parse(args, {}, 1);
      const ref = tradeRef(positionals);
      const revoked = await withDatabase(async (db) => {
        const revoked = await db.transaction(async (tx) => {
          const revoked = await revokeLabel(tx, ref);
          if (revoked) {
            await appendAudit(tx, 'cli', {
              action: 'trade.label_revoked',
              tradeNumber: revoked.tradeNumber,
              before: { labelVersion: revoked.version - 1 },
              after: { labelVersion: revoked.version },
            });
          }
          return revoked;
        });
        return revoked && { ...revoked, shop: await tradeShop(db, revoked.tradeId) };
      });
      if (!revoked) throw new UsageError(`There is no trade ${ref}.`);
      print(`${revoked.tradeNumber}: label links revoked (version ${revoked.version})`);
      const origin = await shippingOrigin(revoked.shop.locale, revoked.shop.brand);
      print(`new link: ${origin}${(await shipping()).labels.path(revoked.tradeId, revoked.version)}`);
    },
  },
  'trades cancel': moveCommand('cancel', 'cancelled', 'Cancels a trade before its parcel arrived (from created only).'),
  'trades return': moveCommand('return', 'returned', 'Records that the devices of a declined trade were sent back.'),
};

/** receive, pay, cancel, return: one transition with an optional note. */
function moveCommand(verb: string, to: TradeStatus, help: string): Command {
  return {
    usage: `trades ${verb} <TR-…> [--note <text>] [--at <time>]`,
    help: `${help} --at: when it happened (ISO time, not in the future; default now). The seller is mailed the step.`,
    run: async (args) => {
      const { positionals, values } = parse(args, { note: { type: 'string' }, at: { type: 'string' } }, 1);
      const ref = tradeRef(positionals);
      const at = atOption(values.at);
      const moved = await withDatabase((db) =>
        withTradeMails(db, async (mails) => {
          const moved = await transition(db, ref, to, values.note, at, { mails, audit: tradeAudit('cli') });
          await announceTradeLinks(db, moved.tradeId);
          return moved;
        }),
      );
      print(`${moved.tradeNumber} ${moved.from} → ${moved.to} at ${when(moved.at)}${moved.note ? ` (${moved.note})` : ''}`);
      print(`${to} mail to the seller`);
    },
  };
}

function tradeStatus(value: string): TradeStatus {
  const parsed = TradeStatusSchema.safeParse(value.toLowerCase());
  if (!parsed.success) throw new UsageError(`Unknown status "${value}"; one of ${TradeStatusSchema.options.join(', ')}.`);
  return parsed.data;
}

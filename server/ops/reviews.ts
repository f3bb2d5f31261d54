// Operator commands for the sellers' reviews (decision 049): list them, approve or reject one.

import { REVIEW_STATUSES, type ReviewStatus } from '../../src/contracts/reviews';
import { listReviews, moderateReview } from '../reviews/service';
import { parse, print, UsageError, when, withDatabase, type Command } from './command';

async function moderate(args: string[], status: 'approved' | 'rejected'): Promise<void> {
  const [id] = parse(args, {}, 1).positionals;
  if (!/^[0-9a-f-]{8,36}$/i.test(id!)) throw new UsageError('<id> is at least the first 8 characters of a review id (reviews list).');
  const done = await withDatabase((db) => moderateReview(db, id!, status));
  if (!done) throw new UsageError(`There is no review ${id}.`);
  print(`review ${done.id.slice(0, 8)} ${done.status}`);
}

export const reviewCommands: Record<string, Command> = {
  'reviews list': {
    usage: 'reviews list [--status pending|approved|rejected]',
    help: "Lists the sellers' reviews, newest first (default: all), with the id to approve or reject them by.",
    run: async (args) => {
      const { values } = parse(args, { status: { type: 'string' } }, 0);
      const status = values.status as string | undefined;
      if (status !== undefined && !(REVIEW_STATUSES as readonly string[]).includes(status))
        throw new UsageError(`--status is one of ${REVIEW_STATUSES.join(', ')}.`);
      const list = await withDatabase((db) => listReviews(db, status as ReviewStatus | undefined));
      if (list.length === 0) return print('no reviews');
      for (const r of list) {
        print(
          `${r.id.slice(0, 8)}  ${r.status.padEnd(8)} ${'★'.repeat(r.stars).padEnd(5)} ${r.tradeNumber} ${r.locale} ${when(r.createdAt)} ${r.author}`,
        );
        print(`          ${r.text.replace(/\s+/g, ' ')}`);
      }
    },
  },
  'reviews approve': {
    usage: 'reviews approve <id>',
    help: 'Publishes a review (the seal and slider count it). <id>: the first 8 or more characters shown by reviews list.',
    run: async (args) => moderate(args, 'approved'),
  },
  'reviews reject': {
    usage: 'reviews reject <id>',
    help: 'Keeps a review from the seal and slider (e.g. personal data or abuse in the text).',
    run: async (args) => moderate(args, 'rejected'),
  },
};

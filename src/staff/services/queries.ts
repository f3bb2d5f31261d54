// The back office's reads as TanStack Query options: a trade, the trade search, the staff users, the
// audit log, the returns, the due payouts and the payout batches, the support inbox and the lookup. Keys start with 'staff' and name what they hold, so a change can drop what it made stale.

import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { fetchAudit, type AuditFilter } from './audit';
import type { StaffClient } from './client';
import { fetchBatch, fetchBatches, fetchDuePayouts } from './payouts';
import type { PayoutMethod } from '../../contracts/payouts';
import { fetchInbox, fetchMessage, fetchSupportUsers, lookup } from './support';
import type { InboxQuery } from '../../contracts/support';
import { fetchReturns, fetchTrade, searchTrades } from './trades';
import { listStaffUsers } from './users';

export const staffKeys = {
  trade: (tradeNumber: string) => ['staff', 'trade', tradeNumber] as const,
  /** Every search (a change to any trade may change them). */
  searches: ['staff', 'trades'] as const,
  search: (q: string) => ['staff', 'trades', q] as const,
  users: ['staff', 'users'] as const,
  returns: ['staff', 'returns'] as const,
  audit: (filter: AuditFilter) => ['staff', 'audit', filter] as const,
  /** Everything about payouts (a batch made or executed changes the due list and the batches). */
  payouts: ['staff', 'payouts'] as const,
  due: (method: PayoutMethod) => ['staff', 'payouts', 'due', method] as const,
  batches: ['staff', 'payouts', 'batches'] as const,
  batch: (id: string) => ['staff', 'payouts', 'batches', id] as const,
  /** Everything of the support inbox (a reply, an assignment or a close changes lists and the message). */
  inbox: ['staff', 'inbox'] as const,
  inboxPage: (filter: InboxQuery) => ['staff', 'inbox', 'list', filter] as const,
  message: (reference: string) => ['staff', 'inbox', 'message', reference] as const,
  supportUsers: ['staff', 'support-users'] as const,
  /** Every lookup (a resent mail changes them). */
  lookups: ['staff', 'lookup'] as const,
  lookup: (q: string) => ['staff', 'lookup', q] as const,
};

export const tradeQuery = (client: StaffClient, tradeNumber: string) =>
  queryOptions({ queryKey: staffKeys.trade(tradeNumber), queryFn: ({ signal }) => fetchTrade(client, tradeNumber, signal) });

export const tradeSearchQuery = (client: StaffClient, q: string) =>
  queryOptions({
    queryKey: staffKeys.search(q.trim()),
    queryFn: ({ signal }) => searchTrades(client, q.trim(), signal),
    enabled: q.trim() !== '',
  });

export const staffUsersQuery = (client: StaffClient) =>
  queryOptions({ queryKey: staffKeys.users, queryFn: ({ signal }) => listStaffUsers(client, signal) });

export const auditQuery = (client: StaffClient, filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: staffKeys.audit(filter),
    queryFn: ({ pageParam, signal }) => fetchAudit(client, filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next,
  });

export const returnsQuery = (client: StaffClient) =>
  queryOptions({ queryKey: staffKeys.returns, queryFn: ({ signal }) => fetchReturns(client, signal) });

export const dueQuery = (client: StaffClient, method: PayoutMethod) =>
  queryOptions({ queryKey: staffKeys.due(method), queryFn: ({ signal }) => fetchDuePayouts(client, method, signal) });

export const batchesQuery = (client: StaffClient) =>
  queryOptions({ queryKey: staffKeys.batches, queryFn: ({ signal }) => fetchBatches(client, signal) });

export const batchQuery = (client: StaffClient, id: string) =>
  queryOptions({ queryKey: staffKeys.batch(id), queryFn: ({ signal }) => fetchBatch(client, id, signal) });

export const inboxQuery = (client: StaffClient, filter: InboxQuery) =>
  queryOptions({ queryKey: staffKeys.inboxPage(filter), queryFn: ({ signal }) => fetchInbox(client, filter, signal) });

export const messageQuery = (client: StaffClient, reference: string) =>
  queryOptions({ queryKey: staffKeys.message(reference), queryFn: ({ signal }) => fetchMessage(client, reference, signal) });

export const supportUsersQuery = (client: StaffClient) =>
  queryOptions({ queryKey: staffKeys.supportUsers, queryFn: ({ signal }) => fetchSupportUsers(client, signal), staleTime: 5 * 60_000 });

export const lookupQuery = (client: StaffClient, q: string) =>
  queryOptions({
    queryKey: staffKeys.lookup(q.trim()),
    queryFn: ({ signal }) => lookup(client, q.trim(), signal),
    enabled: q.trim() !== '',
  });

/** The back office's QueryClient: fresh for 15 s (several people work on the same trades); the client retries reads once itself. */
export function newStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

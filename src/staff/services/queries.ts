// The back office's reads as TanStack Query options: a trade, the trade search, the staff users, the
// audit log, the returns, the due payouts and the payout batches. Keys start with 'staff' and name what they hold, so a change can drop what it made stale.

import { infiniteQueryOptions, QueryClient, queryOptions } from '@tanstack/react-query';
import { fetchAudit, type AuditFilter } from './audit';
import type { StaffClient } from './client';
import { fetchBatch, fetchBatches, fetchDuePayouts } from './payouts';
import type { PayoutMethod } from '../../contracts/payouts';
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

/** The back office's QueryClient: fresh for 15 s (several people work on the same trades); the client retries reads once itself. */
export function newStaffQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

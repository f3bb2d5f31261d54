// The audit log (admin): newest first, filtered by actor, action and trade, a page at a time.

import { AuditAnswerSchema } from '../../contracts/staff';
import type { z } from '../../contracts/zod';
import type { StaffClient } from './client';

export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;

export interface AuditFilter {
  readonly actor: string;
  readonly action: string;
  readonly trade: string;
}

export const AUDIT_PAGE_SIZE = 50;

export async function fetchAudit(
  client: StaffClient,
  filter: AuditFilter,
  before: number | null,
  signal?: AbortSignal,
): Promise<AuditAnswer> {
  return client.json('/api/staff/audit', AuditAnswerSchema, {
    query: {
      actor: filter.actor.trim() || undefined,
      action: filter.action.trim() || undefined,
      trade: filter.trade.trim() || undefined,
      before: before ?? undefined,
      limit: AUDIT_PAGE_SIZE,
    },
    ...(signal && { signal }),
  });
}

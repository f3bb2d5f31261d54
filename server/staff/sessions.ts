// PLACEHOLDER (being written): staff sessions.
import type { FastifyInstance } from 'fastify';
import type { StaffPluginOptions } from './plugin';

export interface StaffSessionOptions {
  readonly idleMinutes?: number;
  readonly maxHours?: number;
}

export function registerStaffSessions(app: FastifyInstance, _options: StaffPluginOptions): void {
  app.decorateRequest('staff', null);
}

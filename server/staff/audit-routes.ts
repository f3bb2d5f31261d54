// PLACEHOLDER (being written).
import type { FastifyInstance } from 'fastify';
import type { StaffPluginOptions } from './plugin';

export function registerAuditRoutes(_app: FastifyInstance, _options: StaffPluginOptions): void {}

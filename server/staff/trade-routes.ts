// PLACEHOLDER (being written).
import type { FastifyInstance } from 'fastify';
import type { StaffPluginOptions } from './plugin';

export function registerStaffTradeRoutes(_app: FastifyInstance, _options: StaffPluginOptions): void {}

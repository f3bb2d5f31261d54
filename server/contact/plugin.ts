// The contact domain as a plugin: the contact form's ticket and message with attachments
// (POST /api/contact, decision 023).

import type { Database } from '../db/client';
import { domainPlugin } from '../http/plugin';
import { registerContactRoutes } from './routes';
import type { ContactServices } from './services';

export interface ContactPluginOptions {
  readonly db: Database;
  readonly services: ContactServices;
}

export const contactPlugin = domainPlugin<ContactPluginOptions>('contact', (app, options) => registerContactRoutes(app, options));

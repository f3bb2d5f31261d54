// The content domain as a plugin: the Markdown content pages as JSON for the browser (decision 024).

import { domainPlugin } from '../http/plugin';
import type { ContentLibrary } from './library';
import { registerContentRoutes } from './routes';

export interface ContentPluginOptions {
  readonly library: ContentLibrary;
}

export const contentPlugin = domainPlugin<ContentPluginOptions>('content', (app, options) => registerContentRoutes(app, options));

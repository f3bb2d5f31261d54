// The HTTP platform every domain plugin stands on (plugin name `http`): zod route schemas and the
// answers to what they refuse (server/http/errors.ts), security headers (a page's CSP by its script hashes or this request's nonce),
// the input guard of every API route and response compression. Registered first; it knows no domain.

import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiErrorHandler } from './errors';
import { registerInputGuard } from './input-guard';
import { registerSecurityHeaders, type SecurityHeaderOptions } from './security-headers';

export const HTTP_PLUGIN = 'http';

export interface HttpPlatformOptions {
  /** Who may frame the widget hosts; default: only the shop. */
  readonly security?: SecurityHeaderOptions | undefined;
}

export const httpPlatform = fp<HttpPlatformOptions>(
  async (app, options) => {
    app.setValidatorCompiler(validatorCompiler);
    // A route's zod response schema serializes its success answer (without a zod serializer Fastify
    // hands the zod object to fast-json-stringify, which refuses it when the app starts).
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(apiErrorHandler);
    registerSecurityHeaders(app, options.security ?? { widgetFrameAncestors: [] });
    // No API input reaches a schema with text the database refuses or nesting that overflows the stack.
    registerInputGuard(app);
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
    });
  },
  { name: HTTP_PLUGIN, fastify: '5.x' },
);

/**
 * A domain's routes as a plugin: encapsulated (its hooks, parsers and decorators stay its own), named
 * for the domain, and refusing to load before the HTTP platform, so it can be registered alone in a
 * test with `httpPlatform` and the named options it declares.
 */
export function domainPlugin<Options extends object>(
  name: string,
  register: (app: FastifyInstance, options: Options) => Promise<void> | void,
): FastifyPluginAsync<Options> {
  const plugin: FastifyPluginAsync<Options> = async (app, options) => {
    await register(app, options);
  };
  return fp(plugin, {
    name,
    fastify: '5.x',
    dependencies: [HTTP_PLUGIN],
    encapsulate: true,
  });
}

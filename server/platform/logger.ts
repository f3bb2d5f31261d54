// Structured logging (pino through Fastify). Requests are logged without query strings (which can
// carry tokens) and without headers; any field that could hold a secret is redacted.

import type { FastifyServerOptions } from 'fastify';

export const REDACTED_PATHS = [
  'password',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  '*.password',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.authorization',
  '*.cookie',
  'req.headers',
  'res.headers',
];

/** Path of a URL without its query string. */
export function pathOnly(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        path: pathOnly(req.url),
        host: req.hostname,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

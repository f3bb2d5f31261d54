// The back office's own host (decision 071): `staff.localhost` and the host of the staff origin
// (PUBLIC_ORIGINS `staff=…`). It answers the staff API (/api/staff/*), the staff app's files
// (/staff-assets/*, built by Vite into dist/staff), the operators' /healthz, /readyz and /metrics, the
// CSP reports and the signed certificate links; any other GET gets the staff app's HTML shell (dist/staff/index.html) with this
// request's CSP nonce on its scripts. It never answers a shop page or the shop's API, and no other
// host answers the staff API or its files (404). Registered before the domain plugins and not
// encapsulated, so its hook sees every route; it decides by the route a request matched, so an
// encoded path (/api/%73taff/…) is judged like the plain one.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HASHED_FILE, IMMUTABLE } from '../http/hashed-files';
import { HTTP_PLUGIN } from '../http/plugin';
import { CAMERA_PERMISSIONS_POLICY, CSP_REPORT_PATH } from '../http/security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request came to the back office's host. */
    staffHost: boolean;
  }
}

export interface StaffHostOptions {
  /** The back office's origin; its host name is a staff host beside `staff.localhost`. */
  readonly origin?: string | undefined;
  /** The staff app's build (index.html and staff-assets/); without it the shell answers 503 and there are no assets. */
  readonly staffDir?: string | undefined;
}

/** Always a staff host, whatever the configured origin (development, tests). */
export const LOCAL_STAFF_HOST = 'staff.localhost';
export const STAFF_ASSETS_PREFIX = '/staff-assets/';

/**
 * Routes of the staff host besides the staff API and assets: the operators', and the data-erasure
 * certificate behind its signed link, which the inspection screen links as the seller gets it.
 */
const OPERATOR_ROUTES = new Set(['/healthz', '/readyz', '/metrics', CSP_REPORT_PATH, '/api/certificates/:file']);

const isStaffRoute = (route: string | undefined) =>
  route !== undefined && (route === '/api/staff' || route.startsWith('/api/staff/') || route.startsWith(STAFF_ASSETS_PREFIX));

const pathOf = (url: string) => url.split('?')[0] ?? url;

/** The host names that are the back office's. */
export function staffHostnames(origin: string | undefined): ReadonlySet<string> {
  const hosts = new Set([LOCAL_STAFF_HOST]);
  if (origin) hosts.add(new URL(origin).hostname.toLowerCase());
  return hosts;
}

/** The shell's HTML with `nonce` on every script and module preload (the page's CSP allows only those). */
export function withScriptNonce(html: string, nonce: string): string {
  return html
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<link\b(?=[^>]*\brel=["']?modulepreload\b)(?![^>]*\bnonce=)/gi, `<link nonce="${nonce}"`);
}

function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: `No endpoint ${request.method} ${pathOf(request.url)}` });
}

export const staffHost = fp<StaffHostOptions>(
  async (app, options) => {
    const hosts = staffHostnames(options.origin);
    const { staffDir } = options;
    let shell: string | undefined;

    /** The built index.html, read once it exists (a server started before the build finds it later). */
    const readShell = async (): Promise<string | undefined> => {
      if (shell !== undefined || !staffDir) return shell;
      try {
        shell = await readFile(join(staffDir, 'index.html'), 'utf8');
      } catch {
        return undefined;
      }
      return shell;
    };

    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('Cache-Control', 'no-store');
      const html = await readShell();
      if (html === undefined) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The back office is not built on this server: run `npm run build`, then reload.\n');
      }
      return reply.type('text/html; charset=utf-8').send(withScriptNonce(html, request.cspNonce));
    };

    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (!hosts.has(request.hostname.toLowerCase())) {
        if (isStaffRoute(route)) return notFound(request, reply);
        return;
      }
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      // The receive screen may scan a label with the camera (this origin only); the shop hosts may not.
      request.staffHost = true;
      if (isStaffRoute(route) || (route !== undefined && OPERATOR_ROUTES.has(route))) return;
      const path = pathOf(request.url);
      if (path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound(request, reply);
      if (path === '/robots.txt') return reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n');
      return sendShell(request, reply);
    });

    app.decorateRequest('staffHost', false);
    // After the security headers' own onSend (registered before this plugin), so this one wins.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.staffHost && reply.hasHeader('Permissions-Policy')) reply.header('Permissions-Policy', CAMERA_PERMISSIONS_POLICY);
      return payload;
    });

    if (staffDir) {
      // In a child context: the pages plugin decorates the reply with its own @fastify/static.
      await app.register(async (child) => {
        await child.register(fastifyStatic, {
          root: join(staffDir, 'staff-assets'),
          prefix: STAFF_ASSETS_PREFIX,
          decorateReply: false,
          index: false,
          ...HASHED_FILE,
          setHeaders: (res) => res.header('Cache-Control', IMMUTABLE),
        });
      });
    }
  },
  { name: 'staff-host', fastify: '5.x', dependencies: [HTTP_PLUGIN] },
);

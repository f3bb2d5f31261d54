// The security headers of every answer, set in one place (issue: no page had any).
// - Every answer: nosniff, and HSTS when the request came over TLS (behind TRUST_PROXY: the proxy's
//   X-Forwarded-Proto).
// - Every answer but a script or style sheet (decision 102: a browser never renders one as a
//   document): a referrer policy (none at all for a URL that carries a token), a permissions policy
//   and the opener policy.
// - HTML pages: a Content-Security-Policy and frame protection. The shop's pages name the hashes of
//   their inline scripts (server/ssr/script-hashes.ts, decision 089: the same bytes go to every
//   visitor), other HTML (the back office's shell, the API docs) this request's nonce. No site may
//   frame the shop except the partner sites configured for each widget host (decision 034):
//   b2bwidget. hosts by WIDGET_FRAME_ANCESTORS, aganwidget. hosts by AGANWIDGET_FRAME_ANCESTORS (else
//   the same list); with none configured, no site may frame them either (frame-ancestors 'none').
//   Violations are reported to POST /api/csp-report, which logs them (at most REPORTS_PER_MINUTE).
// - Every other answer (API JSON, PDFs, pictures, redirects): NON_PAGE_POLICY (XML: XML_POLICY) and
//   X-Frame-Options: nothing in it may load anything or be framed, should a browser ever render it as
//   a document.

import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lookupHost, type ShopMode } from '../../src/config/hosts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The nonce of this request's scripts (base64, 128 random bits), made when first read. */
    readonly cspNonce: string;
  }
  interface FastifyReply {
    /** The page's own script sources (hashes of its inline scripts); unset: this request's nonce. */
    cspScriptSources: readonly string[] | null;
  }
}

export interface SecurityHeaderOptions {
  /** Origins that may frame the partner widget hosts (WIDGET_FRAME_ANCESTORS); without any no site may. */
  readonly widgetFrameAncestors: readonly string[];
  /** Origins that may frame the sister brand's widget hosts (AGANWIDGET_FRAME_ANCESTORS); absent: widgetFrameAncestors. */
  readonly aganWidgetFrameAncestors?: readonly string[] | undefined;
}

export const CSP_REPORT_PATH = '/api/csp-report';
const NONCE = Symbol('cspNonce');
const REPORTS_PER_MINUTE = 60;

/** The policy of every answer that is not a page (decision 080): it may load nothing and no site may frame it. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";
/**
 * XML (the sitemaps): the browser shows it in a viewer that it styles inline and draws with data:
 * images (its arrows), under the answer's policy. Neither loads anything from anywhere.
 */
const XML_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

/**
 * Scripts and style sheets (decision 102): with nosniff a browser runs or applies them only as what
 * they are and shows them as plain text when opened, never as a document, so the document headers
 * (policies, frame and opener protection, referrer) would do nothing on them. They get nosniff (and
 * HSTS) alone: a first visit fetches a dozen of them.
 */
const SUBRESOURCE = /^(?:text\/javascript|application\/javascript|text\/css)\b/;

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';
/** The back office's (server/staff/host.ts): its receive screen scans labels with the desk camera. */
export const CAMERA_PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/** A URL whose query carries a secret (activation, password reset, label and clarification links). */
const carriesToken = (url: string) => /[?&]token=/.test(url);

/** A page's policy: only `scriptSources` (a nonce or hashes) run, and what they add ('strict-dynamic'). */
export function contentSecurityPolicy(scriptSources: readonly string[], frameAncestors: readonly string[]): string {
  return [
    scriptSources.length > 0 ? `script-src ${scriptSources.join(' ')} 'strict-dynamic'` : "script-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** The origins that may frame the pages of a shop mode: the configured partners of a widget mode, else none. */
export function frameAncestorsFor(mode: ShopMode | undefined, options: SecurityHeaderOptions): readonly string[] {
  if (mode === 'b2bWidget') return options.widgetFrameAncestors;
  if (mode === 'aganwidget') return options.aganWidgetFrameAncestors ?? options.widgetFrameAncestors;
  return [];
}

function frameAncestorsOf(request: FastifyRequest, options: SecurityHeaderOptions): readonly string[] {
  return frameAncestorsFor(lookupHost(request.hostname)?.mode, options);
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  // Made when first read: most answers (shop pages, API, files) never need one.
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest & { [NONCE]?: string }) {
      return (this[NONCE] ??= randomBytes(16).toString('base64'));
    },
  });
  app.decorateReply('cspScriptSources', null);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (SUBRESOURCE.test(type)) return payload;
    reply.header('Referrer-Policy', carriesToken(request.url) ? 'no-referrer' : 'strict-origin-when-cross-origin');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (type.startsWith('text/html')) {
      const ancestors = frameAncestorsOf(request, options);
      reply.header('Content-Security-Policy', contentSecurityPolicy(reply.cspScriptSources ?? [`'nonce-${request.cspNonce}'`], ancestors));
      if (ancestors.length === 0) reply.header('X-Frame-Options', 'DENY');
    } else {
      reply.header('Content-Security-Policy', /[/+]xml\b/.test(type) ? XML_POLICY : NON_PAGE_POLICY);
      reply.header('X-Frame-Options', 'DENY');
    }
    return payload;
  });

  // Browsers send violation reports as application/csp-report (report-uri) or application/reports+json.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, null);
      }
    },
  );
  let windowStart = 0;
  let logged = 0;
  let dropped = 0;
  app.post(CSP_REPORT_PATH, async (request, reply) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      if (dropped > 0) request.log.warn({ event: 'csp_reports_dropped', count: dropped }, 'CSP reports over the limit were not logged');
      windowStart = now;
      logged = 0;
      dropped = 0;
    }
    if (logged < REPORTS_PER_MINUTE) {
      logged += 1;
      request.log.warn({ event: 'csp_violation', ...violationOf(request.body) }, 'Content-Security-Policy violation');
    } else {
      dropped += 1;
    }
    return reply.status(204).send();
  });
}

/** The fields of a report worth logging (document and blocked URLs without their query: they may carry tokens). */
function violationOf(body: unknown): Record<string, string> {
  const report = (Array.isArray(body) ? body[0]?.body : (body as { 'csp-report'?: unknown } | null)?.['csp-report']) as
    Record<string, unknown> | undefined;
  if (!report || typeof report !== 'object') return { report: 'unreadable' };
  const text = (...names: string[]) => {
    for (const name of names) if (typeof report[name] === 'string') return (report[name] as string).split('?')[0]!.slice(0, 300);
    return '';
  };
  return {
    directive: text('effective-directive', 'effectiveDirective', 'violated-directive'),
    blocked: text('blocked-uri', 'blockedURL'),
    document: text('document-uri', 'documentURL'),
  };
}

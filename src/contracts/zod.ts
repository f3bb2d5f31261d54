// The one zod the browser code uses. In the browser zod must not compile its parsers with
// `new Function`: the shop's Content-Security-Policy forbids eval, and zod's probe for it alone
// is reported as a violation (server/http/security-headers.ts). The server keeps the compiled parsers.
// The setting must come before any schema is built, so every module of src imports z from here.

import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

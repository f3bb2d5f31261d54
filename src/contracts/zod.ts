// The one zod the browser code uses: zod/mini, the functional API over the same core as the server's
// classic zod (decision 097). Its functions (z.optional, z.pipe, z.minLength, ...) are tree-shaken;
// classic's methods all come with its first schema, which made zod the checkout's largest chunk after
// the entry. The server reads these schemas with classic zod's functions (z.toJSONSchema, z.safeParse)
// and its type provider, which work on any zod 4 schema.
//
// In the browser zod must not compile its parsers with `new Function`: the shop's
// Content-Security-Policy forbids eval, and zod's probe for it alone is reported as a violation
// (server/http/security-headers.ts). The server keeps the compiled parsers. The setting must come
// before any schema is built, so every module of src imports z from here.

import { z } from 'zod/mini';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

// POST /__test/ops: one operator command run inside the server, for the end-to-end tests on the
// embedded database (decision 091). The embedded PGlite belongs to one process, so the CLI cannot open
// it while the shop runs; the tests' operator steps (receive, inspect, pay, …) come here instead and
// run the very command code of the CLI on the server's database and mail. Registered only with
// TEST_OPS_ENDPOINT=1 and answered only to this machine (the socket's address, never a forwarded one).

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { ShippingServices } from '../shipping';
import { runHosted } from './command';
import { runOps } from './run';

export const TEST_OPS_PATH = '/__test/ops';

const OpsRequestSchema = z.object({
  args: z.array(z.string().max(2_000)).min(1).max(100),
});

/** Commands that act on the database files themselves: they need the shop stopped. */
const NOT_HOSTED = new Set(['db']);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface OpsEndpointOptions {
  readonly db: Database;
  readonly shipping: ShippingServices;
}

export const opsEndpoint: FastifyPluginAsync<OpsEndpointOptions> = async (app, { db, shipping }) => {
  app.post(TEST_OPS_PATH, async (request, reply) => {
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply.code(403).send({ message: 'Only from this machine.' });
    const parsed = OpsRequestSchema.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({ message: 'Send {"args": ["trades", "receive", "TR-…"]}: the command line as words.' });
    const { args } = parsed.data;
    if (NOT_HOSTED.has(args[0]!))
      return reply.code(400).send({ message: `"${args[0]}" commands need the shop stopped: run them with npm run ops.` });
    let stdout = '';
    let stderr = '';
    const code = await runHosted({ db, shipping, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) }, () =>
      runOps(args),
    );
    // As the CLI does before it ends: the mail the command wrote is sent before the answer.
    await shipping.mailQueue?.worker?.drain();
    return { code, stdout, stderr };
  });
};

// The operator's steps in the end-to-end tests (receive, inspect, pay, reports, …): the operator
// commands of `npm run ops`, run by the e2e server itself through its test-only endpoint (decision
// 091), so they act on the server's database whether it is the embedded one or PostgreSQL.

import { PORT } from './shop';

/** Runs `npm run ops -- <args>` inside the e2e server; its output. Throws, with the command's error, when it fails. */
export async function ops(args: string[]): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/__test/ops`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  if (response.status === 404) throw new Error('The e2e server does not run operator commands: start it with TEST_OPS_ENDPOINT=1.');
  const answer = (await response.json()) as { code?: number; stdout?: string; stderr?: string; message?: string };
  if (response.status !== 200 || answer.code !== 0)
    throw new Error(`ops ${args.join(' ')} failed (${answer.code ?? response.status}): ${answer.stderr ?? answer.message ?? ''}`);
  return answer.stdout ?? '';
}

// Operator commands in tests: run in this process as the CLI runs them (runOps: the database in
// DATA_DIR opened per command, the mail sent before it ends), or through the CLI itself in a child
// process where the process is the subject (exit codes, a lock held by another process). A child
// process costs 3–4 s, most of it starting tsx; a command in this process well under one.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { format } from 'node:util';
import { vi } from 'vitest';
import { runOps } from '../ops/run';
import { PROJECT_ROOT } from '../platform/paths';

export interface OpsRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The environment the ops commands see for the embedded database in `dataDir`, as a shop started with
 * defaults (production, PORT 3000, no PostgreSQL, no public origins, no SMTP server) would give them.
 */
export function embeddedOpsEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent', PORT: '3000' };
  delete env.DATABASE_URL;
  delete env.PUBLIC_ORIGINS;
  delete env.SMTP_URL;
  return env;
}

/** Runs `npm run ops -- …args` in this process (with this process's environment) and collects what it printed. */
export async function opsHere(...args: string[]): Promise<OpsRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void (stdout += `${format(...parts)}\n`));
  const err = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void (stderr += `${format(...parts)}\n`));
  const raw = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await runOps(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    raw.mockRestore();
  }
}

/** Runs `tsx server/ops/cli.ts …args` in a child process with `env`. */
export const opsCli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  new Promise<OpsRun>((resolve) => {
    execFile(
      join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
      ['server/ops/cli.ts', ...args],
      { cwd: PROJECT_ROOT, env, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });

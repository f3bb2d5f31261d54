// Types of what TypeScript benchmarks use from lib.mjs.
import type { ChildProcess } from 'node:child_process';

export interface BenchServer {
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the production build on a free port with the benchmark's own data directory. */
export declare function startServer(options?: { timeoutMs?: number }): Promise<BenchServer>;

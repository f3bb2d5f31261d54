// Types of what TypeScript benchmarks use from lib.mjs.
import type { ChildProcess } from 'node:child_process';

export interface BenchServer {
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the production build on a free port with the benchmark's own data directory. */
export declare function startServer(options?: { timeoutMs?: number }): Promise<BenchServer>;

/** 'within budget' or 'OVER budget'. */
export declare const verdict: (within: boolean) => string;

/** Prints a titled table (numeric columns right-aligned). */
export declare function printTable(title: string, header: readonly string[], rows: readonly (readonly unknown[])[]): void;

/** Writes bench/results/<name> as JSON; returns its path. */
export declare function writeResult(name: string, data: unknown): string;

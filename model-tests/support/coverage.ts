// Coverage of the production machines while model paths drive them: an actor `inspect` callback
// records every state node entered and every transition taken (inspection `@xstate.microstep`
// events), keyed like the static graph (../atlas/graph.ts), so "reached / total" counts the same
// states and transitions the flow atlas draws.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { createCoverageInspector, type CoverageSink } from '../../src/contracts/actor-coverage';
import { machineGraph, type MachineGraph } from '../atlas/graph';

export const REPORT_DIR = join(import.meta.dirname, '..', 'report');
const RAW_DIR = join(REPORT_DIR, 'raw');

export interface MachineCoverage {
  readonly machine: string;
  readonly states: { readonly reached: number; readonly total: number; readonly missing: readonly string[] };
  readonly transitions: { readonly taken: number; readonly total: number; readonly missing: readonly string[] };
}

/** What one runner recorded: machine id → state ids and transition keys. */
export interface RawCoverage {
  readonly runner: string;
  readonly flow: string;
  readonly machines: Record<string, { states: string[]; transitions: string[] }>;
  /** Transition key → why the flow cannot take it. */
  readonly uncovered?: Record<string, string>;
  /** Path counts and run time of the runner. */
  readonly paths?: {
    total: number;
    shortest: number;
    transitionCover: number;
    simple: number | null;
    simpleTotal: number | null;
    bound: number;
    /** The model's own long paths (support/paths.ts, ModelTours). */
    tours?: number;
  };
  readonly durationMs?: number;
}

export class CoverageRecorder {
  private readonly sink: CoverageSink = {};

  /** Pass as `createActor(machine, { inspect: recorder.inspect })`. */
  readonly inspect: (event: InspectionEvent) => void;

  constructor(readonly machines: readonly AnyStateMachine[]) {
    this.inspect = createCoverageInspector(this.sink, new Set(machines.map((machine) => machine.id)));
  }

  raw(runner: string, flow: string): RawCoverage {
    return rawFromSink(runner, flow, this.sink);
  }

  summary(): MachineCoverage[] {
    return summarize(this.machines, [this.raw('', '')]);
  }

  /** Writes the raw record for the report (`npm run model-tests` merges them). */
  async save(runner: string, flow: string, extra: Pick<RawCoverage, 'uncovered' | 'paths' | 'durationMs'> = {}): Promise<void> {
    await saveRaw({ ...this.raw(runner, flow), ...extra });
  }
}

/** A record from a sink (the browser's `window.__modelCoverage` has the same shape). */
export function rawFromSink(runner: string, flow: string, sink: CoverageSink): RawCoverage {
  const machines: RawCoverage['machines'] = {};
  for (const [id, record] of Object.entries(sink).sort(([a], [b]) => a.localeCompare(b))) {
    machines[id] = { states: Object.keys(record.states).sort(), transitions: Object.keys(record.transitions).sort() };
  }
  return { runner, flow, machines };
}

export async function saveRaw(record: RawCoverage, suffix = ''): Promise<void> {
  await mkdir(RAW_DIR, { recursive: true });
  await writeFile(join(RAW_DIR, `${record.runner}-${record.flow}${suffix}.json`), `${JSON.stringify(record, null, 2)}\n`);
}

/** Coverage of `machines` by the union of raw records. */
export function summarize(machines: readonly AnyStateMachine[], records: readonly RawCoverage[]): MachineCoverage[] {
  return machines.map((machine) => {
    const graph: MachineGraph = machineGraph(machine);
    const states = new Set(records.flatMap((record) => record.machines[machine.id]?.states ?? []));
    const transitions = new Set(records.flatMap((record) => record.machines[machine.id]?.transitions ?? []));
    const allStates = graph.states.map((state) => state.id);
    const allTransitions = graph.transitions.map((transition) => transition.key);
    return {
      machine: machine.id,
      states: {
        reached: allStates.filter((id) => states.has(id)).length,
        total: allStates.length,
        missing: allStates.filter((id) => !states.has(id)),
      },
      transitions: {
        taken: allTransitions.filter((key) => transitions.has(key)).length,
        total: allTransitions.length,
        missing: allTransitions.filter((key) => !transitions.has(key)),
      },
    };
  });
}

export async function loadRawCoverage(): Promise<RawCoverage[]> {
  const files = await readdir(RAW_DIR).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map(async (file) => JSON.parse(await readFile(join(RAW_DIR, file), 'utf8')) as RawCoverage),
  );
}

/** What the browser runner reached per machine on main (model-tests/browser-floor.json): it may grow, never shrink. */
export type BrowserFloor = Record<string, { readonly states: number; readonly transitions: number }>;

/**
 * Why the coverage misses its goal; empty when it meets it. The goal: every state and at least
 * `transitionGoal` of the transitions of each machine by all runners together, and at the browser
 * level no machine below its floor (a path removed or no longer reaching a state fails the run).
 */
export function goalFailures(
  together: readonly MachineCoverage[],
  browser: readonly MachineCoverage[],
  floor: BrowserFloor,
  transitionGoal: number,
): string[] {
  const failures: string[] = [];
  for (const m of together) {
    if (m.states.missing.length > 0) failures.push(`${m.machine}: ${m.states.missing.length} state(s) never reached`);
    if (m.transitions.taken / m.transitions.total < transitionGoal)
      failures.push(`${m.machine}: transitions ${m.transitions.taken}/${m.transitions.total}, below ${Math.round(transitionGoal * 100)}%`);
  }
  for (const [machine, least] of Object.entries(floor)) {
    const reached = browser.find((m) => m.machine === machine);
    const states = reached?.states.reached ?? 0;
    const transitions = reached?.transitions.taken ?? 0;
    if (states < least.states || transitions < least.transitions)
      failures.push(
        `${machine}: the browser reached ${states} states and ${transitions} transitions, below its floor of ${least.states} and ${least.transitions}`,
      );
  }
  return failures;
}

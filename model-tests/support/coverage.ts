// Coverage of the production machines while model paths drive them: an actor `inspect` callback
// records every state node entered and every transition taken (inspection `@xstate.microstep`
// events), keyed like the static graph (../atlas/graph.ts), so "reached / total" counts the same
// states and transitions the flow atlas draws.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { keyOfTakenTransition, machineGraph, type MachineGraph } from '../atlas/graph';

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
  readonly paths?: { total: number; shortest: number; transitionCover: number; simple: number | null; simpleTotal: number; bound: number };
  readonly durationMs?: number;
}

export class CoverageRecorder {
  private readonly states = new Map<string, Set<string>>();
  private readonly transitions = new Map<string, Set<string>>();

  constructor(readonly machines: readonly AnyStateMachine[]) {
    for (const machine of machines) {
      this.states.set(machine.id, new Set());
      this.transitions.set(machine.id, new Set());
    }
  }

  /** Pass as `createActor(machine, { inspect: recorder.inspect })`. */
  readonly inspect = (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const logic = (event.actorRef as { logic?: { id?: string } }).logic;
    const id = logic?.id;
    if (!id || !this.states.has(id)) return;
    const snapshot = event.snapshot as { _nodes?: { id: string }[] };
    for (const node of snapshot._nodes ?? []) this.states.get(id)!.add(node.id);
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        const key = keyOfTakenTransition(transition);
        if (key) this.transitions.get(id)!.add(key);
        for (const target of transition.target ?? []) this.states.get(id)!.add(target.id);
      }
    }
  };

  raw(runner: string, flow: string): RawCoverage {
    const machines: RawCoverage['machines'] = {};
    for (const machine of this.machines) {
      machines[machine.id] = { states: [...this.states.get(machine.id)!].sort(), transitions: [...this.transitions.get(machine.id)!].sort() };
    }
    return { runner, flow, machines };
  }

  summary(): MachineCoverage[] {
    return summarize(this.machines, [this.raw('', '')]);
  }

  /** Writes the raw record for the report (`npm run model-tests` merges them). */
  async save(runner: string, flow: string, extra: Pick<RawCoverage, 'uncovered' | 'paths' | 'durationMs'> = {}): Promise<void> {
    await mkdir(RAW_DIR, { recursive: true });
    await writeFile(join(RAW_DIR, `${runner}-${flow}.json`), `${JSON.stringify({ ...this.raw(runner, flow), ...extra }, null, 2)}\n`);
  }
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
      states: { reached: allStates.filter((id) => states.has(id)).length, total: allStates.length, missing: allStates.filter((id) => !states.has(id)) },
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
  return Promise.all(files.filter((file) => file.endsWith('.json')).sort().map(async (file) => JSON.parse(await readFile(join(RAW_DIR, file), 'utf8')) as RawCoverage));
}

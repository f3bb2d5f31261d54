// The machine-level runner: every path of a flow's model drives the production machine (provided
// with controllable actors) step by step and checks after every step that the production actor is
// in the state the model state names (`meta.production`) plus the flow's own checks. While it runs,
// the actors' inspection records coverage; afterwards the flow's goals are checked (every state;
// at least 95% of transitions, each missing one excused with a reason) and the record is saved
// for the report.

import { afterAll, describe, expect, it } from 'vitest';
import type { AnyActorRef, AnyStateMachine } from 'xstate';
import { CoverageRecorder } from './coverage';
import { settle } from './controllable';
import { flowPaths, type FlowPath } from './paths';

export interface ModelMeta {
  /** The production state value the model state stands for (dotted for nested), or null before the actor exists. */
  readonly production: string | null;
  /** What the user sees, for descriptions. */
  readonly sees: string;
}

export interface MachineFlow<H extends { actor: AnyActorRef | null }> {
  readonly name: string;
  readonly model: AnyStateMachine;
  /** The production machines whose coverage this flow reports. */
  readonly production: readonly AnyStateMachine[];
  readonly simplePathBound: number;
  /** A fresh harness per path; pass `inspect` to every production actor created. */
  start(inspect: CoverageRecorder['inspect']): H;
  /** What each model event does to the production actor (send an event, settle an actor, ...). */
  readonly events: Record<string, (harness: H) => void | Promise<void>>;
  /** Extra checks per model state, after the production state check. */
  readonly checks?: Record<string, (harness: H) => void>;
  /** Production transition keys the flow cannot reach, with the reason (shown in the report). */
  readonly uncovered?: Record<string, string>;
}

export const TRANSITION_GOAL = 0.95;

export function metaOf(model: AnyStateMachine, state: string): ModelMeta {
  const node = model.getStateNodeById(`${model.id}.${state}`);
  const meta = node.meta as ModelMeta | undefined;
  if (!meta || !('production' in meta)) throw new Error(`${model.id}.${state} has no meta.production`);
  return meta;
}

/** The production actor's state value as dotted text (`review.idle`); parallel regions sorted and joined with ` + `. */
export function stateText(value: unknown): string {
  const leaves = (v: unknown, prefix: string): string[] =>
    typeof v === 'string'
      ? [`${prefix}${v}`]
      : Object.entries(v as Record<string, unknown>).flatMap(([key, child]) => leaves(child, `${prefix}${key}.`));
  return leaves(value, '').sort().join(' + ');
}

export async function runPath<H extends { actor: AnyActorRef | null }>(
  flow: MachineFlow<H>,
  path: FlowPath,
  recorder: CoverageRecorder,
): Promise<void> {
  const harness = flow.start(recorder.inspect);
  try {
    for (let index = 0; index < path.events.length; index++) {
      const event = path.events[index]!;
      const run = flow.events[event];
      if (!run) throw new Error(`${flow.name}: the model event ${event} has no executor`);
      await run(harness);
      await settle();
      const state = path.states[index + 1]!;
      const meta = metaOf(flow.model, state);
      if (meta.production !== null) {
        expect(harness.actor, `after ${event} the production actor must exist`).not.toBeNull();
        const actual = stateText(harness.actor!.getSnapshot().value);
        expect(actual, `step ${index + 1} (${event}) should reach ${state} = ${meta.production}`).toBe(meta.production);
      }
      flow.checks?.[state]?.(harness);
    }
  } finally {
    harness.actor?.stop();
  }
}

/** Registers the flow's path tests and its coverage goals in vitest. */
export function describeMachineFlow<H extends { actor: AnyActorRef | null }>(flow: MachineFlow<H>): void {
  const paths = flowPaths(flow.model, flow.simplePathBound);
  const recorder = new CoverageRecorder(flow.production);

  describe(`${flow.name} flow, machine level: ${paths.paths.length} paths (${paths.shortest} shortest, ${paths.transitionCover} transition, ${paths.simple ?? (paths.simpleTotal === null ? 'no' : `0 of ${paths.simpleTotal}`)} simple, bound ${paths.bound})`, () => {
    let durationMs = 0;
    it.each(paths.paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
      const started = performance.now();
      await runPath(flow, path, recorder);
      durationMs += performance.now() - started;
    });

    afterAll(async () => {
      const { paths: list, ...counts } = paths;
      await recorder.save('machine', flow.name, {
        uncovered: flow.uncovered ?? {},
        paths: { total: list.length, ...counts },
        durationMs: Math.round(durationMs),
      });
    });

    it.sequential('covers every production state and the transition goal', () => {
      // Runs after the paths (vitest runs a file's tests in order).
      for (const coverage of recorder.summary()) {
        const excused = Object.keys(flow.uncovered ?? {}).filter(
          (key) => key.startsWith(`${coverage.machine}.`) || key.startsWith(`${coverage.machine} `),
        );
        expect(coverage.states.missing, `${coverage.machine}: states never reached`).toEqual([]);
        expect(
          coverage.transitions.missing.filter((key) => !excused.includes(key)),
          `${coverage.machine}: transitions never taken and not excused`,
        ).toEqual([]);
        expect(
          excused.filter((key) => !coverage.transitions.missing.includes(key)),
          `${coverage.machine}: excused transitions that were taken (drop the excuse)`,
        ).toEqual([]);
        expect(coverage.transitions.taken / coverage.transitions.total).toBeGreaterThanOrEqual(TRANSITION_GOAL);
      }
    });
  });
}

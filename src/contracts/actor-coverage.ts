// Which states and transitions production actors take, for the model-based tests' coverage report:
// an actor `inspect` callback (xstate inspection API) records state node ids and transition keys.
// In the browser it records only when a test put `window.__modelCoverage` in place before the
// page loaded (Playwright's addInitScript); otherwise it is undefined and actors run uninspected.
// A contract between the pages and the tests, so both apps may use it: the shop and the back office
// (which shares only src/contracts and src/config with the shop, decision 072).

import type { InspectionEvent } from 'xstate';

/** Machine id → state ids and transition keys taken (plain objects, so a test can read them as JSON). */
export type CoverageSink = Record<string, { states: Record<string, true>; transitions: Record<string, true> }>;

declare global {
  interface Window {
    __modelCoverage?: CoverageSink;
  }
}

/** A transition's stable key: `<source state id> <event type or 'always'>#<index among the source's transitions for it>`. */
export function transitionKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId} ${eventType || 'always'}#${index}`;
}

interface TakenTransition {
  readonly source?: { id: string; always?: readonly unknown[]; transitions: Map<string, readonly unknown[]> };
  readonly eventType?: string;
  readonly target?: readonly { id: string }[];
}

/**
 * The key of a transition object an actor took (inspection `@xstate.microstep` events carry them):
 * its position among its source's transitions for the event, which is the same in every
 * `machine.provide()` copy of the machine.
 */
export function keyOfTakenTransition(transition: unknown): string | null {
  const { source, eventType = '' } = transition as TakenTransition;
  if (!source) return null;
  const list = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? []);
  const index = list.indexOf(transition);
  return index === -1 ? null : transitionKey(source.id, eventType, index);
}

/** An inspect callback that records into `sink` (only the machines in `only`, when given). */
export function createCoverageInspector(sink: CoverageSink, only?: ReadonlySet<string>) {
  return (event: InspectionEvent): void => {
    if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
    const id = (event.actorRef as { logic?: { id?: string; root?: unknown } }).logic;
    if (!id?.root || typeof id.id !== 'string' || (only && !only.has(id.id))) return;
    const record = (sink[id.id] ??= { states: {}, transitions: {} });
    for (const node of (event.snapshot as { _nodes?: { id: string }[] })._nodes ?? []) record.states[node.id] = true;
    if (event.type === '@xstate.microstep') {
      for (const transition of event._transitions) {
        const key = keyOfTakenTransition(transition);
        if (key) record.transitions[key] = true;
        // A transient state (left at once by an eventless transition) is active only as a source.
        const source = (transition as TakenTransition).source;
        if (source) record.states[source.id] = true;
        for (const target of (transition as TakenTransition).target ?? []) record.states[target.id] = true;
      }
    }
  };
}

/** The page's inspector when a model-based browser test asked for coverage, else undefined. */
export function pageCoverageInspector(): ((event: InspectionEvent) => void) | undefined {
  if (typeof window === 'undefined' || window.__modelCoverage === undefined) return undefined;
  return createCoverageInspector(window.__modelCoverage);
}

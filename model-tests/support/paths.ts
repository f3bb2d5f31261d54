// The paths a flow's runners take through its model: the shortest path to every model state, one
// path per model transition (the shortest way to its source, then the transition), all simple
// paths when there are at most `simplePathBound` of them, and the model's tours (see ModelTours).
// Paths that are a prefix of another path are dropped; every path keeps its readable description.

import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';

/**
 * A model's own long paths, in its root `meta.tours`: event types from the initial state, each
 * enabled in the model state it is sent in. The generated shortest paths take a state's
 * self-transitions (an edit, a refused step) only once per state, so a slow runner (the browser, on
 * shortest paths only) would leave the others out; a tour strings them into one path, and a
 * generated path that is a prefix of a tour runs as part of it.
 */
export interface ModelTours {
  readonly tours?: readonly (readonly string[])[];
}

export interface FlowPath {
  readonly kind: 'shortest' | 'transition' | 'simple' | 'tour';
  /** Model event types in order. */
  readonly events: readonly string[];
  /** Model state value (serialized) after each event; [0] is the start. */
  readonly states: readonly string[];
  readonly description: string;
}

export interface FlowPaths {
  readonly shortest: number;
  readonly transitionCover: number;
  /** Null when there are more simple paths than the bound. */
  readonly simple: number | null;
  /** Null when not counted (bound 0). */
  readonly simpleTotal: number | null;
  readonly bound: number;
  /** The model's tours (`meta.tours`). */
  readonly tours: number;
  /** The deduplicated paths to run. */
  readonly paths: readonly FlowPath[];
}

const INIT = 'xstate.init';

const valueText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

type AnyTestPath = {
  steps: { event: EventObject; state: { value: unknown } }[];
  state: { value: unknown };
};

const describePath = (events: readonly string[], states: readonly string[]) =>
  events.length === 0
    ? `Start: ${states[0]}`
    : events.map((event, index) => `${index === 0 ? `In ${states[0]}, ` : ''}${event} → ${states[index + 1]}`).join('; ');

function toFlowPath(kind: FlowPath['kind'], path: AnyTestPath): FlowPath {
  // xstate/graph test paths start with an `xstate.init` step; each step's state is the one its event led to.
  const steps = path.steps.filter((step, index) => index > 0 || step.event.type !== INIT);
  const events = steps.map((step) => step.event.type);
  const states = [valueText(path.steps[0]?.state.value ?? path.state.value), ...steps.map((step) => valueText(step.state.value))];
  return { kind, events, states, description: describePath(events, states) };
}

/** A tour as a path; throws when an event is not enabled in the model state it is sent in. */
export function tourPath(model: AnyStateMachine, events: readonly string[]): FlowPath {
  let snapshot = getInitialSnapshot(model);
  const states = [valueText(snapshot.value)];
  for (const [index, type] of events.entries()) {
    if (!snapshot.can({ type }))
      throw new Error(`${model.id}: tour event ${index + 1} (${type}) is not enabled in ${valueText(snapshot.value)}`);
    snapshot = getNextSnapshot(model, snapshot, { type });
    states.push(valueText(snapshot.value));
  }
  return { kind: 'tour', events: [...events], states, description: describePath(events, states) };
}

const isPrefix = (a: readonly string[], b: readonly string[]) => a.length < b.length && a.every((event, i) => b[i] === event);

export function flowPaths(model: AnyStateMachine, simplePathBound: number, options: { transitionCover?: boolean } = {}): FlowPaths {
  const testModel = createTestModel(model);
  const shortest = testModel.getShortestPaths() as unknown as AnyTestPath[];
  const byState = new Map(shortest.map((path) => [JSON.stringify(path.state.value), path]));

  // One path per edge of the model's adjacency map: shortest path to its source + the edge.
  const adjacency = testModel.getAdjacencyMap() as unknown as Record<
    string,
    { state: { value: unknown }; transitions: Record<string, { event: EventObject; state: { value: unknown } }> }
  >;
  const transitionPaths: AnyTestPath[] = [];
  for (const entry of options.transitionCover === false ? [] : Object.values(adjacency)) {
    const head = byState.get(JSON.stringify(entry.state.value));
    if (!head) continue;
    for (const { event } of Object.values(entry.transitions)) {
      const events = [...head.steps.map((step) => step.event).filter((e) => e.type !== INIT), event];
      transitionPaths.push(testModel.getPathsFromEvents(events)[0] as unknown as AnyTestPath);
    }
  }

  // Counting simple paths means generating them all, which explodes on large models: a flow with
  // bound 0 does not use them and does not count them.
  const simpleAll = simplePathBound > 0 ? (testModel.getSimplePaths() as unknown as AnyTestPath[]) : null;
  const simple = simpleAll && simpleAll.length <= simplePathBound ? simpleAll : null;

  const tours = ((model.root.meta as ModelTours | undefined)?.tours ?? []).map((events) => tourPath(model, events));

  // Tours first: the longest paths start first on parallel workers.
  const candidates = [
    ...tours,
    ...shortest.map((path) => toFlowPath('shortest', path)),
    ...transitionPaths.map((path) => toFlowPath('transition', path)),
    ...(simple ?? []).map((path) => toFlowPath('simple', path)),
  ];
  const unique = new Map<string, FlowPath>();
  for (const path of candidates) if (!unique.has(path.events.join('>'))) unique.set(path.events.join('>'), path);
  const all = [...unique.values()];
  const paths = all.filter((path) => !all.some((other) => isPrefix(path.events, other.events)));
  return {
    shortest: shortest.length,
    transitionCover: transitionPaths.length,
    simple: simple?.length ?? null,
    simpleTotal: simpleAll?.length ?? null,
    bound: simplePathBound,
    tours: tours.length,
    paths,
  };
}

/**
 * The paths without the generated ones whose every step (an event in a model state) a tour also
 * takes: for a slow runner whose tours were written to cover the model. Tours always stay.
 */
export function leftToTours(paths: readonly FlowPath[]): FlowPath[] {
  const steps = (path: FlowPath) => path.events.map((event, index) => `${path.states[index]} ${event}`);
  const toured = new Set(paths.filter((path) => path.kind === 'tour').flatMap(steps));
  return paths.filter((path) => path.kind === 'tour' || steps(path).some((step) => !toured.has(step)));
}

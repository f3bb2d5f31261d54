// User-readable paths through a machine graph: for every state, the shortest way to reach it from the
// start, as numbered steps ("checkout.next [identityValid] → address"). Computed on the static graph
// (guards are assumed passable), so it describes what the flow allows, not one test's data.

import type { GraphState, GraphTransition, MachineGraph } from './graph';
import { transitionLabel } from './mermaid';

export interface PathStep {
  readonly transition: GraphTransition;
  readonly to: string;
}

export interface StatePath {
  /** The (leaf) state reached. */
  readonly state: string;
  readonly steps: readonly PathStep[];
}

function indexStates(graph: MachineGraph) {
  const byId = new Map<string, GraphState>(graph.states.map((state) => [state.id, state]));
  if (graph.states.some((state) => state.type === 'parallel')) {
    throw new Error(`${graph.id}: parallel states are not supported by the path describer yet.`);
  }
  /** The leaf a target resolves to (compound states enter their initial child). */
  const leafOf = (id: string): string => {
    let state = byId.get(id)!;
    while (state.initial) state = byId.get(state.initial)!;
    return state.id;
  };
  const ancestry = (id: string): string[] => {
    const chain: string[] = [];
    for (let state = byId.get(id); state; state = state.parent ? byId.get(state.parent) : undefined) chain.push(state.id);
    return chain;
  };
  return { byId, leafOf, ancestry };
}

/** Shortest paths (fewest transitions, breadth first, definition order breaks ties) to every reachable leaf. */
export function shortestStatePaths(graph: MachineGraph): StatePath[] {
  const { leafOf, ancestry } = indexStates(graph);
  const root = graph.states.find((state) => state.parent === null)!;
  const start = leafOf(root.id);
  const outgoing = new Map<string, GraphTransition[]>();
  for (const transition of graph.transitions) outgoing.set(transition.source, [...(outgoing.get(transition.source) ?? []), transition]);

  const paths = new Map<string, StatePath>([[start, { state: start, steps: [] }]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const path = paths.get(current)!;
    // Transitions of the state and of its ancestors, innermost first (xstate's priority).
    for (const source of ancestry(current)) {
      for (const transition of outgoing.get(source) ?? []) {
        if (transition.targets.length === 0) continue;
        const to = leafOf(transition.targets[0]!);
        if (paths.has(to)) continue;
        paths.set(to, { state: to, steps: [...path.steps, { transition, to }] });
        queue.push(to);
      }
    }
  }
  const order = graph.states.map((state) => state.id);
  return [...paths.values()].sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state));
}

/** `done: submitTrade` → `submitTrade succeeds`; `always` → `automatically`. */
export function readableEvent(event: string): string {
  if (event.startsWith('done: ')) return `${event.slice(6)} succeeds`;
  if (event.startsWith('error: ')) return `${event.slice(7)} fails`;
  if (event === 'always') return 'automatically';
  return event;
}

const shortName = (graph: MachineGraph, id: string) => (id.startsWith(`${graph.id}.`) ? id.slice(graph.id.length + 1) : id);

export function describePath(graph: MachineGraph, path: StatePath): string {
  const root = graph.states.find((state) => state.parent === null)!;
  const start = path.steps.length > 0 ? path.steps[0]!.transition.source : path.state;
  const lines = [`To reach **${shortName(graph, path.state)}**: start in ${shortName(graph, indexStates(graph).leafOf(root.id))}${start === path.state ? ' (the start state)' : ''}.`];
  path.steps.forEach((step, index) => {
    const what = step.transition.description ?? transitionLabel(readableEvent(step.transition.event), step.transition.guard);
    lines.push(`${index + 1}. ${what} → ${shortName(graph, step.to)}`);
  });
  return lines.join('\n');
}

/** States no path reaches (dead parts of the definition). */
export function unreachableStates(graph: MachineGraph): string[] {
  const { leafOf } = indexStates(graph);
  const reached = new Set(shortestStatePaths(graph).map((path) => path.state));
  return graph.states.filter((state) => !state.initial && state.parent !== null && !reached.has(leafOf(state.id))).map((state) => state.id);
}

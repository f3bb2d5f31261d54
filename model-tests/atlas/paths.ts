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

/** A configuration: the active leaf states (one per region of a parallel state), sorted. */
type Configuration = readonly string[];

function indexStates(graph: MachineGraph) {
  const byId = new Map<string, GraphState>(graph.states.map((state) => [state.id, state]));
  const childrenOf = (id: string) => graph.states.filter((state) => state.parent === id);
  const ancestry = (id: string): string[] => {
    const chain: string[] = [];
    for (let state = byId.get(id); state; state = state.parent ? byId.get(state.parent) : undefined) chain.push(state.id);
    return chain;
  };
  const isDescendant = (id: string, of: string) => id === of || id.startsWith(`${of}.`);
  /** The leaves entered when a state is entered (compound: its initial child; parallel: every region). */
  const enter = (id: string): string[] => {
    const state = byId.get(id)!;
    if (state.type === 'parallel') return childrenOf(id).flatMap((child) => enter(child.id));
    if (state.initial) return enter(state.initial);
    return [id];
  };
  /** Leaves entered going down from `domain` to `target`: regions beside the way enter their initial states. */
  const enterWithin = (domain: string, target: string): string[] => {
    const leaves: string[] = [];
    const chain = ancestry(target).reverse();
    for (let depth = chain.indexOf(domain) + 1; depth < chain.length - 1; depth++) {
      const node = byId.get(chain[depth]!)!;
      if (node.type !== 'parallel') continue;
      for (const region of childrenOf(node.id)) if (!isDescendant(target, region.id)) leaves.push(...enter(region.id));
    }
    return [...leaves, ...enter(target)];
  };
  /** The transition domain: the nearest non-parallel state containing source and target (the source itself excluded). */
  const domainOf = (source: string, target: string): string => {
    for (const candidate of ancestry(source).slice(1)) {
      if (isDescendant(target, candidate) && byId.get(candidate)!.type !== 'parallel') return candidate;
    }
    return graph.states.find((state) => state.parent === null)!.id;
  };
  const take = (configuration: Configuration, transition: GraphTransition): Configuration => {
    const target = transition.targets[0]!;
    const domain = domainOf(transition.source, target);
    const kept = configuration.filter((leaf) => !isDescendant(leaf, domain) || leaf === domain);
    return [...new Set([...kept, ...enterWithin(domain, target)])].sort();
  };
  return { byId, enter, ancestry, take };
}

/** Shortest paths (fewest transitions, breadth first, definition order breaks ties) to every reachable configuration. */
export function shortestStatePaths(graph: MachineGraph): StatePath[] {
  const { enter, ancestry, take } = indexStates(graph);
  const root = graph.states.find((state) => state.parent === null)!;
  const start = [...enter(root.id)].sort();
  const outgoing = new Map<string, GraphTransition[]>();
  for (const transition of graph.transitions) outgoing.set(transition.source, [...(outgoing.get(transition.source) ?? []), transition]);

  const key = (configuration: Configuration) => configuration.join(' + ');
  const paths = new Map<string, StatePath>([[key(start), { state: key(start), steps: [] }]]);
  const queue: Configuration[] = [start];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const path = paths.get(key(current))!;
    // Transitions of the active states and of their ancestors, innermost first (xstate's priority).
    const sources = [...new Set(current.flatMap((leaf) => ancestry(leaf)))];
    for (const source of sources) {
      for (const transition of outgoing.get(source) ?? []) {
        if (transition.targets.length === 0) continue;
        const next = take(current, transition);
        if (paths.has(key(next))) continue;
        paths.set(key(next), { state: key(next), steps: [...path.steps, { transition, to: key(next) }] });
        queue.push(next);
      }
    }
  }
  const order = graph.states.map((state) => state.id);
  const rank = (configuration: string) => Math.min(...configuration.split(' + ').map((leaf) => order.indexOf(leaf)));
  return [...paths.values()].sort((a, b) => rank(a.state) - rank(b.state) || a.state.localeCompare(b.state));
}

/** `done: submitTrade` → `submitTrade succeeds`; `always` → `automatically`. */
export function readableEvent(event: string): string {
  if (event.startsWith('done: ')) return `${event.slice(6)} succeeds`;
  if (event.startsWith('error: ')) return `${event.slice(7)} fails`;
  if (event === 'always') return 'automatically';
  return event;
}

const shortName = (graph: MachineGraph, configuration: string) =>
  configuration
    .split(' + ')
    .map((id) => (id.startsWith(`${graph.id}.`) ? id.slice(graph.id.length + 1) : id))
    .join(' + ');

export function describePath(graph: MachineGraph, path: StatePath): string {
  const root = graph.states.find((state) => state.parent === null)!;
  const initial = [...indexStates(graph).enter(root.id)].sort().join(' + ');
  const lines = [
    `To reach **${shortName(graph, path.state)}**: start in ${shortName(graph, initial)}${path.steps.length === 0 ? ' (the start state)' : ''}.`,
  ];
  path.steps.forEach((step, index) => {
    const what = step.transition.description ?? transitionLabel(readableEvent(step.transition.event), step.transition.guard);
    lines.push(`${index + 1}. ${what} → ${shortName(graph, step.to)}`);
  });
  return lines.join('\n');
}

/** States no path reaches (dead parts of the definition). */
export function unreachableStates(graph: MachineGraph): string[] {
  const reached = new Set(shortestStatePaths(graph).flatMap((path) => path.state.split(' + ')));
  const { enter } = indexStates(graph);
  return graph.states
    .filter((state) => state.parent !== null && !enter(state.id).some((leaf) => reached.has(leaf)))
    .map((state) => state.id);
}

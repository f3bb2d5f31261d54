// A machine graph as machine-config JSON for the Stately editor (import: paste it into
// `createMachine(...)`): states, initial states, transitions with `#id` targets, guard and action
// names, invoked actors with their done/error transitions, delayed transitions as `after` (in ms where
// the machine's delay is a number). Implementations are names only.

import type { GraphState, GraphTransition, MachineGraph } from './graph';

type Config = Record<string, unknown>;

function transitionConfig(transition: GraphTransition): Config {
  return {
    ...(transition.targets.length > 0 && { target: transition.targets.map((target) => `#${target}`) }),
    ...(transition.guard && { guard: transition.guard }),
    ...(transition.actions.length > 0 && { actions: transition.actions }),
    ...(transition.description && { description: transition.description }),
  };
}

export function toStatelyConfig(graph: MachineGraph): Config {
  const byParent = new Map<string | null, GraphState[]>();
  for (const state of graph.states) byParent.set(state.parent, [...(byParent.get(state.parent) ?? []), state]);

  const build = (state: GraphState): Config => {
    const own = graph.transitions.filter((transition) => transition.source === state.id);
    const on: Record<string, Config[]> = {};
    const after: Record<string, Config[]> = {};
    const always: Config[] = [];
    const invoke = state.invokes.map((src, index) => {
      const done = own.filter((t) => t.event === `done: ${src}`).map(transitionConfig);
      const error = own.filter((t) => t.event === `error: ${src}`).map(transitionConfig);
      return {
        id: `${state.id}.${src}.${index}`,
        src,
        ...(done.length > 0 && { onDone: done }),
        ...(error.length > 0 && { onError: error }),
      };
    });
    const invoked = new Set(state.invokes);
    const ofInvoke = (transition: GraphTransition) =>
      ['done: ', 'error: '].some((prefix) => transition.event.startsWith(prefix) && invoked.has(transition.event.slice(prefix.length)));
    for (const transition of own) {
      // An invoked actor's done/error is under its invoke; a spawned child's stays an event (`xstate.done.actor.<id>`).
      if (ofInvoke(transition)) continue;
      if (transition.delay !== null) (after[String(transition.delay)] ??= []).push(transitionConfig(transition));
      else if (transition.eventType === '') always.push(transitionConfig(transition));
      else (on[transition.eventType] ??= []).push(transitionConfig(transition));
    }
    const kids = byParent.get(state.id) ?? [];
    return {
      id: state.id,
      ...(state.type === 'final' && { type: 'final' }),
      ...(state.type === 'parallel' && { type: 'parallel' }),
      ...(state.description && { description: state.description }),
      ...(state.initial && { initial: state.initial.slice(state.id.length + 1) }),
      ...(invoke.length > 0 && { invoke }),
      ...(Object.keys(after).length > 0 && { after }),
      ...(always.length > 0 && { always }),
      ...(Object.keys(on).length > 0 && { on }),
      ...(kids.length > 0 && { states: Object.fromEntries(kids.map((kid) => [kid.key, build(kid)])) }),
    };
  };
  const root = byParent.get(null)![0]!;
  return build(root);
}

// The static graph of a production machine, read from its definition (no actor runs): every state
// node and every transition with its event, guard, targets and actions. The flow atlas draws it and
// the model-test coverage report counts against it, so both speak of the same states and transitions.

import type { AnyStateMachine } from 'xstate';
import { transitionKey } from '../../src/contracts/actor-coverage';

export { keyOfTakenTransition, transitionKey } from '../../src/contracts/actor-coverage';

export interface GraphState {
  /** Dotted id, e.g. `checkout.address`. */
  readonly id: string;
  readonly key: string;
  readonly parent: string | null;
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** Initial child id of a compound state. */
  readonly initial: string | null;
  /** Sources of the actors invoked while in the state. */
  readonly invokes: readonly string[];
  readonly description: string | null;
}

export interface GraphTransition {
  /** Unique and stable: `<source> <event>#<index>` (index among the source's transitions for the event). */
  readonly key: string;
  readonly source: string;
  /** The raw event type ('' for an eventless `always` transition). */
  readonly eventType: string;
  /** Readable: `checkout.next`, `done: submitTrade`, `error: submitTrade`, `after 1000 ms`, `always`. */
  readonly event: string;
  /** For a delayed (`after`) transition: its delay in ms, or the delay's name when it is computed. */
  readonly delay: number | string | null;
  /** Target ids; empty for a targetless transition (it only runs actions). */
  readonly targets: readonly string[];
  readonly guard: string | null;
  readonly actions: readonly string[];
  readonly description: string | null;
}

export interface MachineGraph {
  readonly id: string;
  readonly states: readonly GraphState[];
  readonly transitions: readonly GraphTransition[];
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the StateNode internals are typed loosely by xstate. */
type Node = any;
type Transition = any;

/** A guard as text: `name`, `a and b`, `not a`, `(a or b)`, `params` omitted. */
export function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; guards?: unknown[] };
    const parts = fn.guards?.map((g) => describeGuard(g) ?? '?');
    if (fn.name === 'and' && parts) return parts.join(' and ');
    if (fn.name === 'or' && parts) return `(${parts.join(' or ')})`;
    if (fn.name === 'not' && parts) return `not ${parts.join(' ')}`;
    return fn.name || 'inline guard';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') {
    const type = (action as { type?: string }).type;
    if (type === 'xstate.assign') return 'assign';
    if (type === 'xstate.raise') return 'raise';
    if (type === 'xstate.sendTo') return 'sendTo';
    return type ?? ((action as { name?: string }).name || 'inline action');
  }
  if (action && typeof action === 'object' && 'type' in action) return String((action as { type: unknown }).type);
  return 'action';
}

/** Readable event of a transition; invoke ids map back to the actor source. */
function describeEvent(eventType: string, invokeSources: ReadonlyMap<string, string>): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${invokeSources.get(done[1]!) ?? done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${invokeSources.get(error[1]!) ?? error[1]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `done: ${doneState[1]}`;
  return eventType;
}

const childNodes = (node: Node): Node[] => Object.values(node.states ?? {});

/**
 * The delay of an `after` transition of `node` (its event is `xstate.after.<delay>.<node id>`): a number
 * of ms, a named delay resolved through the machine's `delays` when it is a number, else the name.
 */
function delayOf(eventType: string, node: Node, delays: Readonly<Record<string, unknown>>): number | string | null {
  const prefix = 'xstate.after.';
  const suffix = `.${node.id}`;
  if (!eventType.startsWith(prefix) || !eventType.endsWith(suffix)) return null;
  const delay = eventType.slice(prefix.length, -suffix.length);
  if (/^\d+$/.test(delay)) return Number(delay);
  const named = delays[delay];
  return typeof named === 'number' ? named : delay;
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const states: GraphState[] = [];
  const transitions: GraphTransition[] = [];
  const invokeSources = new Map<string, string>();
  const all: Node[] = [];
  const visit = (node: Node) => {
    all.push(node);
    for (const invoke of node.invoke ?? []) invokeSources.set(invoke.id, typeof invoke.src === 'string' ? invoke.src : invoke.id);
    childNodes(node).forEach(visit);
  };
  visit(machine.root);

  for (const node of all) {
    const initialTarget: Node | undefined = node.initial?.target?.[0];
    states.push({
      id: node.id,
      key: node.key,
      parent: node.parent ? node.parent.id : null,
      type: node.type,
      initial: node.type === 'compound' && initialTarget ? initialTarget.id : null,
      invokes: (node.invoke ?? []).map((invoke: { src: unknown; id: string }) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
      description: node.description ?? null,
    });
    const lists: [string, Transition[]][] = [...(node.transitions as Map<string, Transition[]>).entries()];
    if (node.always?.length) lists.push(['', node.always]);
    for (const [eventType, list] of lists) {
      list.forEach((transition: Transition, index: number) => {
        transitions.push(transitionOf(node, eventType, index, transition, invokeSources, delayOf(eventType, node, delays)));
      });
    }
  }
  return { id: machine.id, states, transitions };
}

function transitionOf(
  node: Node,
  eventType: string,
  index: number,
  transition: Transition,
  invokeSources: ReadonlyMap<string, string>,
  delay: number | string | null,
): GraphTransition {
  return {
    key: transitionKey(node.id, eventType, index),
    source: node.id,
    eventType,
    event: delay === null ? describeEvent(eventType, invokeSources) : typeof delay === 'number' ? `after ${delay} ms` : `after ${delay}`,
    delay,
    targets: (transition.target ?? []).map((target: Node) => target.id),
    guard: describeGuard(transition.guard),
    actions: (transition.actions ?? []).map(describeAction),
    description: transition.description ?? null,
  };
}

/* eslint-enable @typescript-eslint/no-explicit-any */

// The committed flow atlas (docs/flows) must be what `npm run flows` generates from the machines now,
// and the generators must describe what the machines define.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { checkoutMachine, STILL_WORKING_MS } from '../../src/machines/checkout';
import { offerMachine } from '../../src/machines/offer';
import { shopMachine } from '../../src/machines/shop';
import { FLOWS_DIR, productionMachines, renderAtlas } from './atlas';
import { machineGraph, type MachineGraph } from './graph';
import { toMermaid } from './mermaid';
import { describePath, shortestStatePaths } from './paths';
import { toStatelyConfig } from './stately';

describe('flow atlas', () => {
  it('is committed and current: run `npm run flows` after changing a machine', async () => {
    const files = await renderAtlas();
    const committed = (await readdir(FLOWS_DIR)).sort();
    expect(committed).toEqual([...files.keys()].sort());
    for (const [name, content] of files) {
      expect(await readFile(join(FLOWS_DIR, name), 'utf8'), `docs/flows/${name} is stale`).toBe(content);
    }
  });

  it('finds every machine module of src/machines', async () => {
    const ids = (await productionMachines()).map((machine) => machine.id);
    expect(ids).toEqual(expect.arrayContaining(['cart', 'checkout', 'offer']));
  });

  it('loads each Stately config into XState as the production machine: the same states and transitions', async () => {
    const shape = (graph: MachineGraph) => ({
      states: graph.states.map((state) => `${state.id} ${state.type} initial=${state.initial} invokes=${state.invokes.join(',')}`).sort(),
      transitions: graph.transitions
        .map((t) => `${t.source} ${t.event} -> ${t.targets.join(',')} [${t.guard}] / ${t.actions.join(',')}`)
        .sort(),
    });
    const machines = await productionMachines();
    let transitions = 0;
    for (const machine of machines) {
      const config = JSON.parse(await readFile(join(FLOWS_DIR, `${machine.id}.stately.json`), 'utf8')) as Parameters<
        typeof createMachine
      >[0];
      const production = machineGraph(machine);
      expect(shape(machineGraph(createMachine(config))), `docs/flows/${machine.id}.stately.json`).toEqual(shape(production));
      transitions += production.transitions.length;
    }
    // Every machine has transitions: an empty graph on both sides would compare equal.
    expect(transitions).toBeGreaterThan(machines.length * 3);
  });

  it('writes delayed transitions as delays, in ms when the machine names a numeric delay', () => {
    const graph = machineGraph(checkoutMachine);
    const slow = graph.transitions.find((t) => t.source === 'checkout.submitting.waiting');
    expect(slow).toMatchObject({ delay: STILL_WORKING_MS, event: `after ${STILL_WORKING_MS} ms`, targets: ['checkout.submitting.slow'] });
    const config = toStatelyConfig(graph) as { states: Record<string, { states: Record<string, Record<string, unknown>> }> };
    expect(config.states.submitting!.states.waiting!.after).toEqual({ [STILL_WORKING_MS]: [{ target: ['#checkout.submitting.slow'] }] });
    expect(config.states.submitting!.states.waiting!.on).toBeUndefined();
  });

  it('keeps the done event of a spawned child (not an invoke) as an event of the state', () => {
    const config = toStatelyConfig(machineGraph(shopMachine)) as { states: Record<string, { on?: Record<string, unknown[]> }> };
    expect(config.states.checkingOut!.on!['xstate.done.actor.checkout']).toHaveLength(2);
  });

  it('is deterministic', async () => {
    const [a, b] = await Promise.all([renderAtlas([offerMachine]), renderAtlas([offerMachine])]);
    expect([...a.entries()]).toEqual([...b.entries()]);
  });
});

describe('machine graph of the offer machine', () => {
  const graph = machineGraph(offerMachine);

  it('lists every state and transition with guards and invoked actors', () => {
    expect(graph.states.map((state) => state.id)).toEqual([
      'offer',
      'offer.restoring',
      'offer.resuming',
      'offer.expired',
      'offer.answering',
      'offer.calculating',
      'offer.offered',
      'offer.blocked',
      'offer.failed',
      'offer.addedToCart',
    ]);
    const answer = graph.transitions.find(
      (t) => t.source === 'offer.answering' && t.targets[0] === 'offer.calculating' && t.event === 'offer.answer',
    );
    expect(answer?.guard).toBe('changesAnswer and completesAnswers');
    expect(graph.transitions.filter((t) => t.event === 'done: requestOffer').map((t) => t.targets[0])).toEqual([
      'offer.offered',
      'offer.blocked',
    ]);
    expect(graph.states.find((state) => state.id === 'offer.calculating')?.invokes).toEqual(['requestOffer']);
  });

  it('draws a Mermaid state diagram with guards and eventless transitions', () => {
    const diagram = toMermaid(graph);
    expect(diagram.startsWith('stateDiagram-v2\n  [*] --> offer_restoring\n')).toBe(true);
    expect(diagram).toContain('offer_answering --> offer_calculating : offer.answer [changesAnswer and completesAnswers]');
    expect(diagram).toContain('offer_calculating --> offer_offered : done#58; requestOffer [isOffer]');
    expect(diagram).toContain('offer_resuming --> offer_offered : always [hasOffer]');
  });

  it('exports a Stately machine config with #id targets and invoke handlers', () => {
    const config = toStatelyConfig(graph) as { initial: string; states: Record<string, Record<string, unknown>> };
    expect(config.initial).toBe('restoring');
    expect(config.states.calculating!.invoke).toEqual([
      {
        id: 'offer.calculating.requestOffer.0',
        src: 'requestOffer',
        onDone: [
          { target: ['#offer.offered'], guard: 'isOffer', actions: ['storeResult', 'trackOffer'] },
          { target: ['#offer.blocked'], actions: ['storeResult'] },
        ],
        onError: [{ target: ['#offer.failed'] }],
      },
    ]);
  });

  it('describes the shortest path to every state', () => {
    const paths = shortestStatePaths(graph);
    expect(paths.map((path) => path.state)).toHaveLength(9);
    const added = paths.find((path) => path.state === 'offer.addedToCart')!;
    expect(describePath(graph, added)).toBe(
      [
        'To reach **addedToCart**: start in restoring.',
        '1. restore succeeds → resuming',
        '2. automatically [hasOffer] → offered',
        '3. offer.addToCart → addedToCart',
      ].join('\n'),
    );
  });
});

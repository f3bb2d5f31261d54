// A model's tours (meta.tours): each runs as a path of its own, a generated path that is a prefix of
// one runs in it, and a tour that sends an event its model state does not take is refused.

import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { flowPaths, leftToTours, type ModelTours } from './paths';

const modelWith = (tours: ModelTours['tours']) =>
  setup({}).createMachine({
    id: 'toy',
    meta: { tours } satisfies ModelTours,
    initial: 'form',
    states: {
      form: { on: { EDIT: 'form', REFUSED: 'form', NEXT: 'review' } },
      review: { on: { EDIT: 'review', SUBMIT: 'done' } },
      done: { type: 'final' },
    },
  });

const run = (tours: ModelTours['tours']) =>
  flowPaths(modelWith(tours), 0, { transitionCover: false }).paths.map((path) => `${path.kind}: ${path.events.join(' ')}`);

describe('the paths of a model with tours', () => {
  it('adds each tour as a path and drops the generated paths it starts with', () => {
    // The shortest paths take a state's self-transitions once (and none in the start state).
    expect(run([])).toEqual(['shortest: NEXT EDIT', 'shortest: NEXT SUBMIT']);
    expect(
      run([
        ['REFUSED', 'NEXT'],
        ['NEXT', 'EDIT', 'SUBMIT'],
      ]),
    ).toEqual(['tour: REFUSED NEXT', 'tour: NEXT EDIT SUBMIT', 'shortest: NEXT SUBMIT']);
  });

  it('names the model states a tour goes through', () => {
    const { paths, tours } = flowPaths(modelWith([['REFUSED', 'EDIT', 'NEXT', 'EDIT']]), 0);
    expect(tours).toBe(1);
    expect(paths[0]).toEqual({
      kind: 'tour',
      events: ['REFUSED', 'EDIT', 'NEXT', 'EDIT'],
      states: ['form', 'form', 'form', 'review', 'review'],
      description: 'In form, REFUSED → form; EDIT → form; NEXT → review; EDIT → review',
    });
  });

  it('refuses a tour that sends an event its state does not take', () => {
    expect(() => flowPaths(modelWith([['NEXT', 'REFUSED']]), 0)).toThrow('toy: tour event 2 (REFUSED) is not enabled in review');
  });

  it('leaves to the tours only the generated paths whose every step a tour takes', () => {
    const kept = (tours: ModelTours['tours']) =>
      leftToTours(flowPaths(modelWith(tours), 0, { transitionCover: true }).paths).map((path) => `${path.kind}: ${path.events.join(' ')}`);
    // No tour edits in the review: the generated paths that do stay.
    expect(kept([['NEXT', 'SUBMIT']])).toEqual(['tour: NEXT SUBMIT', 'transition: NEXT EDIT EDIT', 'transition: NEXT EDIT SUBMIT']);
    // A tour edits there too: every step of the generated paths is toured, only the tours are left.
    expect(
      kept([
        ['REFUSED', 'NEXT', 'EDIT'],
        ['NEXT', 'SUBMIT'],
      ]),
    ).toEqual(['tour: REFUSED NEXT EDIT', 'tour: NEXT SUBMIT']);
  });
});

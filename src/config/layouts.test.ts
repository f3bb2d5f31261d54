import { describe, expect, it } from 'vitest';
import { layoutFor } from './layouts';

describe('layout choice (product §1)', () => {
  it.each([
    ['default', true, 'home'],
    ['default', false, 'default'],
    ['b2bWidget', true, 'b2bwidget-home'],
    ['b2bWidget', false, 'b2bwidget-default'],
    ['agan', true, 'agan-default'],
    ['agan', false, 'agan-default'],
    ['aganwidget', true, 'aganwidget-default'],
    ['aganwidget', false, 'aganwidget-default'],
  ] as const)('%s mode, home=%s → %s', (mode, home, layout) => {
    expect(layoutFor(mode, home)).toBe(layout);
  });
});

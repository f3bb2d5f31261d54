import { describe, expect, it } from 'vitest';
import { type FramedWindow, HEIGHT_MESSAGE_TYPE, heightMessage, isHeightMessage, startHeightReports } from './frame-height';

/** A framed window whose document height the test sets; resizes run the observers like the browser does. */
function fakeWindow({ framed }: { framed: boolean }) {
  const sent: Array<{ message: unknown; targetOrigin: string }> = [];
  const observers = new Set<() => void>();
  let height = 480.2;
  const root = { getBoundingClientRect: () => ({ height }) } as unknown as Element;
  const win: FramedWindow & { resize(to: number): void } = {
    parent: null,
    document: { documentElement: root },
    ResizeObserver: class {
      constructor(private readonly callback: () => void) {}
      observe() {
        observers.add(this.callback);
      }
      disconnect() {
        observers.delete(this.callback);
      }
    },
    resize(to: number) {
      height = to;
      for (const callback of observers) callback();
    },
  };
  const parent = { postMessage: (message: unknown, targetOrigin: string) => void sent.push({ message, targetOrigin }) };
  Object.assign(win, { parent: framed ? parent : win });
  return { win, sent, observers };
}

describe('widget height protocol (decision 034)', () => {
  it('reports the height at start and on every change, rounded up, to any origin', () => {
    const { win, sent } = fakeWindow({ framed: true });
    startHeightReports(win);
    win.resize(900);
    win.resize(1200.4);
    expect(sent).toEqual([
      { message: { type: 'widget:height', version: 1, height: 481 }, targetOrigin: '*' },
      { message: { type: 'widget:height', version: 1, height: 900 }, targetOrigin: '*' },
      { message: { type: 'widget:height', version: 1, height: 1201 }, targetOrigin: '*' },
    ]);
  });

  it('does not repeat a height that did not change, and stops when asked', () => {
    const { win, sent, observers } = fakeWindow({ framed: true });
    const stop = startHeightReports(win);
    win.resize(480.9);
    expect(sent).toHaveLength(1);
    stop();
    expect(observers.size).toBe(0);
    win.resize(700);
    expect(sent).toHaveLength(1);
  });

  it('sends nothing on a page that is not framed (its parent is itself)', () => {
    const { win, sent, observers } = fakeWindow({ framed: false });
    startHeightReports(win);
    win.resize(700);
    expect(sent).toEqual([]);
    expect(observers.size).toBe(0);
  });

  it('recognises only its own type and version with a whole, non-negative height', () => {
    expect(isHeightMessage(heightMessage(12.1))).toBe(true);
    expect(heightMessage(-5).height).toBe(0);
    expect(isHeightMessage({ type: HEIGHT_MESSAGE_TYPE, version: 2, height: 10 })).toBe(false);
    expect(isHeightMessage({ type: 'other', version: 1, height: 10 })).toBe(false);
    expect(isHeightMessage({ type: HEIGHT_MESSAGE_TYPE, version: 1, height: '10' })).toBe(false);
    expect(isHeightMessage({ type: HEIGHT_MESSAGE_TYPE, version: 1, height: 10.5 })).toBe(false);
    expect(isHeightMessage({ type: HEIGHT_MESSAGE_TYPE, version: 1, height: -1 })).toBe(false);
    expect(isHeightMessage(null)).toBe(false);
    expect(isHeightMessage('widget:height')).toBe(false);
  });
});

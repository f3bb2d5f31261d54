import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenQuiet } from './quiet';

describe('whenQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function server() {
    const app = Fastify();
    const start = whenQuiet(app, { quietMs: 100, latestMs: 1000 });
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const inHandler = new Promise<void>((done) => (arrived = done));
    app.get('/slow', () => {
      arrived();
      return new Promise<string>((done) => (release = () => done('ok')));
    });
    app.get('/fast', async () => 'ok');
    await app.ready();
    return { app, start, inHandler, release: () => release() };
  }

  it('runs the task once no request has been in flight for the quiet time, and only once', async () => {
    const { app, start, inHandler, release } = await server();
    const task = vi.fn();
    const slow = app.inject('/slow');
    await inHandler;
    start(task);
    vi.advanceTimersByTime(500);
    expect(task).not.toHaveBeenCalled();
    release();
    await slow;
    vi.advanceTimersByTime(99);
    expect(task).not.toHaveBeenCalled();
    await app.inject('/fast');
    vi.advanceTimersByTime(99);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    await app.inject('/fast');
    vi.advanceTimersByTime(2000);
    expect(task).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('runs the task at the latest time when requests never stop', async () => {
    const { app, start, inHandler, release } = await server();
    const task = vi.fn();
    const slow = app.inject('/slow');
    await inHandler;
    start(task);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    release();
    await slow;
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('runs the task after the quiet time when no request came at all', async () => {
    const { app, start } = await server();
    const task = vi.fn();
    start(task);
    vi.advanceTimersByTime(100);
    expect(task).toHaveBeenCalledTimes(1);
    await app.close();
  });
});

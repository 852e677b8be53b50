import { describe, expect, it } from 'vitest';
import { createDecodeSlots, PHOTOS_BUSY_MESSAGE } from './decode-slots.js';

/** A task that runs until `finish` is called, noting when it started. */
function pending(started: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('decode slots (issue 38: three parallel decodes starved logins)', () => {
  it('runs at most `size` tasks at once, the others in the order they came', async () => {
    const started: string[] = [];
    const slots = createDecodeSlots(2, 8);
    const tasks = ['a', 'b', 'c', 'd'].map((name) => pending(started, name));
    const runs = tasks.map((one) => slots.run(one.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([slots.running, slots.queued]).toEqual([2, 2]);
    tasks[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const one of tasks) one.finish();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect([slots.running, slots.queued]).toEqual([0, 0]);
  });

  it('frees its slot when a task fails', async () => {
    const slots = createDecodeSlots(1, 8);
    await expect(slots.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await slots.run(async () => 'next')).toBe('next');
    expect(slots.running).toBe(0);
  });

  it('refuses an upload in words (503, retry in a minute) when the line is full; background work waits anyway', async () => {
    const started: string[] = [];
    const slots = createDecodeSlots(1, 1);
    const first = pending(started, 'first');
    const second = pending(started, 'second');
    const runs = [slots.run(first.task), slots.run(second.task)];
    await expect(slots.run(async () => 'third')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: PHOTOS_BUSY_MESSAGE,
      retryAfterSeconds: 60,
    });
    const background = slots.run(async () => 'encoder', { background: true });
    first.finish();
    second.finish();
    expect(await Promise.all([...runs, background])).toEqual(['first', 'second', 'encoder']);
    expect(started).toEqual(['first', 'second']);
  });
});

import { describe, expect, it } from 'vitest';
import { createCatalogueChanges, type ChangeTransport } from './changes.js';

/** A channel in memory that, like NOTIFY, delivers every notice to every listener, the sender's own included. */
function memoryChannel() {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  const transport: ChangeTransport = {
    async send(payload) {
      sent.push(payload);
      for (const listener of listeners) listener(payload);
    },
    async listen(onPayload) {
      listeners.add(onPayload);
      return async () => void listeners.delete(onPayload);
    },
  };
  return { transport, sent };
}

describe('catalogue changes', () => {
  it('hands a notice to its own listeners once and to the other instances through the channel', async () => {
    const channel = memoryChannel();
    const one = createCatalogueChanges();
    const other = createCatalogueChanges();
    await one.connect(channel.transport);
    await other.connect(channel.transport);
    const heardByOne: Array<readonly string[]> = [];
    const heardByOther: Array<readonly string[]> = [];
    one.subscribe((ids) => heardByOne.push(ids));
    other.subscribe((ids) => heardByOther.push(ids));

    one.publish(['p1', 'p2']);
    await Promise.resolve();
    expect(heardByOne).toEqual([['p1', 'p2']]);
    expect(heardByOther).toEqual([['p1', 'p2']]);
  });

  it('says "anything changed" past the size a NOTIFY payload allows, and stops sending once disconnected', async () => {
    const channel = memoryChannel();
    const one = createCatalogueChanges();
    const disconnect = await one.connect(channel.transport);
    one.publish(Array.from({ length: 500 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`));
    expect(JSON.parse(channel.sent[0]!)).toMatchObject({ ids: [] });
    expect(channel.sent[0]!.length).toBeLessThan(8_000);
    await disconnect();
    one.publish(['p1']);
    expect(channel.sent).toHaveLength(1);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

// react-toastify stands in as a record of what the shop's wrapper asks of it.
const calls: string[] = [];
const active = new Set<string>();
vi.mock('react-toastify', () => {
  const raise = (kind: string) => (content: string, options: { toastId?: string }) => {
    calls.push(`${kind}:${String(content)}`);
    if (options.toastId) active.add(options.toastId);
  };
  return {
    toast: {
      success: raise('success'),
      error: raise('error'),
      info: raise('info'),
      warn: raise('warn'),
      warning: raise('warning'),
      isActive: (id: string) => active.has(id),
      dismiss: (id?: string) => {
        calls.push(id === undefined ? 'dismiss all' : `dismiss ${id}`);
        if (id === undefined) active.clear();
        else active.delete(id);
      },
      clearWaitingQueue: () => calls.push('clear queue'),
      onChange: () => () => {},
    },
  };
});

const { toast, toastifyLoaded } = await import('./toast');
const settle = async () => {
  await toastifyLoaded();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('toast', () => {
  beforeEach(() => {
    calls.length = 0;
    active.clear();
  });

  it('replaces the toast on screen: a success clears the error before it', async () => {
    toast.error('Please choose a colour and size.');
    await settle();
    toast.success('Added to your cart.');
    await settle();
    expect(calls).toEqual([
      'dismiss all',
      'clear queue',
      'error:Please choose a colour and size.',
      'dismiss all',
      'clear queue',
      'success:Added to your cart.',
    ]);
  });

  it('shows the same words once while they are on screen', async () => {
    toast.error('Invalid email or password.');
    await settle();
    toast.error('Invalid email or password.');
    await settle();
    expect(calls.filter((call) => call.startsWith('error:'))).toEqual(['error:Invalid email or password.']);
  });
});

import type * as ReactToastify from 'react-toastify';
import type { Id, ToastContent, ToastOptions, ToastItem } from 'react-toastify';

// The shop's toasts: react-toastify's, with each message as its own id, so the same words raised twice (a
// double click, a retry, two parts of a page failing alike) show once while the first is on screen. One toast at a
// time: a new message replaces the one on screen (which leaves, the container holding the new one until it has,
// components/toasts.tsx), so a stale error never sits beside the success that followed it.
// react-toastify (and the stylesheet it injects) loads with the first toast, not with the page: every page
// has a toast area, few pages raise a toast. A toast raised before its area is on screen waits in
// react-toastify's queue.

export type Toastify = typeof ReactToastify;
let loading: Promise<Toastify> | null = null;
let announceLoaded: (module: Toastify) => void = () => {};
const loaded = new Promise<Toastify>((resolve) => (announceLoaded = resolve));

const loadToastify = (): Promise<Toastify> =>
  (loading ??= import('react-toastify').then((module) => {
    announceLoaded(module);
    return module;
  }));

/** Resolves when the first toast has loaded react-toastify (never, on a page without toasts). */
export const toastifyLoaded = (): Promise<Toastify> => loaded;

type Kind = 'success' | 'error' | 'info' | 'warn' | 'warning';
const raise =
  (kind: Kind) =>
  (content: ToastContent, options: ToastOptions = {}): void => {
    const withId = typeof content === 'string' && options.toastId === undefined ? { ...options, toastId: content } : options;
    void loadToastify().then(({ toast }) => {
      const id = withId.toastId;
      if (id !== undefined && toast.isActive(id)) return; // already on screen
      toast.dismiss(); // the one on screen, or one raised before the toast area was there
      toast.clearWaitingQueue(); // and any still waiting behind it: only the newest comes next
      toast[kind](content, withId);
    });
  };

export const toast = {
  success: raise('success'),
  error: raise('error'),
  info: raise('info'),
  warn: raise('warn'),
  warning: raise('warning'),
  // Nothing to dismiss or follow before the first toast: neither loads react-toastify.
  dismiss: (id?: Id): void => void loading?.then(({ toast: toastify }) => toastify.dismiss(id)),
  /** Follows toasts being added and removed; answers a function that stops following. */
  onChange: (listener: (item: ToastItem) => void): (() => void) => {
    let stop: (() => void) | null = null;
    let stopped = false;
    void loaded.then(({ toast: toastify }) => {
      if (!stopped) stop = toastify.onChange(listener);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  },
};

import { toast as toastify, type ToastContent, type ToastOptions } from 'react-toastify';

// The shop's toasts: react-toastify's, with each message as its own id, so the same words raised twice (a
// double click, a retry, two parts of a page failing alike) show once while the first is on screen.

type Notify = (content: ToastContent, options?: ToastOptions) => ReturnType<typeof toastify>;
const once =
  (notify: Notify): Notify =>
  (content, options = {}) =>
    notify(content, typeof content === 'string' && options.toastId === undefined ? { ...options, toastId: content } : options);

export const toast = Object.assign(once(toastify), {
  success: once(toastify.success),
  error: once(toastify.error),
  info: once(toastify.info),
  warn: once(toastify.warn),
  warning: once(toastify.warning),
  dismiss: toastify.dismiss,
  onChange: toastify.onChange,
  isActive: toastify.isActive,
});

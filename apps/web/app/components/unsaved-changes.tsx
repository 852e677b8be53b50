import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { Modal } from './modal';

/**
 * Asks before leaving a page with edits not saved yet (issue 40: variant numbers typed and never saved were lost
 * on the next click). Another page of the shop asks in a dialog (Stay / Leave); closing or reloading the tab gets
 * the browser's own question. Moves within the page (a dialog opened by ?history=, the page's own form posting) are
 * not asked about: only a change of path is. Without scripts nothing asks, and each form has its own Save.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal title="Leave without saving?" onClose={() => blocker.reset()}>
      <p className="text-sm text-muted">Changes you typed here are not saved yet. Save them first, or leave and lose them.</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-outline" onClick={() => blocker.proceed()}>
          Leave without saving
        </button>
        <button type="button" className="btn btn-primary" onClick={() => blocker.reset()}>
          Stay on this page
        </button>
      </div>
    </Modal>
  );
}

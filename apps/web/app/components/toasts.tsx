import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Id } from 'react-toastify';
import { toast, toastifyLoaded, type Toastify } from '../lib/toast';

/**
 * The shop's toast area (styled in app.css): one per message (lib/toast), and cleared when the shopper moves on.
 * A toast raised after her last click or key press is news of what she just did ('Login successful!', then the
 * landing page) and stays across the navigation it leads to; one she had already seen before clicking elsewhere
 * (or going back) belongs to the page she left and is cleared when the new page shows.
 */
export function Toasts() {
  const { pathname } = useLocation();
  const raisedAt = useRef(new Map<Id, number>());
  const lastGestureAt = useRef(0);
  useEffect(() => {
    const gesture = () => (lastGestureAt.current = performance.now());
    const unsubscribe = toast.onChange((item) => {
      if (item.status === 'added') raisedAt.current.set(item.id, performance.now());
      if (item.status === 'removed') raisedAt.current.delete(item.id);
    });
    document.addEventListener('pointerdown', gesture, true);
    document.addEventListener('keydown', gesture, true);
    window.addEventListener('popstate', gesture);
    return () => {
      unsubscribe();
      document.removeEventListener('pointerdown', gesture, true);
      document.removeEventListener('keydown', gesture, true);
      window.removeEventListener('popstate', gesture);
    };
  }, []);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (pathname === shownPath.current) return; // a new query on the same page (filters) keeps its toasts
    shownPath.current = pathname;
    for (const [id, at] of raisedAt.current) if (at < lastGestureAt.current) toast.dismiss(id);
  }, [pathname]);
  // The toast area comes with the first toast (lib/toast).
  const [toastify, setToastify] = useState<Toastify | null>(null);
  useEffect(() => {
    let live = true;
    void toastifyLoaded().then((module) => live && setToastify(module));
    return () => {
      live = false;
    };
  }, []);
  // One toast at a time (lib/toast replaces the one on screen): a new one shows once the last has left.
  return toastify ? <toastify.ToastContainer position="top-right" autoClose={5000} limit={1} /> : null;
}

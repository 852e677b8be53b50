import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the shop to another page, the focus goes to that page's main heading (made focusable
 * with tabIndex -1), so a keyboard or screen reader user starts from the new page instead of the link she left.
 * Not on the first load (the browser starts at the top), not for a new query on the same page (filters, a colour or
 * size), not when the address names a place on the page (#fragment), and not when the new page has put the focus
 * somewhere itself (an autofocused field, a dialog).
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  // What had the focus when the shopper last clicked or pressed a key (what led here): a page that moved the focus
  // elsewhere while showing itself is left alone.
  const focusedBefore = useRef<Element | null>(null);
  useEffect(() => {
    const remember = () => (focusedBefore.current = document.activeElement);
    document.addEventListener('click', remember, true);
    document.addEventListener('keydown', remember, true);
    return () => {
      document.removeEventListener('click', remember, true);
      document.removeEventListener('keydown', remember, true);
    };
  }, []);
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (hash) return;
    const before = focusedBefore.current;
    const untouched = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === before;
    };
    const focusHeading = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (untouched()) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    // A heading that comes with data the page streams in (payment success): focus it when it arrives, if soon.
    const main = document.querySelector('main');
    if (!main) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, hash]);
  return null;
}

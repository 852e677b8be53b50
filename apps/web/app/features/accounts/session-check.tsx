import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { getMe } from './api/get-me';

/**
 * Spec §4: the session is checked on app start. The server-rendered page already checked it; for a
 * signed-in shopper this call also moves the cookie's 30-day expiry along and, when the session has ended
 * meanwhile, reloads the page data so the user is cleared. A failure is silent. Visitors the server found
 * signed out need no second check.
 */
export function SessionCheck({ userId }: { userId: string | null }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!userId) return;
    let active = true;
    getMe()
      .then((user) => user._id)
      .catch(() => null)
      .then((checked) => {
        if (active && checked !== userId) void revalidate();
      })
      .catch(() => {});
    return () => {
      active = false;
    };
    // Once per app start: later changes of the user come from login and logout themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

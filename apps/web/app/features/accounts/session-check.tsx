import type { PublicUser } from '@shop/core';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '../../lib/api-client';

/**
 * Spec §4: the session is checked on app start. The server-rendered page already knows the user; this
 * call also keeps the cookie's 30-day expiry moving and, when the answer differs (the session ended in
 * another tab), reloads the page data. A failure is silent.
 */
export function SessionCheck({ userId }: { userId: string | null }) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let active = true;
    api
      .get<{ user: PublicUser }>('/api/user/auth/me')
      .then(({ user }) => user._id)
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

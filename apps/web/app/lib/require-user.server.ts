import type { PublicUser } from '@shop/core';
import { redirect, type AppLoadContext } from 'react-router';
import { paths } from '../config/paths';
import { currentUser } from './session.server';

/**
 * For the layout loaders of pages only a signed-in shopper may see (/user today, checkout next): the shopper,
 * or, per spec §2.5, a redirect to '/' decided on the server, so it works without JavaScript too.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await currentUser(request, context);
  if (!user) throw redirect(paths.home);
  return user;
}

import { MEDIA_PATH, mediaUrl } from '@shop/core';
import { useRouteLoaderData } from 'react-router';
import type { RootLoaderData } from '../../root';

/** Where this shop links photos: MEDIA_PUBLIC_URL (a CDN or public bucket) or its own /media, from the root loader. */
export function useMediaBase(): string {
  return useRouteLoaderData<RootLoaderData>('root')?.mediaBase ?? MEDIA_PATH;
}

/** A photo rendition's absolute URL (og:image, JSON-LD): MEDIA_PUBLIC_URL's own, or under the shop's address. */
export function absoluteMediaUrl(
  root: Pick<RootLoaderData, 'publicUrl' | 'mediaBase'> | undefined,
  storageKey: string,
  width: number,
): string {
  const url = mediaUrl(storageKey, width, 'webp', root?.mediaBase ?? MEDIA_PATH);
  return /^https?:\/\//.test(url) ? url : `${root?.publicUrl ?? ''}${url}`;
}

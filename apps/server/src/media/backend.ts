/**
 * Where the media store keeps its files: whole objects by name (`<folder>/<hash>-<width>.<format>`), nothing
 * more. The image work (renditions, checks) is the store's (store.ts); a backend only keeps bytes.
 */
export interface MediaBackend {
  /** Stores the whole object: a reader (or another instance writing the same name) never sees part of it. */
  put(name: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  exists(name: string): Promise<boolean>;
  /** Deletes these objects; a name with no object is no error. */
  remove(names: readonly string[]): Promise<void>;
}

/** What a rendition's name says of its content: every stored file is WebP or AVIF. */
export const contentTypeOf = (name: string) => (name.endsWith('.avif') ? 'image/avif' : 'image/webp');

/** How long browsers and CDNs may keep a photo: names are content hashes, so a file never changes. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * A review's photos (`review-…/`) leave their names when the owner hides it, for a folder of a random name
 * (`hidden-…/`): a browser or CDN keeps them five minutes, not a year, so hiding takes them off within minutes (ADR 021).
 */
export const WITHDRAWABLE_CACHE_CONTROL = 'public, max-age=300';

/** The Cache-Control a stored object is uploaded and served with. */
export const cacheControlOf = (name: string) =>
  name.startsWith('review-') || name.startsWith('hidden-') ? WITHDRAWABLE_CACHE_CONTROL : MEDIA_CACHE_CONTROL;

import { AppError, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '@shop/core';

// A page's form post is read whole into memory by request.formData(), and the pages' body is not parsed (nor
// limited) by the server's JSON body limit: an action reads it through here, within a size it names.

/** A form of fields only, as the API's JSON body limit (1 MB). */
export const FIELDS_BYTES = 1024 * 1024;
/** A multipart upload of photos: as many as the API takes at once, each at its largest, and the fields around them. */
export const PHOTOS_UPLOAD_BYTES = MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + 64 * 1024;

export const UPLOAD_TOO_LARGE = `The upload is too large: at most ${MAX_PHOTOS_PER_UPLOAD} files of ${MAX_PHOTO_BYTES / 1024 / 1024} MB each.`;

/**
 * The posted form, refused (INVALID_DATA) before a byte of it is read when its declared length is missing or over
 * `maxBytes`; browsers always declare the length of a form they post.
 */
export async function readForm(request: Request, maxBytes = FIELDS_BYTES): Promise<FormData> {
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (!Number.isSafeInteger(length) || length < 0) throw new AppError('INVALID_DATA', 'The form was sent without its length.');
  if (length > maxBytes) throw new AppError('INVALID_DATA', UPLOAD_TOO_LARGE);
  return request.formData();
}

import { AppError, MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD } from '@shop/core';
import { data } from 'react-router';

// A page's form post is read whole into memory by request.formData(), and the pages' body is not parsed (nor
// limited) by the server's JSON body limit: every action reads its form through here, within a size it names
// (eslint refuses request.formData() anywhere else).

/** How much of a form an action reads, and what it answers (413) to a post over that. */
export interface FormLimit {
  bytes: number;
  tooLarge: string;
}

/** A form of fields only, as the API's JSON body limit (1 MB). */
export const FIELDS_FORM: FormLimit = { bytes: 1024 * 1024, tooLarge: 'The form is too large: at most 1 MB.' };

/** A multipart upload of photos: as many as the API takes at once, each at its largest, and the fields around them. */
export const PHOTOS_FORM: FormLimit = {
  bytes: MAX_PHOTOS_PER_UPLOAD * MAX_PHOTO_BYTES + 64 * 1024,
  tooLarge: `The upload is too large: at most ${MAX_PHOTOS_PER_UPLOAD} files of ${MAX_PHOTO_BYTES / 1024 / 1024} MB each.`,
};

/** A form of fields with one photo (the shop's logo on the Settings page). */
export const ONE_PHOTO_FORM: FormLimit = {
  bytes: MAX_PHOTO_BYTES + 64 * 1024,
  tooLarge: `The upload is too large: the logo may be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB.`,
};

/**
 * The posted form. Refused before a byte of it is read when its declared length is missing (400: browsers always
 * declare the length of a form they post) or over the limit (TOO_LARGE, 413, in the limit's words); the server's
 * HTTP parser holds a body to its declared length. A body that is not a form is a 400, not a server error.
 */
export async function readForm(request: Request, limit: FormLimit = FIELDS_FORM): Promise<FormData> {
  const length = Number(request.headers.get('content-length') ?? NaN);
  if (!Number.isSafeInteger(length) || length < 0) throw new AppError('INVALID_DATA', 'The form was sent without its length.');
  if (length > limit.bytes) throw new AppError('TOO_LARGE', limit.tooLarge);
  try {
    return await request.formData();
  } catch (error) {
    // undici's TypeError: another content type, or a body that does not parse as one.
    if (error instanceof TypeError) throw new AppError('INVALID_DATA', 'The form could not be read.');
    throw error;
  }
}

/**
 * The posted form for an action with no better place to say why it is refused: a refusal of readForm is thrown as
 * the route's error answer, its status (413, 400) and message, which the error page shows.
 */
export async function postedForm(request: Request, limit: FormLimit = FIELDS_FORM): Promise<FormData> {
  try {
    return await readForm(request, limit);
  } catch (error) {
    if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}

import { ApiError, UNKNOWN_ERROR, messageFromHtml } from '../../lib/api-client';

/**
 * Sends a multipart form straight to the API (the admin cookie goes along, same origin) and answers the
 * envelope's `data`. XMLHttpRequest rather than fetch: only it reports upload progress, as a fraction 0–1.
 */
export function sendForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('error', () => reject(new ApiError(UNKNOWN_ERROR, 0)));
    xhr.addEventListener('abort', () => reject(new ApiError(UNKNOWN_ERROR, 0)));
    xhr.addEventListener('load', () => {
      let body: { success?: boolean; data?: unknown; error?: string; fields?: Record<string, string> };
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        reject(new ApiError(messageFromHtml(xhr.responseText), xhr.status));
        return;
      }
      if (body.success && xhr.status < 400) resolve(body.data as T);
      else reject(new ApiError(body.error || UNKNOWN_ERROR, xhr.status, body.fields));
    });
    xhr.send(form);
  });
}

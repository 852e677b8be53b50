import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { pageOf } from './context';
import { STYLESHEETS, stylePartOf } from './stylesheets';
import { InlineStylesheet } from './lib/inline-stylesheet';
import { stylesheetText } from './lib/inline-stylesheet.server';
import { NonceProvider } from './lib/nonce';

export const streamTimeout = 5_000;

// The server builds each request's load context with this (apps/server/src/web/ssr.ts).
export { createLoadContext } from './context';

// React Router's default Node entry, plus the CSP nonce the server issued for this request and the stylesheet
// pages carry inline (lib/inline-stylesheet.tsx).
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = pageOf(loadContext).cspNonce;
  const part = stylePartOf(new URL(request.url).pathname);
  const styles = { part, text: import.meta.env.DEV ? '' : stylesheetText(STYLESHEETS[part]) };

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineStylesheet.Provider value={styles}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheet.Provider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, but an empty one reads as `{}`: a call with nothing to say (log out,
 * mark all read) may send no body at all. It must still say Content-Type: application/json, which the
 * same-origin check requires of every write (a cross-site form cannot send it without a CORS preflight).
 * Register on the root before any scope: a scope copies its parent's parsers when it is registered.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  // Fastify's own parser, with its defaults: __proto__ and constructor.prototype keys are refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, {});
      return;
    }
    // Fastify's parser answers through `done`; its type also allows a promise form, which it does not use.
    void parseJson(request, body, done);
  });
}

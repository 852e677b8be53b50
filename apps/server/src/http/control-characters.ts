import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@shop/core';
import { isApiRequest } from './request-path.js';

/**
 * The first string in `value` (any depth) holding a control character, as a dotted path ('' for `value`
 * itself); `byParameter` names only the top-level key (a repeated query parameter is one parameter). Bytes are
 * not walked: a raw body (Razorpay's webhook keeps its bytes as a Buffer for the signature) is not parsed input,
 * and walking it took an entry per byte (issue 27: an eighth of the checkout's allocations).
 */
export function findControlCharacters(value: unknown, options: { multiline: boolean; byParameter: boolean }): string | undefined {
  const { multiline, byParameter } = options;
  // A queue, not recursion: a 1 MB body can nest arrays deeper than the call stack.
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = 0; next < pending.length; next++) {
    const [item, path] = pending[next]!;
    if (typeof item === 'string') {
      if (hasControlCharacters(item, { multiline })) return path;
    } else if (typeof item === 'object' && item !== null && !ArrayBuffer.isView(item) && !(item instanceof ArrayBuffer)) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? (byParameter ? path : `${path}.${key}`) : key;
        if (hasControlCharacters(key)) return path || 'input';
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Refuses a control character in any API input, wherever a route forgot to: path parameters and the query
 * (none at all) and JSON string values (tab and line breaks allowed, for multi-line text). 400 naming the
 * field, before any handler or database sees it. Schemas in @shop/core refuse them too (`plainText`), for
 * the pages that call services without this API.
 */
export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!isApiRequest(request)) return;
    const field =
      findControlCharacters(request.params, { multiline: false, byParameter: true }) ??
      findControlCharacters(request.query, { multiline: false, byParameter: true }) ??
      (request.headers['content-type']?.toLowerCase().startsWith('application/json')
        ? findControlCharacters(request.body, { multiline: true, byParameter: false })
        : undefined);
    if (field === undefined) return;
    const name = field || 'input';
    throw new AppError('INVALID_DATA', `${name}: ${CONTROL_CHARACTERS_MESSAGE}`, { [name]: CONTROL_CHARACTERS_MESSAGE });
  });
}

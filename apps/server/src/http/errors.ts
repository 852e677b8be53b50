import { AppError, fieldMessages, STATUS_BY_CODE } from '@shop/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { causeOf } from '../logging/log-errors.js';
import type { ErrorEnvelope } from './envelope.js';

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Maps every failure to the spec's envelope with the right status; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { success: false, error: error.message };
      if (error.fields) body.fields = error.fields;
      if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS_BY_CODE[error.code]).send(body);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      // The zod issue's path comes as a JSON pointer ('/items/0/quantity'); a refusal of the whole body is named 'body'.
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'is invalid',
      }));
      const fields = fieldMessages(issues, error.validationContext || 'input');
      const [field, message] = Object.entries(fields)[0] ?? ['input', 'is invalid'];
      const body: ErrorEnvelope = { success: false, error: `${field}: ${message}`, fields };
      return reply.status(400).send(body);
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The cause in the msg too: what `journalctl -o cat | jq -r .msg` shows first (a database gone, not the SQL).
      request.log.error({ err: error }, `request failed: ${causeOf(error)}`);
      return reply.status(status).send({ success: false, error: SERVER_ERROR_MESSAGE } satisfies ErrorEnvelope);
    }
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large): its message is safe.
    return reply.status(status).send({ success: false, error: error.message } satisfies ErrorEnvelope);
  });
}

import { data } from 'react-router';
import { readListQuery } from '../../lib/list-query';

interface QuerySchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}

/**
 * A report's period from its URL (?weekStart, ?month), checked by the report's query schema. A report has no
 * filter bar to show a refusal in: a malformed period is the page's 400, in the schema's words.
 */
export function reportQuery<T>(request: Request, schema: QuerySchema<T>): T {
  const { query, failure } = readListQuery(request, schema);
  if (failure) throw data({ error: failure.error }, { status: 400 });
  return query;
}

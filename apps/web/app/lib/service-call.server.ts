import { AppError } from '@shop/core';
import { data } from 'react-router';
import type { Failure } from './failure';

/** An action's answer to a refused submission, with its HTTP status; `echo` goes back to the form too (e.g. the values typed). */
export function formFailure<Echo extends object>(status: number, failure: Omit<Failure, 'ok'>, echo: Echo) {
  return data({ ...echo, ok: false as const, error: failure.error, fields: failure.fields }, { status });
}

/**
 * Runs a service call in a loader. An AppError is thrown as the route's error answer with the error's status
 * (NOT_FOUND shows the not-found page); anything else is unexpected and goes on as it is (500).
 */
export async function loaderCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError) throw data({ error: error.message }, { status: error.status });
    throw error;
  }
}

/**
 * Runs a service call in an action: the action answers what `done` makes of the result, or, when the service
 * refuses with an AppError, `{ ok: false, error, fields, ...echo }` with the error's status (400, 429 …) for the
 * form to show. Anything else is unexpected and goes on to the error page.
 */
export async function actionCall<T, Done, Echo extends object>(call: Promise<T>, done: (result: T) => Done, echo: Echo) {
  let result: T;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof AppError) return formFailure(error.status, { error: error.message, fields: error.fields ?? {} }, echo);
    throw error;
  }
  return done(result);
}

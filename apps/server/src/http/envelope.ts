import { z } from 'zod';

/** The spec's answer shape: `{ success: true, data }` or `{ success: false, error }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const errorEnvelope = z.object({
  success: z.literal(false),
  error: z.string(),
  /** Per-field messages for forms, when the input was at fault. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const ok = <T>(data: T) => ({ success: true as const, data });

/** The answer of a call that has nothing to return but success. */
export const emptyAnswer = { 200: okEnvelope(z.object({})) };

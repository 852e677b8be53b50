import { describe, expect, it } from 'vitest';
import { requestReturnSchema } from './orders.js';
import { RETURN_REASON_LABELS, RETURN_REASONS, RETURN_REASONS_IN_WORDS, returnReasonLabel } from './policy.js';

describe('the return reasons', () => {
  it('are the four the policy names, offered and accepted alike (regression: the form offered size and looks, not missing)', () => {
    expect([...RETURN_REASONS]).toEqual(['damaged', 'defective', 'wrong', 'missing']);
    expect(RETURN_REASONS_IN_WORDS).toBe('damaged, defective, wrong or missing');
    expect(Object.keys(RETURN_REASON_LABELS)).toEqual([...RETURN_REASONS]);
    for (const reason of RETURN_REASONS) expect(requestReturnSchema.safeParse({ reason }).success).toBe(true);
    for (const reason of ['size_did_not_fit', 'not_as_pictured']) {
      expect(requestReturnSchema.safeParse({ reason }).error?.issues[0]?.message).toBe('Please choose why you are returning the items.');
    }
  });

  it('name a return asked before with a reason no longer offered, and any other code as it is', () => {
    expect(returnReasonLabel('missing')).toBe('Missing item');
    expect(returnReasonLabel('size_did_not_fit')).toBe('Size did not fit');
    expect(returnReasonLabel('not_as_pictured')).toBe('Not as pictured');
    expect(returnReasonLabel('something')).toBe('something');
  });
});

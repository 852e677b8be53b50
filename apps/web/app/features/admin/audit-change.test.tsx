import type { AuditEntry } from '@shop/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditChange } from './audit-change';

const text = (entry: Pick<AuditEntry, 'before' | 'after'>) =>
  renderToStaticMarkup(<AuditChange entry={entry as AuditEntry} formatTime={(iso) => iso} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('AuditChange (issue 40)', () => {
  it("regression: a refund's entry does not read as if the courier and tracking number were wiped", () => {
    // As refunds were audited before: the order's fields before, the refund's after.
    const shown = text({
      before: { orderNumber: 'ORD-2611-000031', status: 'returned', courier: 'Delhivery', trackingNumber: 'DLV1' },
      after: { orderNumber: 'ORD-2611-000031', amount: 809_900, text: '₹8,099.00 refund requested from Razorpay' },
    });
    expect(shown).not.toContain('Courier');
    expect(shown).not.toContain('Tracking number');
    expect(shown).toContain('Amount — ₹8,099.00');
  });

  it('still shows a field set to nothing, and every field of a creation', () => {
    expect(text({ before: { courier: 'Delhivery' }, after: { courier: null } })).toContain('Courier Delhivery —');
    expect(text({ before: null, after: { name: 'Kurtas' } })).toContain('Name Kurtas');
  });
});

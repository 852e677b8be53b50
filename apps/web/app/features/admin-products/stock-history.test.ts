import type { AdminProduct, StockMovement } from '@shop/core';
import { describe, expect, it, vi } from 'vitest';
import { reasonText, signedChange } from './stock-history';
import { stockHistoryOf } from './stock-history.server';

const movement: StockMovement = {
  change: -2,
  quantityAfter: 5,
  reason: 'order_reserved',
  orderId: 'o1',
  orderNumber: 'ORD-20260310-0001',
  billId: null,
  invoiceNumber: null,
  importId: null,
  actorName: 'Kavya Rao',
  createdAt: '2026-03-10T05:30:00.000Z',
};

const product = (variants: Array<{ _id: string; variantName: string }>) =>
  ({ _id: 'p1', productName: 'Ikat Dupatta', variants }) as unknown as AdminProduct;

describe('stock history on the product page', () => {
  it("answers a variant's changes with its name", async () => {
    const inventory = { history: vi.fn(async () => [movement]) };
    await expect(stockHistoryOf(inventory, product([{ _id: 'v1', variantName: 'Red / M' }]), 'v1')).resolves.toEqual({
      id: 'v1',
      label: 'Red / M',
      movements: [movement],
    });
    expect(inventory.history).toHaveBeenCalledWith('v1');
  });

  it("answers a variant-less product's own stock by the product's id", async () => {
    const inventory = { history: vi.fn(async () => []) };
    await expect(stockHistoryOf(inventory, product([]), 'p1')).resolves.toEqual({ id: 'p1', label: 'Ikat Dupatta', movements: [] });
  });

  it('asks nothing for no id, or one that is not a shelf of this product', async () => {
    const inventory = { history: vi.fn(async () => []) };
    await expect(stockHistoryOf(inventory, product([]), null)).resolves.toBeNull();
    await expect(stockHistoryOf(inventory, product([{ _id: 'v1', variantName: 'Red / M' }]), 'p1')).resolves.toBeNull();
    await expect(stockHistoryOf(inventory, product([]), 'someone-else')).resolves.toBeNull();
    expect(inventory.history).not.toHaveBeenCalled();
  });

  it('says why with what it refers to, and the change with its sign', () => {
    expect(reasonText(movement)).toBe('Ordered · ORD-20260310-0001');
    expect(reasonText({ ...movement, reason: 'bill', orderNumber: null, invoiceNumber: 'INV/2025-26/0042' })).toBe(
      'Counter bill · INV/2025-26/0042',
    );
    expect(reasonText({ ...movement, reason: 'admin_edit', orderNumber: null })).toBe('Edited');
    // Issue 26: a void puts a bill's pieces back; so does a return at the counter (its credit note reduces the bill).
    const counter = { ...movement, orderId: null, orderNumber: null, billId: 'b1', invoiceNumber: 'INV/26-27/00012' };
    expect(reasonText({ ...counter, change: 2, reason: 'bill_void' })).toBe('Bill voided · INV/26-27/00012');
    expect(reasonText({ ...counter, change: 1, reason: 'bill_return' })).toBe('Returned at the counter · INV/26-27/00012');
    // Issue 38: an online return's pieces back on the shelf say so, not 'Order released'.
    expect(reasonText({ ...movement, change: 1, reason: 'return_restocked' })).toBe('Returned online · ORD-20260310-0001');
    expect([signedChange(5), signedChange(-2), signedChange(0)]).toEqual(['+5', '−2', '0']);
  });
});

import { LOW_STOCK_THRESHOLD } from '@shop/core';

/**
 * The pieces at or under which a variant runs low on the dashboard (issue 40). The one place the reports read it:
 * the owner's setting replaces the default here when the Settings page keeps it (services.ts passes it on).
 */
export type StockThreshold = () => Promise<number>;

/** Until the owner sets one: LOW_STOCK_THRESHOLD. */
export const defaultStockThreshold: StockThreshold = () => Promise.resolve(LOW_STOCK_THRESHOLD);

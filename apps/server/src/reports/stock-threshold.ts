import { LOW_STOCK_THRESHOLD } from '@shop/core';

/**
 * The pieces at or under which a variant runs low on the dashboard and the products list (issue 40): the owner's
 * setting, read from the settings row at each use (services.ts passes settings.lowStockThreshold on).
 */
export type StockThreshold = () => Promise<number>;

/** Where no settings are given (tests of one service): LOW_STOCK_THRESHOLD, the setting's default. */
export const defaultStockThreshold: StockThreshold = () => Promise.resolve(LOW_STOCK_THRESHOLD);

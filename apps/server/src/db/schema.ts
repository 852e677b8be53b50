// Every table of the shop, one file per domain; drizzle-kit reads this file to generate migrations.
export * from '../accounts/tables.js';
export * from '../mail/tables.js';
export * from '../settings/tables.js';
export * from '../catalogue/tables.js';
export * from '../contact/tables.js';
export * from '../announcements/tables.js';
export * from '../cart/tables.js';
export * from '../orders/tables.js';
export * from '../payments/tables.js';
export * from '../admin/tables.js';
export * from '../audit/tables.js';
export * from '../billing/tables.js';
export * from '../reports/tables.js';
export * from '../inventory/tables.js';

export * from './accounts.js';
export * from './money.js';
export * from './policy.js';
export * from './pricing.js';
export * from './settings.js';
export * from './catalogue.js';
export * from './contact.js';
export * from './text.js';

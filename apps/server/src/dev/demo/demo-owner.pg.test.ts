import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { ensureDemoOwner } from './demo-owner.js';

const t = useTestApp();

// Several instances starting together with the demo data on one PostgreSQL: one owner, one printed password.
describe('the demo owner on PostgreSQL', () => {
  it('is created by exactly one of several starts racing', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => ensureDemoOwner(t.database.db)));
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await t.services.admins.listAccounts()).toHaveLength(1);
  });
});

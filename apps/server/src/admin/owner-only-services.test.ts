import { actorOf, AppError, createBillSchema, OWNER_ONLY, type AuditActor } from '@shop/core';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer, signedInUser, uniqueEmail } from '../test/accounts.js';
import { signedInOwner, signedInStaff, type SignedInAdminForTest } from '../test/admins.js';
import { useTestApp } from '../test/app.js';
import { placedOrder } from '../test/order-fixture.js';
import { sellableProduct } from '../test/shop-fixture.js';

// Issue 38: the owner-only rules lived only at the edges (the API's owner scope, each page action); the services
// took any actor, so a new caller (a job, a page that forgot its check) could let staff refund, void or manage
// accounts. Each service method of an owner-only change now refuses a staff actor itself.
const mail = capturingMailer();
const t = useTestApp({ services: { mailer: mail.mailer } });

let owner: SignedInAdminForTest;
let staff: SignedInAdminForTest;
let staffActor: AuditActor;
beforeAll(async () => {
  owner = await signedInOwner(t, 'Meera Kapoor');
  staff = await signedInStaff(t, owner);
  staffActor = actorOf(staff.admin);
});

/** What every owner-only service method answers a staff actor, before it reads or changes anything. */
async function refusedToStaff(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ code: 'NOT_ALLOWED', message: OWNER_ONLY, status: 403 });
}

describe('owner-only changes are refused to staff by the services themselves (issue 38)', () => {
  it('puts the role on the actor', () => {
    expect(staffActor.role).toBe('staff');
    expect(actorOf(owner.admin).role).toBe('owner');
  });

  it('staff management: invites, revoking them, turning accounts off and on', async () => {
    const invite = await t.services.admins.createInvite(actorOf(owner.admin), { email: uniqueEmail('invited'), role: 'staff' });
    expect(invite.url).toContain('token=');
    await refusedToStaff(t.services.admins.createInvite(staffActor, { email: uniqueEmail('invited'), role: 'owner' }));
    const [pending] = await t.services.admins.listInvites();
    await refusedToStaff(t.services.admins.revokeInvite(staffActor, pending!._id));
    await refusedToStaff(t.services.admins.setActive(staffActor, staff.admin._id, false));
    await refusedToStaff(t.services.admins.setActive(staffActor, staff.admin._id, true));
    expect((await t.services.admins.listInvites()).find((row) => row._id === pending!._id)?.status).toBe('pending');
    expect((await t.services.admins.listAccounts()).find((row) => row._id === staff.admin._id)?.active).toBe(true);
  });

  it('cancelling a paid order, refunding one and retrying its refund', async () => {
    const product = await sellableProduct(t, { variants: false, stock: 3 });
    const order = await placedOrder(t, mail, { ...product, paid: true });
    await refusedToStaff(t.services.adminOrders.cancel(staffActor, order.orderId, 'Customer asked'));
    await refusedToStaff(t.services.adminOrders.refund(staffActor, order.orderId));
    await refusedToStaff(t.services.adminOrders.retryRefund(staffActor, order.orderId));
    expect((await t.services.adminOrders.detail(order.orderId)).status).toBe('paid');
  });

  it('voiding a bill', async () => {
    const bill = await t.services.billing.create(
      actorOf(owner.admin),
      createBillSchema.parse({ items: [{ name: 'Alteration', price: 15_000, quantity: 1 }] }),
    );
    await refusedToStaff(t.services.billing.voidBill(staffActor, bill._id, { reason: 'Typed the wrong amount' }));
    expect((await t.services.billing.get(bill._id)).status).toBe('paid');
  });

  it('blocking and unblocking shoppers', async () => {
    const shopper = await signedInUser(t.app, mail);
    await refusedToStaff(t.services.adminUsers.block(staffActor, shopper.userId));
    await refusedToStaff(t.services.adminUsers.unblock(staffActor, shopper.userId));
    expect((await t.services.adminUsers.detail(shopper.userId)).user.blocked).toBe(false);
  });

  it('hiding, showing and answering reviews', async () => {
    const reviewId = randomUUID();
    await refusedToStaff(t.services.reviews.hide(staffActor, reviewId, 'Rude'));
    await refusedToStaff(t.services.reviews.unhide(staffActor, reviewId));
    await refusedToStaff(t.services.reviews.reply(staffActor, reviewId, 'Thank you'));
  });

  it("the shop's settings", async () => {
    const before = await t.services.settings.get();
    await refusedToStaff(t.services.settings.update(staffActor, { ...before, name: 'Not Your Shop' }));
    expect((await t.services.settings.get()).name).toBe(before.name);
    await t.services.settings.update(actorOf(owner.admin), { ...before, name: 'Meera Threads' });
    expect((await t.services.settings.get()).name).toBe('Meera Threads');
  });
});

import type { AuditActor, PublicAdmin } from '@shop/core';

// The back-office pages' test admins; the posts, page requests and answers are lib/action-test-kit.ts's.
export { answerOf, get, post, settled, type Answer, type PostOptions } from '../../lib/action-test-kit';

export const OWNER: PublicAdmin = { _id: 'a1', adminName: 'Meera Kapoor', adminEmail: 'meera@example.in', role: 'owner' };
export const STAFF: PublicAdmin = { _id: 'a2', adminName: 'Ravi Kumar', adminEmail: 'ravi@example.in', role: 'staff' };
/** As the services get them: how the audit log names them, and their role. */
export const OWNER_ACTOR: AuditActor = { id: 'a1', label: 'Meera Kapoor <meera@example.in>', role: 'owner' };
export const STAFF_ACTOR: AuditActor = { id: 'a2', label: 'Ravi Kumar <ravi@example.in>', role: 'staff' };

import { adminKind } from '../admin/session.js';
import { shopperKind } from '../accounts/session.js';
import type { SignedInKind } from '../identity/end-sessions.js';

/** Every kind of account that signs in, as `npm run sessions:end` names them: shoppers, and the back-office's admins. */
export const SIGNED_IN_KINDS: readonly SignedInKind[] = [
  { name: 'shopper', entity: 'user', kind: shopperKind },
  { name: 'staff', entity: 'admin', kind: adminKind },
];

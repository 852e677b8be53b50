import { AppError, isUuid, type AuditActor } from '@shop/core';
import { buttonCall } from '../../lib/button-action.server';
import { redirectWithFlash } from '../../lib/flash.server';
import { formText } from '../../lib/form-data';
import { actionCall } from '../../lib/service-call.server';

/** One of the two lists' changes, as the page's action runs them. */
export interface PromotionChanges<Values, Body> {
  /** Where the page is: where a change goes back to. */
  href: string;
  /** The form's id field: 'couponId' or 'offerId'. */
  idField: string;
  notFound: string;
  read(form: FormData): Values;
  check(values: Values): { data?: Body; errors?: Record<string, string> };
  create(actor: AuditActor, body: Body): Promise<unknown>;
  update(actor: AuditActor, id: string, body: Body): Promise<unknown>;
  setDisabled(actor: AuditActor, id: string, disabled: boolean): Promise<unknown>;
  remove(actor: AuditActor, id: string): Promise<void>;
  messages: { created: string; saved: string; disabled: string; enabled: string; deleted: string };
}

/**
 * The coupons' and offers' page action: 'save' creates or (with the id) replaces one, checked with the API's schema,
 * a refused form coming back with its values; 'disable', 'enable' and 'delete' (owners: the service refuses staff)
 * after the page's confirmation, with or without scripts. Every change is audited under the admin.
 */
export async function promotionAction<Values, Body>(form: FormData, actor: AuditActor, changes: PromotionChanges<Values, Body>) {
  const id = formText(form, changes.idField);
  const intent = formText(form, 'intent');
  const { href, messages } = changes;
  if (intent === 'disable' || intent === 'enable')
    return buttonCall(form, href, () => changes.setDisabled(actor, id, intent === 'disable'), messages[`${intent}d`]);
  if (intent === 'delete') return buttonCall(form, href, () => changes.remove(actor, id), messages.deleted);
  const values = changes.read(form);
  return actionCall(
    (async () => {
      if (intent !== 'save') throw new AppError('INVALID_DATA', 'Unknown action.');
      const checked = changes.check(values);
      if (!checked.data)
        throw new AppError('INVALID_DATA', Object.values(checked.errors ?? {})[0] ?? 'Please check the form.', checked.errors);
      const body = checked.data;
      if (!id) return changes.create(actor, body);
      if (!isUuid(id)) throw new AppError('NOT_FOUND', changes.notFound);
      return changes.update(actor, id, body);
    })(),
    () => redirectWithFlash(href, { kind: 'success', message: id ? messages.saved : messages.created }),
    { intent: 'save', id, values },
  );
}

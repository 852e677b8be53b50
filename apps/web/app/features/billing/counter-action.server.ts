import { billableQuerySchema, type AuditActor, type BillableItem, type PageServices } from '@shop/core';
import { data } from 'react-router';
import { redirectWithFlash } from '../../lib/flash.server';
import { formText } from '../../lib/form-data';
import { actionCall, formFailure } from '../../lib/service-call.server';
import { billToSave, draftFromForm, EMPTY_FREE_LINE, withFreeLine, withItem, type CounterDraft } from './counter-draft';

// The counter without scripts (ADR 033): every button posts the whole form, the draft bill in its fields, and the
// page answers the draft after the step — found items, a line added or removed, totals again — until 'save' saves it
// with the key the form was rendered with, so the same form posted twice (a double tap, a reload that posts again)
// makes one bill; a saved bill leads to its page (`billPage`), where it is printed.

/** What the counter page's action answers: the draft to render again, and the items a search found (null: none asked). */
export interface CounterAnswer {
  draft: CounterDraft;
  found: BillableItem[] | null;
}

export const FORM_EXPIRED = 'This form has expired. Your items are kept: press Save bill again.';

/** The message for a saved bill, on the bill page it leads to. */
export const billSaved = (invoiceNumber: string) => `Bill ${invoiceNumber} saved`;

type Billing = Pick<PageServices['billing'], 'create' | 'findItems'>;

const answer = (draft: CounterDraft, found: BillableItem[] | null = null) => data({ ok: true as const, draft, found });

const refuse = (status: number, error: string, fields: Record<string, string>, draft: CounterDraft, found: BillableItem[] | null = null) =>
  formFailure(status, { error, fields }, { draft, found });

/** The search box's text checked as the API's findItems checks it, or the schema's message. */
const searchOf = (draft: CounterDraft): { q: string } | { error: string } => {
  const checked = billableQuerySchema.safeParse({ q: draft.q });
  return checked.success ? { q: checked.data.q } : { error: checked.error.issues[0]!.message };
};

/** The catalogue item a search answer names by 'productId:variantId'. */
const itemNamed = (items: readonly BillableItem[], name: string) =>
  items.find((item) => `${item.productId}:${item.variantId ?? ''}` === name);

/**
 * One step of the counter posted without scripts. `intent`: 'find' (also what Enter in any field presses: the
 * search, or the free-text item when there is no search), 'add:<productId>:<variantId>', 'addFree', 'remove:<n>',
 * 'update' (totals again), 'save'.
 */
export async function counterAction(
  form: FormData,
  billing: Billing,
  page: { actor: () => AuditActor; billPage: (billId: string) => string },
) {
  const draft = draftFromForm(form);
  const intent = formText(form, 'intent');

  if (intent === 'save') {
    const checked = billToSave(draft);
    if ('errors' in checked) return refuse(400, Object.values(checked.errors)[0]!, checked.errors, draft);
    if (!draft.idempotencyKey) return refuse(400, FORM_EXPIRED, {}, draft);
    return actionCall(
      billing.create(page.actor(), checked.bill, { idempotencyKey: draft.idempotencyKey }),
      (bill) => redirectWithFlash(page.billPage(bill._id), { kind: 'success', message: billSaved(bill.invoiceNumber) }),
      { draft, found: null },
    );
  }

  const addFree = () => {
    const added = withFreeLine(draft.lines, draft.free);
    if ('errors' in added) return refuse(400, Object.values(added.errors)[0]!, added.errors, draft);
    return answer({ ...draft, lines: added.lines, free: EMPTY_FREE_LINE });
  };

  if (intent === 'addFree') return addFree();

  if (intent === 'find') {
    if (!draft.q.trim()) return draft.free.name.trim() ? addFree() : answer(draft);
    const search = searchOf(draft);
    if ('error' in search) return refuse(400, search.error, { q: search.error }, draft);
    const { q } = search;
    const found = await billing.findItems(q);
    // As a scanner's Enter with scripts: the exact SKU, or the only match, goes on the bill at once.
    const match = found.find((item) => item.sku?.toLowerCase() === q.toLowerCase()) ?? (found.length === 1 ? found[0] : undefined);
    if (!match) return found.length === 0 ? refuse(404, `No item matches “${q}”.`, {}, draft, []) : answer(draft, found);
    const added = withItem(draft.lines, match);
    if ('error' in added) return refuse(409, added.error, {}, draft, found);
    return answer({ ...draft, lines: added.lines, q: '' });
  }

  if (intent.startsWith('add:')) {
    // Found again by the search it came from (still in the form): the item as it is now, its stock included.
    const search = searchOf(draft);
    const found = 'error' in search ? [] : await billing.findItems(search.q);
    const item = itemNamed(found, intent.slice('add:'.length));
    if (!item) return refuse(404, 'That item is no longer for sale. Search again.', {}, draft, found);
    const added = withItem(draft.lines, item);
    if ('error' in added) return refuse(409, added.error, {}, draft, found);
    return answer({ ...draft, lines: added.lines, q: '' });
  }

  if (intent.startsWith('remove:')) {
    const index = Number(intent.slice('remove:'.length));
    return answer({ ...draft, lines: draft.lines.filter((_, position) => position !== index) });
  }

  if (intent === 'update') return answer(draft);
  return refuse(400, 'Unknown action.', {}, draft);
}

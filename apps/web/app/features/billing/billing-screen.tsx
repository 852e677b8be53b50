import {
  BUSINESS_BUYER_LABELS,
  describeBillPayments,
  formatINR,
  formatSignedINR,
  isBillDiscount,
  JOB_WORK_RATE,
  JOB_WORK_SAC,
  normalizeIndianMobile,
  parseRupees,
  type Bill,
  type BillableItem,
  type CounterCustomer,
} from '@shop/core';
import { CheckCircle2, ChevronDown, Printer, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormFailure } from '../../components/form-failure';
import { useHydrated } from '../../components/enhanced';
import type { Failure } from '../../lib/failure';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { openInvoiceWindow } from '../../lib/invoice-window';
import { createBill } from './api/create-bill';
import { findBillableItems } from './api/find-billable-items';
import { findCounterCustomer } from './api/find-customer';
import {
  billToSave,
  COUNTER_FIELDS,
  draftTotals,
  EMPTY_FREE_LINE,
  FREE_LINE_RATES,
  lineField,
  typedQuantity,
  withFreeLine,
  withItem,
  type CounterDraft,
  type CounterLine,
} from './counter-draft';
import { newIdempotencyKey } from './idempotency-key';
import { billInvoicePath } from './invoice-path';
import { EMPTY_PAYMENT, PaymentSection, withRemainder, type PaymentDraft } from './payment-section';

// The counter's billing screen (issue 11): keyboard first. A barcode scanner types the SKU and Enter into the
// search box; the cashier types names and picks with the arrow keys; totals come from @shop/core as typed.
// Without scripts (ADR 033) the screen is one form: every button posts the draft bill to the page's action, which
// answers it back after the step; the bill's Idempotency-Key rides along from the moment the form was rendered.
// With them, each button's click does its step in place instead of posting.

/** A catalogue item the search found: name and variant, SKU, stock and price; the same in the suggestions and the list without scripts. */
function FoundItem({ item, truncate = false }: { item: BillableItem; truncate?: boolean }) {
  return (
    <span className="min-w-0">
      <span className={`block font-medium ${truncate ? 'truncate' : ''}`}>
        {item.name}
        {item.variantName && <span className="text-muted"> · {item.variantName}</span>}
      </span>
      <span className="block text-xs text-muted">
        {item.sku ?? 'no SKU'} · {item.stock > 0 ? `${item.stock} in stock` : 'out of stock'}
      </span>
    </span>
  );
}

const input =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';

/**
 * For business purchases (issue 43): the buyer's GSTIN and business name for the tax invoice, in a native disclosure
 * (open when typed in or refused); both or neither, checked by billToSave as the server checks them.
 */
function CounterBusinessBuyer({
  gstin,
  name,
  errors,
  onGstin,
  onName,
}: {
  gstin: string;
  name: string;
  errors: Record<string, string>;
  onGstin: (value: string) => void;
  onName: (value: string) => void;
}) {
  const open = Boolean(gstin || name || errors.buyerGstin || errors.buyerName);
  return (
    <details open={open} className="group rounded-xl border border-line" data-testid="counter-business">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-xl px-3 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine-600 [&::-webkit-details-marker]:hidden">
        {BUSINESS_BUYER_LABELS.section}
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="space-y-3 border-t border-line px-3 pb-3 pt-2">
        {/* Labels hold only their names; the help and the errors are descriptions (the name stays 'GSTIN'). */}
        <div>
          <label htmlFor="buyer-gstin" className="block text-sm font-medium">
            {BUSINESS_BUYER_LABELS.gstin}
          </label>
          <input
            id="buyer-gstin"
            name={COUNTER_FIELDS.buyerGstin}
            className={`${input} mt-1 font-mono uppercase`}
            value={gstin}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={Boolean(errors.buyerGstin)}
            aria-describedby="buyer-gstin-help"
            onChange={(event) => onGstin(event.target.value)}
          />
          <p id="buyer-gstin-help" className={`mt-1 text-xs ${errors.buyerGstin ? 'text-wine-700' : 'text-muted'}`}>
            {errors.buyerGstin ?? '15 characters, like 29ABCDE1234F1ZW; printed on the invoice.'}
          </p>
        </div>
        <div>
          <label htmlFor="buyer-name" className="block text-sm font-medium">
            {BUSINESS_BUYER_LABELS.name}
          </label>
          <input
            id="buyer-name"
            name={COUNTER_FIELDS.buyerName}
            className={`${input} mt-1`}
            value={name}
            maxLength={120}
            autoComplete="off"
            aria-invalid={Boolean(errors.buyerName)}
            aria-describedby={errors.buyerName ? 'buyer-name-error' : undefined}
            onChange={(event) => onName(event.target.value)}
          />
          {errors.buyerName && (
            <p id="buyer-name-error" className="mt-1 text-xs text-wine-700">
              {errors.buyerName}
            </p>
          )}
        </div>
      </div>
    </details>
  );
}

export function BillingScreen({
  draft,
  found: foundWithoutScripts,
  failure,
}: {
  draft: CounterDraft;
  found: BillableItem[] | null;
  failure: Failure | null;
}) {
  const hydrated = useHydrated();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState(draft.q);
  // Suggestions with the text they answer: an answer that comes late (after an item was added, say) is never
  // shown, nor taken by Enter, for other text.
  const [found, setFound] = useState<{ q: string; items: BillableItem[] }>({ q: '', items: [] });
  const [active, setActive] = useState(0);
  const [lines, setLines] = useState<CounterLine[]>(draft.lines);
  const [customerName, setCustomerName] = useState(draft.customerName);
  const [customerPhone, setCustomerPhone] = useState(draft.customerPhone);
  const [buyerGstin, setBuyerGstin] = useState(draft.buyerGstin);
  const [buyerName, setBuyerName] = useState(draft.buyerName);
  const [discount, setDiscount] = useState(draft.discount);
  const [discountFlat, setDiscountFlat] = useState(draft.discountFlat);
  const [payment, setPayment] = useState<PaymentDraft>(draft.payment);
  const [free, setFree] = useState(draft.free);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Bill | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>(failure?.fields ?? {});
  // One key per bill: sent again when a save is retried (a timeout, a dropped connection), a new one for the next bill.
  const [billKey, setBillKey] = useState(draft.idempotencyKey);
  const listId = useId();

  // Suggestions as the cashier types (a short pause, so a scanner's burst of keys asks once).
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    let current = true;
    const timer = window.setTimeout(() => {
      findBillableItems(q)
        .then((items) => {
          if (current) {
            setFound({ q, items });
            setActive(0);
          }
        })
        .catch(() => current && setFound({ q, items: [] }));
    }, 180);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  // The customer a complete mobile belongs to (one customer across shop and counter): her name filled in when the
  // cashier has not typed one, and a line saying the shop knows her.
  const [customer, setCustomer] = useState<CounterCustomer | null>(null);
  const mobile = normalizeIndianMobile(customerPhone);
  useEffect(() => {
    if (!mobile) return;
    let current = true;
    findCounterCustomer(mobile)
      .then((known) => {
        if (!current) return;
        setCustomer(known);
        if (known?.name) setCustomerName((typed) => typed || known.name);
      })
      .catch(() => current && setCustomer(null));
    return () => {
      current = false;
    };
  }, [mobile]);
  const knownCustomer = mobile && customer?.phone === mobile ? customer : null;

  // Suggestions only while at least two characters are typed, and only those found for this text.
  const results = query.trim().length >= 2 && found.q === query.trim() ? found.items : [];
  const discountValue = Number(discount === '' ? '0' : discount);
  const discountOk = isBillDiscount(discountValue);
  const flatValue = discountFlat.trim() === '' ? 0 : parseRupees(discountFlat);
  const typedDraft: CounterDraft = {
    idempotencyKey: billKey,
    lines,
    customerName,
    customerPhone,
    buyerGstin,
    buyerName,
    discount,
    discountFlat,
    payment,
    q: query,
    free,
  };
  const totals = draftTotals(typedDraft);
  // The split's last untyped mode holds what remains of the total as it is now.
  const paymentNow = withRemainder(payment, totals.total);
  const draftNow: CounterDraft = { ...typedDraft, payment: paymentNow };

  function addItem(item: BillableItem) {
    setLines((before) => {
      const added = withItem(before, item);
      if ('error' in added) {
        toast.error(added.error);
        return before;
      }
      return added.lines;
    });
    setQuery('');
    searchRef.current?.focus();
  }

  async function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length > 0) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
      return;
    }
    if (event.key === 'Escape') {
      setQuery('');
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    // A scanner's Enter can beat the suggestions: ask now and take the exact SKU, or the only match.
    const shown = results.length > 0 && results[active];
    const exact = (items: BillableItem[]) => items.find((item) => item.sku?.toLowerCase() === q.toLowerCase());
    const fromShown = exact(results) ?? (shown || undefined);
    if (fromShown) return addItem(fromShown);
    try {
      const items = await findBillableItems(q);
      const match = exact(items) ?? (items.length === 1 ? items[0] : undefined);
      if (match) addItem(match);
      else if (items.length === 0) toast.error(`No item matches “${q}”.`);
      else setFound({ q, items });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  function addFreeLine() {
    const added = withFreeLine(lines, free);
    setErrors('errors' in added ? added.errors : {});
    if ('errors' in added) return;
    setLines(added.lines);
    setFree(EMPTY_FREE_LINE);
    searchRef.current?.focus();
  }

  function setQuantity(key: string, value: string) {
    const quantity = typedQuantity(value);
    setLines((before) => before.map((line) => (line.key === key ? { ...line, quantity } : line)));
  }

  function setLineDiscount(key: string, value: string) {
    setLines((before) => before.map((line) => (line.key === key ? { ...line, discount: value } : line)));
  }

  async function save() {
    if (saving) return;
    const checked = billToSave(draftNow);
    if ('errors' in checked) {
      setErrors(checked.errors);
      toast.error(Object.values(checked.errors)[0]);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      // The bill's key, the same on every try until it is saved: a save that timed out but went through is answered, not repeated.
      const bill = await createBill(checked.bill, billKey);
      setSaved(bill);
      toast.success(`Bill ${bill.invoiceNumber} saved`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not save the bill.'));
    } finally {
      setSaving(false);
    }
  }

  function newBill() {
    setSaved(null);
    setBillKey(newIdempotencyKey());
    setLines([]);
    setCustomerName('');
    setCustomerPhone('');
    setBuyerGstin('');
    setBuyerName('');
    setDiscount('0');
    setDiscountFlat('');
    setPayment(EMPTY_PAYMENT);
    setErrors({});
    window.setTimeout(() => searchRef.current?.focus(), 0);
  }

  /**
   * Enter in a field with scripts: nothing is posted (the search box has its own Enter; in the free-text item's fields
   * it adds the item); Ctrl + Enter saves.
   */
  function onFormKey(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter') return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void save();
      return;
    }
    if (event.defaultPrevented || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (event.target.closest('[data-free-line]')) addFreeLine();
  }

  if (saved) {
    return (
      <section aria-labelledby="saved-title" className="mx-auto max-w-xl rounded-2xl border border-line bg-white p-6 text-center sm:p-8">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-green-700" />
        <h2 id="saved-title" className="mt-3 text-2xl font-semibold">
          Bill saved
        </h2>
        <p className="mt-2 text-muted">
          Invoice{' '}
          <strong className="font-mono text-ink" data-testid="invoice-number">
            {saved.invoiceNumber}
          </strong>{' '}
          · {saved.customerName || saved.buyerName || 'Unknown'}
        </p>
        <p className="mt-1 text-3xl font-bold tabular-nums">{formatINR(saved.totalPrice)}</p>
        {saved.payments.length > 0 && (
          <p className="mt-2 text-sm text-muted" data-testid="bill-payments">
            {describeBillPayments(saved.payments)}
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" autoFocus onClick={() => openInvoiceWindow(billInvoicePath(saved._id))}>
            <Printer aria-hidden="true" className="h-4 w-4" /> Print Invoice
          </button>
          <button type="button" className="btn btn-outline" onClick={newBill}>
            New bill
          </button>
        </div>
      </section>
    );
  }

  return (
    <form
      method="post"
      aria-label="Bill"
      className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      // With scripts nothing is posted: the buttons do their step in place and the bill is saved by the JSON API.
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={onFormKey}
    >
      <input type="hidden" name={COUNTER_FIELDS.key} value={billKey} />
      <div className="space-y-6">
        <noscript className="block">
          <p className="rounded-xl border border-line bg-sand px-4 py-3 text-sm text-muted">
            Without JavaScript: Find an item, then Add it; after changing a quantity, the discount or how it is paid, press Update totals.
          </p>
        </noscript>
        <section aria-labelledby="find-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
          <h2 id="find-title" className="text-lg font-semibold">
            Add items
          </h2>
          <label htmlFor="bill-search" className="mt-3 block text-sm font-medium">
            Scan a barcode or type a name or SKU
          </label>
          <div className="relative mt-1 flex gap-2">
            <div className="relative min-w-0 flex-1">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
              <input
                ref={searchRef}
                id="bill-search"
                name={COUNTER_FIELDS.q}
                autoFocus
                autoComplete="off"
                role="combobox"
                aria-expanded={results.length > 0}
                aria-controls={listId}
                aria-activedescendant={results.length > 0 ? `${listId}-${active}` : undefined}
                aria-invalid={Boolean(errors.q)}
                className={`${input} pl-9`}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onKeyDown={(event) => void onSearchKey(event)}
              />
              {results.length > 0 && (
                <ul
                  id={listId}
                  role="listbox"
                  aria-label="Matching items"
                  className="absolute z-10 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-line bg-white shadow-lg"
                >
                  {results.map((item, index) => (
                    <li
                      key={`${item.productId}:${item.variantId ?? ''}`}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${index === active ? 'bg-wine-50' : ''}`}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        addItem(item);
                      }}
                    >
                      <FoundItem item={item} truncate />
                      <span className="shrink-0 tabular-nums">{formatINR(item.price)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {/* The first button of the form: Enter in any field presses it when there are no scripts. */}
            <button type="submit" name="intent" value="find" className="btn btn-outline" hidden={hydrated}>
              Find
            </button>
          </div>
          <p className="mt-2 text-xs text-muted">Enter adds the highlighted item · ↑ ↓ choose · Esc clears · Ctrl + Enter saves the bill</p>
          {foundWithoutScripts && foundWithoutScripts.length > 0 && (
            <ul aria-label="Items found" className="mt-3 divide-y divide-line rounded-xl border border-line">
              {foundWithoutScripts.map((item) => (
                <li key={`${item.productId}:${item.variantId ?? ''}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <FoundItem item={item} />
                  <span className="ml-auto shrink-0 tabular-nums">{formatINR(item.price)}</span>
                  <button
                    type="submit"
                    name="intent"
                    value={`add:${item.productId}:${item.variantId ?? ''}`}
                    className="btn btn-outline shrink-0"
                    aria-label={`Add ${item.variantName ? `${item.name} · ${item.variantName}` : item.name}`}
                    onClick={(event) => {
                      event.preventDefault();
                      addItem(item);
                    }}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}

          <fieldset
            data-free-line
            className="mt-5 grid grid-cols-2 gap-3 border-t border-line pt-4 sm:grid-cols-6 sm:items-end"
            aria-label="Item not in the catalogue"
          >
            <label className="col-span-2 block text-sm font-medium sm:col-span-3">
              Item not in the catalogue
              <input
                name={COUNTER_FIELDS.freeName}
                className={`${input} mt-1`}
                value={free.name}
                placeholder="e.g. Alteration"
                aria-invalid={Boolean(errors.freeName)}
                onChange={(event) => setFree({ ...free, name: event.target.value })}
              />
            </label>
            <label className="block text-sm font-medium sm:col-span-2">
              Price (₹)
              <input
                name={COUNTER_FIELDS.freePrice}
                className={`${input} mt-1`}
                inputMode="decimal"
                value={free.price}
                aria-invalid={Boolean(errors.freePrice)}
                onChange={(event) => setFree({ ...free, price: event.target.value })}
              />
            </label>
            <label className="block text-sm font-medium">
              Qty
              <input
                name={COUNTER_FIELDS.freeQuantity}
                className={`${input} mt-1`}
                type="number"
                min={1}
                value={free.quantity}
                aria-invalid={Boolean(errors.freeQuantity)}
                onChange={(event) => setFree({ ...free, quantity: event.target.value })}
              />
            </label>
            {/* A service or a piece not in the catalogue is taxed as what it is: job work (SAC 9988) at 5 % unless changed. */}
            <label className="block text-sm font-medium sm:col-span-2">
              HSN/SAC
              <input
                name={COUNTER_FIELDS.freeHsn}
                className={`${input} mt-1`}
                inputMode="numeric"
                maxLength={8}
                value={free.hsnCode}
                aria-invalid={Boolean(errors.freeHsn)}
                onChange={(event) => setFree({ ...free, hsnCode: event.target.value })}
              />
            </label>
            <label className="block text-sm font-medium sm:col-span-2">
              GST rate
              <select
                name={COUNTER_FIELDS.freeRate}
                className={`${input} mt-1`}
                value={free.gstRate}
                aria-invalid={Boolean(errors.freeRate)}
                onChange={(event) => setFree({ ...free, gstRate: event.target.value })}
              >
                {FREE_LINE_RATES().map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}%
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              name="intent"
              value="addFree"
              className="btn btn-outline col-span-2"
              onClick={(event) => {
                event.preventDefault();
                addFreeLine();
              }}
            >
              Add item
            </button>
            {(errors.freeName ?? errors.freePrice ?? errors.freeQuantity ?? errors.freeHsn ?? errors.freeRate) && (
              <p role="alert" className="col-span-2 text-sm text-wine-700 sm:col-span-6">
                {errors.freeName ?? errors.freePrice ?? errors.freeQuantity ?? errors.freeHsn ?? errors.freeRate}
              </p>
            )}
          </fieldset>
        </section>

        <section aria-labelledby="lines-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
          <h2 id="lines-title" className="text-lg font-semibold">
            Bill items
          </h2>
          {lines.length === 0 ? (
            <p className="mt-3 rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
              No items yet: scan a barcode or search above.
            </p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              {/* On a phone each line is two rows (its name, then its figures), as the columns leave a name no room. */}
              <table className="w-full text-sm sm:min-w-[32rem]">
                <thead className="max-sm:sr-only">
                  <tr className="border-b border-line text-left text-muted">
                    <th scope="col" className="py-2 pr-2 font-medium">
                      Item
                    </th>
                    {/* On a phone the piece price gives way: the line total and the quantity are what the cashier checks. */}
                    <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
                      Price
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right font-medium">
                      Qty
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right font-medium">
                      Off %
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right font-medium">
                      Total
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, index) => (
                    <tr
                      key={line.key}
                      className="border-b border-line last:border-0 max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:py-2"
                    >
                      <td className="py-2 pr-2 max-sm:basis-full max-sm:py-0">
                        <span className="font-medium">{line.name}</span>
                        <span className="block text-xs text-muted">
                          {line.sku ?? `Not in the catalogue · ${line.hsnCode ?? JOB_WORK_SAC} · GST ${line.gstRate ?? JOB_WORK_RATE}%`}
                        </span>
                        <input type="hidden" name={COUNTER_FIELDS.line} value={lineField(line)} />
                      </td>
                      <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{formatINR(line.price)}</td>
                      <td className="py-2 pr-2 text-right">
                        <span aria-hidden="true" className="mr-1 text-xs text-muted sm:hidden">
                          Qty
                        </span>
                        <input
                          type="number"
                          name={COUNTER_FIELDS.quantity}
                          min={1}
                          max={line.stock ?? undefined}
                          aria-label={`Quantity of ${line.name}`}
                          className="min-h-10 w-14 rounded-lg border border-line px-2 text-right tabular-nums sm:w-20"
                          value={line.quantity}
                          onChange={(event) => setQuantity(line.key, event.target.value)}
                        />
                        {line.stock !== null && line.quantity > line.stock && (
                          <span className="block text-xs text-wine-700">Only {line.stock} left</span>
                        )}
                      </td>
                      <td className="py-2 pr-2 text-right">
                        <span aria-hidden="true" className="mr-1 text-xs text-muted sm:hidden">
                          Off %
                        </span>
                        <input
                          name={COUNTER_FIELDS.lineDiscount}
                          inputMode="decimal"
                          autoComplete="off"
                          placeholder="0"
                          aria-label={`Discount % on ${line.name}`}
                          aria-invalid={!isBillDiscount(Number(line.discount.trim() || '0'))}
                          className="min-h-10 w-12 rounded-lg border border-line px-2 text-right tabular-nums sm:w-16"
                          value={line.discount}
                          onChange={(event) => setLineDiscount(line.key, event.target.value)}
                        />
                      </td>
                      <td className="py-2 pr-2 text-right font-medium tabular-nums max-sm:ml-auto">
                        {formatINR(totals.lines[index]!.net)}
                        {totals.lines[index]!.discountAmount > 0 && (
                          <s className="block text-xs font-normal text-muted">{formatINR(totals.lines[index]!.total)}</s>
                        )}
                      </td>
                      <td className="py-2 text-right">
                        <button
                          type="submit"
                          name="intent"
                          value={`remove:${index}`}
                          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-wine-50 hover:text-wine-700"
                          aria-label={`Remove ${line.name}`}
                          onClick={(event) => {
                            event.preventDefault();
                            setLines((before) => before.filter((other) => other.key !== line.key));
                          }}
                        >
                          <Trash2 aria-hidden="true" className="h-4 w-4" />
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>

      <aside aria-labelledby="summary-title" className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6 lg:sticky lg:top-20">
        <h2 id="summary-title" className="text-lg font-semibold">
          Customer and total
        </h2>
        <FormFailure failure={failure} />
        <label className="block text-sm font-medium">
          Customer name
          <input
            name={COUNTER_FIELDS.customerName}
            className={`${input} mt-1`}
            value={customerName}
            autoComplete="off"
            onChange={(event) => setCustomerName(event.target.value)}
          />
        </label>
        <label className="block text-sm font-medium">
          Phone
          <input
            name={COUNTER_FIELDS.customerPhone}
            className={`${input} mt-1`}
            type="tel"
            inputMode="tel"
            maxLength={16}
            autoComplete="off"
            value={customerPhone}
            aria-invalid={Boolean(errors.customerPhone)}
            aria-describedby="phone-help"
            onChange={(event) => setCustomerPhone(event.target.value)}
          />
          <span id="phone-help" className={`mt-1 block text-xs ${errors.customerPhone ? 'text-wine-700' : 'text-muted'}`}>
            {errors.customerPhone ?? '10-digit mobile; leave both empty for a walk-in.'}
          </span>
          {knownCustomer && !errors.customerPhone && (
            <span role="status" className="mt-1 block text-xs font-medium text-green-800">
              Returning customer
              {knownCustomer.bills > 0 ? ` · ${knownCustomer.bills} ${knownCustomer.bills === 1 ? 'bill' : 'bills'}` : ''}
              {knownCustomer.userId ? ' · shops online' : ''}
            </span>
          )}
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium">
            Discount (%)
            <input
              name={COUNTER_FIELDS.discount}
              className={`${input} mt-1`}
              inputMode="decimal"
              value={discount}
              aria-invalid={!discountOk}
              onChange={(event) => setDiscount(event.target.value)}
            />
          </label>
          <label className="block text-sm font-medium">
            Discount (₹)
            <input
              name={COUNTER_FIELDS.discountFlat}
              className={`${input} mt-1`}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={discountFlat}
              aria-invalid={flatValue === null || Boolean(errors.discountFlat)}
              onChange={(event) => setDiscountFlat(event.target.value)}
            />
          </label>
          {!discountOk && (
            <span className="col-span-2 -mt-2 block text-xs text-wine-700">Discount %: from 0 to 100, at most two decimals.</span>
          )}
          {(flatValue === null || errors.discountFlat) && (
            <span className="col-span-2 -mt-2 block text-xs text-wine-700">
              {errors.discountFlat ?? 'Discount ₹: an amount in rupees.'}
            </span>
          )}
        </div>
        {/* After the discounts: the everyday keyboard path (name, phone, discount) is not interrupted. */}
        <CounterBusinessBuyer gstin={buyerGstin} name={buyerName} errors={errors} onGstin={setBuyerGstin} onName={setBuyerName} />
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 border-t border-line pt-3 text-sm tabular-nums" aria-live="polite">
          <dt>Subtotal</dt>
          <dd className="text-right" data-testid="bill-subtotal">
            {formatINR(totals.subtotal)}
          </dd>
          {totals.lineDiscountAmount > 0 && (
            <>
              <dt>Item discounts</dt>
              <dd className="text-right">−{formatINR(totals.lineDiscountAmount)}</dd>
            </>
          )}
          <dt>Discount{discountOk && discountValue > 0 ? ` (${discountValue}%)` : ''}</dt>
          <dd className="text-right">−{formatINR(totals.percentDiscountAmount)}</dd>
          {totals.flatDiscount > 0 && (
            <>
              <dt>Discount (₹)</dt>
              <dd className="text-right">−{formatINR(totals.flatDiscount)}</dd>
            </>
          )}
          <dt>Round-off</dt>
          <dd className="text-right" data-testid="bill-round-off">
            {formatSignedINR(totals.roundOff)}
          </dd>
          <dt className="pt-1 text-base font-semibold">Total</dt>
          <dd className="pt-1 text-right text-xl font-bold" data-testid="bill-total">
            {formatINR(totals.total)}
          </dd>
        </dl>
        <PaymentSection draft={paymentNow} total={totals.total} onChange={setPayment} />
        {(errors.items ?? errors.payments ?? errors.lineDiscount) && (
          <p role="alert" className="text-sm text-wine-700">
            {errors.items ?? errors.payments ?? errors.lineDiscount}
          </p>
        )}
        {/* Without scripts the totals above are the server's answer to the last step. */}
        <button type="submit" name="intent" value="update" className="btn btn-outline w-full" hidden={hydrated}>
          Update totals
        </button>
      </aside>

      {/*
        The total and Save stay in view however long the bill (issue 40: on the counter's tablet Save was below the
        fold with one item): a bar stuck to the bottom of the screen while the form is on it, across both columns.
      */}
      <div
        role="group"
        aria-label="Bill total"
        className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-4 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur sm:mx-0 sm:rounded-2xl sm:border lg:col-span-2"
        data-testid="bill-bar"
      >
        <p className="min-w-0 leading-tight">
          <span className="block text-xs text-muted">
            {lines.length === 0 ? 'No items' : `${lines.reduce((sum, line) => sum + line.quantity, 0)} pcs`}
            {totals.discountAmount > 0 ? ` · saved ${formatINR(totals.discountAmount)}` : ''}
          </span>
          <span className="text-xl font-bold tabular-nums" data-testid="bar-total">
            {formatINR(totals.total)}
          </span>
        </p>
        <button
          type="submit"
          name="intent"
          value="save"
          className="btn btn-primary min-w-36 shrink-0"
          disabled={saving}
          onClick={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          {saving ? 'Saving…' : 'Save bill'}
        </button>
      </div>
    </form>
  );
}

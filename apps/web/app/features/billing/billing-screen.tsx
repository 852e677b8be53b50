import {
  billTotals,
  describeBillPayments,
  formatINR,
  INDIAN_MOBILE_MESSAGE,
  isBillDiscount,
  normalizeIndianMobile,
  parseRupees,
  type Bill,
  type BillableItem,
  type CounterCustomer,
} from '@shop/core';
import { CheckCircle2, Printer, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/api-client';
import { openInvoiceWindow } from '../../lib/invoice-window';
import { createBill } from './api/create-bill';
import { findBillableItems } from './api/find-billable-items';
import { findCounterCustomer } from './api/find-customer';
import { billInvoicePath } from './invoice-path';
import { EMPTY_PAYMENT, PaymentSection, paymentsOf, type PaymentDraft } from './payment-section';

// The counter's billing screen (issue 11): keyboard first. A barcode scanner types the SKU and Enter into the
// search box; the cashier types names and picks with the arrow keys; totals come from @shop/core as typed.

interface Line {
  key: string;
  productId?: string;
  variantId?: string | null;
  name: string;
  sku: string | null;
  /** Paise for one piece. */
  price: number;
  quantity: number;
  /** Pieces on the shelf (catalogue lines); null for a free-text line. */
  stock: number | null;
}

const input =
  'block min-h-11 w-full rounded-xl border border-line bg-white px-3 text-base outline-none focus:border-wine-600 focus:ring-2 focus:ring-wine-100 sm:text-sm';
let lineCounter = 0;

export function BillingScreen() {
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  // Suggestions with the text they answer: an answer that comes late (after an item was added, say) is never
  // shown, nor taken by Enter, for other text.
  const [found, setFound] = useState<{ q: string; items: BillableItem[] }>({ q: '', items: [] });
  const [active, setActive] = useState(0);
  const [lines, setLines] = useState<Line[]>([]);
  const [customerName, setCustomerName] = useState('');
  const [customerPhone, setCustomerPhone] = useState('');
  const [discount, setDiscount] = useState('0');
  const [payment, setPayment] = useState<PaymentDraft>(EMPTY_PAYMENT);
  const [free, setFree] = useState({ name: '', price: '', quantity: '1' });
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Bill | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
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
  const totals = billTotals(
    lines.map((line) => ({ price: line.price, quantity: line.quantity })),
    discountOk ? discountValue : 0,
  );

  function addItem(item: BillableItem) {
    setLines((current) => {
      const same = current.find((line) => line.productId === item.productId && (line.variantId ?? null) === item.variantId);
      if (same) {
        if (same.quantity >= item.stock) {
          toast.error(`Only ${item.stock} left`);
          return current;
        }
        return current.map((line) => (line === same ? { ...line, quantity: line.quantity + 1 } : line));
      }
      if (item.stock < 1) {
        toast.error(`Sorry, ${item.name} is out of stock.`);
        return current;
      }
      const name = item.variantName ? `${item.name} (${item.variantName})` : item.name;
      return [
        ...current,
        {
          key: `l${++lineCounter}`,
          productId: item.productId,
          variantId: item.variantId,
          name,
          sku: item.sku,
          price: item.price,
          quantity: 1,
          stock: item.stock,
        },
      ];
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

  function addFreeLine(event: FormEvent) {
    event.preventDefault();
    const name = free.name.trim();
    const price = parseRupees(free.price);
    const quantity = Number(free.quantity);
    const problems: Record<string, string> = {};
    if (!name) problems.freeName = 'Item name is required.';
    if (price === null) problems.freePrice = 'Enter a price of ₹0 or more.';
    if (!Number.isInteger(quantity) || quantity < 1) problems.freeQuantity = 'Quantity must be at least 1.';
    setErrors(problems);
    if (Object.keys(problems).length > 0 || price === null) return;
    setLines((current) => [...current, { key: `l${++lineCounter}`, name, sku: null, price, quantity, stock: null }]);
    setFree({ name: '', price: '', quantity: '1' });
    searchRef.current?.focus();
  }

  function setQuantity(key: string, value: string) {
    const quantity = Math.max(1, Math.floor(Number(value) || 1));
    setLines((current) => current.map((line) => (line.key === key ? { ...line, quantity } : line)));
  }

  async function save() {
    const problems: Record<string, string> = {};
    if (lines.length === 0) problems.items = 'Please add at least one item.';
    const mobile = customerPhone.trim() ? normalizeIndianMobile(customerPhone) : undefined;
    if (mobile === null) problems.customerPhone = INDIAN_MOBILE_MESSAGE;
    if (!discountOk) problems.discount = 'Discount must be from 0 to 100 with at most two decimals.';
    const over = lines.find((line) => line.stock !== null && line.quantity > line.stock);
    if (over) problems.items = `Only ${over.stock} left of ${over.name}`;
    const paid = paymentsOf(payment, totals.total);
    if (!paid.ok) problems.payments = paid.message;
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast.error(Object.values(problems)[0]);
      return;
    }
    setSaving(true);
    try {
      const bill = await createBill({
        customerName: customerName.trim() || undefined,
        customerPhone: mobile ?? undefined,
        discount: discountValue,
        items: lines.map((line) =>
          line.productId
            ? { productId: line.productId, variantId: line.variantId ?? undefined, quantity: line.quantity }
            : { name: line.name, price: line.price, quantity: line.quantity },
        ),
        payments: paid.ok ? paid.payments : undefined,
      });
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
    setLines([]);
    setCustomerName('');
    setCustomerPhone('');
    setDiscount('0');
    setPayment(EMPTY_PAYMENT);
    setErrors({});
    window.setTimeout(() => searchRef.current?.focus(), 0);
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
          · {saved.customerName || 'Unknown'}
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
    <div
      className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void save();
        }
      }}
    >
      <div className="space-y-6">
        {/* Scanning, searching and totalling happen in the browser as the cashier types. */}
        <noscript className="block">
          <p role="alert" className="rounded-xl border border-wine-100 bg-wine-50 px-4 py-3 text-sm font-medium text-wine-800">
            The counter needs JavaScript to scan items and total the bill. Please turn it on in this browser.
          </p>
        </noscript>
        <section aria-labelledby="find-title" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
          <h2 id="find-title" className="text-lg font-semibold">
            Add items
          </h2>
          <label htmlFor="bill-search" className="mt-3 block text-sm font-medium">
            Scan a barcode or type a name or SKU
          </label>
          <div className="relative mt-1">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
            <input
              ref={searchRef}
              id="bill-search"
              autoFocus
              autoComplete="off"
              role="combobox"
              aria-expanded={results.length > 0}
              aria-controls={listId}
              aria-activedescendant={results.length > 0 ? `${listId}-${active}` : undefined}
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
                    <span className="min-w-0">
                      <span className="block truncate font-medium">
                        {item.name}
                        {item.variantName && <span className="text-muted"> · {item.variantName}</span>}
                      </span>
                      <span className="block text-xs text-muted">
                        {item.sku ?? 'no SKU'} · {item.stock > 0 ? `${item.stock} in stock` : 'out of stock'}
                      </span>
                    </span>
                    <span className="shrink-0 tabular-nums">{formatINR(item.price)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <p className="mt-2 text-xs text-muted">Enter adds the highlighted item · ↑ ↓ choose · Esc clears · Ctrl + Enter saves the bill</p>

          <form
            onSubmit={addFreeLine}
            className="mt-5 grid grid-cols-2 gap-3 border-t border-line pt-4 sm:grid-cols-[minmax(0,1fr)_8rem_6rem_auto] sm:items-end"
            aria-label="Item not in the catalogue"
          >
            <label className="col-span-2 block text-sm font-medium sm:col-span-1">
              Item not in the catalogue
              <input
                className={`${input} mt-1`}
                value={free.name}
                placeholder="e.g. Alteration"
                aria-invalid={Boolean(errors.freeName)}
                onChange={(event) => setFree({ ...free, name: event.target.value })}
              />
            </label>
            <label className="block text-sm font-medium">
              Price (₹)
              <input
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
                className={`${input} mt-1`}
                type="number"
                min={1}
                value={free.quantity}
                aria-invalid={Boolean(errors.freeQuantity)}
                onChange={(event) => setFree({ ...free, quantity: event.target.value })}
              />
            </label>
            <button type="submit" className="btn btn-outline col-span-2 sm:col-span-1">
              Add item
            </button>
            {(errors.freeName ?? errors.freePrice ?? errors.freeQuantity) && (
              <p role="alert" className="col-span-2 text-sm text-wine-700 sm:col-span-4">
                {errors.freeName ?? errors.freePrice ?? errors.freeQuantity}
              </p>
            )}
          </form>
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
              <table className="w-full text-sm sm:min-w-[32rem]">
                <thead>
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
                      Total
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.key} className="border-b border-line last:border-0">
                      <td className="py-2 pr-2">
                        <span className="font-medium">{line.name}</span>
                        <span className="block text-xs text-muted">{line.sku ?? 'Free-text item'}</span>
                      </td>
                      <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{formatINR(line.price)}</td>
                      <td className="py-2 pr-2 text-right">
                        <input
                          type="number"
                          min={1}
                          max={line.stock ?? undefined}
                          aria-label={`Quantity of ${line.name}`}
                          className="min-h-10 w-20 rounded-lg border border-line px-2 text-right tabular-nums"
                          value={line.quantity}
                          onChange={(event) => setQuantity(line.key, event.target.value)}
                        />
                        {line.stock !== null && line.quantity > line.stock && (
                          <span className="block text-xs text-wine-700">Only {line.stock} left</span>
                        )}
                      </td>
                      <td className="py-2 pr-2 text-right font-medium tabular-nums">{formatINR(line.price * line.quantity)}</td>
                      <td className="py-2 text-right">
                        <button
                          type="button"
                          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-muted hover:bg-wine-50 hover:text-wine-700"
                          aria-label={`Remove ${line.name}`}
                          onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
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

      <aside aria-labelledby="summary-title" className="space-y-4 rounded-2xl border border-line bg-white p-4 sm:p-6 lg:sticky lg:top-6">
        <h2 id="summary-title" className="text-lg font-semibold">
          Customer and total
        </h2>
        <label className="block text-sm font-medium">
          Customer name
          <input
            className={`${input} mt-1`}
            value={customerName}
            autoComplete="off"
            onChange={(event) => setCustomerName(event.target.value)}
          />
        </label>
        <label className="block text-sm font-medium">
          Phone
          <input
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
        <label className="block text-sm font-medium">
          Discount (%)
          <input
            className={`${input} mt-1`}
            inputMode="decimal"
            value={discount}
            aria-invalid={!discountOk}
            onChange={(event) => setDiscount(event.target.value)}
          />
          {!discountOk && <span className="mt-1 block text-xs text-wine-700">From 0 to 100, at most two decimals.</span>}
        </label>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 border-t border-line pt-3 text-sm tabular-nums" aria-live="polite">
          <dt>Subtotal</dt>
          <dd className="text-right" data-testid="bill-subtotal">
            {formatINR(totals.subtotal)}
          </dd>
          <dt>Discount{discountOk && discountValue > 0 ? ` (${discountValue}%)` : ''}</dt>
          <dd className="text-right">−{formatINR(totals.discountAmount)}</dd>
          <dt className="pt-1 text-base font-semibold">Total</dt>
          <dd className="pt-1 text-right text-xl font-bold" data-testid="bill-total">
            {formatINR(totals.total)}
          </dd>
        </dl>
        <PaymentSection draft={payment} total={totals.total} onChange={setPayment} />
        {(errors.items ?? errors.payments) && (
          <p role="alert" className="text-sm text-wine-700">
            {errors.items ?? errors.payments}
          </p>
        )}
        <button type="button" className="btn btn-primary w-full" disabled={saving} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save bill'}
        </button>
      </aside>
    </div>
  );
}

import { z } from 'zod';
import type { Bill, CreditNote } from './bills.js';
import type { OrderCreditNote } from './credit-notes.js';
import { istDay } from './india-time.js';
import { SHIPPING_SAC, type InvoiceLine } from './invoice.js';
import type { Paise } from './money.js';
import type { OrderInvoice } from './order-invoice.js';
import { GST_STATE_CODES, type IndianState } from './settings.js';

// GSTR-1 of a month or a quarter (issue 43, ADR 041): built from the documents the shop issued in the period, as
// issued (online invoices, counter bills, credit notes), into the GST offline tool's JSON. Pure: no database. Money
// is paise throughout and becomes rupees (2 decimals) only in the JSON's amounts.

// ---------------------------------------------------------------------------------------------------- the period

/** `2026-11` (a month) or `2026-Q3` (a quarter of the financial year 2026-27: Q1 Apr–Jun … Q4 Jan–Mar 2027). */
export const GSTR1_PERIOD_PATTERN = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/;
export const GSTR1_PERIOD_MESSAGE =
  'period must be a month (2026-11) or a quarter of the financial year (2026-Q3 for October to December 2026)';

export const gstr1PeriodSchema = z.object({
  /** As asked: '2026-11' or '2026-Q3'. */
  period: z.string(),
  kind: z.enum(['month', 'quarter']),
  /** First and last India day of the period, YYYY-MM-DD, both included. */
  from: z.string(),
  to: z.string(),
  /** The return's `fp`: MMYYYY of the month, or of the quarter's last month. */
  fp: z.string(),
  /** 'November 2026', 'Q3 2026-27 (October–December 2026)'. */
  label: z.string(),
});
export type Gstr1Period = z.infer<typeof gstr1PeriodSchema>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const two = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The months `first` to `last` of one calendar year as a period: its days, and `fp` of its last month. */
const monthsOf = (period: string, kind: Gstr1Period['kind'], year: number, first: number, last: number, label: string): Gstr1Period => ({
  period,
  kind,
  from: `${year}-${two(first)}-01`,
  to: `${year}-${two(last)}-${two(lastDayOf(year, last))}`,
  fp: `${two(last)}${year}`,
  label,
});

/** The period a `period` parameter names, or null when it names none. */
export function gstr1PeriodOf(text: string): Gstr1Period | null {
  const match = GSTR1_PERIOD_PATTERN.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2]) {
    const month = Number(match[2]);
    return monthsOf(text, 'month', year, month, month, `${MONTHS[month - 1]} ${year}`);
  }
  const quarter = Number(match[3]);
  // Q1 April–June of `year` … Q4 January–March of year + 1.
  const first = quarter === 4 ? 1 : quarter * 3 + 1;
  const calendarYear = quarter === 4 ? year + 1 : year;
  const last = first + 2;
  const label = `Q${quarter} ${year}-${two((year + 1) % 100)} (${MONTHS[first - 1]}–${MONTHS[last - 1]} ${calendarYear})`;
  return monthsOf(text, 'quarter', calendarYear, first, last, label);
}

/** GET /api/admin/gst/gstr1 and gstr1.zip: `period`, checked (400 naming it). */
export const gstr1QuerySchema = z.object({
  period: z.string({ error: GSTR1_PERIOD_MESSAGE }).refine((text) => gstr1PeriodOf(text) !== null, GSTR1_PERIOD_MESSAGE),
});

// ------------------------------------------------------------------------------------------- the return's JSON

const amount = z.number();
const itemDetailSchema = z.object({ rt: z.number(), txval: amount, iamt: amount, camt: amount, samt: amount, csamt: amount });
const itemSchema = z.object({ num: z.number().int(), itm_det: itemDetailSchema });

const hsnRowSchema = z.object({
  num: z.number().int(),
  hsn_sc: z.string(),
  desc: z.string(),
  uqc: z.string(),
  qty: z.number(),
  rt: z.number(),
  txval: amount,
  iamt: amount,
  camt: amount,
  samt: amount,
  csamt: amount,
});
export const gstr1Schema = z.object({
  gstin: z.string(),
  fp: z.string(),
  /** Table 4: invoices to registered buyers, by buyer GSTIN, each invoice's lines summed by rate. */
  b2b: z.array(
    z.object({
      ctin: z.string(),
      inv: z.array(
        z.object({
          inum: z.string(),
          idt: z.string(),
          val: amount,
          pos: z.string(),
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: z.array(itemSchema),
        }),
      ),
    }),
  ),
  /** Table 5: inter-state invoices to unregistered buyers above ₹1,00,000, by place of supply. */
  b2cl: z.array(
    z.object({ pos: z.string(), inv: z.array(z.object({ inum: z.string(), idt: z.string(), val: amount, itms: z.array(itemSchema) })) }),
  ),
  /** Table 7: every other sale to unregistered buyers by place of supply and rate, net of its credit notes. */
  b2cs: z.array(
    z.object({
      sply_ty: z.enum(['INTRA', 'INTER']),
      pos: z.string(),
      typ: z.literal('OE'),
      rt: z.number(),
      txval: amount,
      iamt: amount,
      camt: amount,
      samt: amount,
      csamt: amount,
    }),
  ),
  /** Table 9B: credit notes against B2B invoices, by buyer GSTIN. */
  cdnr: z.array(
    z.object({
      ctin: z.string(),
      nt: z.array(
        z.object({
          ntty: z.literal('C'),
          nt_num: z.string(),
          nt_dt: z.string(),
          val: amount,
          pos: z.string(),
          rchrg: z.literal('N'),
          inv_typ: z.literal('R'),
          itms: z.array(itemSchema),
        }),
      ),
    }),
  ),
  /** Table 9B: credit notes against B2CL invoices. */
  cdnur: z.array(
    z.object({
      typ: z.literal('B2CL'),
      ntty: z.literal('C'),
      nt_num: z.string(),
      nt_dt: z.string(),
      val: amount,
      pos: z.string(),
      itms: z.array(itemSchema),
    }),
  ),
  /** Table 12: by HSN and rate, registered and unregistered buyers apart, net of credit notes. */
  hsn: z.object({ hsn_b2b: z.array(hsnRowSchema), hsn_b2c: z.array(hsnRowSchema) }),
  /** Table 13: each series' first and last number, total, cancelled and net. */
  doc_issue: z.object({
    doc_det: z.array(
      z.object({
        doc_num: z.number().int(),
        doc_typ: z.string(),
        docs: z.array(
          z.object({
            num: z.number().int(),
            from: z.string(),
            to: z.string(),
            totnum: z.number().int(),
            cancel: z.number().int(),
            net_issue: z.number().int(),
          }),
        ),
      }),
    ),
  }),
});
export type Gstr1 = z.infer<typeof gstr1Schema>;
export type Gstr1HsnRow = z.infer<typeof hsnRowSchema>;

export const GSTR1_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn_b2b', 'hsn_b2c', 'doc_issue'] as const;
export type Gstr1Table = (typeof GSTR1_TABLES)[number];

/** One table of the return as the page summarises it: its records and money in paise (the JSON's are rupees). */
export const gstr1SummaryRowSchema = z.object({
  table: z.enum(GSTR1_TABLES),
  title: z.string(),
  /** Invoices, notes, rows or documents, as the table counts them. */
  records: z.number().int(),
  taxableValue: z.number().int(),
  igst: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  cess: z.number().int(),
});
export type Gstr1SummaryRow = z.infer<typeof gstr1SummaryRowSchema>;

/** GET /api/admin/gst/gstr1's answer. */
export const gstr1AnswerSchema = z.object({
  period: gstr1PeriodSchema,
  /** The return itself, in the offline tool's field names (amounts in rupees): what the owner uploads. */
  gstr1: gstr1Schema,
  summary: z.array(gstr1SummaryRowSchema),
  /** What the owner should look at before filing (a line without a 4-digit HSN, a table the portal takes only as positive). */
  warnings: z.array(z.string()),
});
export type Gstr1Answer = z.infer<typeof gstr1AnswerSchema>;

// ---------------------------------------------------------------------------------------------- the documents

/** One line of a document as issued: its HSN/SAC, pieces, rate and the money of it, in paise. */
export interface GstDocumentLine {
  hsn: string;
  description: string;
  quantity: number;
  rate: number;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** An invoice as issued: a counter bill (INV) or an online order's (WEB). */
export interface GstInvoiceDocument {
  series: 'INV' | 'WEB';
  number: string;
  /** ISO instant it was issued. */
  issuedAt: string;
  /** The seller's GSTIN as the document kept it; null for one issued before the shop was set up. */
  sellerGstin: string | null;
  buyerGstin: string | null;
  /** The name the buyer's GSTIN is registered under; null without one. */
  buyerName: string | null;
  /** The place of supply's state (name). */
  placeOfSupply: string;
  interState: boolean;
  /** The invoice value: what the buyer was charged (a bill's round-off included). */
  value: Paise;
  /** A voided bill: its number stays in the series, cancelled; it is no supply. */
  voided: boolean;
  lines: GstDocumentLine[];
}

/** A credit note as issued, with the invoice it reduces. */
export interface GstCreditNoteDocument {
  number: string;
  issuedAt: string;
  sellerGstin: string | null;
  /** What it credits, GST included. */
  value: Paise;
  lines: GstDocumentLine[];
  invoice: Pick<GstInvoiceDocument, 'number' | 'issuedAt' | 'buyerGstin' | 'buyerName' | 'placeOfSupply' | 'interState' | 'value'>;
}

/** A tax line (an invoice's, a credit note's) as the return reads it. */
const lineOf = (
  line: Pick<InvoiceLine, 'hsnCode' | 'name' | 'quantity' | 'rate' | 'taxableValue' | 'cgst' | 'sgst' | 'igst'>,
): GstDocumentLine => ({
  hsn: line.hsnCode,
  description: line.name,
  quantity: line.quantity,
  rate: line.rate,
  taxable: line.taxableValue,
  cgst: line.cgst,
  sgst: line.sgst,
  igst: line.igst,
});

/** An online order's invoice (orderInvoiceOf's, as GET /api/admin/order/getInvoice answers it). */
export function gstDocumentOfOrderInvoice(invoice: OrderInvoice): GstInvoiceDocument {
  return {
    series: 'WEB',
    number: invoice.invoiceNumber,
    issuedAt: invoice.invoiceDate,
    sellerGstin: invoice.seller.gstin || null,
    buyerGstin: invoice.buyerGstin,
    buyerName: invoice.buyerName,
    placeOfSupply: invoice.placeOfSupply,
    interState: invoice.interState,
    value: invoice.totals.total,
    voided: false,
    lines: invoice.lines.map(({ hsn, description, quantity, rate, taxable, cgst, sgst, igst }) => ({
      ...{ hsn, description, quantity, rate, taxable },
      ...{ cgst, sgst, igst },
    })),
  };
}

/** A counter bill as issued, with its tax invoice's lines (each line's taxes, as the bill's breakup sums them). */
export function gstDocumentOfBill(bill: Bill, lines: readonly InvoiceLine[]): GstInvoiceDocument {
  return {
    series: 'INV',
    number: bill.invoiceNumber,
    issuedAt: bill.createdAt,
    sellerGstin: bill.seller?.gstin || null,
    buyerGstin: bill.buyerGstin,
    buyerName: bill.buyerName,
    placeOfSupply: bill.gst.placeOfSupply,
    interState: bill.gst.interState,
    value: bill.totalPrice,
    voided: bill.status === 'void',
    lines: lines.map(lineOf),
  };
}

/** An online order's credit note, against its invoice. */
export function gstDocumentOfOrderCreditNote(note: OrderCreditNote, invoice: GstInvoiceDocument): GstCreditNoteDocument {
  return {
    number: note.creditNoteNumber,
    issuedAt: note.createdAt,
    sellerGstin: note.seller?.gstin || invoice.sellerGstin,
    value: note.total,
    lines: note.items.map(lineOf),
    invoice,
  };
}

/** A counter credit note, with its tax lines (creditNoteTax's) and the bill it reduces. */
export function gstDocumentOfBillCreditNote(
  note: CreditNote,
  lines: readonly InvoiceLine[],
  invoice: GstInvoiceDocument,
): GstCreditNoteDocument {
  return {
    number: note.creditNoteNumber,
    issuedAt: note.createdAt,
    sellerGstin: note.seller?.gstin || invoice.sellerGstin,
    value: note.total,
    lines: lines.map(lineOf),
    invoice,
  };
}

// ------------------------------------------------------------------------------------------------ the builder

/** B2CL: an inter-state invoice to an unregistered buyer above ₹1,00,000 (from 1 August 2024; ₹2,50,000 before). */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

/** 'Karnataka' → '29' (the code GSTN issues today); '' for a state it does not know. */
export function gstStateCode(state: string): string {
  const found = Object.entries(GST_STATE_CODES).find(([name]) => name.toLowerCase() === state.trim().toLowerCase());
  return found ? found[1][0]! : '';
}

/** '29-Karnataka': a place of supply as the offline tool's CSV sheets write it. */
export function gstPlaceOfSupply(state: string): string {
  const found = (Object.keys(GST_STATE_CODES) as IndianState[]).find((name) => name.toLowerCase() === state.trim().toLowerCase());
  return found ? `${GST_STATE_CODES[found][0]}-${found}` : state;
}

/** DD-MM-YYYY, India day: the JSON's `idt` and `nt_dt`. */
export function gstr1Date(iso: string): string {
  const [year, month, day] = istDay(new Date(iso)).split('-');
  return `${day}-${month}-${year}`;
}

/** Paise as the JSON's rupees: a number with at most 2 decimals. */
export const rupeesOf = (paise: Paise): number => Math.round(paise) / 100;

type InvoiceClass = 'b2b' | 'b2cl' | 'b2cs';

/** Where an invoice (and so its credit notes) goes: B2B with a buyer GSTIN, B2CL inter-state above ₹1 lakh, else B2CS. */
export function gstr1ClassOf(invoice: Pick<GstInvoiceDocument, 'buyerGstin' | 'interState' | 'value'>): InvoiceClass {
  if (invoice.buyerGstin) return 'b2b';
  return invoice.interState && invoice.value > B2CL_THRESHOLD_PAISE ? 'b2cl' : 'b2cs';
}

interface Money {
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}
const ZERO: Money = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
const add = (a: Money, b: Money, sign = 1): Money => ({
  taxable: a.taxable + sign * b.taxable,
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
  igst: a.igst + sign * b.igst,
});
const detailOf = (rate: number, money: Money) => ({
  rt: rate,
  txval: rupeesOf(money.taxable),
  iamt: rupeesOf(money.igst),
  camt: rupeesOf(money.cgst),
  samt: rupeesOf(money.sgst),
  csamt: 0,
});

/** A document's lines summed by rate, lowest first, as the JSON's `itms` (numbered 1…). */
function itemsByRate(lines: readonly GstDocumentLine[]) {
  const byRate = new Map<number, Money>();
  for (const line of lines) byRate.set(line.rate, add(byRate.get(line.rate) ?? ZERO, line));
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, money], index) => ({ num: index + 1, itm_det: detailOf(rate, money) }));
}

const byNumber = <T extends { number: string }>(a: T, b: T) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0);

/** What the builder needs: the shop's GSTIN and the documents issued in the period (callers pick them by IST day). */
export interface Gstr1Input {
  gstin: string;
  fp: string;
  invoices: readonly GstInvoiceDocument[];
  creditNotes: readonly GstCreditNoteDocument[];
}

/**
 * The HSN summary's description of a code: its chapter's (or the service's) name, the same on every row of that
 * code whatever the products were called; a code of another chapter keeps its first line's description.
 */
const HSN_DESCRIPTIONS: ReadonlyArray<readonly [string, string]> = [
  [SHIPPING_SAC, 'Courier services'],
  ['9988', 'Job work (manufacturing services)'],
  ['50', 'Silk and silk fabrics'],
  ['52', 'Cotton and cotton fabrics'],
  ['61', 'Apparel, knitted or crocheted'],
  ['62', 'Apparel, not knitted or crocheted'],
  ['63', 'Other made up textile articles'],
  ['64', 'Footwear'],
  ['71', 'Imitation and other jewellery'],
];
export const hsnDescription = (hsn: string, fallback: string) =>
  HSN_DESCRIPTIONS.find(([prefix]) => hsn.startsWith(prefix))?.[1] ?? fallback;

/** A services' SAC (chapter 99): the HSN summary counts no pieces of it. */
const isService = (hsn: string) => hsn.startsWith('99');

/** GSTR-1 of the period's documents, with its summary by table and what the owner should check. */
export function buildGstr1(input: Gstr1Input): { gstr1: Gstr1; summary: Gstr1SummaryRow[]; warnings: string[] } {
  const warnings: string[] = [];
  const issued = input.invoices.filter((invoice) => !invoice.voided).sort(byNumber);
  const notes = [...input.creditNotes].sort(byNumber);
  const classOf = new Map(issued.map((invoice) => [invoice.number, gstr1ClassOf(invoice)]));
  const noteClass = (note: GstCreditNoteDocument) => classOf.get(note.invoice.number) ?? gstr1ClassOf(note.invoice);

  // Table 4: B2B, by buyer GSTIN.
  const b2bByBuyer = new Map<string, Gstr1['b2b'][number]['inv']>();
  for (const invoice of issued.filter((doc) => classOf.get(doc.number) === 'b2b')) {
    const list = b2bByBuyer.get(invoice.buyerGstin!) ?? [];
    list.push({
      inum: invoice.number,
      idt: gstr1Date(invoice.issuedAt),
      val: rupeesOf(invoice.value),
      pos: gstStateCode(invoice.placeOfSupply),
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsByRate(invoice.lines),
    });
    b2bByBuyer.set(invoice.buyerGstin!, list);
  }
  const b2b = [...b2bByBuyer.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([ctin, inv]) => ({ ctin, inv }));

  // Table 5: B2CL, by place of supply.
  const b2clByPos = new Map<string, Gstr1['b2cl'][number]['inv']>();
  for (const invoice of issued.filter((doc) => classOf.get(doc.number) === 'b2cl')) {
    const pos = gstStateCode(invoice.placeOfSupply);
    const list = b2clByPos.get(pos) ?? [];
    list.push({ inum: invoice.number, idt: gstr1Date(invoice.issuedAt), val: rupeesOf(invoice.value), itms: itemsByRate(invoice.lines) });
    b2clByPos.set(pos, list);
  }
  const b2cl = [...b2clByPos.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([pos, inv]) => ({ pos, inv }));

  // Table 7: B2CS, by place of supply and rate, net of the period's credit notes against such invoices.
  const b2csRows = new Map<string, { pos: string; interState: boolean; rate: number; money: Money }>();
  const b2csAdd = (doc: Pick<GstInvoiceDocument, 'placeOfSupply' | 'interState'>, lines: readonly GstDocumentLine[], sign: number) => {
    const pos = gstStateCode(doc.placeOfSupply);
    for (const line of lines) {
      const key = `${pos}|${doc.interState ? 'INTER' : 'INTRA'}|${line.rate}`;
      const row = b2csRows.get(key) ?? { pos, interState: doc.interState, rate: line.rate, money: ZERO };
      b2csRows.set(key, { ...row, money: add(row.money, line, sign) });
    }
  };
  for (const invoice of issued.filter((doc) => classOf.get(doc.number) === 'b2cs')) b2csAdd(invoice, invoice.lines, 1);
  for (const note of notes.filter((doc) => noteClass(doc) === 'b2cs')) b2csAdd(note.invoice, note.lines, -1);
  const b2cs = [...b2csRows.values()]
    .sort((a, b) => a.pos.localeCompare(b.pos) || Number(a.interState) - Number(b.interState) || a.rate - b.rate)
    .map((row) => {
      const { rt, txval, iamt, camt, samt, csamt } = detailOf(row.rate, row.money);
      return {
        sply_ty: row.interState ? ('INTER' as const) : ('INTRA' as const),
        pos: row.pos,
        typ: 'OE' as const,
        rt,
        txval,
        iamt,
        camt,
        samt,
        csamt,
      };
    });
  for (const row of b2cs.filter((item) => item.txval < 0)) {
    warnings.push(
      `B2CS for place of supply ${row.pos} at ${row.rt}% is negative (₹${row.txval.toFixed(2)}): the period's credit notes exceed its sales there; the portal takes B2CS only as positive, so adjust it in an earlier period's B2CSA.`,
    );
  }

  // Table 9B: credit notes against B2B (CDNR, by buyer) and B2CL (CDNUR) invoices.
  const cdnrByBuyer = new Map<string, Gstr1['cdnr'][number]['nt']>();
  const cdnur: Gstr1['cdnur'] = [];
  for (const note of notes) {
    const kind = noteClass(note);
    const base = {
      ntty: 'C' as const,
      nt_num: note.number,
      nt_dt: gstr1Date(note.issuedAt),
      val: rupeesOf(note.value),
      pos: gstStateCode(note.invoice.placeOfSupply),
    };
    if (kind === 'b2b') {
      const list = cdnrByBuyer.get(note.invoice.buyerGstin!) ?? [];
      list.push({ ...base, rchrg: 'N', inv_typ: 'R', itms: itemsByRate(note.lines) });
      cdnrByBuyer.set(note.invoice.buyerGstin!, list);
    } else if (kind === 'b2cl') {
      cdnur.push({ typ: 'B2CL', ...base, itms: itemsByRate(note.lines) });
    }
  }
  const cdnr = [...cdnrByBuyer.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([ctin, nt]) => ({ ctin, nt }));

  // Table 12: by HSN and rate, registered (B2B, CDNR) and unregistered apart; credit notes take off their
  // pieces and money from the row of their HSN and rate (the period's net supply).
  type HsnSum = { hsn: string; desc: string; rate: number; qty: number; money: Money };
  const hsnRows = { b2b: new Map<string, HsnSum>(), b2c: new Map<string, HsnSum>() };
  const hsnAdd = (registered: boolean, document: string, lines: readonly GstDocumentLine[], sign: number) => {
    const rows = registered ? hsnRows.b2b : hsnRows.b2c;
    for (const line of lines) {
      if (!/^\d{4,8}$/.test(line.hsn)) {
        warnings.push(
          `${document}: "${line.description}" has no HSN code of 4 to 8 digits (${line.hsn || 'none'}); set it on its category.`,
        );
      }
      const key = `${line.hsn}|${line.rate}`;
      const row = rows.get(key) ?? { hsn: line.hsn, desc: line.description, rate: line.rate, qty: 0, money: ZERO };
      rows.set(key, { ...row, qty: row.qty + sign * (isService(line.hsn) ? 0 : line.quantity), money: add(row.money, line, sign) });
    }
  };
  for (const invoice of issued) hsnAdd(classOf.get(invoice.number) === 'b2b', invoice.number, invoice.lines, 1);
  for (const note of notes) hsnAdd(noteClass(note) === 'b2b', note.number, note.lines, -1);
  const hsnList = (rows: Map<string, HsnSum>): Gstr1HsnRow[] =>
    [...rows.values()]
      .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
      .map((row, index) => {
        const { rt, txval, iamt, camt, samt, csamt } = detailOf(row.rate, row.money);
        return {
          num: index + 1,
          hsn_sc: row.hsn,
          desc: hsnDescription(row.hsn, row.desc),
          uqc: isService(row.hsn) ? 'NA' : 'PCS',
          qty: row.qty,
          rt,
          txval,
          iamt,
          camt,
          samt,
          csamt,
        };
      });

  // Table 13: each series' numbers in the period, cancelled = voided bills.
  const series = (documents: ReadonlyArray<{ number: string; voided?: boolean }>) => {
    if (documents.length === 0) return [];
    const sorted = [...documents].sort(byNumber);
    const cancel = sorted.filter((doc) => doc.voided).length;
    return [{ from: sorted[0]!.number, to: sorted.at(-1)!.number, totnum: sorted.length, cancel, net_issue: sorted.length - cancel }];
  };
  const invoiceSeries = [
    ...series(input.invoices.filter((doc) => doc.series === 'INV')),
    ...series(input.invoices.filter((doc) => doc.series === 'WEB')),
  ].map((row, index) => ({ num: index + 1, ...row }));
  const noteSeries = series(notes).map((row, index) => ({ num: index + 1, ...row }));
  const doc_det = [
    ...(invoiceSeries.length > 0 ? [{ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: invoiceSeries }] : []),
    ...(noteSeries.length > 0 ? [{ doc_num: 5, doc_typ: 'Credit Note', docs: noteSeries }] : []),
  ];

  const gstr1: Gstr1 = {
    gstin: input.gstin,
    fp: input.fp,
    b2b,
    b2cl,
    b2cs,
    cdnr,
    cdnur,
    hsn: { hsn_b2b: hsnList(hsnRows.b2b), hsn_b2c: hsnList(hsnRows.b2c) },
    doc_issue: { doc_det },
  };
  return { gstr1, summary: summaryOf(gstr1), warnings: [...new Set(warnings)] };
}

const TITLES: Record<Gstr1Table, string> = {
  b2b: '4A – B2B invoices',
  b2cl: '5 – B2C (large) invoices',
  b2cs: '7 – B2C (small), net of credit notes',
  cdnr: '9B – Credit notes (registered)',
  cdnur: '9B – Credit notes (unregistered, B2CL)',
  hsn_b2b: '12 – HSN summary, B2B',
  hsn_b2c: '12 – HSN summary, B2C',
  doc_issue: '13 – Documents issued',
};

type Detail = z.infer<typeof itemDetailSchema>;
const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** Each table's records and money, in paise (summed from the JSON's rupees, which are exact to the paisa). */
export function summaryOf(gstr1: Gstr1): Gstr1SummaryRow[] {
  const row = (table: Gstr1Table, records: number, details: readonly Detail[]): Gstr1SummaryRow => ({
    table,
    title: TITLES[table],
    records,
    taxableValue: details.reduce((sum, d) => sum + paiseOf(d.txval), 0),
    igst: details.reduce((sum, d) => sum + paiseOf(d.iamt), 0),
    cgst: details.reduce((sum, d) => sum + paiseOf(d.camt), 0),
    sgst: details.reduce((sum, d) => sum + paiseOf(d.samt), 0),
    cess: details.reduce((sum, d) => sum + paiseOf(d.csamt), 0),
  });
  const b2bInvoices = gstr1.b2b.flatMap((buyer) => buyer.inv);
  const b2clInvoices = gstr1.b2cl.flatMap((place) => place.inv);
  const cdnrNotes = gstr1.cdnr.flatMap((buyer) => buyer.nt);
  const items = (docs: ReadonlyArray<{ itms: ReadonlyArray<{ itm_det: Detail }> }>) =>
    docs.flatMap((doc) => doc.itms.map((item) => item.itm_det));
  return [
    row('b2b', b2bInvoices.length, items(b2bInvoices)),
    row('b2cl', b2clInvoices.length, items(b2clInvoices)),
    row('b2cs', gstr1.b2cs.length, gstr1.b2cs),
    row('cdnr', cdnrNotes.length, items(cdnrNotes)),
    row('cdnur', gstr1.cdnur.length, items(gstr1.cdnur)),
    row('hsn_b2b', gstr1.hsn.hsn_b2b.length, gstr1.hsn.hsn_b2b),
    row('hsn_b2c', gstr1.hsn.hsn_b2c.length, gstr1.hsn.hsn_b2c),
    row(
      'doc_issue',
      gstr1.doc_issue.doc_det.flatMap((det) => det.docs).reduce((sum, doc) => sum + doc.net_issue, 0),
      [],
    ),
  ];
}

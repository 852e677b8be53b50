import {
  AppError,
  buildGstr1,
  gstr1PeriodOf,
  GSTR1_PERIOD_MESSAGE,
  istDay,
  istDayEnd,
  istDayStart,
  istDate,
  type Gstr1,
  type Gstr1Answer,
} from '@shop/core';
import type { BillingService } from '../billing/service.js';
import type { Db } from '../db/database.js';
import { orderGstDocuments } from '../orders/gst-documents.js';
import { firstOrderInvoiceAt } from '../orders/queries.js';
import type { SettingsService } from '../settings/service.js';
import { gstr1Sheets } from './sheets.js';

// GSTR-1 of a month or a quarter (issue 43, ADR 041): the documents the shop issued in the period, as issued (the
// counter's bills and credit notes from billing, the online invoices and credit notes from orders), built into the
// offline tool's JSON by @shop/core's buildGstr1; the same as the offline tool's CSV sheets in a zip.

export function createGstService(db: Db, deps: { settings: SettingsService; billing: BillingService; now: () => Date }) {
  /** The return of `periodText`, or a refusal in words: a bad, future or before-the-first-invoice period, mixed GSTINs. */
  async function build(periodText: string): Promise<{ answer: Gstr1Answer; names: Map<string, string> }> {
    const period = gstr1PeriodOf(periodText);
    if (!period) throw new AppError('INVALID_DATA', GSTR1_PERIOD_MESSAGE);
    const today = istDay(deps.now());
    if (period.from > today) {
      throw new AppError(
        'INVALID_DATA',
        `${period.label} has not begun yet (today is ${istDate(istDayStart(today))}); there is nothing to file.`,
      );
    }
    const [firstBill, firstOrder] = await Promise.all([deps.billing.firstInvoiceAt(), firstOrderInvoiceAt(db)]);
    const first = [firstBill, firstOrder].filter((at): at is Date => at !== null).sort((a, b) => a.getTime() - b.getTime())[0];
    if (!first) throw new AppError('INVALID_DATA', 'The shop has issued no invoice yet, so there is no return to make.');
    if (period.to < istDay(first)) {
      throw new AppError(
        'INVALID_DATA',
        `${period.label} ends before the shop's first invoice (${istDate(first)}); there is nothing to file for it.`,
      );
    }
    const from = istDayStart(period.from);
    const before = istDayEnd(period.to);
    const settings = await deps.settings.get();
    const [counter, online] = await Promise.all([deps.billing.gstDocuments(from, before), orderGstDocuments(db, from, before, settings)]);
    const invoices = [...counter.invoices, ...online.invoices];
    const creditNotes = [...counter.creditNotes, ...online.creditNotes];
    const gstins = [...new Set([...invoices, ...creditNotes].flatMap((doc) => (doc.sellerGstin ? [doc.sellerGstin] : [])))].sort();
    if (gstins.length > 1) {
      throw new AppError(
        'CONFLICT',
        `The documents of ${period.label} were issued under different GSTINs (${gstins.join(', ')}): a return is for one GSTIN, so file each registration's documents under it (ask your accountant); nothing was mixed.`,
      );
    }
    const gstin = gstins[0] ?? settings.gstin;
    const built = buildGstr1({ gstin, fp: period.fp, invoices, creditNotes });
    const warnings = gstin ? built.warnings : ['The shop has no GSTIN in its settings: add it before filing.', ...built.warnings];
    // The names the buyers' GSTINs are registered under, for the sheets' Receiver Name.
    const names = new Map(invoices.flatMap((doc) => (doc.buyerGstin && doc.buyerName ? [[doc.buyerGstin, doc.buyerName] as const] : [])));
    return { answer: { period, gstr1: built.gstr1, summary: built.summary, warnings }, names };
  }

  return {
    gstr1: async (periodText: string): Promise<Gstr1Answer> => (await build(periodText)).answer,

    /** The return alone, as the offline tool imports it (no envelope, summary or warnings), and its file name. */
    async gstr1Json(periodText: string): Promise<{ fileName: string; gstr1: Gstr1 }> {
      const { answer } = await build(periodText);
      return { fileName: `GSTR1_${answer.gstr1.gstin || 'GSTIN'}_${answer.gstr1.fp}.json`, gstr1: answer.gstr1 };
    },

    /** The return as the offline tool's CSV sheets, zipped; its file name says the GSTIN and the period. */
    async gstr1Zip(periodText: string): Promise<{ fileName: string; zip: Uint8Array }> {
      const { answer, names } = await build(periodText);
      return { fileName: `GSTR1_${answer.gstr1.gstin || 'GSTIN'}_${answer.gstr1.fp}.zip`, zip: gstr1Sheets(answer.gstr1, names) };
    },
  };
}

export type GstService = ReturnType<typeof createGstService>;

import { gstPlaceOfSupply, stateOfGstCode, type Gstr1, type Gstr1HsnRow } from '@shop/core';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';

// The return as the GST offline tool's CSV sheets (one file per table, the tool's column headings; ADR 041), zipped
// with fflate (small, maintained, synchronous: a month's sheets are a few kilobytes) and written by csv-stringify.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The JSON's DD-MM-YYYY as the tool's CSV writes a date: '05-Nov-26'. */
export function sheetDate(ddmmyyyy: string): string {
  const [day, month, year] = ddmmyyyy.split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year!.slice(2)}`;
}

/** A 2-digit state code as the sheets write a place of supply: '29-Karnataka'. */
const placeOf = (code: string) => gstPlaceOfSupply(stateOfGstCode(code) ?? code);
const money = (rupees: number) => rupees.toFixed(2);

const HSN_HEADINGS = [
  'HSN',
  'Description',
  'UQC',
  'Total Quantity',
  'Total Value',
  'Rate',
  'Taxable Value',
  'Integrated Tax Amount',
  'Central Tax Amount',
  'State/UT Tax Amount',
  'Cess Amount',
] as const;

export const GSTR1_SHEET_HEADINGS = {
  'b2b.csv': [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'b2cl.csv': [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  'b2cs.csv': ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
  'cdnr.csv': [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'cdnur.csv': [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  'hsn(b2b).csv': HSN_HEADINGS,
  'hsn(b2c).csv': HSN_HEADINGS,
  'docs.csv': ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
} as const;
export type Gstr1SheetName = keyof typeof GSTR1_SHEET_HEADINGS;

const UQC_NAMES: Record<string, string> = { PCS: 'PCS-PIECES', NA: 'NA' };

const hsnRows = (rows: readonly Gstr1HsnRow[]) =>
  rows.map((row) => [
    row.hsn_sc,
    row.desc,
    UQC_NAMES[row.uqc] ?? row.uqc,
    row.qty,
    money(row.txval + row.iamt + row.camt + row.samt + row.csamt),
    row.rt,
    money(row.txval),
    money(row.iamt),
    money(row.camt),
    money(row.samt),
    money(row.csamt),
  ]);

/** Each sheet's rows (headings apart), from the return. */
export function gstr1SheetRows(
  gstr1: Gstr1,
  names: ReadonlyMap<string, string> = new Map(),
): Record<Gstr1SheetName, Array<Array<string | number>>> {
  return {
    'b2b.csv': gstr1.b2b.flatMap((buyer) =>
      buyer.inv.flatMap((inv) =>
        inv.itms.map((item) => [
          buyer.ctin,
          names.get(buyer.ctin) ?? '',
          inv.inum,
          sheetDate(inv.idt),
          money(inv.val),
          placeOf(inv.pos),
          inv.rchrg,
          '',
          'Regular B2B',
          '',
          item.itm_det.rt,
          money(item.itm_det.txval),
          money(item.itm_det.csamt),
        ]),
      ),
    ),
    'b2cl.csv': gstr1.b2cl.flatMap((place) =>
      place.inv.flatMap((inv) =>
        inv.itms.map((item) => [
          inv.inum,
          sheetDate(inv.idt),
          money(inv.val),
          placeOf(place.pos),
          '',
          item.itm_det.rt,
          money(item.itm_det.txval),
          money(item.itm_det.csamt),
          '',
        ]),
      ),
    ),
    'b2cs.csv': gstr1.b2cs.map((row) => [row.typ, placeOf(row.pos), row.rt, '', money(row.txval), money(row.csamt), '']),
    'cdnr.csv': gstr1.cdnr.flatMap((buyer) =>
      buyer.nt.flatMap((note) =>
        note.itms.map((item) => [
          buyer.ctin,
          names.get(buyer.ctin) ?? '',
          note.nt_num,
          sheetDate(note.nt_dt),
          note.ntty,
          placeOf(note.pos),
          note.rchrg,
          'Regular B2B',
          money(note.val),
          '',
          item.itm_det.rt,
          money(item.itm_det.txval),
          money(item.itm_det.csamt),
        ]),
      ),
    ),
    'cdnur.csv': gstr1.cdnur.flatMap((note) =>
      note.itms.map((item) => [
        note.typ,
        note.nt_num,
        sheetDate(note.nt_dt),
        note.ntty,
        placeOf(note.pos),
        money(note.val),
        '',
        item.itm_det.rt,
        money(item.itm_det.txval),
        money(item.itm_det.csamt),
      ]),
    ),
    'hsn(b2b).csv': hsnRows(gstr1.hsn.hsn_b2b),
    'hsn(b2c).csv': hsnRows(gstr1.hsn.hsn_b2c),
    'docs.csv': gstr1.doc_issue.doc_det.flatMap((det) => det.docs.map((doc) => [det.doc_typ, doc.from, doc.to, doc.totnum, doc.cancel])),
  };
}

/** The zip of the sheets: one CSV per table, its headings first (a table with no rows keeps its headings). */
export function gstr1Sheets(gstr1: Gstr1, names?: ReadonlyMap<string, string>): Uint8Array {
  const rows = gstr1SheetRows(gstr1, names);
  const files = Object.fromEntries(
    (Object.keys(GSTR1_SHEET_HEADINGS) as Gstr1SheetName[]).map((name) => [
      name,
      strToU8(stringify([[...GSTR1_SHEET_HEADINGS[name]], ...rows[name]])),
    ]),
  );
  return zipSync(files, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') });
}

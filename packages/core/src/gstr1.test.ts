import { describe, expect, it } from 'vitest';
import {
  buildGstr1,
  gstPlaceOfSupply,
  gstr1Date,
  gstr1PeriodOf,
  gstStateCode,
  type GstCreditNoteDocument,
  type GstDocumentLine,
  type GstInvoiceDocument,
} from './gstr1.js';

const SHOP = '29ABCDE1234F1ZW';
const BUYER = '29AAACZ1234C1Z5';

const line = (hsn: string, quantity: number, rate: number, taxable: number, tax: { cgst?: number; igst?: number }): GstDocumentLine => ({
  hsn,
  description: hsn === '996812' ? 'Shipping' : 'Cotton kurti',
  quantity,
  rate,
  taxable,
  cgst: tax.cgst ?? 0,
  sgst: tax.cgst ?? 0,
  igst: tax.igst ?? 0,
});

const invoice = (fields: Partial<GstInvoiceDocument> & Pick<GstInvoiceDocument, 'number' | 'lines'>): GstInvoiceDocument => ({
  series: fields.number.startsWith('WEB') ? 'WEB' : 'INV',
  issuedAt: '2030-06-10T06:30:00.000Z',
  sellerGstin: SHOP,
  buyerGstin: null,
  buyerName: null,
  placeOfSupply: 'Karnataka',
  interState: false,
  voided: false,
  value: fields.lines.reduce((sum, item) => sum + item.taxable + item.cgst + item.sgst + item.igst, 0),
  ...fields,
});

// A B2B bill, a B2CL and a B2CS online invoice to Delhi, a B2CS bill, a voided bill.
const b2bBill = invoice({
  number: 'INV/30-31/00001',
  buyerGstin: BUYER,
  buyerName: 'Zari Traders',
  lines: [line('6211', 2, 5, 95_238, { cgst: 2_381 })],
});
const b2clWeb = invoice({
  number: 'WEB/30-31/00001',
  issuedAt: '2030-06-30T18:29:00.000Z',
  placeOfSupply: 'Delhi',
  interState: true,
  lines: [line('6211', 4, 12, 9_821_429, { igst: 1_178_571 })],
});
const b2csWeb = invoice({
  number: 'WEB/30-31/00002',
  placeOfSupply: 'Delhi',
  interState: true,
  lines: [line('6211', 1, 5, 47_619, { igst: 2_381 }), line('996812', 1, 5, 4_762, { igst: 238 })],
});
const b2csBill = invoice({ number: 'INV/30-31/00002', lines: [line('6211', 1, 5, 47_620, { cgst: 1_190 })] });
const voided = invoice({ number: 'INV/30-31/00003', voided: true, lines: [line('6211', 1, 5, 47_620, { cgst: 1_190 })] });

const note = (number: string, against: GstInvoiceDocument, lines: GstDocumentLine[]): GstCreditNoteDocument => ({
  number,
  issuedAt: '2030-06-20T05:00:00.000Z',
  sellerGstin: SHOP,
  value: lines.reduce((sum, item) => sum + item.taxable + item.cgst + item.sgst + item.igst, 0),
  lines,
  invoice: against,
});
const notes = [
  note('CN/30-31/00001', b2csWeb, [line('6211', 1, 5, 47_619, { igst: 2_381 })]),
  note('CN/30-31/00002', b2bBill, [line('6211', 1, 5, 47_620, { cgst: 1_190 })]),
  note('CN/30-31/00003', b2clWeb, [line('6211', 1, 12, 2_455_357, { igst: 294_643 })]),
];

describe('the period', () => {
  it('reads a month and a quarter of the financial year, fp the quarter’s last month', () => {
    expect(gstr1PeriodOf('2026-11')).toEqual({
      period: '2026-11',
      kind: 'month',
      from: '2026-11-01',
      to: '2026-11-30',
      fp: '112026',
      label: 'November 2026',
    });
    expect(gstr1PeriodOf('2028-02')).toMatchObject({ from: '2028-02-01', to: '2028-02-29', fp: '022028' });
    expect(gstr1PeriodOf('2026-Q1')).toMatchObject({ from: '2026-04-01', to: '2026-06-30', fp: '062026' });
    expect(gstr1PeriodOf('2026-Q3')).toEqual({
      period: '2026-Q3',
      kind: 'quarter',
      from: '2026-10-01',
      to: '2026-12-31',
      fp: '122026',
      label: 'Q3 2026-27 (October–December 2026)',
    });
    expect(gstr1PeriodOf('2026-Q4')).toMatchObject({ from: '2027-01-01', to: '2027-03-31', fp: '032027' });
    for (const bad of ['2026-13', '2026-00', '2026-Q0', '2026-Q5', '26-11', '2026-11-01', '']) expect(gstr1PeriodOf(bad)).toBeNull();
  });

  it('writes dates, states and places of supply as the tool does', () => {
    // 18:29 UTC on 30 June is 23:59 in India: still June.
    expect(gstr1Date('2030-06-30T18:29:00.000Z')).toBe('30-06-2030');
    expect(gstr1Date('2030-06-30T18:30:00.000Z')).toBe('01-07-2030');
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstPlaceOfSupply('delhi')).toBe('07-Delhi');
  });
});

describe('buildGstr1', () => {
  const { gstr1, summary, warnings } = buildGstr1({
    gstin: SHOP,
    fp: '062030',
    invoices: [b2csBill, b2clWeb, voided, b2bBill, b2csWeb],
    creditNotes: notes,
  });

  it('puts a registered buyer’s invoice in B2B, by buyer, its lines by rate', () => {
    expect(gstr1.gstin).toBe(SHOP);
    expect(gstr1.fp).toBe('062030');
    expect(gstr1.b2b).toEqual([
      {
        ctin: BUYER,
        inv: [
          {
            inum: 'INV/30-31/00001',
            idt: '10-06-2030',
            val: 1000,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 5, txval: 952.38, iamt: 0, camt: 23.81, samt: 23.81, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  it('puts an inter-state invoice above ₹1,00,000 to an unregistered buyer in B2CL', () => {
    expect(gstr1.b2cl).toEqual([
      {
        pos: '07',
        inv: [
          {
            inum: 'WEB/30-31/00001',
            idt: '30-06-2030',
            val: 110000,
            itms: [{ num: 1, itm_det: { rt: 12, txval: 98214.29, iamt: 11785.71, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
  });

  it('sums the rest by place of supply and rate, net of their credit notes (shipping as invoiced)', () => {
    expect(gstr1.b2cs).toEqual([
      // Delhi: ₹476.19 + ₹47.62 shipping, less the ₹476.19 credited.
      { sply_ty: 'INTER', pos: '07', typ: 'OE', rt: 5, txval: 47.62, iamt: 2.38, camt: 0, samt: 0, csamt: 0 },
      // The voided bill counts nowhere.
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 5, txval: 476.2, iamt: 0, camt: 11.9, samt: 11.9, csamt: 0 },
    ]);
  });

  it('lists credit notes against B2B invoices in CDNR and against B2CL in CDNUR, each note', () => {
    expect(gstr1.cdnr).toEqual([
      {
        ctin: BUYER,
        nt: [
          {
            ntty: 'C',
            nt_num: 'CN/30-31/00002',
            nt_dt: '20-06-2030',
            val: 500,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 5, txval: 476.2, iamt: 0, camt: 11.9, samt: 11.9, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(gstr1.cdnur).toEqual([
      {
        typ: 'B2CL',
        ntty: 'C',
        nt_num: 'CN/30-31/00003',
        nt_dt: '20-06-2030',
        val: 27500,
        pos: '07',
        itms: [{ num: 1, itm_det: { rt: 12, txval: 24553.57, iamt: 2946.43, camt: 0, samt: 0, csamt: 0 } }],
      },
    ]);
  });

  it('summarises by HSN and rate, B2B and B2C apart, net of credit notes (pieces too; a service counts none)', () => {
    expect(gstr1.hsn).toEqual({
      hsn_b2b: [
        {
          num: 1,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 1,
          rt: 5,
          txval: 476.18,
          iamt: 0,
          camt: 11.91,
          samt: 11.91,
          csamt: 0,
        },
      ],
      hsn_b2c: [
        {
          num: 1,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 1,
          rt: 5,
          txval: 476.2,
          iamt: 0,
          camt: 11.9,
          samt: 11.9,
          csamt: 0,
        },
        {
          num: 2,
          hsn_sc: '6211',
          desc: 'Apparel, not knitted or crocheted',
          uqc: 'PCS',
          qty: 3,
          rt: 12,
          txval: 73660.72,
          iamt: 8839.28,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
        {
          num: 3,
          hsn_sc: '996812',
          desc: 'Courier services',
          uqc: 'NA',
          qty: 0,
          rt: 5,
          txval: 47.62,
          iamt: 2.38,
          camt: 0,
          samt: 0,
          csamt: 0,
        },
      ],
    });
  });

  it('counts each series’ documents, a voided bill as cancelled', () => {
    expect(gstr1.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [
            { num: 1, from: 'INV/30-31/00001', to: 'INV/30-31/00003', totnum: 3, cancel: 1, net_issue: 2 },
            { num: 2, from: 'WEB/30-31/00001', to: 'WEB/30-31/00002', totnum: 2, cancel: 0, net_issue: 2 },
          ],
        },
        {
          doc_num: 5,
          doc_typ: 'Credit Note',
          docs: [{ num: 1, from: 'CN/30-31/00001', to: 'CN/30-31/00003', totnum: 3, cancel: 0, net_issue: 3 }],
        },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it('adds up: Σ B2B + B2CL + B2CS − CDNR − CDNUR = the HSN summary = Σ invoices − Σ credit notes', () => {
    const row = (table: string) => summary.find((item) => item.table === table)!;
    const net = (pick: (item: (typeof summary)[number]) => number) =>
      pick(row('b2b')) + pick(row('b2cl')) + pick(row('b2cs')) - pick(row('cdnr')) - pick(row('cdnur'));
    const hsn = (pick: (item: (typeof summary)[number]) => number) => pick(row('hsn_b2b')) + pick(row('hsn_b2c'));
    const documents = (pick: (item: GstDocumentLine) => number) =>
      [b2bBill, b2clWeb, b2csWeb, b2csBill].flatMap((doc) => doc.lines).reduce((sum, item) => sum + pick(item), 0) -
      notes.flatMap((doc) => doc.lines).reduce((sum, item) => sum + pick(item), 0);
    expect(net((item) => item.taxableValue)).toBe(documents((item) => item.taxable));
    expect(hsn((item) => item.taxableValue)).toBe(documents((item) => item.taxable));
    for (const tax of ['igst', 'cgst', 'sgst'] as const) {
      expect(net((item) => item[tax])).toBe(documents((item) => item[tax]));
      expect(hsn((item) => item[tax])).toBe(documents((item) => item[tax]));
    }
    expect(row('doc_issue').records).toBe(7);
  });

  it('answers an empty return for a period without documents, and warns of a line without an HSN', () => {
    const empty = buildGstr1({ gstin: SHOP, fp: '072030', invoices: [], creditNotes: [] });
    expect(empty.gstr1).toEqual({
      gstin: SHOP,
      fp: '072030',
      b2b: [],
      b2cl: [],
      b2cs: [],
      cdnr: [],
      cdnur: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    const unknown = buildGstr1({
      gstin: SHOP,
      fp: '062030',
      invoices: [invoice({ number: 'INV/30-31/00009', lines: [line('', 1, 5, 47_620, { cgst: 1_190 })] })],
      creditNotes: [],
    });
    expect(unknown.warnings).toEqual(['INV/30-31/00009: "Cotton kurti" has no HSN code of 4 to 8 digits (none); set it on its category.']);
  });
});

import { z } from 'zod';
import { GST_STATE_CODES, gstinFormProblem, stateOfGstCode, type IndianState } from './settings.js';
import { plainText } from './text.js';

// A business buyer (issue 43): a shopper or a counter customer registered for GST gives her GSTIN and business name,
// and the tax invoice states them (CGST Rules, rule 46(e)) so she can claim the input tax. Both or neither; the GSTIN's
// first two digits are her state's GST code. Without them the sale is to an unregistered buyer, as before.

/** The form fields' own text, shared by checkout, the counter and the invoice. */
export const BUSINESS_BUYER_LABELS = {
  section: 'For business purchases',
  gstin: 'GSTIN',
  name: 'Business name',
  help: 'Buying for a business registered for GST? Your GSTIN and business name go on the tax invoice, so you can claim the GST.',
} as const;

export const BUYER_NAME_REQUIRED = 'Please enter the business name the GSTIN is registered under.';
export const BUYER_GSTIN_REQUIRED = 'Please enter the GSTIN of the business, or leave the business name empty.';

/** What is wrong with a buyer's GSTIN, in words (its form, its check character, its state code), or null. */
export function buyerGstinProblem(gstin: string): string | null {
  const problem = gstinFormProblem(gstin);
  if (problem) return problem;
  const code = gstin.slice(0, 2);
  return stateOfGstCode(code) ? null : `GSTIN ${gstin} starts with ${code}, which is no state's GST code; please check it.`;
}

/** The state a valid GSTIN is registered in (its first two digits), or undefined. */
export const stateOfGstin = (gstin: string): IndianState | undefined => stateOfGstCode(gstin.slice(0, 2));

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * `buyerGstin` and `buyerName` of createpayment and createBill: both optional, '' counts as none; the GSTIN is read
 * in capitals without spaces (people type `29abcde 1234f1zw`) and checked by buyerGstinProblem.
 */
export const businessBuyerFields = {
  buyerGstin: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(40, 'Please enter a valid GSTIN: 15 capital letters and digits, like 29ABCDE1234F1ZW.')
      .transform((typed) => typed.replace(/\s+/g, '').toUpperCase())
      .superRefine((gstin, context) => {
        const problem = buyerGstinProblem(gstin);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  buyerName: z.preprocess(emptyToUndefined, plainText().trim().max(120, 'Business name: at most 120 characters.').optional()),
};

/** Both or neither: a refinement of a schema with businessBuyerFields, naming the one left out. */
export function businessBuyerPair(value: { buyerGstin?: string; buyerName?: string }, context: z.RefinementCtx) {
  if (value.buyerGstin && !value.buyerName) context.addIssue({ code: 'custom', path: ['buyerName'], message: BUYER_NAME_REQUIRED });
  if (value.buyerName && !value.buyerGstin) context.addIssue({ code: 'custom', path: ['buyerGstin'], message: BUYER_GSTIN_REQUIRED });
}

/** The two fields alone, as checkout's form posts them (both or neither). */
export const businessBuyerSchema = z.object(businessBuyerFields).superRefine(businessBuyerPair);

/** A registered buyer as a document keeps her: the GSTIN, the name it is registered under, and its state. */
export interface BusinessBuyer {
  gstin: string;
  name: string;
  state: IndianState;
}

/** The business buyer of checked input (businessBuyerFields and businessBuyerPair passed), or null for none. */
export function businessBuyerOf(input: { buyerGstin?: string | null; buyerName?: string | null }): BusinessBuyer | null {
  if (!input.buyerGstin || !input.buyerName) return null;
  const state = stateOfGstin(input.buyerGstin);
  return state ? { gstin: input.buyerGstin, name: input.buyerName, state } : null;
}

/** The buyer's part of an order or a bill as answered: all three, or all null (no GSTIN given). */
export const businessBuyerAnswer = {
  /** The buyer's GSTIN when she bought as a business (issue 43); null otherwise. */
  buyerGstin: z.string().nullable(),
  /** The name her GSTIN is registered under; null without a GSTIN. */
  buyerName: z.string().nullable(),
  /** Her state by the GSTIN's first two digits; null without a GSTIN. */
  buyerState: z.string().nullable(),
};

/** The business buyer an order or a bill kept (its businessBuyerAnswer fields), or null for none. */
export function businessBuyerOfDocument(document: {
  buyerGstin: string | null;
  buyerName: string | null;
  buyerState: string | null;
}): BusinessBuyer | null {
  const { buyerGstin, buyerName, buyerState } = document;
  return buyerGstin && buyerName && buyerState ? { gstin: buyerGstin, name: buyerName, state: buyerState as IndianState } : null;
}

/** The flat fields of businessBuyerAnswer (and the columns that keep them) of a buyer, or all null for none. */
export const businessBuyerFieldsOf = (buyer: BusinessBuyer | null) => ({
  buyerGstin: buyer?.gstin ?? null,
  buyerName: buyer?.name ?? null,
  buyerState: buyer?.state ?? null,
});

/** A place of supply as a tax invoice states it: the state's name and its GST code, 'Karnataka (29)'. */
export function placeOfSupplyLabel(state: string): string {
  const known = Object.entries(GST_STATE_CODES).find(([name]) => name.toLowerCase() === state.trim().toLowerCase());
  return known ? `${known[0]} (${known[1][0]})` : state;
}

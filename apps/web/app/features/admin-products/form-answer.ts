import { useActionData, useNavigation } from 'react-router';
import { isFailure, type Failure } from '../../lib/failure';

// What a catalogue page's action answered a refused form (catalogue-actions.server.ts): the failure, which form
// it was (`intent`, and the variant for a variant's form) and the values typed, to show the form again with them.

export interface Refused<Values> extends Failure {
  intent: string;
  variantId?: string;
  categoryId?: string;
  values?: Values;
}

/** The page's last action answer when it refused the form `intent` (and `variantId`, for a variant's form). */
export function useRefused<Values = Record<string, string>>(intent: string, variantId?: string): Refused<Values> | null {
  const answer: unknown = useActionData();
  if (!isFailure(answer)) return null;
  const refused = answer as Refused<Values>;
  if (refused.intent !== intent || (variantId !== undefined && refused.variantId !== variantId)) return null;
  return refused;
}

/** True while the page posts the form `intent` (and `variantId`). */
export function useSubmitting(intent: string, variantId?: string): boolean {
  const { state, formData } = useNavigation();
  if (state !== 'submitting' || formData?.get('intent') !== intent) return false;
  return variantId === undefined || formData.get('variantId') === variantId;
}

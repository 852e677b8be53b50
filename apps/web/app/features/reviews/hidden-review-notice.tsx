import { EyeOff } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Her review the owner hid: its title and the reason she was given. */
export interface HiddenReview {
  title: string;
  reason: string;
}

/**
 * Tells the author of a hidden review that it is hidden and why (issue 38): on the product page, where only she
 * still sees a trace of it (her 'Edit your review'), and on the page where she edits it.
 */
export function HiddenReviewNotice({ hidden, shopName, className = '' }: { hidden: HiddenReview; shopName: string; className?: string }) {
  return (
    <div role="status" className={`flex gap-3 rounded-2xl border border-gold-400 bg-sand/60 px-5 py-4 ${className}`}>
      <EyeOff aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-gold-600" />
      <div className="min-w-0 text-sm leading-6">
        <p className="text-base font-semibold">Your review “{hidden.title}” is hidden</p>
        <p className="mt-1">
          {shopName} took it off this product’s page{hidden.reason ? `: “${hidden.reason}”` : '.'}
        </p>
        <p className="mt-1 text-muted">
          Other shoppers do not see it and its stars are not counted. You can still edit it; editing does not show it again. If you think it
          should be shown,{' '}
          <Link to={paths.contact} className="font-medium text-wine-700 underline underline-offset-2">
            write to us
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

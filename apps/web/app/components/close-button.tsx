import { X } from 'lucide-react';
import type { Ref } from 'react';

/** A dialog's or sheet's close button: the X icon, named for screen readers by `label` ('Close filters'). */
export function CloseButton({
  label,
  onClick,
  className,
  iconClassName = 'h-5 w-5',
  ref,
}: {
  label: string;
  onClick: () => void;
  className: string;
  iconClassName?: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button ref={ref} type="button" onClick={onClick} className={className} aria-label={label}>
      <X aria-hidden="true" className={iconClassName} />
    </button>
  );
}

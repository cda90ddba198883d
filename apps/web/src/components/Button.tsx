import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const STYLES: Record<Variant, string> = {
  primary: 'bg-primary text-white hover:bg-secondary disabled:bg-gray-400',
  secondary:
    'border-2 border-primary text-primary bg-white hover:bg-light disabled:border-gray-400 disabled:text-gray-500',
  ghost: 'text-primary underline hover:no-underline disabled:text-gray-500',
};

/** How a button looks while what it sends is incomplete (see `incomplete`). */
const INCOMPLETE = 'cursor-not-allowed bg-gray-400! hover:bg-gray-400!';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  incomplete = false,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  /**
   * The form it submits is not complete yet: it looks disabled (and says so to assistive
   * technology, aria-disabled) but can still be pressed, so that pressing it shows every missing
   * field's message and moves the focus to the first one (issue 12).
   */
  incomplete?: boolean;
}) {
  return (
    <button
      type={type}
      aria-disabled={incomplete || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold transition-colors disabled:cursor-not-allowed ${STYLES[variant]} ${incomplete ? INCOMPLETE : ''} ${className}`}
      {...props}
    />
  );
}

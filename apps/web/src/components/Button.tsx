import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'ghost';

const STYLES: Record<Variant, string> = {
  primary: 'bg-primary text-white hover:bg-secondary disabled:bg-gray-400',
  secondary:
    'border-2 border-primary text-primary bg-white hover:bg-light disabled:border-gray-400 disabled:text-gray-500',
  ghost: 'text-primary underline hover:no-underline disabled:text-gray-500',
};

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2 font-semibold transition-colors disabled:cursor-not-allowed ${STYLES[variant]} ${className}`}
      {...props}
    />
  );
}

import type { PhoneLine } from '../../lib/brand/assets';
import { Icon } from './icons';

export const telHref = (number: string) => `tel:${number.replace(/\s/g, '')}`;

/** The header's call-centre and service numbers, as tap-to-call links. */
export function PhoneLines({
  phones,
  className = '',
  compact = false,
}: {
  phones: readonly PhoneLine[];
  className?: string;
  /** In the narrow header band only the number shows; its label stays for screen readers. */
  compact?: boolean;
}) {
  return (
    <ul className={`flex flex-wrap gap-x-5 gap-y-1 ${className}`} aria-label="Teléfonos">
      {phones.map((phone) => (
        <li key={phone.kind}>
          <a
            href={telHref(phone.number)}
            className="inline-flex items-center gap-1.5 hover:underline"
          >
            <Icon name="phone" className="h-4 w-4" />
            <span className={compact ? 'max-sm:sr-only' : undefined}>{phone.label}:</span>{' '}
            <strong className="whitespace-nowrap">{phone.number}</strong>
          </a>
        </li>
      ))}
    </ul>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useScrollFocus } from './useScrollFocus';

const OVERLAY = 'fixed inset-0 z-40 bg-black/50';
// A column: the title and the actions stay on screen, only the body scrolls, so on a small phone
// the buttons of a long text (the terms) are never below the fold.
const CONTENT =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white p-6 shadow-xl';
const TITLE_ROW = 'mb-4 flex shrink-0 items-start justify-between gap-4';
const TITLE = 'text-xl font-bold text-secondary';
const CLOSE = '-m-2 rounded p-2 text-2xl leading-none text-gray-600 hover:text-black';
// The padding keeps the focus ring of the body's controls inside its scroll box.
const BODY = '-m-1 min-h-0 flex-1 overflow-y-auto p-1';
const FOOTER = 'mt-6 flex shrink-0 flex-wrap justify-end gap-3';

export interface ModalProps {
  open: boolean;
  /** Called when the person closes it: backdrop click, Esc or the close icon. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Hide the close icon (e.g. while saving). */
  hideClose?: boolean;
  /** Refuse closing by backdrop/Esc (e.g. while saving). */
  locked?: boolean;
  size?: 'md' | 'lg';
  /**
   * Drawn where it stands in the page, not in a portal at the end of the body: for a dialog open
   * as its page arrives (decision 0078). Radix's portal renders nothing on the server; in place,
   * the dialog is in the server's HTML, painted before the page's code runs, and the browser
   * hydrates that same dialog: its behaviour (focus trap, scroll lock, the page behind hidden from
   * assistive technology) starts on the elements already there, with none of them drawn again
   * (issue 26: drawing it again was the longest task after the hydration).
   */
  inPlace?: boolean;
}

/**
 * The one dialog of the design system: focus trapped and returned, Esc and backdrop close it,
 * page scroll locked while open (SPEC §2), title tied to the dialog for screen readers.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  hideClose,
  locked,
  size = 'md',
  inPlace = false,
}: ModalProps) {
  // Our dialogs open from any control, not a Radix Trigger, and Radix returns focus only to its
  // Trigger: remember what had focus and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      opener.current = document.activeElement;
  }, [open]);
  // A body taller than the screen (the terms on a phone) scrolls: it then takes the focus too, so
  // that the keyboard can scroll it (axe: scrollable-region-focusable, issue 12).
  const [bodyBox, bodyTabIndex] = useScrollFocus<HTMLDivElement>('y');
  // Named by its title and modal in the HTML too: Radix ties the title only once it has mounted,
  // and a dialog in the server's HTML is read before that (inPlace).
  const titleId = useId();
  const box = `${CONTENT} ${size === 'lg' ? 'max-w-2xl' : 'max-w-lg'}`;
  const Place = inPlace ? Fragment : Dialog.Portal;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !locked && onClose()}>
      <Place>
        <Dialog.Overlay className={OVERLAY} data-testid="modal-backdrop" />
        <Dialog.Content
          aria-describedby={undefined}
          aria-labelledby={titleId}
          aria-modal="true"
          className={box}
          onOpenAutoFocus={inPlace ? focusAfterFrame : undefined}
          onEscapeKeyDown={(e) => locked && e.preventDefault()}
          onCloseAutoFocus={(e) => {
            const target = opener.current;
            if (target?.isConnected) {
              e.preventDefault();
              target.focus();
            }
          }}
          onPointerDownOutside={(e) => locked && e.preventDefault()}
        >
          <div className={TITLE_ROW}>
            <Dialog.Title id={titleId} className={TITLE}>
              {title}
            </Dialog.Title>
            {!hideClose && (
              <Dialog.Close aria-label="Cerrar" className={CLOSE}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </div>
          <div ref={bodyBox} tabIndex={bodyTabIndex} className={BODY}>
            {children}
          </div>
          {footer && <div className={FOOTER}>{footer}</div>}
        </Dialog.Content>
      </Place>
    </Dialog.Root>
  );
}

/**
 * In place, the dialog mounts in the hydration's commit, just after it has hidden the page behind
 * and locked its scroll: its focus there would make the browser restyle the whole page in that same
 * long task (issue 26). It takes the focus one frame later, as Radix would have: its first control.
 */
function focusAfterFrame(event: Event) {
  event.preventDefault();
  const content = event.currentTarget as HTMLElement;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (content.contains(document.activeElement)) return;
      const first = content.querySelector<HTMLElement>(
        'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
      );
      (first ?? content).focus();
    }, 0),
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useScrollFocus } from './useScrollFocus';

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
   * Rendered where it stands, not in a portal at the end of <body> (which renders nothing on the
   * server): a dialog open as its page arrives is then in the server's HTML, painted before the
   * page's code runs, and hydrated as it is (decision 0078). It behaves the same once hydrated.
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
  const Layer = inPlace ? Fragment : Dialog.Portal;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !locked && onClose()}>
      <Layer>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" data-testid="modal-backdrop" />
        <Dialog.Content
          aria-describedby={undefined}
          // A column: the title and the actions stay on screen, only the body scrolls, so on a
          // small phone the buttons of a long text (the terms) are never below the fold.
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white p-6 shadow-xl ${
            size === 'lg' ? 'max-w-2xl' : 'max-w-lg'
          }`}
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
          <div className="mb-4 flex shrink-0 items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-bold text-secondary">{title}</Dialog.Title>
            {!hideClose && (
              <Dialog.Close
                aria-label="Cerrar"
                className="-m-2 rounded p-2 text-2xl leading-none text-gray-600 hover:text-black"
              >
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </div>
          {/* The padding keeps the focus ring of the body's controls inside its scroll box. */}
          <div
            ref={bodyBox}
            tabIndex={bodyTabIndex}
            className="-m-1 min-h-0 flex-1 overflow-y-auto p-1"
          >
            {children}
          </div>
          {footer && <div className="mt-6 flex shrink-0 flex-wrap justify-end gap-3">{footer}</div>}
        </Dialog.Content>
      </Layer>
    </Dialog.Root>
  );
}

import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './Modal';

const Modal = lazy(() => import('./Modal').then((m) => ({ default: m.Modal })));

/**
 * `Modal` for a dialog that starts closed on a page's first screen: Radix's dialog loads on the
 * first opening, not with the page (decision 0026, round 2). Once opened it stays mounted, so
 * closing, focus return and reopening behave as `Modal`'s.
 */
export function LazyModal(props: ModalProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

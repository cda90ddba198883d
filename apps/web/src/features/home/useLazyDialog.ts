import { useRef, useState } from 'react';

/**
 * Open state of a dialog whose code loads on demand: it mounts on the first opening and then stays
 * mounted, so a later opening is immediate.
 *
 * Closing returns the focus to the control that opened the dialog: the shared Modal is a Radix
 * Dialog without a Dialog.Trigger, and Radix only gives the focus back to its Trigger.
 */
export function useLazyDialog() {
  const [state, setState] = useState({ mounted: false, open: false });
  const opener = useRef<HTMLElement | null>(null);
  return {
    ...state,
    show: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setState({ mounted: true, open: true });
    },
    hide: () => {
      setState((s) => ({ ...s, open: false }));
      const target = opener.current;
      // After Radix has removed the dialog (and with it the focused element).
      if (target) setTimeout(() => target.isConnected && target.focus(), 0);
    },
  };
}

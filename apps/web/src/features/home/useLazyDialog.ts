import { useState } from 'react';

/**
 * Open state of a dialog whose code loads on demand: it mounts on the first opening and then stays
 * mounted, so a later opening is immediate. (Modal gives the focus back to the opener on close.)
 */
export function useLazyDialog() {
  const [state, setState] = useState({ mounted: false, open: false });
  return {
    ...state,
    show: () => setState({ mounted: true, open: true }),
    hide: () => setState((s) => ({ ...s, open: false })),
  };
}

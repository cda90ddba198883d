import { useEffect, useState, type ReactNode } from 'react';

/**
 * `children` once the screen shows what was rendered with this: `fallback` first, then, a frame
 * and a task later, the children. What they need (a lazy chunk, its evaluation, their render) then
 * neither delays that first paint nor lands in its task (issue 26).
 */
export function AfterPaint({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  // A hidden tab paints nothing: at once.
  const [painted, setPainted] = useState(() => document.visibilityState !== 'visible');
  useEffect(() => {
    if (painted) return;
    // The frame's callback runs before its paint; the next frame's, once it has been produced.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  return painted ? children : fallback;
}

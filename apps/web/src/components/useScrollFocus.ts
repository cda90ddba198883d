import { useCallback, useState } from 'react';

/**
 * A scrolling box the keyboard can scroll (axe: scrollable-region-focusable): while its content
 * overflows it on `axis`, the box is a Tab stop; otherwise it is not (no useless stop). Returns
 * the box's callback ref and its tabIndex.
 */
export function useScrollFocus<T extends HTMLElement>(axis: 'x' | 'y') {
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || typeof ResizeObserver === 'undefined') return;
      const check = () =>
        setScrolls(
          axis === 'x'
            ? element.scrollWidth > element.clientWidth + 1
            : element.scrollHeight > element.clientHeight + 1,
        );
      const observer = new ResizeObserver(check);
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
      return () => observer.disconnect();
    },
    [axis],
  );
  return [ref, scrolls ? 0 : undefined] as const;
}

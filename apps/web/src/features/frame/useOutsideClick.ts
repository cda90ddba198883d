import { useEffect, type RefObject } from 'react';

/** While `open`, a click anywhere outside `root` closes it (SPEC §2 menus and dropdowns). */
export function useOutsideClick(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [open, root, setOpen]);
}

/**
 * A ref callback for a message that appears after an action (a dialog's save error): it is
 * scrolled into view and takes the focus. In a dialog's scrolling body on a phone the message
 * would otherwise appear below the fold, heard by a screen reader (`role="alert"`) but not seen;
 * with the focus, the keyboard continues from it. The element needs `tabIndex={-1}`. Stable, so
 * React calls it once, when the element mounts.
 */
export function revealOnMount(element: HTMLElement | null): void {
  if (!element) return;
  element.scrollIntoView({ block: 'nearest' });
  element.focus({ preventScroll: true });
}

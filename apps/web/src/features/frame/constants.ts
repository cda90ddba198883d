// The frame's behaviour numbers (SPEC §2 "Shared frame"), in one place.

/** Hover menus apply from this width; below it the mobile accordion is used. Tailwind `lg`. */
export const DESKTOP_MIN_WIDTH_PX = 1024;
export const DESKTOP_MEDIA_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

/** A hover dropdown closes this long after the pointer leaves (so a diagonal move does not close it). */
export const MENU_CLOSE_DELAY_MS = 100;

/** A dropdown with at least this many columns is shifted left so it stays on screen. */
export const WIDE_DROPDOWN_MIN_COLUMNS = 3;
export const WIDE_DROPDOWN_SHIFT_PX = 200;

/** Open heights of the mobile accordion (first and second level); max-height lets CSS animate them. */
export const MOBILE_MENU_MAX_HEIGHT_PX = 700;
export const MOBILE_SUBMENU_MAX_HEIGHT_PX = 500;

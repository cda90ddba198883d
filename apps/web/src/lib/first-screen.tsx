import { createContext, useContext } from 'react';
import type { PrivacyNotice } from '@canal/shared';
import type { ApiClient } from './api/client';

/**
 * What the server rendered a page with (decision 0078): the master data of the new-complaint
 * screen's first step, or the organisation's privacy notice, inlined in the HTML as JSON so that
 * the page the browser hydrates is the one it already shows, without asking for it again before
 * the person acts. The data is this visit's, handed over once: the page that mounts with it calls
 * `taken()`, and any later visit of a page asks the API (SPEC §7, nothing cached).
 */
export interface FirstScreen {
  masterData?: FirstScreenMasterData;
  /** The privacy notice's data (`/aviso-de-privacidad`), as the page's query holds it. */
  privacyNotice?: PrivacyNotice;
  /** The first render has used what the server sent: later renders ask the API. */
  taken(): void;
}

/** The four lists the new-complaint screen reads as it opens (features/complaint-form/master-data.ts). */
export interface FirstScreenMasterData {
  categories: Awaited<ReturnType<ApiClient['categories']>>;
  zonesWithPlaces: Awaited<ReturnType<ApiClient['zonesWithPlaces']>>;
  relations: Awaited<ReturnType<ApiClient['relationOptions']>>;
  recognition: Awaited<ReturnType<ApiClient['recognitionOptions']>>;
}

/** The id of the `<script type="application/json">` the server writes (no inline script: CSP). */
export const FIRST_SCREEN_ELEMENT_ID = 'canal-primera-pantalla';

/** What the server sends of a first screen. */
export type FirstScreenData = Pick<FirstScreen, 'masterData' | 'privacyNotice'>;

/** A first screen holding `masterData` (or the privacy notice) until it is taken. */
export function firstScreenOf(
  masterData?: FirstScreenMasterData,
  privacyNotice?: PrivacyNotice,
): FirstScreen {
  const screen: FirstScreen = {
    masterData,
    privacyNotice,
    taken: () => {
      screen.masterData = undefined;
      screen.privacyNotice = undefined;
    },
  };
  return screen;
}

/** The data the server inlined in this document, if it rendered the page. */
export function readFirstScreen(doc: Document = document): FirstScreen {
  const text = doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return firstScreenOf();
  try {
    const data = JSON.parse(text) as FirstScreenData;
    return firstScreenOf(data.masterData, data.privacyNotice);
  } catch {
    return firstScreenOf();
  }
}

/** The page's data as JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
export function firstScreenJson(screen: FirstScreenData): string {
  return JSON.stringify({ masterData: screen.masterData, privacyNotice: screen.privacyNotice })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const FirstScreenContext = createContext<FirstScreen>(firstScreenOf());

export const FirstScreenProvider = FirstScreenContext.Provider;

export function useFirstScreen(): FirstScreen {
  return useContext(FirstScreenContext);
}

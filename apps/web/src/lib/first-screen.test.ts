import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenJson,
  readFirstScreen,
  type FirstScreenMasterData,
} from './first-screen';

const lists = (title: string): FirstScreenMasterData => ({
  categories: [{ id: 1, title, crimes: [] }],
  zonesWithPlaces: [],
  relations: [],
  recognition: [],
});

/** A document whose first-screen element holds `text`, as the server writes it. */
function documentWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${text}</script>`;
  return doc;
}

describe('the first screen inlined by the server (decision 0078)', () => {
  it('cannot close its <script> element or open a comment, and reads back whole', () => {
    const title = 'Acoso </script><script>alert(1)</script><!-- \u2028 fin';
    const json = firstScreenJson({ masterData: lists(title) });
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i);
    const read = readFirstScreen(documentWith(json));
    expect(read.masterData?.categories[0]?.title).toBe(title);
  });

  it('is handed over once: after `taken` the lists are gone', () => {
    const screen = readFirstScreen(documentWith(firstScreenJson({ masterData: lists('Acoso') })));
    expect(screen.masterData).toBeDefined();
    screen.taken();
    expect(screen.masterData).toBeUndefined();
  });

  it('is empty when the page was not rendered by the server, or its data is unreadable', () => {
    expect(readFirstScreen(document.implementation.createHTMLDocument('')).masterData).toBe(
      undefined,
    );
    expect(readFirstScreen(documentWith('{no es JSON')).masterData).toBeUndefined();
  });
});

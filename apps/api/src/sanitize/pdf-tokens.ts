import { deflateSync } from 'node:zlib';

/** The PDF scanner's vocabulary (pdf.ts): the tokens it looks for, and how it finds the next one. */

/**
 * Document-information keys whose values are blanked wherever they appear. /Title too: a title
 * can name its author ("Informe de Juan"); outline entries, which use the same key, lose their
 * labels in the copy (the pages are untouched).
 */
const KEYS = [
  '/Title',
  '/Author',
  '/Creator',
  '/Producer',
  '/Subject',
  '/Keywords',
  '/CreationDate',
  '/ModDate',
].map((k) => Buffer.from(k, 'latin1'));
/** The trailer's (or cross-reference stream's) reference to the information dictionary. */
export const INFO = Buffer.from('/Info', 'latin1');
/**
 * An XMP packet anywhere in the file (an uncompressed stream, an embedded JPEG's APP1): from its
 * packet header, its optional `x:xmpmeta` wrapper or its `rdf:RDF` to the matching end.
 */
export const XMP_OPEN = ['<?xpacket begin', '<x:xmpmeta', '<x:xapmeta', '<rdf:RDF'].map((k) =>
  Buffer.from(k, 'latin1'),
);
export const XMP_CLOSE = ['<?xpacket end', '</x:xmpmeta>', '</x:xapmeta>', '</rdf:RDF>'].map((k) =>
  Buffer.from(k, 'latin1'),
);
const name = (k: string) => Buffer.from(k, 'latin1');
/** What the scanner notes about the object it is in, to decide on its stream. */
export const OBJSTM = name('/ObjStm');
export const METADATA = name('/Metadata');
export const FLATE = name('/FlateDecode');
export const LENGTH = name('/Length');
export const STREAM = name('stream');
export const ENDSTREAM = name('endstream');
export const ENDOBJ = name('endobj');
const PATTERNS = [...KEYS, INFO, ...XMP_OPEN, OBJSTM, METADATA, FLATE, LENGTH, STREAM, ENDOBJ];
/** An empty zlib stream: what a compressed metadata stream holds in the copy. */
export const EMPTY_ZLIB = deflateSync(Buffer.alloc(0));
export const LINE_FEED = 0x0a;
export const LOOKAHEAD = Math.max(...PATTERNS.map((p) => p.length)) + 1;
/** Patterns searched together: by a first byte they share (`lead`), or alone. */
interface Group {
  lead: number | null;
  patterns: Buffer[];
}
const GROUPS: Group[] = [
  { lead: 0x2f, patterns: PATTERNS.filter((p) => p[0] === 0x2f) },
  { lead: 0x3c, patterns: PATTERNS.filter((p) => p[0] === 0x3c) },
  { lead: null, patterns: [STREAM] },
  { lead: null, patterns: [ENDOBJ] },
];
export const SPACE = 0x20;
/** A value longer than this is not metadata (or not a string): stop blanking. */
export const MAX_VALUE = 64 * 1024;

export const isWhite = (b: number) =>
  b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0;
const isDelimiter = (b: number) =>
  isWhite(b) ||
  b === 0x28 ||
  b === 0x29 ||
  b === 0x3c ||
  b === 0x3e ||
  b === 0x5b ||
  b === 0x5d ||
  b === 0x7b ||
  b === 0x7d ||
  b === 0x2f ||
  b === 0x25;

/**
 * Finds the scanner's next token in a chunk (`nextToken`), remembering where each group of
 * patterns next occurs so that a chunk is searched about once per group.
 */
export class PdfTokenFinder {
  /** The byte before the chunk (whether `stream` starts a token). */
  prev = 0x0a;
  /** The pattern of the token `nextToken` found. */
  token: Buffer | null = null;
  /** Where each pattern next occurs in `searched` (-1: nowhere after the last search). */
  private readonly next = new Array<number>(GROUPS.length).fill(-1);
  private readonly found = new Array<Buffer | null>(GROUPS.length).fill(null);
  private searched: Buffer | null = null;

  /** True when `p` found at `at` is the token it looks like. */
  private isToken(work: Buffer, p: Buffer, at: number, n: number): boolean {
    if (p[0] === 0x2f) return at + p.length >= n || isDelimiter(work[at + p.length]!);
    if (p === STREAM) {
      const before = at > 0 ? work[at - 1]! : this.prev;
      const after = work[at + p.length];
      return (isWhite(before) || before === 0x3e) && (after === 0x0d || after === 0x0a);
    }
    if (p === ENDOBJ) return at + p.length >= n || isDelimiter(work[at + p.length]!);
    return true;
  }

  /**
   * Where the next token of any pattern starts at or after `i` (-1: none), and which. The
   * patterns are searched in four groups: names (each starts with `/`) and XMP openers (`<`) by
   * their first byte, `stream` and `endobj` by themselves. Each group's next token is remembered
   * for this `work` and searched again only once `i` has passed it or blanking overwrote it, so
   * each group's search covers `work` about once (linear, however many tokens it holds).
   */
  nextToken(work: Buffer, i: number, n: number): number {
    if (this.searched !== work) {
      this.searched = work;
      this.next.fill(-2);
    }
    let best = -1;
    this.token = null;
    for (let g = 0; g < GROUPS.length; g++) {
      let at = this.next[g]!;
      if (at === -1) continue;
      const found = this.found[g];
      if (at < i || !found || !this.matches(work, found, at, n)) {
        at = this.search(work, g, at < i ? i : at + 1, n);
        this.next[g] = at;
      }
      if (at >= 0 && (best < 0 || at < best)) {
        best = at;
        this.token = this.found[g]!;
      }
    }
    return best;
  }

  /** True when `p` is at `at` as a token (at the very end of `work`: undecided, so yes). */
  private matches(work: Buffer, p: Buffer, at: number, n: number): boolean {
    if (at + p.length > n) return false;
    // Byte by byte: most candidates differ at their second byte.
    for (let k = 0; k < p.length; k++) if (work[at + k] !== p[k]) return false;
    // A key must end at a delimiter (/AuthorX is another name); `stream` is a keyword.
    return at + p.length === n || this.isToken(work, p, at, n);
  }

  /** The first token of group `g` at or after `from` (noted in `found`), or -1. */
  private search(work: Buffer, g: number, from: number, n: number): number {
    const group = GROUPS[g]!;
    const needle = group.lead ?? group.patterns[0]!;
    for (let at = work.indexOf(needle, from); at >= 0; at = work.indexOf(needle, at + 1))
      for (const p of group.patterns)
        if (this.matches(work, p, at, n)) {
          this.found[g] = p;
          return at;
        }
    this.found[g] = null;
    return -1;
  }
}

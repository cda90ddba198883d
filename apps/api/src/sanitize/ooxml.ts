import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';
import { runOnBuffer, type Sanitizer } from './core';
import { JpegSanitizer } from './jpeg';
import { Budget, isLimitError, limitReached } from './limits';
import {
  APP_TEXT,
  CORE_TEXT,
  DOC_PROPS_MAX,
  emptyElements,
  emptyRoot,
  isDocProps,
  isJpeg,
  isPackage,
  isPart,
  isPng,
  rewritePartSliced,
  XML_SLICE,
} from './ooxml-xml';
import { PngSanitizer } from './png';

const deflateRawAsync = promisify(deflateRaw);

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;

/** The rewritten content of an entry, or null to keep it as it is stored. */
async function rewriteEntry(
  name: string,
  data: Buffer,
  budget: Budget,
  depth: number,
): Promise<Buffer | null> {
  // Property parts are a few KiB: a larger one (or custom properties) loses all its properties,
  // which costs no more than finding its root.
  if (name === 'docProps/custom.xml' || (isDocProps(name) && data.length > DOC_PROPS_MAX))
    return emptyRoot(data);
  if (isDocProps(name))
    return Buffer.from(
      emptyElements(data.toString('utf8'), name === 'docProps/core.xml' ? CORE_TEXT : APP_TEXT),
    );
  if (isJpeg(name)) return runOnBuffer(new JpegSanitizer(), data, budget);
  if (isPng(name)) return runOnBuffer(new PngSanitizer(), data, budget);
  if (isPackage(name)) {
    if (depth >= budget.limits.depth) throw limitReached('depth');
    const parts = await sanitizeOoxml(data, budget, depth + 1);
    return parts && Buffer.concat(parts);
  }
  if (isPart(name)) return rewritePartSliced(name, data, budget);
  return null;
}

/** The CRC-32 of `data`, a slice at a time. */
async function crcOf(data: Buffer, budget: Budget): Promise<number> {
  let crc = 0;
  for (let at = 0; at < data.length; at += 4 * XML_SLICE) {
    crc = crc32(data.subarray(at, at + 4 * XML_SLICE), crc);
    await budget.pause();
  }
  return crc;
}

const needsRewrite = (name: string) =>
  isDocProps(name) || isJpeg(name) || isPng(name) || isPackage(name) || isPart(name);

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  central: Buffer;
}

function readCentral(zip: Buffer): Entry[] | null {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > zip.length || zip.readUInt32LE(eocd) !== EOCD) return null;
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) return null; // Zip64: not for documents this size.
  const entries: Entry[] = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) return null;
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const end = at + 46 + nameLen + extraLen + commentLen;
    const compressedSize = zip.readUInt32LE(at + 20);
    const localOffset = zip.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff) return null;
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLen),
      method: zip.readUInt16LE(at + 10),
      compressedSize,
      localOffset,
      central: zip.subarray(at, end),
    });
    at = end;
  }
  return entries;
}

/**
 * Rewrites an Office Open XML package (.docx/.xlsx/.pptx): removes the text of the people and
 * descriptions in docProps/core.xml and docProps/app.xml (author, last editor, title, subject,
 * description, keywords, company, manager …) and every custom property (docProps/custom.xml),
 * replaces the names and initials of comment and revision authors in the document parts with a
 * neutral value ("Autor", "A"), strips the metadata of the JPEG/PNG images it embeds and rewrites
 * the Office packages it embeds the same way (up to the budget's depth); every other entry is
 * copied as it is stored (not recompressed). Answers the new package as a list of buffers (views
 * of `zip` for what is kept), or null when the zip is not one it can rewrite (zip64, or damaged).
 * Inflating and deflating run on the thread pool, within the budget (SAFE_COPY_LIMIT past it).
 */
export async function sanitizeOoxml(
  zip: Buffer,
  budget: Budget,
  depth = 0,
): Promise<Buffer[] | null> {
  const entries = readCentral(zip);
  if (!entries) return null;
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) return null;
    const flags = zip.readUInt16LE(at + 6);
    const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    let dataEnd = dataStart + e.compressedSize;
    if (dataEnd > zip.length) return null;
    if (flags & 0x08) {
      if (dataEnd + 12 > zip.length) return null;
      dataEnd += dataEnd + 16 <= zip.length && zip.readUInt32LE(dataEnd) === DESCRIPTOR ? 16 : 12;
    }
    const stored = zip.subarray(dataStart, dataStart + e.compressedSize);
    let plain: Buffer | null = null;
    if ((e.method === 0 || e.method === 8) && needsRewrite(e.name)) {
      let data: Buffer | null = stored;
      if (e.method === 8) {
        try {
          data = await budget.inflate(stored, true);
        } catch (error) {
          // Damaged beyond reading: no reader gets anything out of it either.
          if (isLimitError(error)) throw error;
          data = null;
        }
      } else budget.hold(stored.length);
      if (data) plain = await rewriteEntry(e.name, data, budget, depth);
    }
    const central = Buffer.from(e.central);
    central.writeUInt32LE(offset, 42);
    if (plain === null) {
      parts.push(zip.subarray(at, dataEnd));
      offset += dataEnd - at;
    } else {
      const body = e.method === 8 ? await deflateRawAsync(plain) : plain;
      const crc = await crcOf(plain, budget);
      const header = Buffer.from(zip.subarray(at, dataStart));
      header.writeUInt16LE(flags & ~0x08, 6);
      header.writeUInt32LE(crc, 14);
      header.writeUInt32LE(body.length, 18);
      header.writeUInt32LE(plain.length, 22);
      central.writeUInt16LE(central.readUInt16LE(8) & ~0x08, 8);
      central.writeUInt32LE(crc, 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(plain.length, 24);
      parts.push(header, body);
      offset += header.length + body.length;
    }
    centrals.push(central);
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const eocdAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const eocd = Buffer.from(zip.subarray(eocdAt));
  eocd.writeUInt32LE(centralSize, 12);
  eocd.writeUInt32LE(offset, 16);
  return [...parts, ...centrals, eocd];
}

/**
 * OOXML as a stream: NOT truly streaming. A zip is read from its end (the central directory),
 * so the package is collected whole (bounded by the upload limit, 120 MiB; office documents are
 * usually a few MB) and rewritten at the end. A package it cannot rewrite is let through as it is.
 */
export class OoxmlSanitizer implements Sanitizer {
  private parts: Buffer[] = [];

  constructor(private readonly budget = new Budget()) {}

  write(chunk: Buffer): void {
    this.parts.push(chunk);
  }

  async end(out: (b: Buffer) => void): Promise<void> {
    const zip = Buffer.concat(this.parts);
    this.parts = [];
    for (const part of (await sanitizeOoxml(zip, this.budget)) ?? [zip]) out(part);
  }
}

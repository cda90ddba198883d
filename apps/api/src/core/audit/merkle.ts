import { createHash } from 'node:crypto';

/**
 * The audit log as a Merkle tree (RFC 6962 §2.1, RFC 9162 §2.1; C2SP tlog semantics, decision
 * 0066): a leaf is SHA-256(0x00 ‖ entry bytes), a node SHA-256(0x01 ‖ left ‖ right), the tree of
 * n leaves splits at the largest power of two below n. Sizes and indexes are plain numbers (safe
 * up to 2^53), so no 32-bit bit operations are used.
 */

export const HASH_BYTES = 32;

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** A leaf's hash; a string entry is hashed as its UTF-8 bytes (no copy of them made first). */
export const leafHash = (entry: Uint8Array | string): Buffer =>
  createHash('sha256').update(LEAF_PREFIX).update(entry).digest();

export const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer =>
  createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();

/** The root of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT = createHash('sha256').digest();

/**
 * The hash of a perfect subtree: `level` 0 is a leaf, level L the node over leaves
 * [index·2^L, (index+1)·2^L).
 */
export type NodeSource = (level: number, index: number) => Buffer;

const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** The largest power of two strictly below n (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[start : start+size]) from the perfect subtrees it is made of. */
export function subtreeHash(get: NodeSource, start: number, size: number): Buffer {
  if (isPowerOfTwo(size) && start % size === 0) return get(Math.log2(size), start / size);
  const k = splitPoint(size);
  return nodeHash(subtreeHash(get, start, k), subtreeHash(get, start + k, size - k));
}

/** The root of the tree of the first `size` leaves. */
export const treeRoot = (get: NodeSource, size: number): Buffer =>
  size === 0 ? EMPTY_ROOT : subtreeHash(get, 0, size);

/** RFC 6962 §2.1.1 PATH(m, D[n]): the inclusion proof of leaf `index` in the tree of `size`. */
export function inclusionProof(get: NodeSource, index: number, size: number): Buffer[] {
  if (index < 0 || index >= size) throw new RangeError('index outside the tree');
  const path = (m: number, start: number, n: number): Buffer[] => {
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k
      ? [...path(m, start, k), subtreeHash(get, start + k, n - k)]
      : [...path(m - k, start + k, n - k), subtreeHash(get, start, k)];
  };
  return path(index, 0, size);
}

/** RFC 6962 §2.1.2 PROOF(m, D[n]): the consistency proof between sizes m and n (0 < m ≤ n). */
export function consistencyProof(get: NodeSource, m: number, n: number): Buffer[] {
  if (m <= 0 || m > n) throw new RangeError('sizes out of order');
  const sub = (m: number, start: number, n: number, whole: boolean): Buffer[] => {
    if (m === n) return whole ? [] : [subtreeHash(get, start, n)];
    const k = splitPoint(n);
    return m <= k
      ? [...sub(m, start, k, whole), subtreeHash(get, start + k, n - k)]
      : [...sub(m - k, start + k, n - k, false), subtreeHash(get, start, k)];
  };
  return sub(m, 0, n, true);
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** RFC 9162 §2.1.3.2: whether `proof` puts `leaf` at `index` of the tree of `size` with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r: Uint8Array = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else r = nodeHash(r, p);
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && Buffer.from(r).equals(root);
}

/**
 * RFC 9162 §2.1.4.2: whether `proof` shows the tree of `size2` with `root2` extends the tree of
 * `size1` with `root1` (every leaf of the first, in place, unchanged).
 */
export function verifyConsistency(
  size1: number,
  size2: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: readonly Uint8Array[],
): boolean {
  if (size1 > size2) return false;
  if (size1 === size2) return proof.length === 0 && Buffer.from(root1).equals(root2);
  if (size1 === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr: Uint8Array = path[0]!;
  let sr: Uint8Array = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!odd(fn))
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
    } else sr = nodeHash(sr, c);
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && Buffer.from(fr).equals(root1) && Buffer.from(sr).equals(root2);
}

/**
 * A tree held in memory: each level one buffer of 32-byte hashes, built once from the leaves
 * (n − 1 node hashes). What the verification command and the bench recompute.
 */
export class MemoryTree {
  private readonly levels: Buffer[] = [];
  readonly size: number;

  constructor(leaves: Buffer) {
    this.size = leaves.length / HASH_BYTES;
    let level = leaves;
    this.levels.push(level);
    while (level.length >= 2 * HASH_BYTES) {
      const count = Math.floor(level.length / HASH_BYTES / 2);
      const next = Buffer.allocUnsafe(count * HASH_BYTES);
      for (let i = 0; i < count; i += 1)
        nodeHash(
          level.subarray(2 * i * HASH_BYTES, (2 * i + 1) * HASH_BYTES),
          level.subarray((2 * i + 1) * HASH_BYTES, (2 * i + 2) * HASH_BYTES),
        ).copy(next, i * HASH_BYTES);
      this.levels.push(next);
      level = next;
    }
  }

  readonly get: NodeSource = (level, index) => {
    const hashes = this.levels[level];
    if (!hashes || (index + 1) * HASH_BYTES > hashes.length)
      throw new RangeError(`no node ${level}/${index}`);
    return hashes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES);
  };

  leaf = (index: number) => this.get(0, index);
  root = (size = this.size) => treeRoot(this.get, size);
}

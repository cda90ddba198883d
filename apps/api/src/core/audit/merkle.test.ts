import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  inclusionProof,
  leafHash,
  MemoryTree,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

// RFC 6962's test leaves and roots (certificate-transparency's merkle tree tests).
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const treeOf = (n: number) =>
  new MemoryTree(
    Buffer.concat(Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`e${i}`)))),
  );

describe('the Merkle tree (RFC 6962)', () => {
  it('gives the RFC test vectors’ roots for every size from 1 to 8', () => {
    const tree = new MemoryTree(Buffer.concat(LEAVES.map((l) => leafHash(Buffer.from(l, 'hex')))));
    ROOTS.forEach((root, i) => expect(tree.root(i + 1).toString('hex')).toBe(root));
    expect(tree.root(0).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('proves every leaf’s inclusion and every pair of sizes consistent, and refuses altered proofs', () => {
    const tree = treeOf(21);
    for (let n = 1; n <= 21; n += 1) {
      const root = tree.root(n);
      for (let i = 0; i < n; i += 1) {
        const proof = inclusionProof(tree.get, i, n);
        expect(verifyInclusion(i, n, tree.leaf(i), proof, root)).toBe(true);
        expect(verifyInclusion(i, n, leafHash(Buffer.from('x')), proof, root)).toBe(false);
        if (n > 1) expect(verifyInclusion((i + 1) % n, n, tree.leaf(i), proof, root)).toBe(false);
      }
      for (let m = 1; m <= n; m += 1) {
        const proof = consistencyProof(tree.get, m, n);
        expect(verifyConsistency(m, n, tree.root(m), root, proof)).toBe(true);
        if (m < n) {
          const bad = proof.map((h, j) => (j === 0 ? leafHash(h) : h));
          expect(verifyConsistency(m, n, tree.root(m), root, bad)).toBe(false);
          expect(verifyConsistency(m, n, tree.root(m - 1 || 1).subarray(), root, proof)).toBe(
            m === 1,
          );
        }
      }
    }
  });

  it('refuses a tree whose old leaf changed, however the new root was made', () => {
    const honest = treeOf(13);
    const leaves = Buffer.concat(Array.from({ length: 13 }, (_, i) => honest.leaf(i)));
    leafHash(Buffer.from('rewritten')).copy(leaves, 3 * 32);
    const forged = new MemoryTree(leaves);
    for (let m = 4; m <= 13; m += 1)
      expect(
        verifyConsistency(
          m,
          13,
          honest.root(m),
          forged.root(13),
          consistencyProof(forged.get, m, 13),
        ),
      ).toBe(false);
  });
});

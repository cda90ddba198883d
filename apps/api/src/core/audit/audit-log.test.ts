import { describe, expect, it } from 'vitest';
import { entryHash, leafEntry } from './audit-log';
import { createHash } from 'node:crypto';
import { canonicalJson, StreamingMerkleRoot } from '@canal/shared/proof';
import { EMPTY_ROOT, leafHash, MemoryTree } from './merkle';

/**
 * The entries' hashed bytes are written member by member by the shared code (decision 0073), for
 * speed and for the browser's check; they must stay the bytes the general canonical JSON gave
 * every log written before, or no existing log would verify.
 */
const rows = [
  {
    id: 1,
    created_at: new Date('2024-05-01T03:04:05.006Z'),
    actor_id: null,
    action: 'auditoria.verificada',
    complaint_id: null,
    detail: '{}',
  },
  {
    id: 9_007_199_254_740_991,
    created_at: new Date('2026-12-31T23:59:59.999Z'),
    actor_id: 42,
    action: 'caso.visto',
    complaint_id: 1234,
    detail:
      '{"motivo":"línea\\nnueva «comillas» \\"dobles\\" \\\\ \\u0000 😀","n":[1,2,{"b":null,"a":true}]}',
  },
  {
    id: 77,
    created_at: new Date(0),
    actor_id: 0,
    action: 'acción con \u2028 separador y \ud800 suelto',
    complaint_id: 0,
    detail: 'no es JSON </script>',
  },
];

const general = (row: (typeof rows)[number]) => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  actor_id: row.actor_id,
  action: row.action,
  complaint_id: row.complaint_id,
  detail: row.detail,
});

describe('the audit entry encoding', () => {
  it('gives the chain and the tree the same bytes as the general canonical JSON', () => {
    for (const row of rows) {
      const hash = 'ab'.repeat(32);
      expect(leafEntry({ ...row, hash }).toString('utf8')).toBe(
        canonicalJson({ ...general(row), hash }),
      );
      const prev = 'cd'.repeat(32);
      expect(entryHash(prev, row)).toBe(
        createHash('sha256')
          .update(prev)
          .update(canonicalJson(general(row)))
          .digest('hex'),
      );
    }
  });
});

describe("the browser's streaming Merkle root", () => {
  it("is the RFC 6962 root of the server's tree at every size up to 40, holding no leaf", async () => {
    const leaves = Array.from({ length: 40 }, (_, i) => leafHash(Buffer.from(`entrada ${i}`)));
    const tree = new MemoryTree(Buffer.concat(leaves));
    const streaming = new StreamingMerkleRoot();
    expect(Buffer.from(await streaming.root()).equals(EMPTY_ROOT)).toBe(true);
    for (let size = 1; size <= 40; size += 1) {
      await streaming.push(leaves[size - 1]!);
      expect(Buffer.from(await streaming.root()).toString('hex')).toBe(
        tree.root(size).toString('hex'),
      );
    }
  });

  it('gives the same roots when the leaves arrive in batches of any size', async () => {
    const leaves = Array.from({ length: 300 }, (_, i) => leafHash(Buffer.from(`hoja ${i}`)));
    const tree = new MemoryTree(Buffer.concat(leaves));
    const streaming = new StreamingMerkleRoot();
    let size = 0;
    for (const batch of [1, 2, 3, 5, 8, 13, 21, 34, 55, 64, 1, 0, 93]) {
      await streaming.pushAll(leaves.slice(size, size + batch));
      size += batch;
      expect(streaming.size).toBe(size);
      expect(Buffer.from(await streaming.root()).toString('hex')).toBe(
        tree.root(size).toString('hex'),
      );
    }
    expect(size).toBe(300);
  });
});

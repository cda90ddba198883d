import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webPaths } from '@canal/shared';

const robots = readFileSync(path.resolve(import.meta.dirname, '../../public/robots.txt'), 'utf8');
const disallowed = robots
  .split('\n')
  .filter((line) => line.startsWith('Disallow:'))
  .map((line) => line.slice('Disallow:'.length).trim());
const blocked = (page: string) => disallowed.some((prefix) => page.startsWith(prefix));

describe('robots.txt', () => {
  it('keeps every private page out of search indexes, for all agents', () => {
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const page of [
      webPaths.complaintDetail(17),
      webPaths.resetPassword('abc'),
      webPaths.staffInbox(),
      webPaths.staffSignIn(),
      webPaths.staffActivate(),
      webPaths.staffCase(3),
      webPaths.staffUsers(),
    ])
      expect(blocked(page), page).toBe(true);
  });

  it('lets the public pages be indexed', () => {
    for (const page of [webPaths.home(), webPaths.newComplaint(), '/ley-21643.pdf'])
      expect(blocked(page), page).toBe(false);
  });
});

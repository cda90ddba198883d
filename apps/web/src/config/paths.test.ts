import { describe, expect, it } from 'vitest';
import { webPaths } from '@canal/shared';
import { paths } from './paths';

describe('page paths', () => {
  it('are the shared registry the API builds its e-mail links with', () => {
    expect(paths).toBe(webPaths);
  });
});

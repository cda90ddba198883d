import { describe, expect, it } from 'vitest';
import { botCheck } from './bot-check';
import { dataRights } from './data-rights';
import { portal } from './portal';
import { privacy } from './privacy-notice';
import { proof } from './proof';
import { portalRoutes } from './routes';
import { transcripts } from './transcripts';

describe('the portal path table', () => {
  it('holds every portal, bot-check, data-rights, privacy-notice, verification and transcript entry of the contract, with its method and path', () => {
    const entries = { ...portal, ...botCheck, ...dataRights, ...privacy, ...proof, ...transcripts };
    expect(portalRoutes).toEqual(
      Object.fromEntries(
        Object.entries(entries).map(([name, e]) => [name, { method: e.method, path: e.path }]),
      ),
    );
  });
});

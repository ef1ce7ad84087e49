// Every outbox operation a feature defines is found through its loader, so an entry queued before a
// reload replays even when its screen has not been opened since.
import { describe, expect, it } from 'vitest';
import { operationLoader } from '../db/outbox.ts';
import './operations.ts';

const features = {
  listings: () => import('../features/listings/operations.ts'),
  messages: () => import('../features/messages/operations.ts'),
  settings: () => import('../features/settings/operations.ts'),
  newsletter: () => import('../features/newsletter/operations.ts'),
};

describe('operations registry', () => {
  it.each(Object.entries(features))('loads the %s operations for each of their kinds', async (_name, load) => {
    const module = await load();
    // The exported kinds: the names given to defineOperation ('listing.create', …).
    const kinds = Object.values(module).filter((v): v is string => typeof v === 'string' && /^[a-z]+\.[a-z]+$/.test(v));
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) {
      const loader = operationLoader(kind);
      expect(loader, kind).toBeDefined();
      expect(await loader!(), kind).toBe(module);
    }
  });
});

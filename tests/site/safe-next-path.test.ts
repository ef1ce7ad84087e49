// The preferences form's `next=`: never a way off the site (open redirect, security.md "Requests").
import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../site/src/lib/safe-next-path.ts';

describe('safeNextPath', () => {
  it('only goes back to a path of this site after a preference change', () => {
    expect(safeNextPath('/annonces?x=1')).toBe('/annonces?x=1');
    for (const bad of [
      '//evil.test',
      'https://evil.test',
      '/\\evil',
      '/\\/evil.test',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      ' //evil.test',
      'javascript:alert(1)',
      null,
    ])
      expect(safeNextPath(bad), JSON.stringify(bad)).toBe('/');
  });
});

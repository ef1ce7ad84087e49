import { describe, expect, it } from 'vitest';
import { createVersion } from './data-version.ts';

describe('data version of the public pages', () => {
  it("moves on at once for this process's writes, and asks SQLite for other commits at most every few ms", () => {
    let t = 0;
    let commits = 0;
    let asked = 0;
    const version = createVersion(() => (asked++, String(commits)), { checkEveryMs: 5, now: () => t });
    const start = version.current();
    for (let i = 0; i < 1000; i++) expect(version.current()).toBe(start);
    expect(asked).toBe(1); // at creation only: a thousand hits within the same millisecond ask nothing
    version.written();
    expect(version.current()).not.toBe(start);
    const afterWrite = version.current();
    commits++; // another connection commits
    t = 4;
    expect(version.current()).toBe(afterWrite);
    t = 5;
    expect(version.current()).not.toBe(afterWrite);
    expect(asked).toBe(2);
  });
});

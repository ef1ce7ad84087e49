import { describe, expect, it } from 'vitest';
import { keptByKey } from './kept.ts';

describe('keptByKey', () => {
  it('makes a key once and gives its result again, until more keys than its limit empty it', () => {
    const made: string[] = [];
    const kept = keptByKey<string>(2);
    const get = (key: string) => kept(key, () => (made.push(key), key.toUpperCase()));
    expect([get('a'), get('a'), get('b'), get('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(made).toEqual(['a', 'b']);
    get('c'); // a third key: the store starts over with it
    expect([get('c'), get('a')]).toEqual(['C', 'A']);
    expect(made).toEqual(['a', 'b', 'c', 'a']);
  });
});

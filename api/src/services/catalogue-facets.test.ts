import { describe, expect, it } from 'vitest';
import { createFacetCounts, type Group } from './catalogue-facets.ts';

const volvo: Group = { brand: 'Volvo', condition: 'used', kind: 'marine', count: 3 };

/** A count that records how often it ran. */
const counter = (groups: Group[] = [volvo]) => {
  const count = async () => {
    count.runs++;
    return groups;
  };
  count.runs = 0;
  return count;
};

describe('facet counts per base set and catalogue version', () => {
  it('counts a base set once per version, and again when the version moves', async () => {
    const facets = createFacetCounts();
    const count = counter();
    expect(await facets.groups('all', '1', count)).toEqual([volvo]);
    expect(await facets.groups('all', '1', count)).toEqual([volvo]);
    expect(count.runs).toBe(1);
    await facets.groups('all', '2', count);
    expect(count.runs).toBe(2);
  });

  it('counts each base set on its own', async () => {
    const facets = createFacetCounts();
    const count = counter();
    await facets.groups('all', '1', count);
    await facets.groups('search=volvo', '1', count);
    expect(count.runs).toBe(2);
  });

  it('shares one count between requests asking for the same set at once', async () => {
    const facets = createFacetCounts();
    const count = counter();
    await Promise.all([facets.groups('all', '1', count), facets.groups('all', '1', count)]);
    expect(count.runs).toBe(1);
  });

  it('remembers at most `max` sets, the least recently used going first', async () => {
    const facets = createFacetCounts({ max: 2 });
    const count = counter();
    await facets.groups('a', '1', count);
    await facets.groups('b', '1', count);
    await facets.groups('a', '1', count);
    await facets.groups('c', '1', count);
    expect(count.runs).toBe(3);
    await facets.groups('a', '1', count);
    expect(count.runs).toBe(3);
    await facets.groups('b', '1', count);
    expect(count.runs).toBe(4);
  });

  it('does not remember a count that failed', async () => {
    const facets = createFacetCounts();
    await expect(facets.groups('all', '1', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    const count = counter();
    expect(await facets.groups('all', '1', count)).toEqual([volvo]);
    expect(count.runs).toBe(1);
  });
});

// State is built once and passed (house style rule 17, decisions 117 and 118): a module of the API or the
// site keeps no mutable state of its own, so two app instances in one process share nothing; what an API
// instance holds (caches, stores, workers) is built in boot() (api/src/deps.ts) and reaches its users
// through Deps, what a site instance keeps reaches its pages in Astro.locals (site/src/lib/site-state.ts).
// And no module of the API, the data layer or the site reads process.env when it is imported: the
// configuration is parsed at boot and handed down. Read from each module's syntax tree, so a new module
// is checked without being listed.
import { describe, expect, it } from 'vitest';
import { envAtImport, isProcessEntry, moduleState, processEntries, readSource, sourceModules } from '../support/module-state.ts';

/**
 * Module-level values that are constants in fact, though built with `new`: address ranges filled once from
 * literal lists, on which only `check()` is ever called (net.BlockList has no read-only view to type them with).
 */
const CONSTANTS: Record<string, string[]> = {
  'api/src/services/smtp-guard.ts': ['v4', 'v6', 'loopbackBlocks'],
  'api/src/services/webhook-target.ts': ['always'],
};

const apiModules = () => sourceModules('api/src').filter((file) => !isProcessEntry(file));
const siteModules = () => sourceModules('site/src');
const ALLOWED = CONSTANTS;
const stateOf = (file: string) => moduleState(file, readSource(file)).filter((f) => !ALLOWED[file]?.includes(f.name));
const described = (findings: { file: string; line: number; name: string; what: string }[]) =>
  findings.map((f) => `${f.file}:${f.line} ${f.name}: ${f.what}`);

describe('module-level state', () => {
  it('no module of the API keeps mutable state at module level (a top-level let, var or new)', () => {
    expect(apiModules().length).toBeGreaterThan(80);
    expect(described(apiModules().flatMap(stateOf))).toEqual([]);
  });

  it('no module of the site keeps mutable state at module level: its pages, endpoints, middleware and islands', () => {
    expect(siteModules()).toEqual(
      expect.arrayContaining(['site/src/middleware.ts', 'site/src/pages/sitemap.xml.ts', 'site/src/islands/toast.ts']),
    );
    expect(described(siteModules().flatMap(stateOf))).toEqual([]);
  });

  it('every value allowed is still there, built at module level', () => {
    for (const [file, names] of Object.entries(ALLOWED)) {
      const built = moduleState(file, readSource(file)).map((f) => f.name);
      for (const name of names) expect(built, `${file}: ${name}`).toContain(name);
    }
  });

  it('the check finds a module-level cache, counter or worker, and passes what runs only when called', () => {
    const state = (source: string) => moduleState('api/src/planted.ts', source).map((f) => `${f.name}: ${f.what}`);
    expect(state('const cache = new Map<string, number>();')).toEqual(['cache: new Map']);
    expect(state("import { LRUCache } from 'lru-cache';\nexport const kept = new LRUCache({ max: 10 });")).toEqual(['kept: new LRUCache']);
    expect(state('let count = 0;\nexport var last;')).toEqual(['count: top-level let', 'last: top-level var']);
    expect(state('const pair = { seen: new Set<string>() };')).toEqual(['pair: new Set']);
    expect(state('new Map().set(1, 2);')).toEqual(['(statement): new Map']);
    // built per call, or a read-only constant: no state
    expect(state('export const seen = () => new Set<string>();\nexport function cache() { let n = 0; return new Map([[n, 1]]); }')).toEqual(
      [],
    );
    expect(state("const WRITES: ReadonlySet<string> = new Set(['POST']);\nconst LIMIT = 10;")).toEqual([]);
    expect(state('export class Counter { count = new Map(); }')).toEqual([]);
  });

  it('the process entry is the one place that may hold the process state, and is found from the package scripts', () => {
    expect(processEntries()).toContain('api/src/server.ts');
    expect(isProcessEntry('api/src/server.ts')).toBe(true);
    expect(isProcessEntry('db/src/cli/migrate.ts')).toBe(true);
    expect(isProcessEntry('api/src/boot.ts')).toBe(false);
  });
});

describe('configuration read at import', () => {
  const modules = () => ['api/src', 'db/src', 'site/src'].flatMap(sourceModules).filter((file) => !isProcessEntry(file));

  it('no module of the API, the data layer or the site reads process.env when imported', () => {
    expect(described(modules().flatMap((file) => envAtImport(file, readSource(file))))).toEqual([]);
  });

  it('the check finds a read at import, and passes one inside a function or a default parameter', () => {
    const reads = (source: string) => envAtImport('db/src/planted.ts', source).map((f) => f.line);
    expect(reads('const url = process.env.DATABASE_URL;')).toEqual([1]);
    expect(reads("export const engine = engineOf(process.env);\nif (process.env['X']) run();")).toEqual([1, 2]);
    expect(reads('export const url = () => process.env.DATABASE_URL;')).toEqual([]);
    expect(reads('export function boot(source = process.env) { return source; }')).toEqual([]);
  });
});

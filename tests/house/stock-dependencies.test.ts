// Dependencies are used as published (house style, rule 18): no build plugin of ours rewrites a file under
// node_modules, and pnpm applies no patches. Every Vite plugin the site's build (site/astro.config.mjs, as
// `astro build` loads it) and the admin's (admin-pwa/vite.config.ts) list is asked to transform a
// dependency's module: each must leave it alone.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

type Hook = (this: unknown, code: string, id: string, options?: unknown) => unknown;
type Plugin = { name?: string; transform?: Hook | { filter?: { id?: unknown }; handler: Hook } };

/** A config's plugins, nested arrays and promises flattened as Vite does. */
async function flatten(plugins: unknown): Promise<Plugin[]> {
  const resolved: unknown = await plugins;
  if (Array.isArray(resolved)) return (await Promise.all(resolved.map(flatten))).flat();
  return resolved && typeof resolved === 'object' ? [resolved as Plugin] : [];
}

/** What a filter of Vite's hook filters says about an id: a RegExp, a string glob left aside, or `{ include, exclude }`. */
function filterAccepts(filter: unknown, id: string): boolean {
  const test = (pattern: unknown): boolean =>
    pattern instanceof RegExp
      ? pattern.test(id)
      : Array.isArray(pattern)
        ? pattern.some(test)
        : typeof pattern === 'string'
          ? id.includes(pattern.replaceAll('*', ''))
          : false;
  if (filter instanceof RegExp || typeof filter === 'string' || Array.isArray(filter)) return test(filter);
  const { include, exclude } = (filter ?? {}) as { include?: unknown; exclude?: unknown };
  if (exclude !== undefined && test(exclude)) return false;
  return include === undefined || test(include);
}

// A real dependency's module, as the build would hand it to the plugins: Astro's node handler.
const DEPENDENCY = fs.realpathSync(
  path.join(path.dirname(createRequire(path.join(root, 'site/package.json')).resolve('astro/package.json')), 'dist/core/app/node.js'),
);
const CODE = fs.readFileSync(DEPENDENCY, 'utf8');

/** The names of the plugins that changed a dependency's module. */
async function rewritersOf(plugins: Plugin[]) {
  const context = {
    error: (e: unknown) => {
      throw e instanceof Error ? e : new Error(String(e));
    },
    warn: () => undefined,
    addWatchFile: () => undefined,
    getCombinedSourcemap: () => null,
    environment: { name: 'ssr', config: {} },
    meta: {},
  };
  const rewriters: string[] = [];
  for (const plugin of plugins) {
    const hook = plugin.transform;
    if (!hook) continue;
    if (typeof hook === 'object' && hook.filter?.id !== undefined && !filterAccepts(hook.filter.id, DEPENDENCY)) continue;
    const handler = typeof hook === 'function' ? hook : hook.handler;
    try {
      const result = (await handler.call(context, CODE, DEPENDENCY, { ssr: true })) as string | { code?: string } | null | undefined;
      const code = typeof result === 'string' ? result : result?.code;
      if (code !== undefined && code !== CODE) rewriters.push(plugin.name ?? '(unnamed)');
    } catch {
      rewriters.push(plugin.name ?? '(unnamed)'); // it looked into the module and refused it: it means to rewrite it
    }
  }
  return rewriters;
}

describe('dependencies as published', () => {
  it('no Vite plugin of the site build rewrites a module under node_modules', async () => {
    const argv = process.argv;
    process.argv = [...argv, 'build']; // the config adds its build-only settings when `astro build` loads it
    try {
      const url = `${pathToFileURL(path.join(root, 'site/astro.config.mjs')).href}?house=${Date.now()}`;
      const config = ((await import(url)) as { default: { vite?: { plugins?: unknown } } }).default;
      expect(await rewritersOf(await flatten(config.vite?.plugins))).toEqual([]);
    } finally {
      process.argv = argv;
    }
  });

  it('no Vite plugin of the admin build rewrites a module under node_modules', async () => {
    const config = ((await import(pathToFileURL(path.join(root, 'admin-pwa/vite.config.ts')).href)) as { default: { plugins?: unknown } })
      .default;
    const plugins = await flatten(config.plugins);
    expect(plugins.length).toBeGreaterThan(0);
    expect(await rewritersOf(plugins)).toEqual([]);
  });

  it('pnpm patches no dependency', () => {
    const manifests = ['package.json', 'pnpm-workspace.yaml'].map((file) => fs.readFileSync(path.join(root, file), 'utf8'));
    for (const text of manifests) expect(text).not.toMatch(/patchedDependencies/);
    expect(fs.existsSync(path.join(root, 'patches'))).toBe(false);
  });

  it('the check sees a plugin that rewrites a dependency', async () => {
    const rewriting: Plugin = {
      name: 'planted',
      transform: (code, id) => (id.includes('/node_modules/') ? { code: `${code}\n// planted` } : undefined),
    };
    const sparing: Plugin = {
      name: 'spares',
      transform: { filter: { id: { exclude: /\/node_modules\// } }, handler: (code) => ({ code: `${code}//` }) },
    };
    expect(await rewritersOf([rewriting, sparing])).toEqual(['planted']);
  });
});

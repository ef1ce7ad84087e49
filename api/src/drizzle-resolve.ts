// Loads drizzle-orm's own modules without Node's per-import package lookup (decision 123).
// For every `.js` file an ES module imports, Node's resolver reads the package.json that decides the
// file's format, and hands it to JavaScript again on each call. drizzle-orm's package.json is 175 KB (an
// `exports` map of 447 entries) and a SQLite server imports about 116 of its files: the resolver alone
// produced ~80 MB of short-lived heap at start, which grew V8's young generation and stayed resident.
// drizzle-orm is one package with one package.json ("type": "module") whose modules import each other
// with relative `.js` paths: those resolve to the file beside the importer, an ES module. Everything else
// (the package itself, its dependencies, other packages) resolves as Node does.
import { registerHooks } from 'node:module';

const DRIZZLE = '/node_modules/drizzle-orm/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.includes(DRIZZLE))
      return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
    return nextResolve(specifier, context);
  },
});

// The workspace's layering as lint rules: domain ← db ← api ← demo (through @app/api/seeding only),
// domain ← site | admin-pwa, tests use anything. Each package lists the workspace packages it may
// import; every other one is refused by name (`@app/x`) and by a relative path into its sources
// (`../../x/src/…`), so a shortcut around the package name is caught too. Nothing imports the demo
// but the tests: the production API cannot load demo code. Two narrow doors: site and admin-pwa may
// import the API's `AppType` as a type (a typed `hc<AppType>` client), which loads no API code in the
// browser; demo reaches the API through its one seeding entry point (api/src/seeding.ts). Inside the API,
// services import neither hono nor the HTTP layer (http/, middleware/, routes/).
// See docs/decisions/075-layering-as-lint-rules.md.

const packages = ['domain', 'db', 'api', 'demo', 'site', 'admin-pwa', 'tests'];

/** Who may import whom (besides itself). */
const allowed = {
  domain: [],
  db: ['domain'],
  api: ['domain', 'db'],
  demo: ['domain', 'db'],
  site: ['domain'],
  'admin-pwa': ['domain'],
};

/** A package another may import through one module only: importer → { package: subpath }. */
const entryPoints = {
  demo: { api: 'seeding' },
};

const allowedNames = (from) => [
  ...allowed[from].map((p) => `@app/${p}`),
  ...Object.entries(entryPoints[from] ?? {}).map(([to, sub]) => `@app/${to}/${sub}`),
];

const why = (from, to) =>
  `Layering: ${from} may import only ${allowedNames(from).length ? allowedNames(from).join(', ') : 'no other workspace package'}, not @app/${to} (docs/decisions/075-layering-as-lint-rules.md).`;

/** The import paths by which `from` reaches `to`'s sources: the package name (but for an entry point) and a relative path. */
function refused(from, to) {
  const entry = entryPoints[from]?.[to];
  const byName = entry ? `^@app/${to}(?!/${entry}$)(/.*)?$` : `^@app/${to}(/.*)?$`;
  return [
    { regex: byName, message: why(from, to) },
    { regex: `^(\\.\\./)+${to}/src(/.*)?$`, message: why(from, to) },
  ];
}

function restrictions(from) {
  const forbidden = packages.filter((p) => p !== from && !allowed[from].includes(p));
  const typedClient = from === 'site' || from === 'admin-pwa';
  return {
    paths: typedClient
      ? [
          {
            name: '@app/api',
            allowImportNames: ['AppType'],
            message: `${why(from, 'api')} Only \`import type { AppType } from '@app/api'\` is allowed.`,
          },
        ]
      : [],
    patterns: forbidden.flatMap((to) =>
      // The typed client's one type import is handled by `paths` above; everything else from the API is refused here.
      typedClient && to === 'api'
        ? [
            { regex: `^@app/api/.+$`, message: why(from, to) },
            { regex: `^(\\.\\./)+api/src(/.*)?$`, message: why(from, to) },
          ]
        : refused(from, to),
    ),
  };
}

/**
 * Inside the API, services do the work and HTTP stays at the edge (issue 34): a service imports no web
 * framework and nothing of the HTTP layer (http/, middleware/, routes/); it answers a domain outcome
 * (services/refusal.ts) that the error handler maps to a status.
 */
const serviceMessage =
  'Layering: a service takes plain values and returns domain outcomes; HTTP stays in api/src/http, middleware and routes (docs/decisions/075-layering-as-lint-rules.md).';
const serviceRestrictions = () => {
  const api = restrictions('api');
  return {
    ...api,
    patterns: [
      ...api.patterns,
      { regex: '^(hono|@hono/[^/]+)(/.*)?$', message: `${serviceMessage} Not hono.` },
      { regex: '^(\\.\\./)+(http|middleware|routes)(/.*)?$', message: `${serviceMessage} Not the HTTP layer.` },
    ],
  };
};

export const layering = [
  ...Object.keys(allowed).map((from) => ({
    files: [`${from}/**/*.{js,mjs,ts,tsx,astro}`],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', restrictions(from)],
    },
  })),
  // A later block replaces the rule's options for these files: the API's own restrictions are kept.
  { files: ['api/src/services/**/*.{js,mjs,ts}'], rules: { '@typescript-eslint/no-restricted-imports': ['error', serviceRestrictions()] } },
];

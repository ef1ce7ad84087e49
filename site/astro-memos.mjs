// Build step (Vite plugin for the server bundle): work Astro repeats on every render although its result
// cannot change, remembered instead, and a page's text handed over without the copies between (issue #17).
// The build fails if a function is no longer where this expects it, so an Astro upgrade cannot silently
// drop a memo.
const MEMOS = [
  {
    // Astro hashes every inline script and style of a page for its Content-Security-Policy, through
    // crypto.subtle (a thread-pool job each). Their text comes from the build: the digests never change
    // (~3 % of an uncached render's CPU).
    name: 'generateCspDigest',
    file: /astro\/dist\/core\/encryption\.js$/,
    original: 'async function generateCspDigest(data, algorithm) {',
    memo: `const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + '\\0' + data;
  let digest = cspDigests.get(key);
  if (!digest) {
    digest = generateCspDigestOnce(data, algorithm);
    if (cspDigests.size < 256) cspDigests.set(key, digest);
  }
  return digest;
}
async function generateCspDigestOnce(data, algorithm) {`,
  },
  {
    // The module of the page a request asks for: Astro called the page's `import()` on every request, and
    // Node's loader resolved it anew each time (~1.5 % of an uncached listings render). A page's module
    // never changes in a built server; a failed import is tried again by the next request.
    name: 'page modules',
    file: /astro\/dist\/core\/environment\/production\.js$/,
    original: 'async function getModuleForRoute(',
    memo: `const pageModules = new WeakMap();
async function getModuleForRoute(`,
  },
  {
    name: 'page module',
    file: /astro\/dist\/core\/environment\/production\.js$/,
    original: '    return await importComponentInstance();',
    memo: `    let pageModule = pageModules.get(importComponentInstance);
    if (!pageModule) {
      pageModule = importComponentInstance();
      pageModules.set(importComponentInstance, pageModule);
      pageModule.catch(() => pageModules.delete(importComponentInstance));
    }
    return await pageModule;`,
  },
  {
    // The URL of a script, a stylesheet or an island's component, built from the build's paths with two
    // URL parses on every use: a page asks for about ten (~2 % of an uncached listings render).
    name: 'asset links',
    file: /astro\/dist\/core\/render\/ssr-element\.js$/,
    original: 'function createAssetLink(href, base, assetsPrefix, queryParams) {',
    memo: `const assetLinks = new Map();
function createAssetLink(href, base, assetsPrefix, queryParams) {
  if (queryParams || (assetsPrefix && typeof assetsPrefix !== 'string')) return createAssetLinkOnce(href, base, assetsPrefix, queryParams);
  const key = href + '\\0' + base + '\\0' + (assetsPrefix ?? '');
  let link = assetLinks.get(key);
  if (link === undefined) {
    link = createAssetLinkOnce(href, base, assetsPrefix, queryParams);
    if (assetLinks.size < 256) assetLinks.set(key, link);
  }
  return link;
}
function createAssetLinkOnce(href, base, assetsPrefix, queryParams) {`,
  },
  {
    // An island's id (its `uid` attribute) is a hash of its HTML and serialised props, walked character by
    // character in JavaScript: ~40 KB for the listings island, ~3.5 % of an uncached listings render. Nothing
    // on the page reads it (Astro's view transitions would, this site has none): the island's place among
    // the page's islands, with its component, names it as uniquely and stays the same for the same page.
    name: 'island id',
    file: /astro\/dist\/runtime\/server\/render\/component\.js$/,
    original: `const astroId = shorthash(
    \`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->
\${html}
\${serializeProps(
      props,
      metadata
    )}\`
  );`,
    memo: `const islandNumber = (result[Symbol.for('astro-memos.islands')] ?? 0) + 1;
  result[Symbol.for('astro-memos.islands')] = islandNumber;
  const astroId = shorthash(\`<!--\${metadata.componentExport.value}:\${metadata.componentUrl}-->\${islandNumber}\`);`,
  },
  {
    // A page rendered whole (no streaming) was encoded to bytes, which `new Response` copied, and the
    // node handler read them back through the response's stream: ~10 % of an uncached listings render.
    // The text now stays on the response (under a symbol), and the node handler below writes it as it
    // is: `end` encodes it once and sets its Content-Length. Its body is a stream that encodes the same text
    // only if something else reads it (a string body would be encoded at once by `new Response`, and
    // checked for lone surrogates on the way).
    name: 'page text',
    file: /astro\/dist\/runtime\/server\/render\/page\.js$/,
    original: `  if (!streaming && typeof body === "string") {
    body = encoder.encode(body);
    headers.set("Content-Length", body.byteLength.toString());
  }`,
    memo: `  const page = !streaming && typeof body === "string" ? { text: body } : undefined;
  if (page !== undefined) {
    body = new ReadableStream({ type: "bytes", pull(controller) { if (page.text !== undefined) controller.enqueue(encoder.encode(page.text)); controller.close(); } });
  }`,
  },
  {
    name: 'page text response',
    file: /astro\/dist\/runtime\/server\/render\/page\.js$/,
    original: `  if (status) {
    return new Response(body, { ...init, headers, status, statusText });
  } else {
    return new Response(body, { ...init, headers });
  }`,
    memo: `  const response = status ? new Response(body, { ...init, headers, status, statusText }) : new Response(body, { ...init, headers });
  if (page !== undefined) response[Symbol.for("astro-memos.page")] = page;
  return response;`,
  },
  {
    // The node handler writes a page's text (above) in one call, unless something read its body already,
    // and lets the text go: Astro's render state still reaches the response, and V8 keeps that state
    // until a full collection (decision 104).
    name: 'page text write',
    file: /astro\/dist\/core\/app\/node\.js$/,
    original: `  if (!body) return destination.end();`,
    memo: `  const page = source[Symbol.for("astro-memos.page")];
  if (page?.text !== undefined && !source.bodyUsed) {
    const { text } = page;
    page.text = undefined;
    return destination.end(text);
  }
  if (!body) return destination.end();`,
  },
  {
    // A request whose connection cannot close (a render thread's, api/src/render-worker.ts) gets no abort
    // signal: nothing could fire it, and undici registers every Request made with one in a
    // FinalizationRegistry, whose targets V8's young-generation collector keeps alive. Everything the
    // render reached from its request then lived until the next full collection: 8–20 MB moved to the old
    // generation per scavenge, scavenges of 10–40 ms (decision 104).
    name: 'request signal',
    file: /astro\/dist\/core\/app\/node\.js$/,
    original: `    headers: makeRequestHeaders(req),
    signal: controller.signal
  };`,
    memo: `    headers: makeRequestHeaders(req),
    ...(getRequestSocket(req) ? { signal: controller.signal } : {})
  };`,
  },
];

export default function astroMemos() {
  return {
    name: 'astro-memos',
    transform(code, id) {
      const path = id.split('?')[0];
      const memos = MEMOS.filter((m) => m.file.test(path));
      if (!memos.length) return undefined;
      for (const memo of memos) {
        if (!code.includes(memo.original)) this.error(`astro-memos: Astro's ${memo.name} changed shape in ${id}`);
        code = code.replaceAll(memo.original, () => memo.memo);
      }
      return { code, map: null };
    },
  };
}

// Build step (Vite plugin for the server bundle): work Astro repeats on every render although its result
// cannot change, remembered instead (issue #17). The build fails if a function is no longer where this
// expects it, so an Astro upgrade cannot silently drop a memo.
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
];

export default function astroMemos() {
  return {
    name: 'astro-memos',
    transform(code, id) {
      const path = id.split('?')[0];
      const memo = MEMOS.find((m) => m.file.test(path));
      if (!memo) return undefined;
      if (!code.includes(memo.original)) this.error(`astro-memos: Astro's ${memo.name} changed shape in ${id}`);
      return { code: code.replace(memo.original, memo.memo), map: null };
    },
  };
}

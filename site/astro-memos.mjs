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
    // An island's props are serialised twice per render, for its id and for its attribute, from the same
    // props object: the listings island's 20 KB of cards, twice (~3 % of an uncached listings render).
    name: 'serializeProps',
    file: /astro\/dist\/runtime\/server\/serialize\.js$/,
    original: 'function serializeProps(props, metadata) {',
    memo: `const serializedProps = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = serializedProps.get(props);
  if (serialized === undefined) serializedProps.set(props, (serialized = serializePropsOnce(props, metadata)));
  return serialized;
}
function serializePropsOnce(props, metadata) {`,
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

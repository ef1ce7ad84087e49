// Build step (Vite plugin for the server bundle): Astro hashes every inline script and style of a page
// for its Content-Security-Policy on every render, through crypto.subtle (a thread-pool job each). Their
// text comes from the build, so the digests never change: remember them (issue #17, ~3 % of an uncached
// render's CPU). The build fails if Astro's function is no longer where this expects it.
const FILE = /astro\/dist\/core\/encryption\.js$/;
const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';
const MEMO = `const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
  const key = algorithm + '\\0' + data;
  let digest = cspDigests.get(key);
  if (!digest) {
    digest = generateCspDigestOnce(data, algorithm);
    if (cspDigests.size < 256) cspDigests.set(key, digest);
  }
  return digest;
}
async function generateCspDigestOnce(data, algorithm) {`;

export default function cspDigestMemo() {
  return {
    name: 'csp-digest-memo',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0])) return undefined;
      if (!code.includes(ORIGINAL)) this.error(`csp-digest-memo: Astro's generateCspDigest changed shape in ${id}`);
      return { code: code.replace(ORIGINAL, MEMO), map: null };
    },
  };
}

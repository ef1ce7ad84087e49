// Astro asks each renderer whether it owns a component used in an .astro file, and React's answer is a
// throwaway render of that component (its body and hooks run once more, in a page of its own). A component
// that says whose it is skips the question: issue #17, a few per cent of every uncached render.
// Only the server asks, so components mark themselves on the server only, and the browser's bundle keeps
// neither the mark nor this module (issue #33: public JavaScript no larger):
//   if (import.meta.env.SSR) renderedByReact(ListingsBrowser);
const RENDERER = Symbol.for('astro:renderer');

/** Marks a React component rendered from .astro files as React's (returns it unchanged). */
export function renderedByReact<T extends (props: never) => unknown>(component: T): T {
  (component as unknown as Record<symbol, string>)[RENDERER] = '@astrojs/react';
  return component;
}

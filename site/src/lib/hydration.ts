// When the `client:idle` islands hydrate: at the first idle moment after the page has loaded, or after one second at
// the latest. Without a limit, a main thread that never idles (a slow phone, a loaded machine) left the page without
// its filters, search, toasts and popup: on a loaded test machine no island of a listings page had hydrated after
// 15 s, and none of their scripts had even been requested (issue 35).
export const IDLE_OR_WITHIN_A_SECOND = { timeout: 1000 };

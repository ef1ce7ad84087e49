// The Node flags the server process starts with: `node ${SERVER_NODE_FLAGS} api/src/server.ts`. Node takes
// them on its command line only (NODE_OPTIONS refuses them). Every launcher of this repository spreads this
// list (scripts/start.ts, scripts/dev.ts, tests/support/server.ts); the two that cannot import it, api's
// `start` script and the systemd unit in docs/operations.md, are checked against it by
// tests/house/server-flags.test.ts.

/**
 * V8 first collects a heap's old generation at 256 MB (decision 107). Left to V8, a server heap of 30–40 MB
 * sat within one young generation (~64 MB) of the limit where V8 starts a full collection, so under load each
 * thread marked its whole heap several times a second.
 */
export const OLD_SPACE_FLAG = '--initial-old-space-size=256';

export const SERVER_NODE_FLAGS: readonly string[] = [OLD_SPACE_FLAG];

// The version of the data behind the public pages, cheap enough to ask on every request: a counter of
// this process's own writes, plus the announced writes of every instance (the app_meta 'data_version'
// row of db/src/data-version.ts, on either engine), looked up at most once every `checkEveryMs` instead
// of on every cache hit.
export type DataVersion = {
  current: () => string;
  /** Call when this process writes (before and after the write: a page rendered meanwhile is stale). */
  written: () => void;
};

export function createVersion(otherCommits: () => string, { checkEveryMs = 5, now = performance.now.bind(performance) } = {}): DataVersion {
  let writes = 0;
  let commits = otherCommits();
  let checkedAt = now();
  let value = `${writes}:${commits}`;
  return {
    current() {
      const t = now();
      if (t - checkedAt >= checkEveryMs) {
        checkedAt = t;
        const latest = otherCommits();
        if (latest !== commits) {
          commits = latest;
          value = `${writes}:${commits}`;
        }
      }
      return value;
    },
    written() {
      writes++;
      value = `${writes}:${commits}`;
    },
  };
}

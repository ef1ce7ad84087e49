// Tells this process's page cache that an administrator's write changed what public pages show
// (middleware/announce-writes.ts); built at boot, listened to by the origin (http/origin.ts).
export type PageChanges = {
  changed(): void;
  subscribe(listener: () => void): void;
};

export function createPageChanges(): PageChanges {
  const listeners: (() => void)[] = [];
  return {
    changed: () => listeners.forEach((listener) => listener()),
    subscribe: (listener) => void listeners.push(listener),
  };
}

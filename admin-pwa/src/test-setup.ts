// Component tests: a real IndexedDB implementation in memory (fake-indexeddb) for Dexie, and a
// clean DOM after each test.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());

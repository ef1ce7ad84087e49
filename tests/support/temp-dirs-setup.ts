// A setup file of the projects whose tests make temporary folders (vitest.config.ts): it runs before each
// test file, also when a test process serves several files in turn (`isolate: false`), and registers on the
// file itself, first: hooks run in reverse order of registration (vitest's sequence.hooks 'stack'), so the
// folders the file made are removed after every hook of the file has stopped its servers.
import { afterAll } from 'vitest';
import { removeTestTempDirs } from './temp-dirs.ts';

afterAll(removeTestTempDirs);

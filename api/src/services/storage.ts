// Where uploaded files live: generated names under DATA_DIR (images/, documents/, tmp/), outside any
// served folder. A user-supplied name never becomes part of a path.
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import fs from 'node:fs';
import path from 'node:path';

const KEY = /^[a-f0-9]{32}$/;
const IMAGE_FILE = /^[a-z0-9-]{1,40}\.(webp|avif|jpg)$/;

export type Storage = ReturnType<typeof createStorage>;

/**
 * Temporary uploads are named after the process receiving them (machine, pid), so that an instance
 * starting on a shared DATA_DIR can tell another live process's upload from a dead one's leftover.
 */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);
const TEMP_NAME = /^([0-9a-f]{8})-(\d+)\./;

/** Who wrote a temporary file: this machine or another, and the process id. Undefined for other names. */
export function tempWriter(name: string): { sameHost: boolean; pid: number } | undefined {
  const match = TEMP_NAME.exec(name);
  return match ? { sameHost: match[1] === HOST, pid: Number(match[2]) } : undefined;
}

export function createStorage(dataDir: string) {
  const dirs = {
    images: path.join(dataDir, 'images'),
    documents: path.join(dataDir, 'documents'),
    tmp: path.join(dataDir, 'tmp'),
  };
  for (const dir of Object.values(dirs)) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

  return {
    dirs,
    newKey: () => randomBytes(16).toString('hex'),
    isKey: (key: string) => KEY.test(key),
    /** A fresh temporary file for an upload in progress (same file system as its destination: rename is atomic). */
    tempPath: () => path.join(dirs.tmp, `${HOST}-${process.pid}.${randomBytes(16).toString('hex')}.part`),
    imageDir(key: string) {
      if (!KEY.test(key)) throw new Error('invalid image key');
      return path.join(dirs.images, key);
    },
    /** The path of one image variant, or null when the name could not be one we generated. */
    imageFile(key: string, file: string) {
      if (!KEY.test(key) || !IMAGE_FILE.test(file)) return null;
      return path.join(dirs.images, key, file);
    },
    documentPath(key: string) {
      if (!KEY.test(key)) throw new Error('invalid document key');
      return path.join(dirs.documents, key);
    },
    removeImage(key: string) {
      if (KEY.test(key)) fs.rmSync(path.join(dirs.images, key), { recursive: true, force: true });
    },
    removeDocument(key: string) {
      if (KEY.test(key)) fs.rmSync(path.join(dirs.documents, key), { force: true });
    },
  };
}

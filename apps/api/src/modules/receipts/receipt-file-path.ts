import { dirname, resolve } from 'node:path';

/**
 * A stored receipt file name as an absolute path directly inside `receiptsDir`, where uploads put
 * theirs (`<id>.<ext>`); null for anything else (an absolute path elsewhere, `..`, a subfolder that
 * could be a link to anywhere): such a pointer is never served, read, exported or deleted. Callers
 * `lstat` the file itself, so a link in the folder is not followed either.
 */
export function containedReceiptPath(receiptsDir: string, storedPath: string): string | null {
  const root = resolve(receiptsDir);
  const path = resolve(root, storedPath);
  return dirname(path) === root ? path : null;
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PRIVATE_PREFIX, assertPublicKey, assertSafeKey, isPrivateKey, type Storage } from './storage';

/**
 * Files under `DATA_DIR/uploads`, served by the app at `/uploads/<key>`; `private/` keys under
 * `privateRoot` (`DATA_DIR/private`), outside the served folder.
 */
export function diskStorage(root: string, privateRoot: string, publicPrefix = '/uploads'): Storage {
  fs.mkdirSync(root, { recursive: true });
  const full = (key: string) => {
    assertSafeKey(key);
    return isPrivateKey(key) ? path.join(privateRoot, key.slice(PRIVATE_PREFIX.length)) : path.join(root, key);
  };
  // Write next to the target, then rename: readers see the old file or the whole new one.
  const atomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    const target = full(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await write(tmp);
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  };
  return {
    kind: 'disk',
    putFile: (key, localPath) =>
      atomically(key, async (tmp) => {
        try {
          await fs.promises.rename(localPath, tmp);
        } catch {
          await fs.promises.copyFile(localPath, tmp);
        }
      }),
    putBuffer: (key, body) => atomically(key, (tmp) => fs.promises.writeFile(tmp, body)),
    async localCopy(key) {
      return { path: full(key), release: async () => undefined };
    },
    async read(key): Promise<Readable> {
      return fs.createReadStream(full(key));
    },
    async exists(key) {
      return fs.promises.access(full(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
    url: (key) => {
      assertPublicKey(key);
      return `${publicPrefix}/${key}`;
    },
    keyOf: (url) => (url.startsWith(`${publicPrefix}/`) ? url.slice(publicPrefix.length + 1) : undefined),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const generated = new Map<string, VapidKeys>();

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or made once into DATA_DIR (browsers' push
 * subscriptions are bound to the public key, so it must not change between starts).
 */
export function vapidKeys(config: Config): VapidKeys {
  const { vapidPublicKey, vapidPrivateKey } = config.push;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
  const file = path.join(config.dataDir, 'vapid.json');
  const known = generated.get(file);
  if (known) return known;
  let keys: VapidKeys;
  if (fs.existsSync(file)) {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  } else {
    keys = webpush.generateVAPIDKeys();
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  generated.set(file, keys);
  return keys;
}

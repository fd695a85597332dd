import { Injectable } from '@nestjs/common';
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppConfig } from '../../config/app-config.js';
import { Database } from '../../database/database.js';
import { NotificationServiceStateEntity } from './notification.entities.js';
import type { VapidKeys } from './push-sender.js';

export const SERVICE_STATE_ID = 1;

interface StoredKeyPair {
  /** PKCS8 DER, base64url. */
  private_key: string;
  /** Uncompressed P-256 point, base64url. */
  public_key: string;
}

export function newKeyPair(): StoredKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x as string, 'base64url'), Buffer.from(jwk.y as string, 'base64url')]);
  return { private_key: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'), public_key: point.toString('base64url') };
}

function toVapidKeys(stored: StoredKeyPair): VapidKeys {
  const key = createPrivateKey({ key: Buffer.from(stored.private_key, 'base64url'), format: 'der', type: 'pkcs8' });
  return { publicKey: stored.public_key, privateKey: key.export({ format: 'jwk' }).d as string };
}

/**
 * The installation's VAPID key pair (P-256): generated on first use, stored sealed with the
 * installation key, and only its public half ever leaves the service.
 */
@Injectable()
export class VapidKeyStore {
  private readonly box: SecretBox;
  /** The keys of the stored row they were opened from: an erasure or a restore replaces the row. */
  private cached?: { sealed: string; keys: VapidKeys };

  constructor(
    config: AppConfig,
    private readonly database: Database,
  ) {
    this.box = new SecretBox(config.secret.key);
  }

  async keys(): Promise<VapidKeys> {
    const row = this.database.sqlite.prepare('SELECT vapid_key AS sealed FROM notification_service_state WHERE id = ?').get(SERVICE_STATE_ID) as { sealed: string | null } | undefined;
    if (row?.sealed && this.cached?.sealed === row.sealed) return this.cached.keys;
    const sealed = await this.load();
    this.cached = { sealed, keys: toVapidKeys(JSON.parse(this.box.open(sealed)) as StoredKeyPair) };
    return this.cached.keys;
  }

  /** The sealed key pair, made and stored first when there is none. */
  private load(): Promise<string> {
    return this.database.write(async (manager) => {
      const row = await manager.findOneBy(NotificationServiceStateEntity, { id: SERVICE_STATE_ID });
      if (row?.vapidKey) return row.vapidKey;
      const sealed = this.box.seal(JSON.stringify(newKeyPair()));
      await manager.save(NotificationServiceStateEntity, { id: SERVICE_STATE_ID, vapidKey: sealed, lastCheckedAt: row?.lastCheckedAt ?? null });
      return sealed;
    });
  }
}

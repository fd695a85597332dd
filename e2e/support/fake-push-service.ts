import { createECDH, createHash, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';

/** What a browser hands to `POST /notifications/subscriptions`, plus the private half only the "phone" knows. */
export interface FakeDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Status the push service answers for this device (201 by default): 404/410 = gone, 500 = try again. */
  status: number;
}

/** One message as the phone would show it, with what the push service saw on the wire. */
export interface ReceivedPush {
  deviceId: string;
  /** The decrypted JSON payload. */
  payload: { title: string; body: string; url: string; tag: string; kind: string; locale: string };
  ttl: number;
  urgency: string | undefined;
  /** The VAPID JWT claims (signature verified). */
  claims: { aud: string; exp: number; sub: string };
  /** What the push service answered. */
  status: number;
}

export interface FakePushService {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  /** A PEM file with the service's self-signed certificate, for the server's NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** Every request that passed VAPID and decryption, in order of arrival. */
  received: ReceivedPush[];
  /** Requests refused before decryption (bad VAPID, unknown device): their reason. */
  refused: string[];
  newDevice(): FakeDevice;
  messagesFor(device: FakeDevice): ReceivedPush[];
  close(): Promise<void>;
}

const b64 = (data: Buffer) => data.toString('base64url');

/** The application server's public key from the `k=` of the VAPID header, as a verifying key. */
function vapidPublicKey(k: string) {
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): ES256 over the JWT, audience = this origin, expiry within 24 h. */
function checkVapid(header: string | undefined, origin: string): ReceivedPush['claims'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization header (got "${header}")`);
  const [, jwt, k] = match;
  const [head, body, signature] = jwt.split('.');
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string; typ: string };
  if (header64.alg !== 'ES256') throw new Error(`JWT alg ${header64.alg}, expected ES256`);
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key: vapidPublicKey(k), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID JWT signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud}, expected ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`JWT exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Error(`JWT sub ${claims.sub} is not a mailto: or https: contact`);
  return claims;
}

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) with the device's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid of ${idLength} bytes, expected the 65-byte server key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A local Web Push service over https (self-signed certificate for 127.0.0.1) that behaves like
 * the real ones on the wire: it checks the VAPID JWT (ES256, audience = its origin), reads TTL and
 * Urgency, decrypts the aes128gcm body with the device's private key and answers 201, or the
 * status a test set on the device. Tests read what a phone would show.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const directory = mkdtempSync(join(tmpdir(), 'hinv-push-'));
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 7 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const caFile = join(directory, 'push-ca.pem');
  writeFileSync(caFile, pems.cert);

  const devices = new Map<string, FakeDevice & { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let origin = '';

  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([^/?#]+)$/.exec(request.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      const refuse = (status: number, reason: string) => {
        refused.push(reason);
        response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
      };
      if (request.method !== 'POST' || !device) return refuse(404, `unknown subscription ${request.url}`);
      let claims: ReceivedPush['claims'];
      let text: string;
      try {
        claims = checkVapid(request.headers.authorization, origin);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        text = decryptAes128gcm(Buffer.concat(chunks), { privateKey: device.privateKey, publicKey: device.publicKey, auth: device.authSecret });
      } catch (error) {
        return refuse(400, error instanceof Error ? error.message : String(error));
      }
      received.push({
        deviceId: device.id,
        payload: JSON.parse(text) as ReceivedPush['payload'],
        ttl: Number(request.headers.ttl),
        urgency: request.headers.urgency as string | undefined,
        claims,
        status: device.status,
      });
      response.writeHead(device.status, { 'content-type': 'text/plain' }).end(device.status < 300 ? '' : 'push service refused');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    caFile,
    received,
    refused,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const id = createHash('sha256').update(randomUUID()).digest('base64url').slice(0, 24);
      const device = { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(publicKey), auth: b64(authSecret) }, status: 201, privateKey: ecdh.getPrivateKey(), publicKey, authSecret };
      devices.set(id, device);
      return device;
    },
    messagesFor: (device) => received.filter((message) => message.deviceId === device.id),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

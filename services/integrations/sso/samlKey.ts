/**
 * Our SAML service provider's signing key (issue 33): an RSA key and a self-signed X.509 certificate
 * for it, which our SP metadata publishes and the IdP checks our AuthnRequests, LogoutRequests and
 * LogoutResponses against. Node makes keys but not certificates: the certificate is a small DER
 * structure (RFC 5280) written here and signed by node:crypto; Node's X509Certificate reads it back.
 */
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** A certificate of ours lasts ten years: the IdP pins it, and a new one needs every school's IdP told. */
export const SP_CERTIFICATE_YEARS = 10;

export interface ServiceProviderKey {
  /** PKCS#8 PEM; sealed at rest, never sent anywhere. */
  privateKeyPem: string;
  /** Base64 DER, as metadata carries it. */
  certificate: string;
}

const length = (n: number) => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const positiveInteger = (bytes: Buffer) => tlv(0x02, bytes[0] & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const objectId = (dotted: string) => {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
};
/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280, 4.1.2.5). */
const time = (date: Date) => {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
};
const SHA256_WITH_RSA = sequence(objectId('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
const commonName = (name: string) => sequence(set(sequence(objectId('2.5.4.3'), tlv(0x0c, Buffer.from(name, 'utf8')))));

/** A fresh RSA-2048 key and a self-signed certificate naming `name` (our entity id), valid from now. */
export function newServiceProviderKey(name: string, now = new Date()): ServiceProviderKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + SP_CERTIFICATE_YEARS);
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive, and minimal in DER (no leading zero byte)
  const subject = commonName(name.slice(0, 64)); // the X.520 upper bound of a common name
  const toBeSigned = sequence(
    tlv(0xa0, positiveInteger(Buffer.from([2]))), // v3
    positiveInteger(serial),
    SHA256_WITH_RSA,
    subject,
    sequence(time(new Date(now.getTime() - 60_000)), time(until)),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const der = sequence(toBeSigned, SHA256_WITH_RSA, tlv(0x03, Buffer.from([0]), signature));
  const certificate = new X509Certificate(der); // reads it back: a malformed structure throws here, not at an IdP
  if (!certificate.verify(publicKey)) throw new Error('The new SAML certificate does not verify with its own key.');
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate: der.toString('base64') };
}

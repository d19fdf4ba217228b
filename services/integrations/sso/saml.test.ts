import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { fetchIdpMetadata, parseIdpMetadata, SamlMetadataError, serviceProviderMetadata } from './saml';

const METADATA = readFileSync(join(import.meta.dirname, 'fixtures/idp-metadata.xml'), 'utf8');
const refused = (work: () => unknown, pattern: RegExp) =>
  assert.throws(work, (e: Error) => e instanceof SamlMetadataError && pattern.test(e.message));

describe('SAML IdP metadata, read on save', () => {
  it('reads the entity id, the HTTP-Redirect single sign-on address and the signing certificate', () => {
    const idp = parseIdpMetadata(METADATA);
    assert.equal(idp.entityId, 'https://idp.uni.example/realms/school');
    assert.equal(idp.ssoUrl, 'https://idp.uni.example/realms/school/protocol/saml');
    assert.equal(idp.signingCertificates.length, 1);
    assert.match(idp.signingCertificates[0], /^MII[A-Za-z0-9+/=]+$/);
  });

  it('refuses what is not an IdP metadata document, with a sentence saying why', () => {
    refused(() => parseIdpMetadata('<html><body>Sign in</body></html>'), /not the SAML 2.0 metadata of an identity provider/);
    refused(() => parseIdpMetadata('not xml at all <'), /not the SAML 2.0 metadata/);
    refused(
      () => parseIdpMetadata(METADATA.replace('IDPSSODescriptor', 'SPSSODescriptor').replace('IDPSSODescriptor', 'SPSSODescriptor')),
      /not the SAML 2.0/,
    );
    refused(
      () => parseIdpMetadata(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${METADATA.replace(/^<\?xml[^>]*>/, '')}`),
      /DOCTYPE/,
    );
    refused(() => parseIdpMetadata(METADATA.replace(/entityID="[^"]*"/, '')), /no entityID/);
    refused(() => parseIdpMetadata(METADATA.replace(/<md:SingleSignOnService Binding="[^"]*HTTP-Redirect"[^>]*>/, '')), /HTTP-Redirect/);
  });

  it('refuses metadata without a signing certificate, or with one that is not a certificate', () => {
    refused(() => parseIdpMetadata(METADATA.replace(/<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/, '')), /no signing certificate/);
    refused(() => parseIdpMetadata(METADATA.replace('use="signing"', 'use="encryption"')), /no signing certificate/);
    refused(
      () => parseIdpMetadata(METADATA.replace(/<ds:X509Certificate>[^<]*</, '<ds:X509Certificate>bm90IGEgY2VydA==<')),
      /not a readable X\.509/,
    );
  });

  it('our SP metadata names our entity id, the ACS and the email NameID format', () => {
    const xml = serviceProviderMetadata({
      entityId: 'https://tertulia.example/api/sso/saml/metadata',
      acsUrl: 'https://tertulia.example/api/sso/saml/acs',
    });
    assert.match(xml, /entityID="https:\/\/tertulia.example\/api\/sso\/saml\/metadata"/);
    assert.match(xml, /AssertionConsumerService[^>]*Location="https:\/\/tertulia.example\/api\/sso\/saml\/acs"/);
    assert.match(xml, /urn:oasis:names:tc:SAML:1\.1:nameid-format:emailAddress/);
    assert.match(xml, /WantAssertionsSigned="true"/);
  });
});

describe('SAML IdP metadata fetched by URL', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/metadata') res.end(METADATA);
      else if (req.url === '/huge') res.end('x'.repeat(300_000));
      else res.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches it, and says what failed when it cannot', async () => {
    assert.equal(parseIdpMetadata(await fetchIdpMetadata(`${base}/metadata`)).entityId, 'https://idp.uni.example/realms/school');
    await assert.rejects(fetchIdpMetadata(`${base}/missing`), /answered 404/);
    await assert.rejects(fetchIdpMetadata(`${base}/huge`), /larger than/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(fetchIdpMetadata(`http://127.0.0.1:${port}/metadata`), /could not fetch the metadata/);
  });
});

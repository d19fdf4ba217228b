import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { sayIn } from '../../i18n/translate';
import { DomainError } from '../shared/errors';
import { SsoMessages, checkProviderInput, decideSchoolSignIn, domainOf, issuerProblem, providerForAddress, roleFromClaims } from './rules';

const input = {
  kind: 'OIDC' as 'OIDC' | 'SAML',
  samlMetadataUrl: null as string | null,
  samlMetadataXml: null as string | null,
  displayName: 'Universidad de Ejemplo',
  issuer: 'https://idp.uni.example/realms/school',
  clientId: 'tertulia',
  clientSecret: 'secret',
  scopes: 'openid email profile',
  domains: ['uni.example'],
  instructorClaimName: null,
  instructorClaimValue: null,
  passwordSignInAllowed: true,
};

const fieldsOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return error.fields ?? {};
  }
  assert.fail('expected a refusal');
};

describe('single sign-on rules', () => {
  it('matches an address to the provider covering its exact domain, case-insensitively', () => {
    const providers = [
      { id: 'a', domains: ['uni.example'] },
      { id: 'b', domains: ['other.example', 'college.example'] },
    ];
    assert.equal(providerForAddress(' Ana@UNI.example ', providers)?.id, 'a');
    assert.equal(providerForAddress('ana@college.example', providers)?.id, 'b');
    assert.equal(providerForAddress('ana@mail.uni.example', providers), null);
    assert.equal(providerForAddress('ana@example.com', providers), null);
    assert.throws(() => providerForAddress('not an address', providers), DomainError);
    assert.equal(domainOf('x@Uni.Example'), 'uni.example');
  });

  it('gives students by default, instructors only when the configured claim carries the configured value', () => {
    const claim = { name: 'tertulia_role', value: 'instructor' };
    assert.equal(roleFromClaims({ tertulia_role: 'instructor' }, null), 'STUDENT');
    assert.equal(roleFromClaims({ tertulia_role: 'instructor' }, claim), 'INSTRUCTOR');
    assert.equal(roleFromClaims({ tertulia_role: ['staff', 'instructor'] }, claim), 'INSTRUCTOR');
    assert.equal(roleFromClaims({ tertulia_role: 'Instructor' }, claim), 'STUDENT');
    assert.equal(roleFromClaims({ tertulia_role: true }, claim), 'STUDENT');
    assert.equal(roleFromClaims({}, claim), 'STUDENT');
  });

  it('creates, links or signs in only with a verified address inside the provider domains', () => {
    const provider = { providerId: 'p', domains: ['uni.example'] };
    const verified = { subject: 's1', emailAddress: 'Ana@uni.example', emailVerified: true };
    assert.deepEqual(decideSchoolSignIn(verified, provider, null), { kind: 'created', emailAddress: 'ana@uni.example' });
    assert.deepEqual(decideSchoolSignIn(verified, provider, { accountId: 'a1', linkedSubject: null }), { kind: 'linked', accountId: 'a1' });
    assert.deepEqual(decideSchoolSignIn(verified, provider, { accountId: 'a1', linkedSubject: 's1' }), {
      kind: 'signed_in',
      accountId: 'a1',
    });
    const refusal = (identity: typeof verified | { subject: string; emailAddress: string | null; emailVerified: unknown }, owner = null) =>
      assert.throws(() => decideSchoolSignIn(identity, provider, owner), DomainError);
    refusal({ ...verified, emailVerified: false });
    refusal({ ...verified, emailVerified: 'true' });
    refusal({ ...verified, emailVerified: undefined });
    refusal({ ...verified, emailAddress: null });
    refusal({ ...verified, emailAddress: 'ana@other.example' });
    assert.throws(
      () => decideSchoolSignIn(verified, provider, { accountId: 'a1', linkedSubject: 'someone-else' }),
      (e: DomainError) => e.message === SsoMessages.subjectMismatch,
    );
  });

  it('accepts https issuers, and http only on this machine', () => {
    assert.equal(issuerProblem('https://idp.uni.example/realms/school'), null);
    assert.equal(issuerProblem('http://127.0.0.1:8080/realms/school'), null);
    assert.equal(issuerProblem('http://idp.uni.example/realms/school'), SsoMessages.issuerInvalid);
    assert.equal(issuerProblem('https://idp.uni.example/?x=1'), SsoMessages.issuerInvalid);
    assert.equal(issuerProblem('not a url'), SsoMessages.issuerInvalid);
  });

  it('normalizes settings and names every bad field', () => {
    const checked = checkProviderInput(
      {
        ...input,
        domains: ['@Uni.Example', 'uni.example'],
        scopes: ' openid  email ',
        instructorClaimName: 'r',
        instructorClaimValue: 'i',
      },
      { secretRequired: true },
    );
    assert.deepEqual(checked.domains, ['uni.example']);
    assert.deepEqual(checked.scopes, ['openid', 'email']);
    assert.deepEqual(checked.instructorClaim, { name: 'r', value: 'i' });
    assert.deepEqual(
      Object.keys(
        fieldsOf(() =>
          checkProviderInput(
            {
              ...input,
              displayName: 'a\u0000b',
              issuer: 'ftp://x',
              clientId: ' ',
              clientSecret: null,
              scopes: 'email',
              domains: ['not a domain'],
              instructorClaimName: 'role',
            },
            { secretRequired: true },
          ),
        ),
      ).sort(),
      ['clientId', 'clientSecret', 'displayName', 'domains', 'instructorClaimName', 'issuer', 'scopes'],
    );
    assert.equal(checkProviderInput({ ...input, clientSecret: null }, { secretRequired: false }).clientSecret, null);
    assert.equal(
      fieldsOf(() => checkProviderInput({ ...input, displayName: 'x'.repeat(101) }, { secretRequired: true })).displayName,
      'The display name can have at most 100 characters.',
    );
    try {
      checkProviderInput(
        { ...input, clientId: ' ', instructorClaimName: 'x'.repeat(101), instructorClaimValue: 'v' },
        { secretRequired: true },
      );
      assert.fail('expected a refusal');
    } catch (error) {
      assert.ok(error instanceof DomainError && error.fieldsSaid);
      assert.equal(error.fields?.clientId, 'The client id is required.');
      assert.equal(sayIn('es', error.fieldsSaid.clientId), 'ID de cliente: es obligatorio.');
      assert.equal(
        sayIn('fr', error.fieldsSaid.instructorClaimName),
        'Nom de la revendication enseignant : peut contenir au plus 100 caractères.',
      );
    }
    assert.ok(fieldsOf(() => checkProviderInput({ ...input, domains: [] }, { secretRequired: true })).domains);
  });

  it('a SAML provider needs its metadata (a URL or the XML, one of the two) and no OIDC settings', () => {
    const saml = { ...input, kind: 'SAML' as const, issuer: '', clientId: '', clientSecret: null, scopes: '' };
    const checked = checkProviderInput({ ...saml, samlMetadataUrl: ' https://idp.uni.example/metadata ' }, { secretRequired: true });
    assert.deepEqual(checked.samlMetadata, { url: 'https://idp.uni.example/metadata' });
    assert.equal(checked.clientSecret, null);
    assert.deepEqual(checked.scopes, []);
    assert.deepEqual(checkProviderInput({ ...saml, samlMetadataXml: '<x/>' }, { secretRequired: true }).samlMetadata, { xml: '<x/>' });
    assert.equal(fieldsOf(() => checkProviderInput(saml, { secretRequired: true })).samlMetadata, SsoMessages.metadataRequired);
    const both = { ...saml, samlMetadataUrl: 'https://idp.uni.example/metadata', samlMetadataXml: '<x/>' };
    assert.equal(fieldsOf(() => checkProviderInput(both, { secretRequired: true })).samlMetadata, SsoMessages.metadataRequired);
    for (const url of [
      'http://idp.uni.example/metadata',
      'not a url',
      `https://idp.uni.example/${'x'.repeat(500)}`,
      'https://a.example/\u0000',
    ]) {
      assert.ok(fieldsOf(() => checkProviderInput({ ...saml, samlMetadataUrl: url }, { secretRequired: true })).samlMetadata, url);
    }
  });
});

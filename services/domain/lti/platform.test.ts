import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { DomainError } from '../shared/errors';
import { assertDomainError, deciderSpec } from '../shared/spec';
import type { LtiPlatformEvent, PlatformSettings } from './events';
import {
  PlatformMessages,
  checkPlatformSettings,
  decideChangePlatform,
  decideRegisterPlatform,
  evolvePlatform,
  initialPlatform,
} from './platform';

const ctx = { now: new Date('2026-11-28T12:00:00Z'), actor: { accountId: 'admin', roles: ['ADMIN'] } };
const settings: PlatformSettings = {
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  clientId: '10000000000001',
  deploymentIds: ['1:abc'],
  authLoginUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  accessTokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
  jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
};
const spec = deciderSpec<ReturnType<typeof initialPlatform>, LtiPlatformEvent>(evolvePlatform, initialPlatform);
const registered: LtiPlatformEvent = { type: 'LtiPlatformRegistered', data: { platformId: 'p1', ...settings } };

const fieldsOf = (input: PlatformSettings) => {
  try {
    checkPlatformSettings(input);
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return error.fields ?? {};
  }
  assert.fail('the settings were accepted');
};

describe('LTI platform settings', () => {
  it('trims, drops blank deployment lines and accepts https (http only on a loopback host)', () => {
    const checked = checkPlatformSettings({ ...settings, name: '  Canvas ', deploymentIds: [' 1:abc ', '', '  '] });
    assert.equal(checked.name, 'Canvas');
    assert.deepEqual(checked.deploymentIds, ['1:abc']);
    assert.equal(checkPlatformSettings({ ...settings, jwksUrl: 'http://127.0.0.1:8080/jwks' }).jwksUrl, 'http://127.0.0.1:8080/jwks');
  });
  it('names each failing field: plain http, not a URL, NUL, lengths, deployments', () => {
    const fields = fieldsOf({
      ...settings,
      name: '',
      issuer: 'http://lms.example',
      clientId: 'a\u0000b',
      deploymentIds: ['x', 'x'],
      authLoginUrl: 'not a url',
      jwksUrl: `https://lms.example/${'k'.repeat(2000)}`,
    });
    assert.deepEqual(Object.keys(fields).sort(), ['authLoginUrl', 'clientId', 'deploymentIds', 'issuer', 'jwksUrl', 'name']);
    assert.match(fields.issuer, /https:\/\//);
    assert.match(fields.clientId, /NUL/);
    assert.equal(fields.deploymentIds, PlatformMessages.duplicateDeployment);
    assert.equal(fieldsOf({ ...settings, deploymentIds: [] }).deploymentIds, PlatformMessages.noDeployment);
    assert.equal(
      fieldsOf({ ...settings, deploymentIds: Array.from({ length: 21 }, (_, i) => `d${i}`) }).deploymentIds,
      PlatformMessages.tooManyDeployments,
    );
  });
});

describe('LTI platform decider', () => {
  it('registers once', () => {
    spec
      .given([])
      .when((s) => decideRegisterPlatform(s, { platformId: 'p1', settings }, ctx))
      .then([registered]);
    spec
      .given([registered])
      .when((s) => decideRegisterPlatform(s, { platformId: 'p1', settings }, ctx))
      .thenThrows('CONFLICT');
  });
  it('changes the name, deployments and URLs, keeps the issuer and client id, and says when nothing changed', () => {
    const { issuer: _i, clientId: _c, ...rest } = settings;
    spec
      .given([registered])
      .when((s) => decideChangePlatform(s, { settings: { ...rest, deploymentIds: ['1:abc', '2:def'] } }, ctx))
      .then([{ type: 'LtiPlatformChanged', data: { platformId: 'p1', ...settings, deploymentIds: ['1:abc', '2:def'] } }]);
    spec
      .given([registered])
      .when((s) => decideChangePlatform(s, { settings: rest }, ctx))
      .then([]);
    assertDomainError(() => decideChangePlatform(initialPlatform(), { settings: rest }, ctx), 'NOT_FOUND');
  });
});

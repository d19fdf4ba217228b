import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { hashToken } from '../../security/tokens';
import { AGS_LINE_ITEM_SCOPE, CLAIM, LaunchRefused, checkLaunchClaims, mapLtiRoles } from './claims';

const LIS = 'http://purl.imsglobal.org/vocab/lis/v2';
const expected = { clientId: 'tool-1', nonceHash: hashToken('n-1'), deploymentIds: ['dep-1'] };
const claims = (extra: Record<string, unknown> = {}) => ({
  iss: 'https://lms.example',
  aud: 'tool-1',
  sub: 'user-1',
  iat: 1_700_000_000,
  exp: 1_700_000_600,
  nonce: 'n-1',
  email: 'ana@school.example',
  [CLAIM.deploymentId]: 'dep-1',
  [CLAIM.messageType]: 'LtiResourceLinkRequest',
  [CLAIM.version]: '1.3.0',
  [CLAIM.roles]: [`${LIS}/membership#Learner`],
  [CLAIM.resourceLink]: { id: 'rl-1' },
  [CLAIM.custom]: { course_id: 'c-1' },
  ...extra,
});
const refusal = (c: Record<string, unknown>) => {
  try {
    checkLaunchClaims(c, expected);
  } catch (error) {
    assert.ok(error instanceof LaunchRefused);
    return error.reason;
  }
  assert.fail('the launch was accepted');
};

describe('LTI role mapping', () => {
  it('maps Learner to student and Instructor (and its sub-roles) to instructor, the instructor winning', () => {
    assert.equal(mapLtiRoles([`${LIS}/membership#Learner`]), 'STUDENT');
    assert.equal(mapLtiRoles([`${LIS}/membership#Instructor`]), 'INSTRUCTOR');
    assert.equal(mapLtiRoles([`${LIS}/membership/Instructor#TeachingAssistant`]), 'INSTRUCTOR');
    assert.equal(mapLtiRoles([`${LIS}/membership#Learner`, `${LIS}/membership#Instructor`]), 'INSTRUCTOR');
    assert.equal(mapLtiRoles(['Learner']), 'STUDENT');
  });
  it('gives nothing for institution and system roles: no LMS role makes an admin', () => {
    assert.equal(mapLtiRoles([`${LIS}/institution/person#Instructor`]), null);
    assert.equal(mapLtiRoles([`${LIS}/system/person#Administrator`, `${LIS}/membership#Mentor`]), null);
    assert.equal(mapLtiRoles(['https://evil.example/membership#Instructor']), null);
  });
});

describe('LTI launch claims', () => {
  it('accepts a resource link launch and reads what the tool needs', () => {
    const launch = checkLaunchClaims(claims(), expected);
    assert.equal(launch.role, 'STUDENT');
    assert.equal(launch.resourceLinkId, 'rl-1');
    assert.equal(launch.email, 'ana@school.example');
    assert.deepEqual(launch.custom, { course_id: 'c-1' });
    assert.equal(launch.membershipsUrl, null);
  });
  it('reads the roster service’s URL only when it is one we would call', () => {
    const nrps = (url: string) =>
      checkLaunchClaims(claims({ [CLAIM.namesRoles]: { context_memberships_url: url } }), expected).membershipsUrl;
    assert.equal(nrps('https://lms.example/api/lti/courses/1/names_and_roles'), 'https://lms.example/api/lti/courses/1/names_and_roles');
    assert.equal(nrps('http://internal.example/admin'), null);
    assert.equal(nrps('file:///etc/passwd'), null);
  });
  it('reads the line items URL only with the line item scope granted and a URL we would call', () => {
    const ags = (endpoint: Record<string, unknown>) => checkLaunchClaims(claims({ [CLAIM.gradeService]: endpoint }), expected).lineItemsUrl;
    const url = 'https://lms.example/api/lti/courses/1/line_items';
    assert.equal(ags({ lineitems: url, scope: [AGS_LINE_ITEM_SCOPE] }), url);
    assert.equal(ags({ lineitems: url, scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'] }), null);
    assert.equal(ags({ lineitems: 'http://internal.example/items', scope: [AGS_LINE_ITEM_SCOPE] }), null);
    assert.equal(checkLaunchClaims(claims(), expected).lineItemsUrl, null);
  });
  it('refuses a wrong nonce, an unknown deployment, another message type or version', () => {
    assert.equal(refusal(claims({ nonce: 'other' })), 'nonce');
    assert.equal(refusal(claims({ [CLAIM.deploymentId]: 'dep-2' })), 'deployment');
    assert.equal(refusal(claims({ [CLAIM.messageType]: 'LtiSubmissionReviewRequest' })), 'messageType');
    assert.equal(refusal(claims({ [CLAIM.version]: '1.1' })), 'version');
  });
  it('checks azp when there are several audiences or an azp at all', () => {
    assert.equal(refusal(claims({ aud: ['tool-1', 'other'] })), 'audience');
    assert.equal(refusal(claims({ aud: ['tool-1', 'other'], azp: 'other' })), 'audience');
    assert.equal(checkLaunchClaims(claims({ aud: ['tool-1', 'other'], azp: 'tool-1' }), expected).subject, 'user-1');
  });
  it('refuses a launch with no subject, no role we map, or no resource link', () => {
    assert.equal(refusal(claims({ sub: '' })), 'subject');
    assert.equal(refusal(claims({ [CLAIM.roles]: [`${LIS}/membership#Mentor`] })), 'role');
    assert.equal(refusal(claims({ [CLAIM.resourceLink]: undefined })), 'resourceLink');
  });
  it('takes a deep-linking request from an instructor only, with its return URL', () => {
    const deepLinking = {
      [CLAIM.messageType]: 'LtiDeepLinkingRequest',
      [CLAIM.resourceLink]: undefined,
      [CLAIM.deepLinkingSettings]: { deep_link_return_url: 'https://lms.example/dl', data: 'opaque' },
    };
    assert.equal(refusal(claims(deepLinking)), 'deepLinkingRole');
    const launch = checkLaunchClaims(claims({ ...deepLinking, [CLAIM.roles]: [`${LIS}/membership#Instructor`] }), expected);
    assert.deepEqual(launch.deepLinking, { returnUrl: 'https://lms.example/dl', data: 'opaque' });
    assert.equal(
      refusal(claims({ ...deepLinking, [CLAIM.roles]: [`${LIS}/membership#Instructor`], [CLAIM.deepLinkingSettings]: {} })),
      'deepLinkingSettings',
    );
  });
  it('drops claims with NUL or past their length instead of keeping them', () => {
    const launch = checkLaunchClaims(claims({ given_name: 'A\u0000', [CLAIM.custom]: { course_id: 'x'.repeat(501) } }), expected);
    assert.equal(launch.givenName, null);
    assert.deepEqual(launch.custom, {});
  });
});

/**
 * The test identity provider's school realm (scripts/keycloak/realm-school.json): its name, the
 * client Tertulia signs in with, and the people in it, as tests sign in as them.
 */
import { join } from 'node:path';

export const REALM = 'school';
/** The realm file's client for Tertulia and the accounts it holds (tests sign in as them). */
export const KEYCLOAK_CLIENT = { clientId: 'tertulia', clientSecret: 'tertulia-test-client-secret' } as const;
export const KEYCLOAK_USERS = {
  student: { username: 'student', emailAddress: 'student@uni.example', password: 'Student-Keycloak-1' },
  instructor: { username: 'instructor', emailAddress: 'instructor@uni.example', password: 'Instructor-Keycloak-1' },
  linked: { username: 'linked', emailAddress: 'linked@uni.example', password: 'Linked-Keycloak-1' },
  unverified: { username: 'unverified', emailAddress: 'unverified@uni.example', password: 'Unverified-Keycloak-1' },
} as const;
/** The realm's people of the SAML school (another domain: each domain has one provider). */
export const KEYCLOAK_SAML_USERS = {
  student: { username: 'samlstudent', emailAddress: 'samlstudent@college.example', password: 'SamlStudent-Keycloak-1' },
  instructor: { username: 'samlinstructor', emailAddress: 'samlinstructor@college.example', password: 'SamlInstructor-Keycloak-1' },
} as const;
/** The name of the SAML client's IdP-initiated sign-in (…/protocol/saml/clients/<name>): an unsolicited response. */
export const SAML_IDP_INITIATED_NAME = 'tertulia';
/** The claim the realm puts in the instructor's ID token (a user attribute mapped to a claim). */
export const INSTRUCTOR_CLAIM = { name: 'tertulia_role', value: 'instructor' } as const;
/** The realm as Keycloak's admin API takes it. */
export const REALM_FILE = join(import.meta.dirname, 'realm-school.json');

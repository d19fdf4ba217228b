import type { ProfileFields } from '../../../contracts/validation/profile';
import type { DomainEvent } from '../shared/decider';

/**
 * Events of the people context. Stream: profile-<accountId> (one per account; the account stream
 * stays identity's). A ProfileChanged carries only the fields that changed (null: cleared).
 */
export type ProfileChanged = DomainEvent<'ProfileChanged', { accountId: string; changes: Partial<ProfileFields> }>;
/**
 * A new headshot was stored (already re-encoded by the server): the storage key, never the
 * uploaded name. The URL is the storage's URL for the key, so it follows the storage configuration.
 */
export type HeadshotUploaded = DomainEvent<
  'HeadshotUploaded',
  {
    accountId: string;
    key: string;
    contentType: string;
    width: number;
    height: number;
    bytes: number;
  }
>;

/**
 * On the profile stream, beside identity's RolesChanged in the same append: the profile met the
 * role's onboarding requirements at this version (so a change racing onboardAccount makes it decide
 * again).
 */
export type OnboardingCompleted = DomainEvent<'OnboardingCompleted', { accountId: string; role: 'SPEAKER' | 'STUDENT' | 'INSTRUCTOR' }>;

export type ProfileEvent = ProfileChanged | HeadshotUploaded | OnboardingCompleted;

export const streams = {
  profile: (accountId: string) => `profile-${accountId}`,
};

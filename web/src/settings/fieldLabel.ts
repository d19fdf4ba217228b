import type { ProfileField } from '../../../contracts/validation/profile';
import type { MessageId } from '../i18n/catalog';

/** A profile field's label (`profile.field.<field>`), in the settings and the onboarding steps alike. */
export const fieldLabel = (field: ProfileField): MessageId => `profile.field.${field}`;

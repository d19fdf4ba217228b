import { RESOURCE_ICONS } from '../resourceIcons';
import { IdentityProviderCreate } from './IdentityProviderCreate';
import { IdentityProviderEdit } from './IdentityProviderEdit';
import { IdentityProviderList } from './IdentityProviderList';

/** Schools' identity providers (issue 33): the table, a new provider, and a provider's page to edit it. */
export default {
  list: IdentityProviderList,
  create: IdentityProviderCreate,
  edit: IdentityProviderEdit,
  icon: RESOURCE_ICONS.identityProviders,
};

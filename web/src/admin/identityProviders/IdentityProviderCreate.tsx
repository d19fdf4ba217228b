/** /admin/identity_providers/create: a school's new identity provider (issue 33). */
import { useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import type { AdminDataProvider } from '../dataProvider';
import { IdentityProviderForm } from './IdentityProviderForm';

const EMPTY = {
  kind: 'OIDC' as const,
  saml: null,
  displayName: '',
  issuer: '',
  clientId: '',
  scopes: ['openid', 'email', 'profile'],
  domains: [],
  instructorClaim: null,
  passwordSignInAllowed: true,
};

export function IdentityProviderCreate() {
  const t = useT();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  return (
    <Page title={t('admin.identityProviders.new')}>
      <IdentityProviderForm
        initial={EMPTY}
        secretSet={false}
        submitLabel={t('admin.identityProviders.create')}
        onCancel={() => navigate('/admin/identity_providers')}
        onSubmit={async (input) => {
          const { identityProvider } = await dataProvider.saveIdentityProvider(input);
          notifySuccess(t('admin.identityProviders.created'));
          navigate(`/admin/identity_providers/${encodeURIComponent(identityProvider.id)}`);
        }}
      />
    </Page>
  );
}

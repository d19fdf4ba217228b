/**
 * /admin/identity_providers/:id: a provider's facts (the redirect URI to register at the IdP, when
 * its secret was set) and its settings to edit (issue 33).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDataProvider, useGetOne } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { FactsTable } from '../../components/FactsTable';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import type { AdminDataProvider } from '../dataProvider';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { useAdminTime } from '../zone';
import { IdentityProviderForm, type IdentityProviderValues } from './IdentityProviderForm';

interface IdentityProviderRecord extends Omit<IdentityProviderValues, 'saml'> {
  id: string;
  saml: {
    metadataUrl: string | null;
    entityId: string;
    ssoUrl: string;
    certificateValidUntil: string;
    serviceProviderEntityId: string;
    assertionConsumerServiceUrl: string;
  } | null;
  clientSecretSetAt: string;
  redirectUri: string;
  createdAt: string;
  updatedAt: string;
}

export function IdentityProviderEdit() {
  const t = useT();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const navigate = useNavigate();
  const format = useAdminTime();
  const { data, error, isPending, refetch } = useGetOne<IdentityProviderRecord>('identity_providers', { id });
  return (
    <ShowFrame
      record={{ data, error, isPending }}
      what={t('admin.identityProviders.what')}
      list={{ path: '/admin/identity_providers', label: t('admin.identityProviders.title') }}
      crumb={(provider) => provider.displayName}
      title={(provider) => provider.displayName}
    >
      {(provider) => (
        <Stack spacing={3}>
          <FactsTable
            rows={
              provider.saml
                ? [
                    [t('admin.identityProviders.idpEntityId'), provider.saml.entityId],
                    [t('admin.identityProviders.idpSsoUrl'), provider.saml.ssoUrl],
                    [t('admin.identityProviders.certificateValidUntil'), format(provider.saml.certificateValidUntil)],
                    [t('admin.identityProviders.spEntityId'), provider.saml.serviceProviderEntityId],
                    [t('admin.identityProviders.acsUrl'), provider.saml.assertionConsumerServiceUrl],
                    [t('admin.identityProviders.updatedAt'), format(provider.updatedAt)],
                  ]
                : [
                    [t('admin.identityProviders.redirectUri'), provider.redirectUri],
                    [t('admin.identityProviders.secretSetAt'), format(provider.clientSecretSetAt)],
                    [t('admin.identityProviders.updatedAt'), format(provider.updatedAt)],
                  ]
            }
          />
          {provider.saml && (
            <div>
              <Button variant="outlined" href={provider.saml.serviceProviderEntityId} download="tertulia-saml-metadata.xml">
                {t('admin.identityProviders.downloadSpMetadata')}
              </Button>
            </div>
          )}
          <ShowSection id="identity-provider-settings" title={t('admin.identityProviders.settings')}>
            <IdentityProviderForm
              key={provider.updatedAt}
              initial={provider}
              secretSet={!!provider.clientSecretSetAt && !provider.saml}
              submitLabel={t('admin.identityProviders.save')}
              onCancel={() => navigate('/admin/identity_providers')}
              onSubmit={async (input) => {
                const { changed } = await dataProvider.saveIdentityProvider({ ...input, identityProviderId: provider.id });
                notifySuccess(t(changed ? 'admin.identityProviders.saved' : 'admin.identityProviders.unchanged'));
                await refetch();
              }}
            />
          </ShowSection>
        </Stack>
      )}
    </ShowFrame>
  );
}

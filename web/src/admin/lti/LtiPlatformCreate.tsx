/** /admin/lti_platforms/create: register a platform (issue 33); the server fetches its JWKS URL before saving. */
import { useMutation } from '@apollo/client';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { LtiPlatformForm } from './LtiPlatformForm';
import { REGISTER_LTI_PLATFORM } from './operations';
import { ToolUrls } from './ToolUrls';

const EMPTY = { name: '', issuer: '', clientId: '', deploymentIds: [], authLoginUrl: '', accessTokenUrl: '', jwksUrl: '' };

export function LtiPlatformCreate() {
  const t = useT();
  const navigate = useNavigate();
  const [register] = useMutation(REGISTER_LTI_PLATFORM, { context: { quiet: true } });
  return (
    <Page title={t('admin.lti.newTitle')}>
      <ToolUrls />
      <LtiPlatformForm
        initial={EMPTY}
        submitLabel={t('admin.lti.register')}
        onCancel={() => navigate('/admin/lti_platforms')}
        onSubmit={async (input) => {
          const { data } = await register({ variables: { input: { ...input, deploymentIds: [...input.deploymentIds] } } });
          notifySuccess(t('admin.lti.registered'));
          navigate(`/admin/lti_platforms/${encodeURIComponent(data!.registerLtiPlatform.platform.id)}`);
        }}
      />
    </Page>
  );
}

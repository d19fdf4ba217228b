/** /admin/lti_platforms/:id: a platform's settings to change (issue 33); the issuer and client id stay. */
import { useMutation, useQuery } from '@apollo/client';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router-dom';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { ShowFrame, ShowSection } from '../show/ShowFrame';
import { useAdminTime } from '../zone';
import { LtiPlatformForm } from './LtiPlatformForm';
import { CHANGE_LTI_PLATFORM, LTI_PLATFORM } from './operations';

export function LtiPlatformEdit() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const format = useAdminTime();
  const { data, error, loading, refetch } = useQuery(LTI_PLATFORM, { variables: { platformId: id } });
  const [change] = useMutation(CHANGE_LTI_PLATFORM, { context: { quiet: true } });
  return (
    <ShowFrame
      record={{ data: data?.ltiPlatform ?? undefined, error, isPending: loading }}
      what={t('admin.lti.what')}
      list={{ path: '/admin/lti_platforms', label: t('admin.lti.title') }}
      crumb={(p) => p.name}
      title={(p) => p.name}
    >
      {(platform) => (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('admin.lti.registeredOn', { when: format(platform.registeredAt) })}
          </Typography>
          <ShowSection id="lti-settings" title={t('admin.lti.settings')}>
            <LtiPlatformForm
              key={platform.changedAt}
              initial={platform}
              fixedPair
              submitLabel={t('admin.lti.save')}
              onCancel={() => navigate('/admin/lti_platforms')}
              onSubmit={async ({ name, deploymentIds, authLoginUrl, accessTokenUrl, jwksUrl }) => {
                const { data: saved } = await change({
                  variables: {
                    input: { platformId: platform.id, name, deploymentIds: [...deploymentIds], authLoginUrl, accessTokenUrl, jwksUrl },
                  },
                });
                notifySuccess(t(saved?.changeLtiPlatform.changed ? 'admin.lti.saved' : 'admin.lti.unchanged'));
                await refetch();
              }}
            />
          </ShowSection>
        </>
      )}
    </ShowFrame>
  );
}

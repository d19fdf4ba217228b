/** This tool's URLs, to paste into the LMS's tool settings (issue 33); each with a copy button. */
import { useQuery } from '@apollo/client';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FactsTable } from '../../components/FactsTable';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { LTI_TOOL_URLS } from './operations';

export function ToolUrls() {
  const t = useT();
  const { data, error, loading } = useQuery(LTI_TOOL_URLS);
  const urls = data?.ltiToolUrls;
  const row = (label: string, value: string): [string, React.ReactNode] => [
    label,
    <Stack key={label} direction="row" spacing={1} alignItems="center">
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('admin.lti.urls.copy', { what: label })}
        onClick={() => void navigator.clipboard?.writeText(value).then(() => notifySuccess(t('admin.lti.urls.copied', { what: label })))}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Stack>,
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="lti-tool-urls">
      <Typography id="lti-tool-urls" variant="h6" component="h2">
        {t('admin.lti.urls.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('admin.lti.urls.description')}
      </Typography>
      {loading && <Loading label={t('admin.lti.urls.loading')} />}
      <FormAlert message={error ? errorMessage(error) : null} />
      {urls && (
        <FactsTable
          label={t('admin.lti.urls.title')}
          labelWidth="30%"
          rows={[
            row(t('admin.lti.urls.login'), urls.loginUrl),
            row(t('admin.lti.urls.launch'), urls.launchUrl),
            row(t('admin.lti.urls.deepLinking'), urls.deepLinkingUrl),
            row(t('admin.lti.urls.jwks'), urls.jwksUrl),
          ]}
        />
      )}
    </Paper>
  );
}

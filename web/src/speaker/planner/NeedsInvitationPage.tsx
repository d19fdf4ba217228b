/** /speaker/planner/needs_invitation — a speaker account without a speaking record (spec 3, planner order). */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';

export default function NeedsInvitationPage() {
  const t = useT();
  return (
    <Page title={t('speaker.planner.needsInvitation.title')}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography>{t('speaker.planner.needsInvitation.text')}</Typography>
        <Typography color="text.secondary">{t('speaker.planner.needsInvitation.ask')}</Typography>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/" variant="contained">
            {t('speaker.planner.needsInvitation.home')}
          </Button>
          <Button component={RouterLink} to="/auth/sign_out">
            {t('speaker.planner.needsInvitation.signOut')}
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}

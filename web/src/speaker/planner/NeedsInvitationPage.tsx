/** /speaker/planner/needs_invitation — a speaker account without a speaking record (spec 3, planner order). */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../components/Page';

export default function NeedsInvitationPage() {
  return (
    <Page title="An invitation is needed">
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <Typography>
          Speakers join Tertulia by invitation. Your account has no speaker invitation yet, so there is nothing to plan here.
        </Typography>
        <Typography color="text.secondary">
          If you were told you would be invited, ask our staff to send the invitation to your address.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/" variant="contained">
            Go home
          </Button>
          <Button component={RouterLink} to="/auth/sign_out">
            Sign out
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}

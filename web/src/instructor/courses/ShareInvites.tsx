/**
 * Pending share invites on the course grid: courses others made for the instructor. Accept acts on
 * every pending invite at once; Reject on one (spec 3, Provisional course invites). Rejected ones
 * stay listed with the day they were rejected.
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { notifySuccess } from '../../components/snackbars';
import { formatDate, formatDateTime } from '../../lib/time';
import { useT } from '../../i18n/useT';
import { ACCEPT_INVITES, MY_COURSES, REJECT_INVITES, SHARE_INVITES } from './operations';

export function ShareInvites() {
  const t = useT();
  const { data } = useQuery(SHARE_INVITES, { fetchPolicy: 'cache-and-network', pollInterval: 60_000 });
  const refetchQueries = [SHARE_INVITES, MY_COURSES];
  const [accept, accepting] = useMutation(ACCEPT_INVITES, { refetchQueries, awaitRefetchQueries: true });
  const [reject, rejecting] = useMutation(REJECT_INVITES, { refetchQueries, awaitRefetchQueries: true });
  const invites = data?.me?.shareInvites ?? [];
  const pending = invites.filter((i) => !i.rejectedOn);
  if (!invites.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="share-invites-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} justifyContent="space-between" alignItems={{ sm: 'center' }} spacing={1}>
        <Typography variant="h6" component="h2" id="share-invites-heading">
          {t('instructor.courses.invites.title', { pending: pending.length })}
        </Typography>
        {pending.length > 0 && (
          <Button
            variant="contained"
            disabled={accepting.loading}
            onClick={async () => {
              await accept({ variables: { inviteIds: pending.map((i) => i.id) } });
              notifySuccess(t('instructor.courses.invites.accepted'));
            }}
          >
            {t('instructor.courses.invites.acceptAll')}
          </Button>
        )}
      </Stack>
      <List aria-label={t('instructor.courses.invites.list')}>
        {invites.map((i) => (
          <ListItem
            key={i.id}
            secondaryAction={
              i.rejectedOn ? undefined : (
                <Button
                  color="error"
                  disabled={rejecting.loading}
                  aria-label={t('instructor.courses.invites.rejectOne', { course: i.course.name })}
                  onClick={async () => {
                    await reject({ variables: { inviteIds: [i.id] } });
                    notifySuccess(t('instructor.courses.invites.rejected'));
                  }}
                >
                  {t('instructor.courses.invites.reject')}
                </Button>
              )
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={i.course.name}
              secondary={t(i.rejectedOn ? 'instructor.courses.invites.lineRejected' : 'instructor.courses.invites.line', {
                start: formatDate(i.course.startDate),
                end: formatDate(i.course.endDate),
                invited: formatDateTime(i.createdAt),
                rejected: i.rejectedOn ? formatDateTime(i.rejectedOn) : '',
              })}
            />
          </ListItem>
        ))}
      </List>
      {pending.length > 0 && <Alert severity="info">{t('instructor.courses.invites.note')}</Alert>}
    </Paper>
  );
}

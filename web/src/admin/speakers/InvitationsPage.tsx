/**
 * /admin/speakers/invitations (spec 3, "Admin speaker invitation"): invite by address, the list
 * with status chips; INVITED can be rescinded; ACCEPTED can be interviewed (which opens the
 * interview and joins it in the conversation's own window, where the candidate connects), promoted
 * or declined; once evaluated there is no interview. Promotion then opens the speaking settings. 'An invitation was
 * accepted by {email}' arrives live through the speakerAccepted subscription.
 */
import { useMutation, useQuery, useSubscription } from '@apollo/client';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { SpeakerMessages } from '../../../../contracts/speaking';
import { emailError } from '../../../../contracts/validation/email';
import { Loading } from '../../components/Loading';
import { openConversationWindow } from '../../conversation/windows';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { usePageTitle } from '../../shell/usePageTitle';
import { useAdminTime } from '../zone';
import {
  EVALUATE_SPEAKER,
  INTERVIEW_SPEAKER,
  INVITATIONS,
  INVITE_SPEAKER,
  RESCIND_SPEAKER,
  SPEAKER_ACCEPTED,
  type InvitationItem,
} from './operations';

const QUIET = { context: { quiet: true } } as const;

const STATUS_CHIP: Record<InvitationItem['invitationStatus'], { label: string; color: 'default' | 'info' | 'success' }> = {
  INVITED: { label: 'Invited', color: 'info' },
  ACCEPTED: { label: 'Accepted', color: 'success' },
  RESCINDED: { label: 'Rescinded', color: 'default' },
};

const isLiveStatus = (status: string) => status === 'opened' || status === 'started';

/** Where the speaker's interview stands, as the row's chip says it. */
function interviewChip(status: string): string {
  if (status === 'opened') return 'Interview open';
  if (status === 'started') return 'Interviewing now';
  if (status === 'stopped') return 'Interviewed';
  if (status === 'unused') return 'Interview missed';
  return 'Interview scheduled';
}

export default function InvitationsPage() {
  usePageTitle('Speaker invitations');
  const format = useAdminTime();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(INVITATIONS, { fetchPolicy: 'cache-and-network', ...QUIET });
  const [invite] = useMutation(INVITE_SPEAKER, QUIET);
  const [rescind] = useMutation(RESCIND_SPEAKER, QUIET);
  const [interview] = useMutation(INTERVIEW_SPEAKER, QUIET);
  const [evaluate] = useMutation(EVALUATE_SPEAKER, QUIET);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useSubscription(SPEAKER_ACCEPTED, {
    onData: ({ data: event }) => {
      const address = event.data?.speakerAccepted?.emailAddress;
      if (address) notifySuccess(SpeakerMessages.accepted(address));
      void refetch().catch(() => {});
    },
  });

  const emailProblem = !email.trim() ? SpeakerMessages.emailRequired : emailError(email.trim());
  const run = async (key: string, work: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(key);
    try {
      await work();
      notifySuccess(success);
      await refetch().catch(() => {});
      return true;
    } catch {
      notifyError(failure);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailProblem) return;
    const ok = await run(
      'invite',
      () => invite({ variables: { input: { emailAddress: email.trim() } } }),
      SpeakerMessages.sent,
      SpeakerMessages.sendFailed,
    );
    if (ok) {
      setEmail('');
      setTouched(false);
    }
  };

  const refresh = async () => {
    try {
      await refetch();
      notifySuccess(SpeakerMessages.refreshed);
    } catch {
      notifyError(SpeakerMessages.fetchFailed);
    }
  };

  const invitations = data?.invitations ?? [];
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1200 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          Speaker invitations
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={refresh}>
          Refresh
        </Button>
      </Stack>
      <Card variant="outlined" component="section" aria-labelledby="invite-title" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="invite-title" variant="h6" component="h2" gutterBottom>
            Invite a speaker
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            We mail a link to sign up as a speaker. Once they accept, interview them and promote or decline them.
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            alignItems="flex-start"
            onSubmit={submit}
            noValidate
            aria-label="Invite a speaker"
          >
            <TextField
              label="Email address"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(!!email)}
              error={touched && !!emailProblem}
              helperText={(touched && emailProblem) || ' '}
              required
              sx={{ width: { sm: 360 } }}
            />
            <Button type="submit" variant="contained" disabled={busy === 'invite'} sx={{ mt: 1 }}>
              {busy === 'invite' ? 'Sending ...' : 'Send invitation'}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {error && !data ? (
        <Alert severity="error">{SpeakerMessages.fetchFailed}</Alert>
      ) : loading && !data ? (
        <Loading label="Loading the invitations" />
      ) : invitations.length === 0 ? (
        <Typography color="text.secondary">No speaker invitations were sent yet.</Typography>
      ) : (
        // A phone scrolls the table sideways rather than widening the page.
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Speaker invitations">
            <TableHead>
              <TableRow>
                <TableCell>Sent</TableCell>
                <TableCell>Email address</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Invited by</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invitations.map((i) => {
                const chip = STATUS_CHIP[i.invitationStatus];
                const evaluated = !!i.speaking?.hasEvaluation;
                // An open interview is joined, not opened again (its window may have been closed).
                const live = !evaluated && !!i.speaking?.interview && isLiveStatus(i.speaking.interview.status);
                return (
                  <TableRow key={i.id} data-testid="invitation-row" data-email={i.emailAddress}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format(i.invitationSentAt)}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {i.speakerId ? (
                        <RouterLink to={`/admin/speakers/${encodeURIComponent(i.speakerId)}`}>{i.emailAddress}</RouterLink>
                      ) : (
                        i.emailAddress
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                        <Chip size="small" label={chip.label} color={chip.color} />
                        {i.speaking?.interview && (
                          <Chip size="small" variant="outlined" label={interviewChip(i.speaking.interview.status)} />
                        )}
                        {i.speaking?.evaluation === 'promote' && <Chip size="small" color="success" variant="outlined" label="Promoted" />}
                        {i.speaking?.evaluation === 'decline' && <Chip size="small" color="error" variant="outlined" label="Declined" />}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{i.owner ? (i.owner.givenName ?? i.owner.emailAddress) : '—'}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                        {i.invitationStatus === 'INVITED' && (
                          <Button
                            size="small"
                            color="warning"
                            disabled={busy === i.id}
                            onClick={() =>
                              run(
                                i.id,
                                () => rescind({ variables: { input: { invitationId: i.id } } }),
                                SpeakerMessages.rescinded,
                                SpeakerMessages.rescindFailed,
                              )
                            }
                          >
                            Rescind
                          </Button>
                        )}
                        {i.invitationStatus === 'ACCEPTED' && i.speakerId && (
                          <>
                            {live ? (
                              <Button size="small" variant="outlined" onClick={() => openConversationWindow(i.speaking!.interview!.id)}>
                                Join interview
                              </Button>
                            ) : (
                              <Button
                                size="small"
                                disabled={busy === i.id || evaluated}
                                onClick={async () => {
                                  let conversationId: string | null = null;
                                  await run(
                                    i.id,
                                    async () => {
                                      const { data: opened } = await interview({ variables: { input: { speakerId: i.speakerId! } } });
                                      conversationId = opened?.interviewSpeaker.conversation.id ?? null;
                                    },
                                    SpeakerMessages.interviewOpened,
                                    SpeakerMessages.interviewFailed,
                                  );
                                  // Staff joins the interview at once, in the conversation's own window.
                                  if (conversationId) openConversationWindow(conversationId);
                                }}
                              >
                                Interview
                              </Button>
                            )}
                            <Button
                              size="small"
                              color="success"
                              disabled={busy === i.id || evaluated}
                              onClick={async () => {
                                const ok = await run(
                                  i.id,
                                  () => evaluate({ variables: { input: { speakerId: i.speakerId!, evaluation: 'promote' } } }),
                                  SpeakerMessages.promoted,
                                  SpeakerMessages.promoteFailed,
                                );
                                if (ok) navigate(`/admin/speakers/${encodeURIComponent(i.speakerId!)}/speaking`);
                              }}
                            >
                              Promote
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              disabled={busy === i.id || evaluated}
                              onClick={() =>
                                run(
                                  i.id,
                                  () => evaluate({ variables: { input: { speakerId: i.speakerId!, evaluation: 'decline' } } }),
                                  SpeakerMessages.declinedOk,
                                  SpeakerMessages.declineFailed,
                                )
                              }
                            >
                              Decline
                            </Button>
                          </>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

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
import MenuItem from '@mui/material/MenuItem';
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
import { LOCALE_NAMES, SUPPORTED_LOCALES, type Locale } from '../../../../contracts/i18n/locales';
import { SpeakerMessages } from '../../../../contracts/speaking';
import { emailError } from '../../../../contracts/validation/email';
import { Loading } from '../../components/Loading';
import { openConversationWindow } from '../../conversation/windows';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { usePageTitle } from '../../shell/usePageTitle';
import { useLocale } from '../../i18n/LocaleProvider';
import { localizeKnown } from '../../i18n/translate';
import { useT } from '../../i18n/useT';
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
import { FOLLOWS_NOTICES } from '../../lib/apollo';

const QUIET = { context: { quiet: true } } as const;

const STATUS_COLOR: Record<InvitationItem['invitationStatus'], 'default' | 'info' | 'success'> = {
  INVITED: 'info',
  ACCEPTED: 'success',
  RESCINDED: 'default',
};

const isLiveStatus = (status: string) => status === 'opened' || status === 'started';

export default function InvitationsPage() {
  const t = useT();
  usePageTitle(t('admin.invitations.title'));
  const format = useAdminTime();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(INVITATIONS, {
    fetchPolicy: 'cache-and-network',
    context: { ...QUIET.context, ...FOLLOWS_NOTICES },
  });
  const [invite] = useMutation(INVITE_SPEAKER, QUIET);
  const [rescind] = useMutation(RESCIND_SPEAKER, QUIET);
  const [interview] = useMutation(INTERVIEW_SPEAKER, QUIET);
  const [evaluate] = useMutation(EVALUATE_SPEAKER, QUIET);
  const [email, setEmail] = useState('');
  // The person has no account to say their language: the mail's is chosen here, the page's at first.
  const pageLocale = useLocale().locale;
  const [mailLocale, setMailLocale] = useState<Locale>(pageLocale);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useSubscription(SPEAKER_ACCEPTED, {
    onData: ({ data: event }) => {
      const address = event.data?.speakerAccepted?.emailAddress;
      if (address) notifySuccess(t('admin.invitations.accepted', { email: address }));
      void refetch().catch(() => {});
    },
  });

  const emailProblem = localizeKnown(!email.trim() ? SpeakerMessages.emailRequired : emailError(email.trim()));
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
      () => invite({ variables: { input: { emailAddress: email.trim(), locale: mailLocale } } }),
      t('admin.invitations.sentOk'),
      t('admin.invitations.sendFailed'),
    );
    if (ok) {
      setEmail('');
      setTouched(false);
    }
  };

  const refresh = async () => {
    try {
      await refetch();
      notifySuccess(t('admin.invitations.refreshed'));
    } catch {
      notifyError(t('admin.invitations.fetchFailed'));
    }
  };

  const invitations = data?.invitations ?? [];
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 1200 }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('admin.invitations.title')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={refresh}>
          {t('admin.invitations.refresh')}
        </Button>
      </Stack>
      <Card variant="outlined" component="section" aria-labelledby="invite-title" sx={{ mb: 3 }}>
        <CardContent>
          <Typography id="invite-title" variant="h6" component="h2" gutterBottom>
            {t('admin.invitations.invite')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('admin.invitations.inviteHelp')}
          </Typography>
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            alignItems="flex-start"
            onSubmit={submit}
            noValidate
            aria-label={t('admin.invitations.invite')}
          >
            <TextField
              label={t('admin.invitations.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              onBlur={() => setTouched(!!email)}
              error={touched && !!emailProblem}
              helperText={(touched && emailProblem) || ' '}
              required
              sx={{ width: { sm: 360 } }}
            />
            <TextField
              select
              label={t('admin.invitations.mailLanguage')}
              value={mailLocale}
              onChange={(e) => setMailLocale(e.target.value as Locale)}
              helperText=" "
              sx={{ width: { xs: '100%', sm: 200 } }}
            >
              {SUPPORTED_LOCALES.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={busy === 'invite'} sx={{ mt: 1 }}>
              {t(busy === 'invite' ? 'admin.common.sending' : 'admin.invitations.send')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      {error && !data ? (
        <Alert severity="error">{t('admin.invitations.fetchFailed')}</Alert>
      ) : loading && !data ? (
        <Loading label={t('admin.invitations.loading')} />
      ) : invitations.length === 0 ? (
        <Typography color="text.secondary">{t('admin.invitations.none')}</Typography>
      ) : (
        // A phone scrolls the table sideways rather than widening the page.
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('admin.invitations.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('admin.invitations.sent')}</TableCell>
                <TableCell>{t('admin.invitations.email')}</TableCell>
                <TableCell>{t('admin.invitations.statusColumn')}</TableCell>
                <TableCell>{t('admin.invitations.invitedBy')}</TableCell>
                <TableCell>{t('admin.invitations.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invitations.map((i) => {
                const evaluated = !!i.speaking?.hasEvaluation;
                const promoted = i.speaking?.evaluation === 'promote';
                const declined = i.speaking?.evaluation === 'decline';
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
                        <Chip
                          size="small"
                          label={t(`admin.invitations.status.${i.invitationStatus}`)}
                          color={STATUS_COLOR[i.invitationStatus]}
                        />
                        {i.speaking?.interview && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={t('admin.invitations.interview', { status: i.speaking.interview.status })}
                          />
                        )}
                        {promoted && <Chip size="small" color="success" variant="outlined" label={t('admin.speaking.promoted')} />}
                        {declined && <Chip size="small" color="error" variant="outlined" label={t('admin.speaking.declined')} />}
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
                                t('admin.invitations.rescinded'),
                                t('admin.invitations.rescindFailed'),
                              )
                            }
                          >
                            {t('admin.invitations.rescind')}
                          </Button>
                        )}
                        {i.invitationStatus === 'ACCEPTED' && i.speakerId && (
                          <>
                            {live ? (
                              <Button size="small" variant="outlined" onClick={() => openConversationWindow(i.speaking!.interview!.id)}>
                                {t('admin.invitations.joinInterview')}
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
                                    t('admin.invitations.interviewOpened'),
                                    t('admin.invitations.interviewFailed'),
                                  );
                                  // Staff joins the interview at once, in the conversation's own window.
                                  if (conversationId) openConversationWindow(conversationId);
                                }}
                              >
                                {t('admin.invitations.interviewAction')}
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
                                  t('admin.invitations.promoted'),
                                  t('admin.invitations.promoteFailed'),
                                );
                                if (ok) navigate(`/admin/speakers/${encodeURIComponent(i.speakerId!)}/speaking`);
                              }}
                            >
                              {t('admin.invitations.promote')}
                            </Button>
                            <Button
                              size="small"
                              color="error"
                              disabled={busy === i.id || evaluated}
                              onClick={() =>
                                run(
                                  i.id,
                                  () => evaluate({ variables: { input: { speakerId: i.speakerId!, evaluation: 'decline' } } }),
                                  t('admin.invitations.declined'),
                                  t('admin.invitations.declineFailed'),
                                )
                              }
                            >
                              {t('admin.invitations.decline')}
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

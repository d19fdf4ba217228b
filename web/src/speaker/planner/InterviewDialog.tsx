/**
 * The speaker interview dialog (spec 3, "Speaker interview dialog"): an intro, then a lobby whose
 * Connect button works only while the interview is opened or started; once under review or
 * evaluated it shows the evaluation: promote ('Begin Onboarding'), decline (signs out) or pending
 * (leave). The planner refreshes the record every 10 s.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { openConversationWindow } from '../../conversation/windows';
import { canConnect, interviewView, type MySpeaking } from './speakingOperations';

export function InterviewDialog({ speaking, onBeginOnboarding }: { speaking: MySpeaking; onBeginOnboarding(): void }) {
  const t = useT();
  const navigate = useNavigate();
  const [introDone, setIntroDone] = useState(false);
  const view = interviewView(speaking, introDone);
  const signOut = () => navigate('/auth/sign_out');
  // The interview opens in its own named window, as every conversation does (spec 2); the dialog
  // stays and turns to the outcome once staff decides.
  const connect = () => speaking.interview && openConversationWindow(speaking.interview.id);

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="interview-title" data-testid="interview-dialog" data-view={view}>
      <DialogTitle id="interview-title">{t(`speaker.interview.title.${view}`)}</DialogTitle>
      <DialogContent>
        {view === 'intro' && (
          <Stack spacing={2}>
            <Typography>{t('speaker.interview.intro')}</Typography>
            <Typography>{t('speaker.interview.introNext')}</Typography>
          </Stack>
        )}
        {view === 'lobby' && (
          <Stack spacing={2}>
            {!speaking.interview ? (
              <Alert severity="info">{t('speaker.interview.notOpened')}</Alert>
            ) : canConnect(speaking) ? (
              <Alert severity="success">{t('speaker.interview.waiting')}</Alert>
            ) : (
              <Alert severity="info">{t('speaker.interview.notOpen')}</Alert>
            )}
            <Typography color="text.secondary">{t('speaker.interview.equipment')}</Typography>
          </Stack>
        )}
        {view === 'promote' && <Typography>{t('speaker.interview.promoted')}</Typography>}
        {view === 'decline' && <Typography>{t('speaker.interview.declined')}</Typography>}
        {view === 'pending' && <Typography>{t('speaker.interview.pending')}</Typography>}
      </DialogContent>
      <DialogActions>
        {view === 'intro' && (
          <Button variant="contained" onClick={() => setIntroDone(true)}>
            {t('speaker.interview.continue')}
          </Button>
        )}
        {view === 'lobby' && (
          <>
            <Button onClick={signOut}>{t('speaker.interview.leave')}</Button>
            <Button variant="contained" disabled={!canConnect(speaking)} onClick={connect}>
              {t('speaker.interview.connect')}
            </Button>
          </>
        )}
        {view === 'promote' && (
          <Button variant="contained" onClick={onBeginOnboarding}>
            {t('speaker.interview.beginOnboarding')}
          </Button>
        )}
        {view === 'decline' && (
          <Button variant="contained" onClick={signOut}>
            {t('shell.nav.signOut')}
          </Button>
        )}
        {view === 'pending' && (
          <Button variant="contained" onClick={signOut}>
            {t('speaker.interview.leave')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

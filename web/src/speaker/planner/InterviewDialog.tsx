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
import { openConversationWindow } from '../../conversation/windows';
import { canConnect, interviewView, type MySpeaking } from './speakingOperations';

export function InterviewDialog({ speaking, onBeginOnboarding }: { speaking: MySpeaking; onBeginOnboarding(): void }) {
  const navigate = useNavigate();
  const [introDone, setIntroDone] = useState(false);
  const view = interviewView(speaking, introDone);
  const signOut = () => navigate('/auth/sign_out');
  // The interview opens in its own named window, as every conversation does (spec 2); the dialog
  // stays and turns to the outcome once staff decides.
  const connect = () => speaking.interview && openConversationWindow(speaking.interview.id);

  const titles = {
    intro: 'Welcome, future speaker!',
    lobby: 'Your interview',
    promote: 'Congratulations!',
    decline: 'Thank you for interviewing',
    pending: 'Your interview is under review',
  } as const;

  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="interview-title" data-testid="interview-dialog" data-view={view}>
      <DialogTitle id="interview-title">{titles[view]}</DialogTitle>
      <DialogContent>
        {view === 'intro' && (
          <Stack spacing={2}>
            <Typography>
              Tertulia speakers hold timed video conversations with language students. Before you plan your first conversations, a member of
              our staff meets you in a short video interview (about 30 minutes).
            </Typography>
            <Typography>Continue to the interview lobby: we let you know here when your interview is ready.</Typography>
          </Stack>
        )}
        {view === 'lobby' && (
          <Stack spacing={2}>
            {!speaking.interview ? (
              <Alert severity="info">Your interview has not been opened yet. Our staff will open it soon.</Alert>
            ) : canConnect(speaking) ? (
              <Alert severity="success">Your interviewer is waiting. Connect to join the call.</Alert>
            ) : (
              <Alert severity="info">
                Your interview is not open now. The Connect button becomes available as soon as your interviewer opens the call.
              </Alert>
            )}
            <Typography color="text.secondary">Use a quiet place, a camera and a microphone.</Typography>
          </Stack>
        )}
        {view === 'promote' && (
          <Typography>You passed the interview. Set up your speaker profile to start planning conversations.</Typography>
        )}
        {view === 'decline' && (
          <Typography>
            Thank you for your time. After the interview we decided not to continue with your application. You will be signed out.
          </Typography>
        )}
        {view === 'pending' && <Typography>Our staff is reviewing your interview. Come back later to see the outcome.</Typography>}
      </DialogContent>
      <DialogActions>
        {view === 'intro' && (
          <Button variant="contained" onClick={() => setIntroDone(true)}>
            Continue
          </Button>
        )}
        {view === 'lobby' && (
          <>
            <Button onClick={signOut}>Leave</Button>
            <Button variant="contained" disabled={!canConnect(speaking)} onClick={connect}>
              Connect
            </Button>
          </>
        )}
        {view === 'promote' && (
          <Button variant="contained" onClick={onBeginOnboarding}>
            Begin Onboarding
          </Button>
        )}
        {view === 'decline' && (
          <Button variant="contained" onClick={signOut}>
            Sign Out
          </Button>
        )}
        {view === 'pending' && (
          <Button variant="contained" onClick={signOut}>
            Leave
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

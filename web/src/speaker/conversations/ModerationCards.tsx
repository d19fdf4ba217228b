/**
 * The moderation cards a speaker uses before a call (spec 2, "Moderation cards"): Start (opens the
 * live room in its own named window: through /conversation/open while still reserved), Cancel and
 * Transfer, each from the server's policies.
 */
import { useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { Chat } from '../../conversation/Chat';
import { openConversationWindow } from '../../conversation/windows';
import { cancelLabel, personName, startEnabled, startLabel, transferLabel } from './labels';
import { CANCEL_RESERVATION, SPEAKER_CONVERSATIONS, TRANSFER_RESERVATION, type SpeakerConversationDetail } from './operations';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export const ConversationMessages = {
  canceled: 'The conversation was canceled successfully!',
  transferred: 'The conversation was transferred successfully!',
} as const;

function ModerationCard({ title, id, children, action }: { title: string; id: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>
    </Card>
  );
}

/**
 * The conversation's chat beside the moderation cards (spec 2): the student may write from 20
 * minutes before the start, so a 'running late' reaches the speaker here, before the room. Live.
 */
export function ChatCard({ conversation: c, zone }: { conversation: SpeakerConversationDetail; zone: string | undefined }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="card-chat">
      <CardContent>
        <Typography id="card-chat" variant="h6" component="h2" gutterBottom>
          Chat
        </Typography>
        <Chat conversationId={c.id} height={360} zone={zone} />
      </CardContent>
    </Card>
  );
}

export function StartCard({ conversation: c, zone }: { conversation: SpeakerConversationDetail; zone: string | undefined }) {
  const label = startLabel(c);
  const enabled = startEnabled(c);
  const text =
    label === 'Too Early'
      ? `You can start it from ${formatDateTime(c.openablePolicy.openableAfter, zone)}.`
      : label === 'Start'
        ? 'The conversation can be started now. It opens in a new window.'
        : label === 'Resume'
          ? 'The conversation is under way. It opens in a new window.'
          : 'This conversation cannot be started.';
  const start = () => openConversationWindow(c.id, { open: c.status === 'reserved' });
  return (
    <ModerationCard
      title="Start"
      id="card-start"
      action={
        <Button variant="contained" disabled={!enabled} onClick={start} aria-describedby="start-caption" data-testid="start-button">
          {label}
        </Button>
      }
    >
      <Typography id="start-caption" variant="body2" color="text.secondary">
        {text}
      </Typography>
    </ModerationCard>
  );
}

export function CancelCard({
  conversation: c,
  zone,
  onChanged,
}: {
  conversation: SpeakerConversationDetail;
  zone: string | undefined;
  onChanged: () => void;
}) {
  const label = cancelLabel(c);
  const [confirming, setConfirming] = useState(false);
  const [cancel, { loading }] = useMutation(CANCEL_RESERVATION, {
    context: { quiet: true },
    refetchQueries: [SPEAKER_CONVERSATIONS],
  });
  const text = c.isCanceled
    ? `Canceled on ${formatDateTime(c.canceledOn, zone)}${c.canceledBy ? ` by ${personName(c.canceledBy)}` : ''}`.replace(/\.?$/, '.')
    : c.cancellationPolicy.isCancelable
      ? `You can cancel until ${formatDateTime(c.cancellationPolicy.cancelableUntil, zone)}.${c.cancellationPolicy.returnsMinutes ? " The student's minutes are returned." : ''}`
      : 'This conversation can no longer be canceled.';

  const confirm = async () => {
    try {
      await cancel({ variables: { input: { conversationId: c.id } } });
      notifySuccess(ConversationMessages.canceled);
      setConfirming(false);
      onChanged();
    } catch (cause) {
      setConfirming(false);
      notifyError(errorMessage(cause));
      onChanged();
    }
  };

  return (
    <ModerationCard
      title="Cancel"
      id="card-cancel"
      action={
        <Button variant="outlined" color="error" disabled={label !== 'Cancel'} onClick={() => setConfirming(true)}>
          {label}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <ConfirmDialog
        open={confirming}
        title="Cancel this conversation?"
        text={`The student is told by mail${c.cancellationPolicy.returnsMinutes ? ' and gets their minutes back' : ''}. This cannot be undone.`}
        confirmLabel="Cancel conversation"
        destructive
        busy={loading}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </ModerationCard>
  );
}

export function TransferCard({ conversation: c }: { conversation: SpeakerConversationDetail }) {
  const label = transferLabel(c);
  const navigate = useNavigate();
  const [transfereeId, setTransfereeId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [transfer, { loading }] = useMutation(TRANSFER_RESERVATION, { context: { quiet: true }, refetchQueries: [SPEAKER_CONVERSATIONS] });
  const speakers = c.transferablePolicy.transferableTo;
  const chosen = speakers.find((s) => s.id === transfereeId);

  const confirm = async () => {
    try {
      await transfer({ variables: { input: { conversationId: c.id, transfereeId } } });
      notifySuccess(ConversationMessages.transferred);
      navigate('/speaker/conversations');
    } catch (cause) {
      setConfirming(false);
      notifyError(errorMessage(cause));
    }
  };

  return (
    <ModerationCard
      title="Transfer"
      id="card-transfer"
      action={
        <Button variant="outlined" disabled={label !== 'Transfer' || !chosen} onClick={() => setConfirming(true)}>
          {label}
        </Button>
      }
    >
      {label === 'Transfer' ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Give this conversation to another speaker who is free at this time and speaks the language.
          </Typography>
          <TextField select fullWidth size="small" label="Speaker" value={transfereeId} onChange={(e) => setTransfereeId(e.target.value)}>
            {speakers.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {personName(s, 'Unnamed speaker')}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {c.isCanceled || !c.transferablePolicy.isTransferable
            ? 'This conversation can no longer be transferred.'
            : 'No other speaker who speaks the language is free at this time.'}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title="Transfer this conversation?"
        text={`${personName(chosen, 'The chosen speaker')} will hold it instead of you, and it leaves your conversations.`}
        confirmLabel="Transfer"
        busy={loading}
        confirmDisabled={!chosen}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      >
        {!chosen && <Alert severity="warning">Choose a speaker first.</Alert>}
      </ConfirmDialog>
    </ModerationCard>
  );
}

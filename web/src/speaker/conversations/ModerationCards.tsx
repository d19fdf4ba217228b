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
import { type CancelLabel, type StartLabel, cancelLabel, personName, startEnabled, startLabel, transferLabel } from './labels';
import { CANCEL_RESERVATION, SPEAKER_CONVERSATIONS, TRANSFER_RESERVATION, type SpeakerConversationDetail } from './operations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';

const START_LABELS = {
  'Too Early': 'speaker.moderation.start.tooEarly',
  Start: 'speaker.moderation.start',
  Resume: 'speaker.moderation.start.resume',
  'Cannot Start': 'speaker.moderation.start.cannot',
} as const satisfies Record<StartLabel, MessageId>;
const CANCEL_LABELS = {
  Cancel: 'speaker.moderation.cancel',
  Canceled: 'speaker.moderation.cancel.canceled',
  'Cannot Cancel': 'speaker.moderation.cancel.cannot',
} as const satisfies Record<CancelLabel, MessageId>;
const TRANSFER_LABELS = {
  Transfer: 'speaker.moderation.transfer',
  'Cannot Transfer': 'speaker.moderation.transfer.cannot',
} as const satisfies Record<ReturnType<typeof transferLabel>, MessageId>;

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
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby="card-chat">
      <CardContent>
        <Typography id="card-chat" variant="h6" component="h2" gutterBottom>
          {t('speaker.moderation.chat')}
        </Typography>
        <Chat conversationId={c.id} height={360} zone={zone} />
      </CardContent>
    </Card>
  );
}

export function StartCard({ conversation: c, zone }: { conversation: SpeakerConversationDetail; zone: string | undefined }) {
  const t = useT();
  const label = startLabel(c);
  const enabled = startEnabled(c);
  const text =
    label === 'Too Early'
      ? t('speaker.moderation.start.from', { when: formatDateTime(c.openablePolicy.openableAfter, zone) })
      : t(
          label === 'Start'
            ? 'speaker.moderation.start.now'
            : label === 'Resume'
              ? 'speaker.moderation.start.underWay'
              : 'speaker.moderation.start.never',
        );
  const start = () => openConversationWindow(c.id, { open: c.status === 'reserved' });
  return (
    <ModerationCard
      title={t('speaker.moderation.start')}
      id="card-start"
      action={
        <Button variant="contained" disabled={!enabled} onClick={start} aria-describedby="start-caption" data-testid="start-button">
          {t(START_LABELS[label])}
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
  const t = useT();
  const label = cancelLabel(c);
  const [confirming, setConfirming] = useState(false);
  const [cancel, { loading }] = useMutation(CANCEL_RESERVATION, {
    context: { quiet: true },
    refetchQueries: [SPEAKER_CONVERSATIONS],
  });
  const text = c.isCanceled
    ? c.canceledBy
      ? t('speaker.moderation.cancel.canceledOnBy', {
          when: formatDateTime(c.canceledOn, zone),
          name: personName(c.canceledBy).replace(/\.$/, ''),
        })
      : t('speaker.moderation.cancel.canceledOn', { when: formatDateTime(c.canceledOn, zone) })
    : c.cancellationPolicy.isCancelable
      ? t(c.cancellationPolicy.returnsMinutes ? 'speaker.moderation.cancel.untilReturned' : 'speaker.moderation.cancel.until', {
          when: formatDateTime(c.cancellationPolicy.cancelableUntil, zone),
        })
      : t('speaker.moderation.cancel.noLonger');

  const confirm = async () => {
    try {
      await cancel({ variables: { input: { conversationId: c.id } } });
      notifySuccess(t('speaker.moderation.canceled'));
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
      title={t('speaker.moderation.cancel')}
      id="card-cancel"
      action={
        <Button variant="outlined" color="error" disabled={label !== 'Cancel'} onClick={() => setConfirming(true)}>
          {t(CANCEL_LABELS[label])}
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
      <ConfirmDialog
        open={confirming}
        title={t('speaker.moderation.cancel.title')}
        text={t(c.cancellationPolicy.returnsMinutes ? 'speaker.moderation.cancel.toldReturned' : 'speaker.moderation.cancel.told')}
        confirmLabel={t('speaker.moderation.cancel.confirm')}
        destructive
        busy={loading}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </ModerationCard>
  );
}

export function TransferCard({ conversation: c }: { conversation: SpeakerConversationDetail }) {
  const t = useT();
  const label = transferLabel(c);
  const transferable = label === 'Transfer';
  const navigate = useNavigate();
  const [transfereeId, setTransfereeId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [transfer, { loading }] = useMutation(TRANSFER_RESERVATION, { context: { quiet: true }, refetchQueries: [SPEAKER_CONVERSATIONS] });
  const speakers = c.transferablePolicy.transferableTo;
  const chosen = speakers.find((s) => s.id === transfereeId);

  const confirm = async () => {
    try {
      await transfer({ variables: { input: { conversationId: c.id, transfereeId } } });
      notifySuccess(t('speaker.moderation.transferred'));
      navigate('/speaker/conversations');
    } catch (cause) {
      setConfirming(false);
      notifyError(errorMessage(cause));
    }
  };

  return (
    <ModerationCard
      title={t('speaker.moderation.transfer')}
      id="card-transfer"
      action={
        <Button variant="outlined" disabled={!transferable || !chosen} onClick={() => setConfirming(true)}>
          {t(TRANSFER_LABELS[label])}
        </Button>
      }
    >
      {transferable ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('speaker.moderation.transfer.help')}
          </Typography>
          <TextField
            select
            fullWidth
            size="small"
            label={t('speaker.moderation.transfer.speaker')}
            value={transfereeId}
            onChange={(e) => setTransfereeId(e.target.value)}
          >
            {speakers.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {personName(s, t('speaker.moderation.transfer.unnamed'))}
              </MenuItem>
            ))}
          </TextField>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {c.isCanceled || !c.transferablePolicy.isTransferable
            ? t('speaker.moderation.transfer.noLonger')
            : t('speaker.moderation.transfer.nobody')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('speaker.moderation.transfer.title')}
        text={t('speaker.moderation.transfer.text', { name: personName(chosen, t('speaker.moderation.transfer.chosen')) })}
        confirmLabel={t('speaker.moderation.transfer')}
        busy={loading}
        confirmDisabled={!chosen}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      >
        {!chosen && <Alert severity="warning">{t('speaker.moderation.transfer.chooseFirst')}</Alert>}
      </ConfirmDialog>
    </ModerationCard>
  );
}

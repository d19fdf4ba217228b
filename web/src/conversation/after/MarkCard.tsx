/**
 * The Mark moderation card (spec 2, Mark): 'Mark', 'Already Marked' or 'Cannot Mark'; the dialog
 * offers the server's choices (they differ when the current marking is a tech issue) and requires
 * one ('This is a required field. Please choose a marking.'). Used by the speaker and the admin.
 */
import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AfterMessages, type Marking } from '../../../../contracts/afterConversation';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { markingLabel } from './markings';
import { MARK_CONVERSATION, type MarkablePolicy } from './operations';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { localizeKnown } from '../../i18n/translate';

export const markLabel = (c: { isCanceled: boolean; markedAs: string | null; markablePolicy: MarkablePolicy }) =>
  c.markablePolicy.isMarkable ? 'Mark' : c.markedAs ? 'Already Marked' : 'Cannot Mark';

const MARK_LABELS = {
  Mark: 'conversation.mark.action',
  'Already Marked': 'conversation.mark.already',
  'Cannot Mark': 'conversation.mark.cannot',
} as const satisfies Record<ReturnType<typeof markLabel>, MessageId>;

export function MarkCard({
  conversation: c,
  zone,
  onMarked,
}: {
  conversation: { id: string; isCanceled: boolean; markedAs: string | null; markedOn?: string | null; markablePolicy: MarkablePolicy };
  zone: string | undefined;
  onMarked?: () => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [mark, { loading }] = useMutation(MARK_CONVERSATION, { context: { quiet: true } });
  const label = markLabel(c);
  const current = c.markedAs ? markingLabel(c.markedAs, t) : null;
  const text = c.markablePolicy.isMarkable
    ? current
      ? t('conversation.mark.settle', { marking: current })
      : t('conversation.mark.say')
    : current
      ? c.markedOn
        ? t('conversation.mark.markedAsOn', { marking: current, when: formatDateTime(c.markedOn, zone) })
        : t('conversation.mark.markedAs', { marking: current })
      : t(c.isCanceled ? 'conversation.mark.canceled' : 'conversation.mark.notYet');

  const submit = async () => {
    if (!choice) {
      setProblem(localizeKnown(AfterMessages.markingRequired));
      return;
    }
    try {
      await mark({ variables: { input: { conversationId: c.id, markAs: choice as Marking } } });
      notifySuccess(t('conversation.mark.done'));
      setOpen(false);
      onMarked?.();
    } catch (cause) {
      notifyError(errorMessage(cause));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="card-mark">
      <CardContent>
        <Typography id="card-mark" variant="h6" component="h2" gutterBottom>
          {t('conversation.mark.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="outlined"
          disabled={label !== 'Mark'}
          onClick={() => {
            setChoice('');
            setProblem(null);
            setOpen(true);
          }}
        >
          {t(MARK_LABELS[label])}
        </Button>
      </CardActions>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="mark-title">
        <DialogTitle id="mark-title">{t('conversation.mark.dialog')}</DialogTitle>
        <DialogContent>
          <FormControl error={!!problem} required>
            <FormLabel id="mark-choices">{t('conversation.mark.howDidItGo')}</FormLabel>
            <RadioGroup
              aria-labelledby="mark-choices"
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                setProblem(null);
              }}
            >
              {c.markablePolicy.choices.map((o) => (
                <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
              ))}
            </RadioGroup>
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('conversation.mark.close')}</Button>
          <Button variant="contained" onClick={submit} disabled={loading}>
            {t('conversation.mark.action')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

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
import { AfterMessages, MARKING_LABELS, type Marking } from '../../../../contracts/afterConversation';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { MARK_CONVERSATION, type MarkablePolicy } from './operations';

export const markLabel = (c: { isCanceled: boolean; markedAs: string | null; markablePolicy: MarkablePolicy }) =>
  c.markablePolicy.isMarkable ? 'Mark' : c.markedAs ? 'Already Marked' : 'Cannot Mark';

export function MarkCard({
  conversation: c,
  zone,
  onMarked,
}: {
  conversation: { id: string; isCanceled: boolean; markedAs: string | null; markedOn?: string | null; markablePolicy: MarkablePolicy };
  zone: string | undefined;
  onMarked?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>('');
  const [problem, setProblem] = useState<string | null>(null);
  const [mark, { loading }] = useMutation(MARK_CONVERSATION, { context: { quiet: true } });
  const label = markLabel(c);
  const current = c.markedAs ? (MARKING_LABELS[c.markedAs as Marking] ?? c.markedAs) : null;
  const text = c.markablePolicy.isMarkable
    ? current
      ? `Marked as ${current}. You can settle it now that the technical issue is understood.`
      : 'Say how the conversation went. Refunds and make-up offers follow from it.'
    : current
      ? `Marked as ${current}${c.markedOn ? ` on ${formatDateTime(c.markedOn, zone)}` : ''}.`
      : c.isCanceled
        ? 'A canceled conversation is not marked.'
        : 'It can be marked once its time has come.';

  const submit = async () => {
    if (!choice) {
      setProblem(AfterMessages.markingRequired);
      return;
    }
    try {
      await mark({ variables: { input: { conversationId: c.id, markAs: choice as Marking } } });
      notifySuccess('The conversation was marked successfully!');
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
          Mark
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
          {label}
        </Button>
      </CardActions>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="mark-title">
        <DialogTitle id="mark-title">Mark this conversation</DialogTitle>
        <DialogContent>
          <FormControl error={!!problem} required>
            <FormLabel id="mark-choices">How did it go?</FormLabel>
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
          <Button onClick={() => setOpen(false)}>Close</Button>
          <Button variant="contained" onClick={submit} disabled={loading}>
            Mark
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}

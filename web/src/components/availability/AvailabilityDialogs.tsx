/**
 * The availability calendar's dialogs: add (a date, a start and an end, once or weekly), and an
 * occurrence's own (change its times, or remove it after a confirmation). Each checks the rules the
 * calendar offers (rules.ts) before it asks the server, which keeps them.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateTime } from 'luxon';
import { useState, type FormEvent } from 'react';
import { SLOT_MINUTES } from '../../../../contracts/scheduling';
import { translate } from '../../i18n/translate';
import { useT } from '../../i18n/useT';
import { formattingLocale, formatTimeRange } from '../../lib/time';
import { FormAlert } from '../FormAlert';
import { spanFromFields, spanProblem, type Occurrence } from './rules';
import { ConfirmDialog } from '../ConfirmDialog';

/** The calendar's own rules, in the page's language (the server's refusals say the same: services/i18n/knownErrors.ts). */
const ruleMessages = () => ({
  order: translate('availability.rule.order'),
  sameDay: translate('availability.rule.sameDay'),
  notOnSlot: translate('availability.rule.notOnSlot', { minutes: SLOT_MINUTES }),
});

/** What is wrong with the times a dialog was given, by the calendar's own rules; null when nothing. */
function problemOf(span: ReturnType<typeof spanFromFields>): string | null {
  return span ? spanProblem(span.start, span.end, ruleMessages()) : translate('availability.rule.missing');
}

export interface Fields {
  date: string;
  start: string;
  end: string;
}

export const fieldsOf = (start: DateTime, end: DateTime): Fields => ({
  date: start.toISODate()!,
  start: start.toFormat('HH:mm'),
  end: end.toFormat('HH:mm'),
});

export function AddDialog({
  zone,
  initial,
  occurrences,
  onClose,
  onSubmit,
}: {
  zone: string;
  initial: { fields: Fields; repeatsWeekly: boolean };
  occurrences: readonly Occurrence[];
  onClose: () => void;
  onSubmit: (start: DateTime, end: DateTime, repeatsWeekly: boolean) => Promise<void>;
}) {
  const t = useT();
  const [fields, setFields] = useState(initial.fields);
  const [repeat, setRepeat] = useState(initial.repeatsWeekly ? 'weekly' : 'once');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const weekly = repeat === 'weekly';
  const span = spanFromFields(fields.date, fields.start, fields.end, zone);
  const weekday = span ? span.start.setLocale(formattingLocale()).toFormat('cccc') : 'none';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = problemOf(span);
    if (wrong || !span) return setProblem(wrong);
    if (occurrences.some((o) => Date.parse(o.startTimestamp) < span.end.toMillis() && span.start.toMillis() < Date.parse(o.endTimestamp))) {
      return setProblem(t('availability.rule.overlap'));
    }
    setSaving(true);
    await onSubmit(span.start, span.end, weekly);
    setSaving(false);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="add-availability-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-availability-title">{t('availability.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TimeFields
              fields={fields}
              onChange={(next) => {
                setFields(next);
                setProblem(null);
              }}
            />
            <FormControl>
              <FormLabel id="availability-repeat">{t('availability.repeats')}</FormLabel>
              <RadioGroup aria-labelledby="availability-repeat" value={repeat} onChange={(e) => setRepeat(e.target.value)}>
                <FormControlLabel value="once" control={<Radio />} label={t('availability.once')} />
                <FormControlLabel value="weekly" control={<Radio />} label={t('availability.weekly', { weekday })} />
              </RadioGroup>
            </FormControl>
            <Typography variant="body2" color="text.secondary">
              {t('availability.in', { zone })} {weekly ? t('availability.dst') : ''}
            </Typography>
            <FormAlert message={problem} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('availability.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('availability.addAction')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function TimeFields({ fields, onChange }: { fields: Fields; onChange: (fields: Fields) => void }) {
  const t = useT();
  const step = { step: SLOT_MINUTES * 60 };
  return (
    <>
      <TextField
        label={t('availability.date')}
        type="date"
        value={fields.date}
        onChange={(e) => onChange({ ...fields, date: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        required
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label={t('availability.starts')}
          type="time"
          value={fields.start}
          onChange={(e) => onChange({ ...fields, start: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: step }}
          required
          fullWidth
        />
        <TextField
          label={t('availability.ends')}
          type="time"
          value={fields.end}
          onChange={(e) => onChange({ ...fields, end: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: step }}
          helperText={t('availability.midnight')}
          required
          fullWidth
        />
      </Stack>
    </>
  );
}

export function OccurrenceDialog({
  zone,
  occurrence,
  onClose,
  onChange,
  onRemove,
}: {
  zone: string;
  occurrence: Occurrence;
  onClose: () => void;
  onChange: (start: DateTime, end: DateTime) => Promise<boolean>;
  onRemove: () => Promise<void>;
}) {
  const t = useT();
  const start = DateTime.fromISO(occurrence.startTimestamp).setZone(zone);
  const end = DateTime.fromISO(occurrence.endTimestamp).setZone(zone);
  const [fields, setFields] = useState(fieldsOf(start, end));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const timeRange = formatTimeRange(occurrence.startTimestamp, occurrence.endTimestamp, zone);
  const weekly = occurrence.repeatsWeekly ? 'yes' : 'no';
  const [saving, setSaving] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const span = spanFromFields(fields.date, fields.start, fields.end, zone);
    const wrong = problemOf(span);
    if (wrong || !span) return setProblem(wrong);
    setSaving(true);
    await onChange(span.start, span.end);
    setSaving(false);
  };

  if (confirming) {
    return (
      <ConfirmDialog
        open
        title={t('availability.removeTitle')}
        text={t('availability.removeText', { time: timeRange, weekly })}
        confirmLabel={t('availability.remove')}
        destructive
        busy={saving}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setSaving(true);
          await onRemove();
        }}
      />
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="availability-title" fullWidth maxWidth="xs">
      <form onSubmit={save} noValidate>
        <DialogTitle id="availability-title">{t('availability.title', { weekly })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('availability.when', { time: timeRange, zone })}</DialogContentText>
            {occurrence.repeatsWeekly && <Alert severity="info">{t('availability.seriesNote')}</Alert>}
            <TimeFields
              fields={fields}
              onChange={(next) => {
                setFields(next);
                setProblem(null);
              }}
            />
            <FormAlert message={problem} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {t('availability.remove')}
          </Button>
          <Button onClick={onClose}>{t('availability.close')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('availability.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

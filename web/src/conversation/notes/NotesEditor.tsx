/**
 * The speaker writes a conversation's notes (issue 35) on their conversation page: corrections, new
 * words and one or two things to work on, as rows. Quick to enter: a new row's first field takes
 * the focus, Enter in a row adds the next row of its kind, Ctrl+Enter saves. Save sends the whole list; the
 * server appends what changed. Read-only (with the reason) before the conversation began and 48
 * hours after it ended.
 */
import { useMutation, useQuery } from '@apollo/client';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { MAX_FOCUS_NOTES, MAX_NOTES_PER_CONVERSATION, NOTE_DETAIL_MAX, NOTE_TEXT_MAX } from '../../../../contracts/learningNotes';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { notifySuccess } from '../../components/snackbars';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { KIND_HEADINGS, NotesList } from './NotesList';
import { CONVERSATION_NOTES, type LearningNoteItem, SAVE_LEARNING_NOTES } from './operations';

type Kind = LearningNoteItem['kind'];
interface Row {
  key: string;
  id: string | null;
  kind: Kind;
  text: string;
  detail: string;
  why: string;
}

let nextKey = 0;
const rowOf = (n: LearningNoteItem): Row => ({ key: n.id, id: n.id, kind: n.kind, text: n.text, detail: n.detail ?? '', why: n.why ?? '' });
const emptyRow = (kind: Kind): Row => ({ key: `new-${nextKey++}`, id: null, kind, text: '', detail: '', why: '' });
const isBlank = (r: Row) => !r.text.trim() && !r.detail.trim() && !r.why.trim();

/** The fields of a row of each kind: the message ids of their labels, and their limits. */
const FIELDS: Record<Kind, { name: 'text' | 'detail' | 'why'; label: MessageId; max: number }[]> = {
  correction: [
    { name: 'text', label: 'notes.field.said', max: NOTE_TEXT_MAX },
    { name: 'detail', label: 'notes.field.better', max: NOTE_DETAIL_MAX },
    { name: 'why', label: 'notes.field.why', max: NOTE_DETAIL_MAX },
  ],
  word: [
    { name: 'text', label: 'notes.field.word', max: NOTE_TEXT_MAX },
    { name: 'detail', label: 'notes.field.meaning', max: NOTE_DETAIL_MAX },
  ],
  focus: [{ name: 'text', label: 'notes.field.focus', max: NOTE_TEXT_MAX }],
};
/** A row's grid on wider screens: its fields side by side, then the remove button; one column on a phone. */
const ROW_COLUMNS: Record<Kind, { xs: string; sm: string }> = {
  correction: { xs: '1fr', sm: '1fr 1fr auto' },
  word: { xs: '1fr', sm: '1fr 1fr auto' },
  focus: { xs: '1fr', sm: '1fr auto' },
};
const ADD_LABELS: Record<Kind, MessageId> = { correction: 'notes.add.correction', word: 'notes.add.word', focus: 'notes.add.focus' };

export function NotesEditor({ conversationId, zone }: { conversationId: string; zone: string | null | undefined }) {
  const t = useT();
  const { data, loading } = useQuery(CONVERSATION_NOTES, { variables: { conversationId }, fetchPolicy: 'cache-and-network' });
  const [save, { loading: saving }] = useMutation(SAVE_LEARNING_NOTES);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const focusKey = useRef<string | null>(null);
  const fields = useRef(new Map<string, HTMLInputElement>());
  const conversation = data?.conversation;

  // The rows start from the saved notes once; later they are the speaker's until saved.
  useEffect(() => {
    if (rows === null && conversation?.learningNotes) setRows(conversation.learningNotes.map(rowOf));
  }, [rows, conversation]);
  // A row just added takes the focus (its first field).
  useEffect(() => {
    if (!focusKey.current) return;
    fields.current.get(focusKey.current)?.focus();
    focusKey.current = null;
  });

  if (loading && !data) return <Loading label={t('notes.loading')} />;
  if (!conversation) return null;
  const policy = conversation.notesPolicy;
  const saved = conversation.learningNotes ?? [];

  const frame = (children: React.ReactNode) => (
    <Paper variant="outlined" component="section" aria-labelledby="notes-editor-title" sx={{ p: 2 }}>
      <Typography id="notes-editor-title" variant="h6" component="h2" gutterBottom>
        {t('notes.editorTitle')}
      </Typography>
      {children}
    </Paper>
  );

  if (!policy.isWritable) {
    const closed = !!policy.writableUntil && Date.now() >= Date.parse(policy.writableUntil as string);
    return frame(
      <Stack spacing={2}>
        <Alert severity="info">
          {closed ? t('notes.closed', { until: formatDateTime(policy.writableUntil as string, zone) }) : t('notes.notStarted')}
        </Alert>
        {saved.length > 0 && <NotesList notes={saved} />}
      </Stack>,
    );
  }

  const current = rows ?? [];
  const count = (kind: Kind) => current.filter((r) => r.kind === kind).length;
  const full = current.length >= MAX_NOTES_PER_CONVERSATION;
  const canAdd = (kind: Kind) => !full && (kind !== 'focus' || count('focus') < MAX_FOCUS_NOTES);
  const add = (kind: Kind, after?: Row) => {
    if (!canAdd(kind)) return;
    const row = emptyRow(kind);
    focusKey.current = row.key;
    setRows((rs) => {
      const list = rs ?? [];
      const at = after ? list.indexOf(after) + 1 : list.length;
      return [...list.slice(0, at), row, ...list.slice(at)];
    });
  };
  const change = (row: Row, name: 'text' | 'detail' | 'why', value: string) =>
    setRows((rs) => (rs ?? []).map((r) => (r.key === row.key ? { ...r, [name]: value } : r)));
  const remove = (row: Row) => setRows((rs) => (rs ?? []).filter((r) => r.key !== row.key));
  const onKeyDown = (row: Row) => (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) {
      if (!saving) void submit();
    } else add(row.kind, row);
  };

  const submit = async () => {
    setError(null);
    const notes = current
      .filter((r) => !isBlank(r))
      .map((r) => ({ id: r.id, kind: r.kind, text: r.text, detail: r.detail || null, why: r.why || null }));
    try {
      const result = await save({ variables: { input: { conversationId, notes } } });
      const after = result.data?.saveLearningNotes.conversation.learningNotes ?? [];
      setRows(after.map(rowOf));
      notifySuccess(t('notes.saved'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return frame(
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('notes.editableUntil', { until: formatDateTime(policy.writableUntil as string, zone) })}
      </Typography>
      {(['correction', 'word', 'focus'] as const).map((kind) => (
        <Stack key={kind} spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle1">
            {t(KIND_HEADINGS[kind])}
          </Typography>
          {current
            .filter((r) => r.kind === kind)
            .map((row, index) => (
              <Box
                key={row.key}
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'start',
                  gridTemplateColumns: ROW_COLUMNS[kind],
                  // On a phone a row's fields stack: a line tells one row from the next.
                  borderBottom: { xs: 1, sm: 0 },
                  borderColor: { xs: 'divider' },
                  pb: { xs: 1, sm: 0 },
                }}
              >
                {FIELDS[kind].map((f, i) => (
                  <TextField
                    key={f.name}
                    size="small"
                    fullWidth
                    // A correction's why takes the row's second line, under what was said and the better way.
                    sx={f.name === 'why' ? { gridColumn: { sm: '1 / 3' }, gridRow: { sm: 2 } } : undefined}
                    label={t(f.label)}
                    value={row[f.name]}
                    onChange={(e) => change(row, f.name, e.target.value)}
                    onKeyDown={onKeyDown(row)}
                    inputRef={
                      i === 0
                        ? (el: HTMLInputElement | null) => void (el ? fields.current.set(row.key, el) : fields.current.delete(row.key))
                        : undefined
                    }
                    slotProps={{ htmlInput: { maxLength: f.max, 'aria-describedby': 'notes-enter-hint' } }}
                  />
                ))}
                <IconButton
                  aria-label={t('notes.remove', { kind: t(KIND_HEADINGS[kind]), index: index + 1 })}
                  onClick={() => remove(row)}
                  sx={{ gridColumn: { sm: -2 }, gridRow: { sm: 1 }, justifySelf: { xs: 'end', sm: 'start' } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
          <div>
            <Button size="small" startIcon={<AddIcon />} onClick={() => add(kind)} disabled={!canAdd(kind)}>
              {t(ADD_LABELS[kind])}
            </Button>
          </div>
        </Stack>
      ))}
      <Typography id="notes-enter-hint" variant="caption" color="text.secondary">
        {t('notes.enterHint')}
      </Typography>
      <FormAlert message={error} />
      <div>
        <Button variant="contained" onClick={() => void submit()} disabled={saving || rows === null}>
          {t('notes.save')}
        </Button>
      </div>
    </Stack>,
  );
}

/** The speaker's notes as the student and the instructor read them: corrections, new words, things to work on. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import type { LearningNoteItem } from './operations';

export const KIND_HEADINGS: Record<LearningNoteItem['kind'], MessageId> = {
  correction: 'notes.kind.correction',
  word: 'notes.kind.word',
  focus: 'notes.kind.focus',
};

function NoteLine({ note }: { note: LearningNoteItem }) {
  const t = useT();
  if (note.kind === 'correction')
    return (
      <Stack>
        <Typography>
          <Typography component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
            {note.text}
          </Typography>
          {' → '}
          <Typography component="strong" sx={{ fontWeight: 600 }}>
            {note.detail}
          </Typography>
        </Typography>
        {note.why && (
          <Typography variant="body2" color="text.secondary">
            {t('notes.why', { why: note.why })}
          </Typography>
        )}
      </Stack>
    );
  if (note.kind === 'word')
    return (
      <Typography>
        <Typography component="strong" sx={{ fontWeight: 600 }}>
          {note.text}
        </Typography>
        {note.detail ? ` — ${note.detail}` : ''}
      </Typography>
    );
  return <Typography>{note.text}</Typography>;
}

export function NotesList({ notes }: { notes: readonly LearningNoteItem[] }) {
  const t = useT();
  return (
    <Stack spacing={2}>
      {(['correction', 'word', 'focus'] as const).map((kind) => {
        const ofKind = notes.filter((n) => n.kind === kind);
        if (!ofKind.length) return null;
        const headingId = `notes-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId}>
            <Typography id={headingId} variant="subtitle1" component="h3">
              {t(KIND_HEADINGS[kind])}
            </Typography>
            <List dense disablePadding aria-labelledby={headingId}>
              {ofKind.map((n) => (
                <ListItem key={n.id} disableGutters>
                  <NoteLine note={n} />
                </ListItem>
              ))}
            </List>
          </section>
        );
      })}
    </Stack>
  );
}

/**
 * The speaker's notes on a conversation, read-only: on the student's conversation page (with a link
 * to all their notes) and the instructor's.
 */
import { useQuery } from '@apollo/client';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/useT';
import { NotesList } from './NotesList';
import { CONVERSATION_NOTES } from './operations';

export function NotesPanel({ conversationId, linkToAll = false }: { conversationId: string; linkToAll?: boolean }) {
  const t = useT();
  const { data, loading } = useQuery(CONVERSATION_NOTES, {
    variables: { conversationId },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const notes = data?.conversation?.learningNotes;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="notes-panel-title">
      <Typography id="notes-panel-title" variant="h6" component="h2" gutterBottom>
        {t('notes.title')}
      </Typography>
      {loading && !data ? (
        <Loading label={t('notes.loading')} />
      ) : notes?.length ? (
        <NotesList notes={notes} />
      ) : (
        <Typography color="text.secondary">{t('notes.none')}</Typography>
      )}
      {linkToAll && (
        <Link component={RouterLink} to="/student/words" sx={{ display: 'inline-block', mt: 2 }}>
          {t('notes.allMine')}
        </Link>
      )}
    </Paper>
  );
}

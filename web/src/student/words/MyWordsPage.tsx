/**
 * /student/words, 'My words and corrections' (issue 35): the speakers' notes across the student's
 * conversations, newest conversation first; searched and filtered by course on the server, and
 * exported as CSV from the rows shown.
 */
import { useQuery } from '@apollo/client';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { type DocumentType, graphql } from '../../gql';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDate, localDateOf } from '../../lib/time';
import { downloadText, NOTES_CSV_FILE, notesCsv } from './notesCsv';

const MY_WORDS = graphql(`
  query MyWords($search: String, $courseId: ID) {
    me {
      id
      tzIdentifier
      current: courses(scope: current_or_upcoming) {
        id
        name
      }
      past: courses(scope: past) {
        id
        name
      }
    }
    myLearningNotes(search: $search, courseId: $courseId) {
      note {
        id
        kind
        text
        detail
        why
      }
      conversationId
      conversationStart
      courseName
    }
  }
`);
type Row = DocumentType<typeof MY_WORDS>['myLearningNotes'][number];

const KIND: Record<Row['note']['kind'], MessageId> = {
  correction: 'words.kind.correction',
  word: 'words.kind.word',
  focus: 'words.kind.focus',
};
const COLUMNS: MessageId[] = [
  'words.column.conversation',
  'words.column.course',
  'words.column.kind',
  'words.column.text',
  'words.column.detail',
  'words.column.why',
];
const conversationPath = (r: Row) => `/student/conversations?id=${encodeURIComponent(r.conversationId)}`;
/** Typing settles this long before the server is asked. */
const SEARCH_SETTLE_MS = 300;

export default function MyWordsPage() {
  const t = useT();
  // A phone shows each note as a card: six columns do not fit 375 px.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [courseId, setCourseId] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, previousData, loading, error, refetch } = useQuery(MY_WORDS, {
    variables: { search: search || null, courseId: courseId || null },
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;
  const zone = shown?.me?.tzIdentifier;
  const courses = [...(shown?.me?.current ?? []), ...(shown?.me?.past ?? [])];
  const rows = shown?.myLearningNotes ?? [];
  const filtered = !!search || !!courseId;
  const day = (r: Row) => formatDate(localDateOf(r.conversationStart as string, zone));

  const exportCsv = () =>
    downloadText(
      notesCsv(
        COLUMNS.map((c) => t(c)),
        rows.map((r) => ({
          conversation: day(r),
          course: r.courseName ?? t('words.noCourse'),
          kind: t(KIND[r.note.kind]),
          text: r.note.text,
          detail: r.note.detail ?? null,
          why: r.note.why ?? null,
        })),
      ),
      NOTES_CSV_FILE,
    );

  return (
    <Page title={t('words.title')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <TextField
          label={t('words.search')}
          type="search"
          size="small"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          label={t('words.course')}
          size="small"
          value={courseId}
          onChange={(e) => setCourseId(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('words.allCourses')}</MenuItem>
          {courses.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <Typography color="text.secondary" role="status" sx={{ flexGrow: 1 }}>
          {shown ? t('words.count', { count: rows.length }) : ''}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!rows.length}>
          {t('words.export')}
        </Button>
      </Stack>
      {error && !shown ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : loading && !shown ? (
        <Loading label={t('words.loading')} />
      ) : !rows.length ? (
        <EmptyState title={filtered ? t('words.noMatch') : t('words.empty')} description={filtered ? undefined : t('words.emptyHint')} />
      ) : narrow ? (
        <Paper variant="outlined">
          <List aria-label={t('words.title')} disablePadding>
            {rows.map((r) => (
              <ListItem key={r.note.id} divider sx={{ display: 'block' }}>
                <Typography sx={{ fontWeight: 600 }}>{r.note.text}</Typography>
                {r.note.detail && <Typography>{r.note.detail}</Typography>}
                {r.note.why && (
                  <Typography variant="body2" color="text.secondary">
                    {t('notes.why', { why: r.note.why })}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t(KIND[r.note.kind])} · {r.courseName ?? t('words.noCourse')} ·{' '}
                  <Link component={RouterLink} to={conversationPath(r)} aria-label={`${t('words.openConversation')}: ${day(r)}`}>
                    {day(r)}
                  </Link>
                </Typography>
              </ListItem>
            ))}
          </List>
        </Paper>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('words.title')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  <TableCell key={c}>{t(c)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.note.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={conversationPath(r)} aria-label={`${t('words.openConversation')}: ${day(r)}`}>
                      {day(r)}
                    </Link>
                  </TableCell>
                  <TableCell>{r.courseName ?? t('words.noCourse')}</TableCell>
                  <TableCell>{t(KIND[r.note.kind])}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{r.note.text}</TableCell>
                  <TableCell>{r.note.detail}</TableCell>
                  <TableCell>{r.note.why}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}

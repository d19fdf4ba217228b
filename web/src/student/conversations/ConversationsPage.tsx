/**
 * /student/conversations, 'Your Conversations' (spec 3, Student conversation list): newest first,
 * canceled ones included, each row with its icon (in the spec's order) and either 'Purchase more
 * minutes!' when make-up minutes can be bought, or the course with its instructor and school, or the
 * language. The detail panel has the lobby button (disabled when canceled or stopped), what was
 * refunded, the recording, the make-up flow and the rating. Route state `selectedId` (or `?id=`)
 * selects a conversation.
 */
import { useQuery } from '@apollo/client';
import InsightsIcon from '@mui/icons-material/Insights';
import SpellcheckIcon from '@mui/icons-material/Spellcheck';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { lazyNamed } from '../../lib/lazyNow';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { formatDayAndTime, userZone } from '../../lib/time';
import { preloadWhenPageLoaded } from '../../lib/whenPageLoaded';
import { RowIcon, courseLine, rowKind, rowLabel } from './rowKind';
import { STUDENT_CONVERSATIONS } from './operations';

// The detail panel (the make-up purchase with its machine and card form, the rating, the notes,
// the speaking time, the recording: about 35 KB) is not on the list's first paint (issue 31).
const loadDetails = () => import('./ConversationDetails');
const Details = lazyNamed(loadDetails, (m) => m.Details);

export default function ConversationsPage() {
  const t = useT();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(STUDENT_CONVERSATIONS, { fetchPolicy: 'cache-and-network' });
  const zone = userZone(data?.me?.tzIdentifier);
  const conversations = data?.me?.conversations ?? [];
  const stateSelected = (location.state as { selectedId?: string } | null)?.selectedId;
  const selectedId = params.get('id') ?? stateSelected ?? null;
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  // A click's panel may draw only once its chunk is in: the heading takes the focus when it comes.
  const detailHeading = useRef<HTMLHeadingElement | null>(null);
  const focusDetail = useRef(false);
  const headingRef = useCallback((heading: HTMLHeadingElement | null) => {
    detailHeading.current = heading;
    if (heading && focusDetail.current) {
      focusDetail.current = false;
      heading.focus();
    }
  }, []);
  useEffect(() => preloadWhenPageLoaded(loadDetails), []);

  const select = (id: string) => {
    focusDetail.current = true;
    setParams({ id }, { replace: true, state: location.state });
    // On a phone the panel is below the list: bring it into view and move focus to it.
    requestAnimationFrame(() => {
      if (!focusDetail.current || !detailHeading.current) return;
      focusDetail.current = false;
      detailHeading.current.focus();
    });
  };

  return (
    <Page title={t('student.conversations.title')}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/student/words" variant="outlined" startIcon={<SpellcheckIcon />}>
          {t('words.title')}
        </Button>
        <Button component={RouterLink} to="/student/progress" variant="outlined" startIcon={<InsightsIcon />}>
          {t('progress.link')}
        </Button>
      </Stack>
      {error && !data ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>{t('student.conversations.reload')}</Button>}>
          {errorMessage(error)}
        </Alert>
      ) : loading && !data ? (
        <Loading label={t('student.conversations.loading')} />
      ) : conversations.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography gutterBottom>{t('student.conversations.none')}</Typography>
          <Button variant="contained" component={RouterLink} to="/student/reserve">
            {t('student.conversations.reserve')}
          </Button>
        </Paper>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined">
              <List aria-label={t('student.conversations.list')} disablePadding>
                {conversations.map((c) => {
                  const kind = rowKind(c);
                  return (
                    <ListItemButton
                      key={c.id}
                      selected={c.id === selectedId}
                      onClick={() => select(c.id)}
                      divider
                      aria-current={c.id === selectedId ? 'true' : undefined}
                      sx={c.isCanceled ? { bgcolor: 'action.hover' } : undefined}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <RowIcon kind={kind} />
                      </ListItemIcon>
                      <ListItemText
                        primary={`${formatDayAndTime(c.reservedStart, zone)} · ${rowLabel(kind)}`}
                        secondary={c.makeUpPolicy.canMakeUp ? t('student.conversations.purchaseMore') : courseLine(c)}
                        secondaryTypographyProps={c.makeUpPolicy.canMakeUp ? { color: 'primary', fontWeight: 600 } : undefined}
                      />
                    </ListItemButton>
                  );
                })}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            {selected ? (
              <Suspense fallback={<Loading />}>
                <Details key={selected.id} conversation={selected} zone={zone} headingRef={headingRef} />
              </Suspense>
            ) : (
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography color="text.secondary">{t('student.conversations.choose')}</Typography>
              </Paper>
            )}
          </Grid>
        </Grid>
      )}
    </Page>
  );
}

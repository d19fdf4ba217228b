/**
 * The sidebar's quick search (spec 3, Administrator): groups conversations, courses, lessons,
 * instructors, speakers and students; 'Searching ...' while asking, 'No results found' when nothing
 * matches. Personal details (email addresses) are searched and shown only with the pii option on,
 * and the line under the switch says so (an address typed with it off finds no one, and the admin
 * should know why). A lesson leads to its course's page, at its row of discussion topics.
 */
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import { TextBox } from '../../components/TextBox';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MessageId } from '../../i18n/catalog';
import { type Translate, useT } from '../../i18n/useT';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { adminCalls } from '../adminCalls';
import { useAdminTime } from '../zone';

const MIN_LENGTH = 2;
const PII_KEY = 'tertulia.admin.quickSearchPii';

interface Hit {
  id: string;
  kind: string;
  title: string | null;
  subtitle: string | null;
  location: string | null;
  emailAddress: string | null;
  courseId?: string | null;
  /** A conversation's start, shown in the admin's zone like the rest of the back-office. */
  startsAt?: string | null;
}
type Groups = Record<'conversations' | 'courses' | 'lessons' | 'instructors' | 'speakers' | 'students', Hit[]>;

const at = (id: string) => encodeURIComponent(id);
const GROUPS: { key: keyof Groups; label: MessageId; path: (hit: Hit) => string }[] = [
  { key: 'conversations', label: 'admin.nav.conversations', path: (hit) => `/admin/conversations/${at(hit.id)}` },
  { key: 'courses', label: 'admin.nav.courses', path: (hit) => `/admin/courses/${at(hit.id)}` },
  // A lesson lives in its course's discussion topics: the course page, scrolled to its row.
  { key: 'lessons', label: 'admin.nav.lessons', path: (hit) => `/admin/courses/${at(hit.courseId ?? '')}#lesson-${at(hit.id)}` },
  { key: 'instructors', label: 'admin.nav.instructors', path: (hit) => `/admin/instructors/${at(hit.id)}` },
  { key: 'speakers', label: 'admin.nav.speakers', path: (hit) => `/admin/speakers/${at(hit.id)}` },
  { key: 'students', label: 'admin.nav.students', path: (hit) => `/admin/students/${at(hit.id)}` },
];

function label(hit: Hit, pii: boolean, format: (iso: string | null | undefined) => string, t: Translate) {
  const primary = hit.title ?? (pii && hit.emailAddress ? hit.emailAddress : t('admin.search.nameNotSet'));
  const when = hit.startsAt ? format(hit.startsAt) : null;
  const secondary = [hit.title && pii ? hit.emailAddress : null, hit.subtitle, when, hit.location].filter(Boolean).join(' · ');
  return { primary, secondary: secondary || null };
}

export function QuickSearch() {
  const t = useT();
  const format = useAdminTime();
  const [text, setText] = useState('');
  const [pii, setPii] = useState(() => typeof localStorage !== 'undefined' && localStorage.getItem(PII_KEY) === 'on');
  const query = useDebouncedValue(text.trim(), 250);
  const [state, setState] = useState<{ query: string; pii: boolean; groups: Groups | null; error: boolean } | null>(null);

  useEffect(() => {
    localStorage.setItem(PII_KEY, pii ? 'on' : 'off');
  }, [pii]);

  useEffect(() => {
    if (query.length < MIN_LENGTH) {
      setState(null);
      return;
    }
    let current = true;
    setState({ query, pii, groups: null, error: false });
    adminCalls
      .quickSearch({ searchQuery: query, pii })
      .then((groups: Groups) => current && setState({ query, pii, groups, error: false }))
      .catch(() => current && setState({ query, pii, groups: null, error: true }));
    return () => {
      current = false;
    };
  }, [query, pii]);

  const typing = text.trim().length >= MIN_LENGTH && (text.trim() !== query || !state || !state.groups) && !state?.error;
  const found = state?.groups ? GROUPS.filter((g) => state.groups![g.key].length > 0) : [];

  return (
    <Box role="search" aria-label={t('admin.search.label')}>
      <TextBox
        label={t('admin.search.label')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
      <FormControlLabel
        control={
          <Switch
            size="small"
            checked={pii}
            onChange={(e) => setPii(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'quick-search-pii-help' } }}
          />
        }
        label={<Typography variant="body2">{t('admin.search.personalDetails')}</Typography>}
        sx={{ mt: 0.5, ml: 0 }}
      />
      <Typography id="quick-search-pii-help" variant="caption" color="text.secondary" component="p" sx={{ mt: -0.25, mb: 0.5 }}>
        {/* What the switch does, said beside it: people are not found by address without it. */}
        {t(pii ? 'admin.search.piiOn' : 'admin.search.piiOff')}
      </Typography>
      {text.trim().length >= MIN_LENGTH && (
        <Paper variant="outlined" sx={{ mt: 1, maxHeight: 420, overflow: 'auto' }} aria-live="polite">
          {typing ? (
            <Typography variant="body2" sx={{ p: 1.5 }}>
              {t('admin.search.searching')}
            </Typography>
          ) : state?.error ? (
            <Typography variant="body2" color="error" sx={{ p: 1.5 }}>
              {t('admin.search.failed')}
            </Typography>
          ) : found.length === 0 ? (
            <Typography variant="body2" sx={{ p: 1.5 }}>
              {t('admin.search.noResults')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('admin.search.results')}>
              {found.map((group) => (
                <li key={group.key}>
                  <ul style={{ padding: 0 }}>
                    <ListSubheader sx={{ lineHeight: '32px' }}>{t(group.label)}</ListSubheader>
                    {state!.groups![group.key].map((hit) => {
                      const { primary, secondary } = label(hit, state!.pii, format, t);
                      return (
                        <ListItemButton
                          key={`${group.key}-${hit.id}`}
                          component={RouterLink}
                          to={group.path(hit)}
                          onClick={() => setText('')}
                        >
                          <ListItemText
                            primary={primary}
                            secondary={secondary}
                            slotProps={{ primary: { sx: { wordBreak: 'break-all' } } }}
                          />
                        </ListItemButton>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </List>
          )}
        </Paper>
      )}
    </Box>
  );
}

/**
 * The instructor sidebar's search (spec 3, Instructor: "a search over courses and lessons"): the
 * instructor's own courses by name and their lessons by title or discussion topic (the server scopes
 * it: `instructorSearch`), grouped Courses and Lessons. It asks 250 ms after the typing stops, from
 * two characters; 'Searching ...' while it asks, 'No results found' when nothing matches (the
 * admin's quick search words). By keyboard: Down from the box to the first result, Up and Down
 * between results (Up from the first goes back to the box), Enter opens one, Escape clears and
 * returns to the box; Tab goes through the results too. A course opens its page; a lesson opens its
 * course's discussion topics with its row marked.
 */
import { useQuery } from '@apollo/client';
import { type DocumentType, graphql } from '../../gql';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { TextBox } from '../../components/TextBox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, type To } from 'react-router-dom';
import { languageName } from '../../lib/languageName';
import { INSTRUCTOR_SEARCH_MAX_LENGTH, INSTRUCTOR_SEARCH_MIN_LENGTH } from '../../../../contracts/validation/instructor';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import type { Translate } from '../../i18n/useT';
import { useT } from '../../i18n/useT';
const DEBOUNCE_MS = 250;

export const INSTRUCTOR_SEARCH = graphql(`
  query InstructorSearch($query: String!) {
    instructorSearch(query: $query) {
      courses {
        id
        name
        language
        proficiency
        isPast
      }
      lessons {
        lessonId
        lessonAssignmentId
        title
        discussionTopic
        order
        courseId
        courseName
      }
    }
  }
`);

type SearchResults = DocumentType<typeof INSTRUCTOR_SEARCH>['instructorSearch'];
type SearchCourse = SearchResults['courses'][number];
type SearchLesson = SearchResults['lessons'][number];

/** Where a lesson result leads: its course's discussion topics, the row marked (TopicsTab reads the state). */
export interface TopicsTabState {
  lessonId: string;
}

interface Hit {
  key: string;
  to: To;
  state?: TopicsTabState;
  primary: string;
  secondary: string;
  /** A second line, cut to fit (a lesson's discussion topic). */
  detail?: string | null;
}

const at = (id: string) => encodeURIComponent(id);
const characters = (text: string) => [...text].length;

function courseHit(c: SearchCourse, t: Translate): Hit {
  return {
    key: `course-${c.id}`,
    to: `/instructor/courses/${at(c.id)}`,
    primary: c.name,
    secondary: [languageName(c.language), t('course.level', { level: c.proficiency }), c.isPast ? t('instructor.search.past') : null]
      .filter(Boolean)
      .join(' · '),
  };
}

function lessonHit(l: SearchLesson, t: Translate): Hit {
  return {
    key: `lesson-${l.lessonAssignmentId}`,
    to: { pathname: `/instructor/courses/${at(l.courseId)}`, hash: '#topics' },
    state: { lessonId: l.lessonId },
    primary: l.title,
    secondary: t('instructor.search.lessonOf', { course: l.courseName, order: String(l.order) }),
    detail: l.discussionTopic,
  };
}

export function InstructorSearch({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const query = useDebouncedValue(trimmed, DEBOUNCE_MS);
  const asking = characters(query) >= INSTRUCTOR_SEARCH_MIN_LENGTH;
  // Network first: a topic changed a moment ago is found by its new words.
  const { data, loading, error } = useQuery(INSTRUCTOR_SEARCH, {
    variables: { query },
    skip: !asking,
    fetchPolicy: 'network-only',
    context: { quiet: true },
  });
  const input = useRef<HTMLInputElement>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  const open = characters(trimmed) >= INSTRUCTOR_SEARCH_MIN_LENGTH;
  const searching = open && (trimmed !== query || loading || (!data && !error));
  const groups =
    data && !searching
      ? [
          { key: 'courses', label: t('instructor.search.courses'), hits: data.instructorSearch.courses.map((c) => courseHit(c, t)) },
          { key: 'lessons', label: t('instructor.search.lessons'), hits: data.instructorSearch.lessons.map((l) => lessonHit(l, t)) },
        ].filter((g) => g.hits.length > 0)
      : [];
  const hits = groups.flatMap((g) => g.hits);
  links.current.length = hits.length;

  const focusHit = (index: number) => {
    if (index < 0) input.current?.focus();
    else links.current[Math.min(index, hits.length - 1)]?.focus();
  };
  const clear = () => {
    setText('');
    input.current?.focus();
  };
  const onInputKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' && hits.length) {
      e.preventDefault();
      focusHit(0);
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      setText('');
    }
  };
  const onHitKey = (index: number) => (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') focusHit(index + 1);
    else if (e.key === 'ArrowUp') focusHit(index - 1);
    else if (e.key === 'Home') focusHit(0);
    else if (e.key === 'End') focusHit(hits.length - 1);
    else if (e.key === 'Escape') clear();
    else return;
    e.preventDefault();
  };
  const opened = () => {
    setText('');
    onNavigate?.();
  };

  const status = !open
    ? ''
    : searching
      ? t('instructor.search.searching')
      : error
        ? t('instructor.search.failed')
        : hits.length === 0
          ? t('instructor.search.noResults')
          : null;
  const found =
    data && !searching && hits.length
      ? t('instructor.search.found', { courses: data.instructorSearch.courses.length, lessons: data.instructorSearch.lessons.length })
      : '';
  let index = 0;

  return (
    <Box role="search" aria-label={t('instructor.search.region')}>
      <TextBox
        label={t('instructor.search.label')}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, INSTRUCTOR_SEARCH_MAX_LENGTH))}
        onKeyDown={onInputKey}
        inputRef={input}
        inputProps={{ 'aria-describedby': 'instructor-search-status', maxLength: INSTRUCTOR_SEARCH_MAX_LENGTH, enterKeyHint: 'search' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
      {/* One live region for what the search is doing; the results below are not read out on every change. */}
      <Typography
        id="instructor-search-status"
        role="status"
        variant="body2"
        className={status ? undefined : 'visually-hidden'}
        sx={status ? { p: 1.5, mt: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' } : undefined}
        color={error && !searching ? 'error' : undefined}
      >
        {status ?? found}
      </Typography>
      {groups.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 1, maxHeight: { xs: 360, md: 420 }, overflow: 'auto' }}>
          <List dense disablePadding aria-label={t('instructor.search.results')}>
            {groups.map((group) => (
              <li key={group.key}>
                <List dense disablePadding aria-labelledby={`instructor-search-${group.key}`}>
                  <ListSubheader id={`instructor-search-${group.key}`} sx={{ lineHeight: '32px' }}>
                    {group.label}
                  </ListSubheader>
                  {group.hits.map((hit) => {
                    const i = index++;
                    return (
                      <ListItem key={hit.key} disablePadding>
                        <ListItemButton
                          component={RouterLink}
                          to={hit.to}
                          state={hit.state}
                          ref={(el: HTMLAnchorElement | null) => {
                            links.current[i] = el;
                          }}
                          onKeyDown={onHitKey(i)}
                          onClick={opened}
                        >
                          <ListItemText
                            primary={hit.primary}
                            secondary={
                              <>
                                <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                                  {hit.secondary}
                                </Box>
                                {hit.detail && (
                                  <Box
                                    component="span"
                                    sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                                  >
                                    {hit.detail}
                                  </Box>
                                )}
                              </>
                            }
                            slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                          />
                        </ListItemButton>
                      </ListItem>
                    );
                  })}
                </List>
              </li>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}

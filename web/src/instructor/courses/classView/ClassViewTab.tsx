/**
 * The instructor's class view (issue 35), the course page's #class tab: every student × lesson with
 * its state, minutes held, filters a person uses ("has not reserved lesson 3", "due within 2 days"),
 * sortable columns, Remind for the chosen students and the filtered table as CSV. On a phone the
 * table scrolls sideways with the student column held in place (docs/decisions/class-view.md).
 */
import { useMutation, useQuery } from '@apollo/client';
import DownloadIcon from '@mui/icons-material/Download';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { SideScroll } from '../../../components/SideScroll';
import { notifySuccess } from '../../../components/snackbars';
import type { ClassCellState } from '../../../gql/graphql';
import { useT } from '../../../i18n/useT';
import { errorMessage } from '../../../lib/errors';
import { formatDay, formatDayAndTime, formatTimeAgo, formattingLocale } from '../../../lib/time';
import { saveFile } from '../../../payroll/downloadCsv';
import {
  NOT_RESERVED_GROUP,
  NO_FILTER,
  type ClassFilter,
  type SortDirection,
  type SortKey,
  classCsv,
  speakingSharePercent,
  filterStudents,
  sortStudents,
} from './classFilters';
import { CompletionChart } from './CompletionChart';
import { CLASS_VIEW, type ClassLesson, type ClassStudent, REMIND_STUDENTS } from './operations';
import { RemindDialog } from './RemindDialog';
import { LESSON_STATE_CHIP } from '../../../components/lessonStateChip';

const STATES: ClassCellState[] = ['complete', 'held', 'reserved', 'missed', 'overdue', 'due_soon', 'not_reserved'];
const sticky = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;
/** The checkbox column's fixed width is where the sticky student column starts. */
const CHECKBOX_WIDTH = 48;
const checkboxColumn = {
  ...sticky,
  width: CHECKBOX_WIDTH,
  minWidth: CHECKBOX_WIDTH,
  maxWidth: CHECKBOX_WIDTH,
  textAlign: 'center',
} as const;

export function ClassViewTab({ courseId }: { courseId: string }) {
  const t = useT();
  const { data, loading, error, refetch } = useQuery(CLASS_VIEW, { variables: { courseId }, fetchPolicy: 'cache-and-network' });
  const [remind, { loading: reminding }] = useMutation(REMIND_STUDENTS);
  const [filter, setFilter] = useState<ClassFilter>(NO_FILTER);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: { by: 'name' }, direction: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialogLesson, setDialogLesson] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ refused: string[]; failed: string | null } | null>(null);
  const view = data?.classView;
  const zone = data?.me?.tzIdentifier;
  const collator = useMemo(() => new Intl.Collator(formattingLocale()), []);
  const shown = useMemo(
    () => (view ? sortStudents(filterStudents(view.students, view.lessons, filter, view.today), sort.key, sort.direction, collator) : []),
    [view, filter, sort, collator],
  );
  if (loading && !view) return <Loading label={t('classView.loading')} />;
  if (!view) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!view.students.length) return <EmptyState title={t('classView.empty')} />;

  const chosen = shown.filter((s) => selected.has(s.studentId));
  const allShownChosen = shown.length > 0 && chosen.length === shown.length;
  const toggle = (id: string) => setSelected((old) => new Set(old.has(id) ? [...old].filter((x) => x !== id) : [...old, id]));
  const sortBy = (key: SortKey) =>
    setSort((old) => ({ key, direction: JSON.stringify(old.key) === JSON.stringify(key) && old.direction === 'asc' ? 'desc' : 'asc' }));
  const sortLabel = (key: SortKey, label: string) => (
    <TableSortLabel
      active={JSON.stringify(sort.key) === JSON.stringify(key)}
      direction={JSON.stringify(sort.key) === JSON.stringify(key) ? sort.direction : 'asc'}
      onClick={() => sortBy(key)}
    >
      {label}
    </TableSortLabel>
  );
  const nameOf = (s: ClassStudent) => s.displayName ?? t('classView.unnamed');
  const stateWord = (state: ClassCellState) => t(`classView.state.${state}`);
  const firstDue = view.lessons.find((l) => l.dueOn && l.dueOn >= view.today) ?? view.lessons[0];

  const sendReminders = async () => {
    if (!dialogLesson) return;
    try {
      const result = await remind({
        variables: { input: { courseId, lessonId: dialogLesson, studentIds: chosen.map((s) => s.studentId) } },
      });
      const payload = result.data!.remindStudents;
      if (payload.reminded.length) notifySuccess(t('classView.remind.sent', { count: payload.reminded.length }));
      setOutcome({
        failed: null,
        refused: payload.refused.map((r) =>
          t(`classView.refused.${r.reason}`, {
            name: r.displayName ?? t('classView.unnamed'),
            when: r.remindedAt ? formatTimeAgo(r.remindedAt) : '',
          }),
        ),
      });
      setSelected(new Set());
      setDialogLesson(null);
      await refetch();
    } catch (e) {
      setOutcome({ failed: errorMessage(e), refused: [] });
      setDialogLesson(null);
    }
  };

  const exportCsv = () => {
    const csv = classCsv(shown, view.lessons, {
      student: t('classView.column.student'),
      minutes: t('classView.column.minutes'),
      spoken: t('classView.column.spoken'),
      share: t('classView.column.shareCsv'),
      completed: t('classView.column.completed'),
      lesson: (l: ClassLesson) => t('classView.lessonName', { order: l.order, title: l.title }),
      state: stateWord,
      unnamed: t('classView.unnamed'),
    });
    const slug =
      view.courseName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'class';
    saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${slug}-${view.today}.csv`);
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('classView.chart.title')}
        </Typography>
        <CompletionChart lessons={view.lessons} students={view.students} />
      </Paper>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="search" aria-label={t('classView.filters')}>
        <TextField
          size="small"
          label={t('classView.filter.name')}
          value={filter.name}
          onChange={(e) => setFilter({ ...filter, name: e.target.value.slice(0, 100) })}
        />
        <TextField
          select
          size="small"
          label={t('classView.filter.lesson')}
          value={filter.lessonId ?? ''}
          onChange={(e) => setFilter({ ...filter, lessonId: e.target.value || null })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('classView.filter.anyLesson')}</MenuItem>
          {view.lessons.map((l) => (
            <MenuItem key={l.lessonId} value={l.lessonId}>
              {t('classView.lessonName', { order: l.order, title: l.title })}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('classView.filter.state')}
          value={filter.state}
          onChange={(e) => setFilter({ ...filter, state: e.target.value as ClassFilter['state'] })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="any">{t('classView.filter.anyState')}</MenuItem>
          <MenuItem value={NOT_RESERVED_GROUP}>{t('classView.filter.notReservedYet')}</MenuItem>
          {STATES.map((state) => (
            <MenuItem key={state} value={state}>
              {stateWord(state)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label={t('classView.filter.dueWithin')}
          value={filter.dueWithinDays ?? ''}
          onChange={(e) => {
            const days = Number.parseInt(e.target.value, 10);
            setFilter({ ...filter, dueWithinDays: Number.isFinite(days) ? Math.min(365, Math.max(0, days)) : null });
          }}
          slotProps={{ htmlInput: { min: 0, max: 365 } }}
          sx={{ width: 180 }}
        />
        <Button onClick={() => setFilter(NO_FILTER)} disabled={JSON.stringify(filter) === JSON.stringify(NO_FILTER)}>
          {t('classView.filter.clear')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ flexGrow: 1 }} aria-live="polite">
          {t('classView.shown', { shown: shown.length, total: view.students.length, chosen: chosen.length })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<NotificationsActiveIcon />}
          disabled={!chosen.length}
          onClick={() => setDialogLesson(filter.lessonId ?? firstDue?.lessonId ?? null)}
        >
          {t('classView.remind.action')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!shown.length}>
          {t('classView.export')}
        </Button>
      </Stack>
      {outcome?.failed && <Alert severity="error">{outcome.failed}</Alert>}
      {!!outcome?.refused.length && (
        <Alert severity="warning" onClose={() => setOutcome(null)}>
          {t('classView.refused.title', { count: outcome.refused.length })}
          <ul style={{ margin: 0 }}>
            {outcome.refused.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      )}
      <SideScroll>
        <Table size="small" aria-label={t('classView.table', { course: view.courseName })}>
          <TableHead>
            <TableRow>
              <TableCell padding="none" sx={checkboxColumn}>
                <Checkbox
                  checked={allShownChosen}
                  indeterminate={chosen.length > 0 && !allShownChosen}
                  onChange={() => setSelected(allShownChosen ? new Set() : new Set(shown.map((s) => s.studentId)))}
                  slotProps={{ input: { 'aria-label': t('classView.selectAll') } }}
                />
              </TableCell>
              <TableCell sx={{ ...sticky, left: CHECKBOX_WIDTH }}>{sortLabel({ by: 'name' }, t('classView.column.student'))}</TableCell>
              <TableCell align="right">{sortLabel({ by: 'minutes' }, t('classView.column.minutes'))}</TableCell>
              <TableCell align="right">{sortLabel({ by: 'share' }, t('classView.column.share'))}</TableCell>
              <TableCell align="right">{sortLabel({ by: 'completed' }, t('classView.column.completed'))}</TableCell>
              {view.lessons.map((l, index) => (
                <TableCell key={l.lessonId} align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={l.dueOn ? t('classView.lessonDue', { title: l.title, due: formatDay(l.dueOn) }) : l.title}>
                    {sortLabel({ by: 'lesson', index }, String(l.order))}
                  </Tooltip>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((s) => (
              <TableRow key={s.studentId} hover selected={selected.has(s.studentId)}>
                <TableCell padding="none" sx={checkboxColumn}>
                  <Checkbox
                    checked={selected.has(s.studentId)}
                    onChange={() => toggle(s.studentId)}
                    slotProps={{ input: { 'aria-label': t('classView.select', { name: nameOf(s) }) } }}
                  />
                </TableCell>
                <TableCell component="th" scope="row" sx={{ ...sticky, left: CHECKBOX_WIDTH, whiteSpace: 'nowrap' }}>
                  {nameOf(s)}
                </TableCell>
                <TableCell align="right">{s.minutesHeld}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {speakingSharePercent(s) === null
                    ? '–'
                    : t('classView.shareCell', { spoken: s.minutesSpoken, share: speakingSharePercent(s) ?? 0 })}
                </TableCell>
                <TableCell align="right">{t('classView.completedOf', { done: s.completedCount, total: view.lessons.length })}</TableCell>
                {view.lessons.map((l, index) => (
                  <StateCell key={l.lessonId} student={s} lesson={l} state={s.states[index]} zone={zone} />
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </SideScroll>
      {!shown.length && <Typography color="text.secondary">{t('classView.noMatch')}</Typography>}
      <RemindDialog
        open={dialogLesson !== null}
        lessons={view.lessons}
        lessonId={dialogLesson ?? ''}
        count={chosen.length}
        busy={reminding}
        onLesson={setDialogLesson}
        onClose={() => setDialogLesson(null)}
        onConfirm={sendReminders}
      />
    </Stack>
  );
}

// Memoized: choosing students re-renders their rows, not their thousands of cells.
const StateCell = memo(function StateCell({
  student,
  lesson,
  state,
  zone,
}: {
  student: ClassStudent;
  lesson: ClassLesson;
  state: ClassCellState;
  zone: string | undefined;
}) {
  const t = useT();
  const cell = student.cells.find((c) => c.lessonId === lesson.lessonId);
  const details = [
    cell?.reservedStart && (state === 'reserved' || state === 'held') ? formatDayAndTime(cell.reservedStart, zone) : null,
    cell?.missedCount ? t('classView.missedCount', { count: cell.missedCount }) : null,
    cell?.remindedAt ? t('classView.remindedAgo', { when: formatTimeAgo(cell.remindedAt) }) : null,
  ].filter(Boolean);
  const chip = LESSON_STATE_CHIP[state];
  const label = t(`classView.state.${state}`);
  const shown = (
    <Chip
      size="small"
      color={chip.color}
      variant={chip.filled ? 'filled' : 'outlined'}
      label={label}
      icon={cell?.remindedAt ? <NotificationsActiveIcon aria-hidden /> : undefined}
      aria-label={[label, ...details].join(', ')}
    />
  );
  // A class is thousands of cells: only those with details carry a tooltip.
  return (
    <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
      {details.length ? (
        <Tooltip title={details.join(' · ')} describeChild>
          {shown}
        </Tooltip>
      ) : (
        shown
      )}
    </TableCell>
  );
});

/**
 * The course's discussion topics: each lesson's title, topic, private note and due date, edited in
 * a dialog with the spec's rules (contracts/validation/instructor.ts) checked as the server does.
 * A lesson opened from the sidebar search (route state `lessonId`) is marked and scrolled to.
 */
import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  PRIVATE_NOTE_MAX,
  TOPIC_TITLE_MAX,
  dueOnError,
  topicContentsMax,
  topicFieldErrors,
} from '../../../../contracts/validation/instructor';
import { FormAlert } from '../../components/FormAlert';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { formatDate, userToday } from '../../lib/time';
import type { TopicsTabState } from '../layout/InstructorSearch';
import { CHANGE_DUE, CHANGE_LESSON, type InstructorCourse } from './operations';

import { useT } from '../../i18n/useT';
import { localizeKnown } from '../../i18n/translate';

type Assignment = NonNullable<InstructorCourse['lessonAssignments']>[number];

function TopicDialog({
  assignment,
  durationRequirement,
  onClose,
}: {
  assignment: Assignment;
  durationRequirement: number;
  onClose: () => void;
}) {
  const t = useT();
  const [form, setForm] = useState({
    title: assignment.lesson.title,
    discussionTopic: assignment.lesson.discussionTopic ?? '',
    privateNote: assignment.lesson.privateNote ?? '',
    dueOn: assignment.dueOn ?? '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [changeLesson, lesson] = useMutation(CHANGE_LESSON, { context: { quiet: true } });
  const [changeDue, due] = useMutation(CHANGE_DUE, { context: { quiet: true } });
  const fields: Record<string, string> = topicFieldErrors(form, durationRequirement);
  const dueProblem = dueOnError(form.dueOn || null, userToday());
  if (dueProblem && form.dueOn !== (assignment.dueOn ?? '')) fields.dueOn = dueProblem;
  const problem = (key: string) => (submitted ? localizeKnown(fields[key]) : undefined);
  const max = topicContentsMax(durationRequirement);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(fields).length) return;
    try {
      await changeLesson({
        variables: {
          input: {
            lessonId: assignment.lesson.id,
            title: form.title,
            discussionTopic: form.discussionTopic,
            privateNote: form.privateNote || null,
          },
        },
      });
      if ((form.dueOn || null) !== assignment.dueOn)
        await changeDue({ variables: { input: { lessonAssignmentId: assignment.id, dueOn: form.dueOn || null } } });
      notifySuccess(t('instructor.course.topics.changed'));
      onClose();
    } catch {
      /* shown below */
    }
  }
  const error = lesson.error ?? due.error;
  return (
    <Dialog open onClose={onClose} aria-labelledby="topic-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={save}>
        <DialogTitle id="topic-title">{t('instructor.course.topics.conversation', { order: String(assignment.order) })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('instructor.course.topics.titleField')}
              value={form.title}
              onChange={set('title')}
              required
              error={!!problem('title')}
              helperText={problem('title') ?? `${form.title.length}/${TOPIC_TITLE_MAX}`}
            />
            <TextField
              label={t('instructor.course.topics.topicField')}
              value={form.discussionTopic}
              onChange={set('discussionTopic')}
              required
              multiline
              minRows={6}
              error={!!problem('discussionTopic')}
              helperText={problem('discussionTopic') ?? `${form.discussionTopic.length}/${max}`}
            />
            <TextField
              label={t('instructor.course.topics.noteField')}
              value={form.privateNote}
              onChange={set('privateNote')}
              error={!!problem('privateNote')}
              helperText={
                problem('privateNote') ?? `${t('instructor.course.topics.noteHelp')} ${form.privateNote.length}/${PRIVATE_NOTE_MAX}`
              }
            />
            <TextField
              type="date"
              label={t('instructor.course.topics.dueField')}
              value={form.dueOn}
              onChange={set('dueOn')}
              error={!!problem('dueOn')}
              helperText={problem('dueOn')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormAlert message={error ? errorMessage(error) : null} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('instructor.courseForm.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={lesson.loading || due.loading}>
            {t('instructor.course.topics.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function TopicsTab({ course }: { course: InstructorCourse }) {
  const t = useT();
  const [editing, setEditing] = useState<Assignment | null>(null);
  const today = userToday();
  const location = useLocation();
  const marked = (location.state as TopicsTabState | null)?.lessonId ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation to the marked lesson scrolls to it, the same lesson again too (a new location key)
  useEffect(() => {
    if (marked) document.getElementById(`lesson-${marked}`)?.scrollIntoView?.({ block: 'center' });
  }, [marked, location.key]);
  const dueLine = (dueOn: string | null | undefined) =>
    dueOn
      ? t(dueOn < today ? 'instructor.course.topics.duePast' : 'instructor.course.topics.due', { date: formatDate(dueOn) })
      : t('instructor.course.topics.noDue');
  return (
    <Paper variant="outlined">
      <List aria-label={t('instructor.course.topics')}>
        {course.lessonAssignments?.map((l) => (
          <ListItem
            key={l.id}
            id={`lesson-${l.lesson.id}`}
            aria-current={l.lesson.id === marked ? 'true' : undefined}
            secondaryAction={
              course.isPast ? undefined : (
                <Button onClick={() => setEditing(l)} aria-label={t('instructor.course.topics.editOne', { order: String(l.order) })}>
                  {t('instructor.course.topics.edit')}
                </Button>
              )
            }
            sx={{ pr: 10, ...(l.lesson.id === marked ? { bgcolor: 'action.selected' } : {}) }}
          >
            <ListItemText
              primary={`${l.order}. ${l.lesson.title}`}
              secondary={
                <>
                  {l.lesson.discussionTopic ?? t('instructor.course.noTopic')}
                  <br />
                  {dueLine(l.dueOn)}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {editing && <TopicDialog assignment={editing} durationRequirement={course.durationRequirement} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

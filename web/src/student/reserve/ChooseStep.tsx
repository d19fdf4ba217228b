/** Step 1 of /student/reserve: a course and one of its lessons, or a language (and length) without a course. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { languageName } from '../../lib/languageName';
import { DURATIONS } from '../../../../contracts/scheduling';
import { useT } from '../../i18n/useT';
import type { FlowSend, FlowState, Me } from './flow';
import { reservableLessons, type ReserveSetupData } from './operations';

export function ChooseStep({
  me,
  languages,
  state,
  send,
}: {
  me: Me;
  languages: ReserveSetupData['lookupLanguages'];
  state: FlowState;
  send: FlowSend;
}) {
  const t = useT();
  const { courseId, lessonId, language, duration } = state.context;
  const courses = me.courses.filter((c) => !c.isPast);
  const course = courses.find((c) => c.id === courseId);
  const lessons = course ? reservableLessons(course) : [];
  const ready = courseId ? !!lessonId : !!language;
  // A student with one current course talks in it: it comes chosen (issue 28).
  const only = courses.length === 1 ? courses[0] : null;
  useEffect(() => {
    if (only && !courseId) send({ type: 'CHOOSE_COURSE', courseId: only.id, duration: only.durationRequirement });
  }, [only, courseId, send]);
  return (
    <Paper variant="outlined" component="section" aria-label={t('student.reserve.choose.label')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        {courses.length > 0 ? (
          <>
            <FormControl>
              <FormLabel id="reserve-course">{t('student.reserve.course')}</FormLabel>
              <RadioGroup
                aria-labelledby="reserve-course"
                value={courseId ?? ''}
                onChange={(_, id) =>
                  send({ type: 'CHOOSE_COURSE', courseId: id, duration: courses.find((c) => c.id === id)?.durationRequirement ?? 15 })
                }
              >
                {courses.map((c) => (
                  <FormControlLabel
                    key={c.id}
                    value={c.id}
                    control={<Radio />}
                    label={t('student.reserve.courseChoice', {
                      name: c.name,
                      language: languageName(c.language),
                      minutes: c.durationRequirement,
                    })}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            {course && (
              <FormControl>
                <FormLabel id="reserve-lesson">{t('student.reserve.lesson')}</FormLabel>
                {lessons.length === 0 ? (
                  <Typography color="text.secondary">{t('student.reserve.allLessonsHeld')}</Typography>
                ) : (
                  <RadioGroup
                    aria-labelledby="reserve-lesson"
                    value={lessonId ?? ''}
                    onChange={(_, id) => send({ type: 'CHOOSE_LESSON', lessonId: id })}
                  >
                    {lessons.map((a) => (
                      <FormControlLabel
                        key={a.lesson.id}
                        value={a.lesson.id}
                        control={<Radio />}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography>{`${a.order}. ${a.lesson.title}`}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {a.lesson.discussionTopic ?? t('student.reserve.topicToBeAnnounced')}
                            </Typography>
                          </Box>
                        }
                      />
                    ))}
                  </RadioGroup>
                )}
              </FormControl>
            )}
          </>
        ) : (
          <>
            <Typography color="text.secondary">{t('student.reserve.noCourse')}</Typography>
            <TextField
              select
              label={t('student.reserve.language')}
              value={language ?? ''}
              onChange={(e) => send({ type: 'CHOOSE_LANGUAGE', language: e.target.value })}
              sx={{ maxWidth: 320 }}
            >
              {languages.map((l) => (
                <MenuItem key={l.code} value={l.code}>
                  {languageName(l.code)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('student.reserve.duration')}
              value={duration}
              onChange={(e) => send({ type: 'SET_DURATION', duration: Number(e.target.value) })}
              sx={{ maxWidth: 320 }}
            >
              {DURATIONS.map((d) => (
                <MenuItem key={d} value={d}>
                  {t('student.reserve.minutes', { minutes: d })}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <Box>
          <Button variant="contained" disabled={!ready} onClick={() => send({ type: 'NEXT' })}>
            {t('student.reserve.findSpeaker')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * The lobby's third tab: the conversation's lesson, and another of the course's lessons to change
 * to while the reservation allows it. Loaded once the lobby has drawn (LobbyPage.tsx): its select
 * is most of MUI's TextField, which no part of the lobby's first paint needs (issue 31).
 */
import { useMutation } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../components/snackbars';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/errors';
import { languageName } from '../../lib/languageName';
import { reservableLessons } from '../reserve/operations';
import { CHANGE_RESERVATION_LESSON, type LobbyConversation } from './operations';

export function TopicTab({ conversation, onChanged }: { conversation: LobbyConversation; onChanged: () => void }) {
  const t = useT();
  const [lessonId, setLessonId] = useState(conversation.lesson?.id ?? '');
  const [change, { loading }] = useMutation(CHANGE_RESERVATION_LESSON, { context: { quiet: true } });
  useEffect(() => setLessonId(conversation.lesson?.id ?? ''), [conversation.lesson?.id]);
  const course = conversation.course;
  const changeable = !!course && conversation.status === 'reserved' && !conversation.isCanceled;
  const choices = course ? reservableLessons(course).filter((a) => a.lesson.id !== conversation.lesson?.id) : [];
  const submit = async () => {
    try {
      await change({ variables: { input: { conversationId: conversation.id, lessonId } } });
      notifySuccess(t('student.lobby.topicChanged'));
      onChanged();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Stack spacing={2}>
      {conversation.lesson ? (
        <Box>
          <Typography variant="subtitle1" component="h3">
            {conversation.lesson.title}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>
            {conversation.lesson.discussionTopic ?? t('student.reserve.topicToBeAnnounced')}
          </Typography>
        </Box>
      ) : (
        <Typography>{t('conversation.freeTopic', { language: languageName(conversation.learningLanguage) })}</Typography>
      )}
      {changeable && choices.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
          <TextField
            select
            size="small"
            label={t('student.lobby.anotherLesson')}
            value={choices.some((a) => a.lesson.id === lessonId) ? lessonId : ''}
            onChange={(e) => setLessonId(e.target.value)}
            sx={{ minWidth: 240 }}
          >
            {choices.map((a) => (
              <MenuItem key={a.lesson.id} value={a.lesson.id}>
                {`${a.order}. ${a.lesson.title}`}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" onClick={submit} disabled={loading || !choices.some((a) => a.lesson.id === lessonId)}>
            {t('student.lobby.changeTopic')}
          </Button>
        </Stack>
      )}
      {course && !changeable && <Typography color="text.secondary">{t('student.lobby.topicLocked')}</Typography>}
    </Stack>
  );
}

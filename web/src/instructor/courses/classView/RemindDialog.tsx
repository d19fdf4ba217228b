/** Remind (issue 35): which lesson to mail the chosen students about, asked before anything is sent. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useT } from '../../../i18n/useT';
import { formatDay } from '../../../lib/time';
import type { ClassLesson } from './operations';

export function RemindDialog({
  open,
  lessons,
  lessonId,
  count,
  busy,
  onLesson,
  onClose,
  onConfirm,
}: {
  open: boolean;
  lessons: readonly ClassLesson[];
  lessonId: string;
  count: number;
  busy: boolean;
  onLesson: (lessonId: string) => void;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const lesson = lessons.find((l) => l.lessonId === lessonId);
  return (
    <ConfirmDialog
      open={open}
      title={t('classView.remind.title', { count })}
      text={
        lesson?.dueOn
          ? t('classView.remind.textDue', { count, order: lesson.order, title: lesson.title, due: formatDay(lesson.dueOn) })
          : t('classView.remind.text', { count, order: lesson?.order ?? 0, title: lesson?.title ?? '' })
      }
      confirmLabel={t('classView.remind.confirm')}
      busy={busy}
      confirmDisabled={!lesson}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      <TextField
        select
        fullWidth
        margin="normal"
        label={t('classView.remind.lesson')}
        value={lessonId}
        onChange={(e) => onLesson(e.target.value)}
        disabled={busy}
      >
        {lessons.map((l) => (
          <MenuItem key={l.lessonId} value={l.lessonId}>
            {t('classView.lessonName', { order: l.order, title: l.title })}
          </MenuItem>
        ))}
      </TextField>
    </ConfirmDialog>
  );
}

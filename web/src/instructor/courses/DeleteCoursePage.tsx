/**
 * /instructor/courses/:id/delete: the course behind a confirmation dialog; removeCourse deletes it
 * only when it has no students (the server's message says to transfer or withdraw them first).
 */
import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate, useParams } from 'react-router-dom';
import { InstructorMessages } from '../../../../contracts/validation/instructor';
import { FormAlert } from '../../components/FormAlert';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { errorMessage } from '../../lib/errors';
import { COURSE, MY_COURSES } from './operations';
import { REMOVE_COURSE } from './studentsOperations';
import { useT } from '../../i18n/useT';

export default function DeleteCoursePage() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  const [remove, state] = useMutation(REMOVE_COURSE, {
    context: { quiet: true },
    refetchQueries: [{ query: MY_COURSES }],
    awaitRefetchQueries: true,
  });
  if (loading && !data) return <Loading label={t('instructor.courseForm.loading')} />;
  const course = data?.me?.ownedCourse;
  const back = () => navigate(`/instructor/courses/${encodeURIComponent(id)}`);
  async function confirm() {
    try {
      await remove({ variables: { input: { courseId: id } } });
      notifySuccess(InstructorMessages.courseDeleted);
      navigate('/instructor/courses/grid', { replace: true });
    } catch {
      /* shown in the dialog */
    }
  }
  return (
    <Page title={course ? t('instructor.courseForm.deleteOne', { name: course.name }) : t('instructor.courseForm.delete')}>
      <Dialog open onClose={back} aria-labelledby="delete-course-title" aria-describedby="delete-course-text">
        <DialogTitle id="delete-course-title">
          {course ? t('instructor.courseForm.deleteQuestion', { name: course.name }) : t('instructor.courseForm.deleteThis')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-course-text">
            {course
              ? t('instructor.courseForm.deleteText', { students: String(course.courseEnrollmentsCount ?? 0) })
              : t('instructor.courseForm.notFound')}
          </DialogContentText>
          <FormAlert message={state.error ? errorMessage(state.error) : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={back}>{t('instructor.courseForm.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={!course || state.loading}>
            {t('instructor.courseForm.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}

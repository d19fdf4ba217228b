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

export default function DeleteCoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  const [remove, state] = useMutation(REMOVE_COURSE, {
    context: { quiet: true },
    refetchQueries: [{ query: MY_COURSES }],
    awaitRefetchQueries: true,
  });
  if (loading && !data) return <Loading label="Loading the course" />;
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
    <Page title={course ? `Delete ${course.name}` : 'Delete course'}>
      <Dialog open onClose={back} aria-labelledby="delete-course-title" aria-describedby="delete-course-text">
        <DialogTitle id="delete-course-title">Delete {course?.name ?? 'this course'}?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-course-text">
            {course
              ? `The course, its discussion topics and its invite number stop working for good. A course with students cannot be deleted: transfer or withdraw them first (${course.courseEnrollmentsCount ?? 0} now).`
              : 'This course was not found.'}
          </DialogContentText>
          <FormAlert message={state.error ? errorMessage(state.error) : null} />
        </DialogContent>
        <DialogActions>
          <Button onClick={back}>Cancel</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={!course || state.loading}>
            Delete course
          </Button>
        </DialogActions>
      </Dialog>
    </Page>
  );
}

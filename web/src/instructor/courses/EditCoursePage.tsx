/**
 * /instructor/courses/:id/edit: the new-course form prefilled with the course (changeCourse;
 * docs/decisions/course-edit.md, "Course edit"). Requirements are sent only for a standard price agreement;
 * language and conversation length are shown locked once students have joined (the server decides
 * on every student's record and answers beside the field otherwise). A past course is read-only.
 */
import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CourseMessages, courseEditLocks } from '../../../../contracts/validation/enrollment';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { notifySuccess } from '../../components/snackbars';
import { CourseForm } from './CourseForm';
import { CHANGE_COURSE, COURSE, MY_COURSES } from './operations';

const LOCKED_REQUIREMENTS = "Set by this course's price agreement.";
const LOCKED_JOINED = 'Students have joined: this stays as it is.';

export default function EditCoursePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const coursePath = `/instructor/courses/${encodeURIComponent(id)}`;
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  const [change, state] = useMutation(CHANGE_COURSE, {
    context: { quiet: true },
    refetchQueries: [{ query: COURSE, variables: { courseId: id } }, { query: MY_COURSES }],
    awaitRefetchQueries: true,
  });
  if (loading && !data) return <Loading label="Loading the course" />;
  const course = data?.me?.ownedCourse;
  if (!course) {
    return (
      <Page title="Edit course" focusHeading>
        <Alert severity="warning">This course was not found.</Alert>
      </Page>
    );
  }
  if (course.isPast) {
    return (
      <Page title={`Edit ${course.name}`} focusHeading>
        <Alert severity="info" sx={{ mb: 2 }}>
          {CourseMessages.coursePast}
        </Alert>
        <Button component={RouterLink} to={coursePath}>
          Back to the course
        </Button>
      </Page>
    );
  }

  const students = course.courseEnrollmentsCount ?? 0;
  const locks = courseEditLocks({ priceAgreementKind: course.priceAgreement.kind, joined: students > 0 });
  return (
    <Page title={`Edit ${course.name}`} focusHeading>
      <CourseForm
        initial={{
          name: course.name,
          language: course.language,
          proficiency: course.proficiency,
          durationRequirement: course.durationRequirement,
          completionRequirement: course.completionRequirement,
          startDate: course.startDate,
          endDate: course.endDate ?? '',
          school: '',
        }}
        keepEndDate={course.endDate}
        submitLabel="Save"
        busy={state.loading}
        locks={{
          language: locks.language ? LOCKED_JOINED : null,
          durationRequirement: locks.requirements ? LOCKED_REQUIREMENTS : locks.duration ? LOCKED_JOINED : null,
          completionRequirement: locks.requirements ? LOCKED_REQUIREMENTS : null,
        }}
        notes={{
          completionRequirement:
            students > 0
              ? `Lessons are added or removed at the end; a lesson a student has reserved stays. Your ${students === 1 ? 'student keeps' : `${students} students keep`} the minutes they have.`
              : 'Lessons are added or removed at the end.',
        }}
        onSubmit={async (form) => {
          await change({
            variables: {
              input: {
                courseId: course.id,
                name: form.name,
                language: form.language,
                proficiency: form.proficiency,
                startDate: form.startDate,
                endDate: form.endDate,
                completionRequirement: locks.requirements ? null : form.completionRequirement,
                durationRequirement: locks.requirements ? null : form.durationRequirement,
              },
            },
          });
          notifySuccess(CourseMessages.courseUpdated);
          navigate(coursePath);
        }}
        onCancel={() => navigate(coursePath)}
      />
    </Page>
  );
}

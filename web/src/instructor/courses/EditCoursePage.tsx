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

import { useT } from '../../i18n/useT';
import { localizeKnown } from '../../i18n/translate';

export default function EditCoursePage() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const coursePath = `/instructor/courses/${encodeURIComponent(id)}`;
  const { data, loading } = useQuery(COURSE, { variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  const [change, state] = useMutation(CHANGE_COURSE, {
    context: { quiet: true },
    refetchQueries: [{ query: COURSE, variables: { courseId: id } }, { query: MY_COURSES }],
    awaitRefetchQueries: true,
  });
  if (loading && !data) return <Loading label={t('instructor.courseForm.loading')} />;
  const course = data?.me?.ownedCourse;
  if (!course) {
    return (
      <Page title={t('instructor.courseForm.editTitle')} focusHeading>
        <Alert severity="warning">{t('instructor.courseForm.notFound')}</Alert>
      </Page>
    );
  }
  if (course.isPast) {
    return (
      <Page title={t('instructor.courseForm.editOne', { name: course.name })} focusHeading>
        <Alert severity="info" sx={{ mb: 2 }}>
          {localizeKnown(CourseMessages.coursePast)}
        </Alert>
        <Button component={RouterLink} to={coursePath}>
          {t('instructor.courseForm.back')}
        </Button>
      </Page>
    );
  }

  const students = course.courseEnrollmentsCount ?? 0;
  const [lockedRequirements, lockedJoined] = [t('instructor.courseForm.lockedRequirements'), t('instructor.courseForm.lockedJoined')];
  const locks = courseEditLocks({ priceAgreementKind: course.priceAgreement.kind, joined: students > 0 });
  return (
    <Page title={t('instructor.courseForm.editOne', { name: course.name })} focusHeading>
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
        submitLabel={t('instructor.courseForm.save')}
        busy={state.loading}
        locks={{
          language: locks.language ? lockedJoined : null,
          durationRequirement: locks.requirements ? lockedRequirements : locks.duration ? lockedJoined : null,
          completionRequirement: locks.requirements ? lockedRequirements : null,
        }}
        notes={{
          completionRequirement:
            students > 0 ? t('instructor.courseForm.lessonsNoteJoined', { students }) : t('instructor.courseForm.lessonsNote'),
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
